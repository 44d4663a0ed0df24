import ByteOutput

/// The binary encoding of the builtin search index's lists of documents (`SearchIndex`), and
/// how its lists are grouped into files.
///
/// A number is a varint: seven bits a byte, least significant first, the high bit set on every
/// byte but the last (LEB128, unsigned). A posting list is its count, then its document numbers
/// (ascending) as deltas: the first number itself, each next one minus the one before. A word's
/// entry in `search/words/N.bin` is the word's UTF-8 byte length, its bytes, then its posting
/// list; a shard is entries one after another, words in ascending UTF-8 byte order (which is
/// code point order). A filter value's list in `search/filters/N.bin` is a posting list alone,
/// found by its offset and length in `filters.json`.
enum SearchPostings {
    /// The size a shard or filter file is cut at, in bytes.
    static let fileBytes = 65_536

    /// Appends `value` as a varint.
    static func append(varint value: Int, to out: ByteBuffer) {
        var rest = UInt64(value)
        while rest >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        out.append(UInt8(rest))
    }

    /// Appends the posting list of `documents` (ascending).
    static func append(postings documents: [UInt32], to out: ByteBuffer) {
        append(varint: documents.count, to: out)
        var last: UInt32 = 0
        for document in documents {
            append(varint: Int(document - last), to: out)
            last = document
        }
    }

    /// Appends a word's entry: its byte length, its UTF-8 bytes, its posting list.
    static func append(word: String, documents: [UInt32], to out: ByteBuffer) {
        append(varint: word.utf8.count, to: out)
        out.append(word)
        append(postings: documents, to: out)
    }

    /// Groups items of the given sizes, in order, into files: an item goes into the current file
    /// unless that file holds something already and the item would take it past `limit` bytes.
    /// An item is never split, so one larger than `limit` has a file of its own.
    /// - Returns: each file's range of items.
    static func files(sizes: [Int], limit: Int = fileBytes) -> [Range<Int>] {
        var files: [Range<Int>] = []
        var (start, bytes) = (0, 0)
        for (index, size) in sizes.enumerated() {
            if index > start, bytes + size > limit {
                files.append(start..<index)
                (start, bytes) = (index, 0)
            }
            bytes += size
        }
        if start < sizes.count { files.append(start..<sizes.count) }
        return files
    }

    /// The byte length of a word's entry (`append(word:documents:to:)`), or with no word of a
    /// posting list alone (`append(postings:to:)`).
    static func entryLength(word: String?, documents: [UInt32]) -> Int {
        var length = word.map { varintLength($0.utf8.count) + $0.utf8.count } ?? 0
        length += varintLength(documents.count)
        var last: UInt32 = 0
        for document in documents {
            length += varintLength(Int(document - last))
            last = document
        }
        return length
    }

    /// The byte length of the varint of `value`.
    static func varintLength(_ value: Int) -> Int {
        var (rest, length) = (UInt64(value), 1)
        while rest >= 0x80 {
            rest >>= 7
            length += 1
        }
        return length
    }
}
