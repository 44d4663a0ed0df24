/// Text escaped for the formats the site is written in, on UTF-8 bytes: a run of bytes that
/// needs no escape (most text) is copied in one piece, found eight bytes at a time.
extension ByteBuffer {
    /// `text` for HTML text and attribute values: `&`, `<`, `>`, `"` and `'` become entities.
    @inlinable
    public func appendHTMLEscaped(_ text: String) {
        // Inlined into the caller, so that the text's bytes are found there and this is one
        // direct call.
        UTF8Bytes.withBytes(of: text) { appendHTMLEscaped(utf8: $0) }
    }

    @usableFromInline
    func appendHTMLEscaped(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var copied = 0
        var index = 0
        while index < bytes.count {
            // Eight bytes at a time while none needs an entity.
            if index + 8 <= bytes.count {
                let word = ByteWord.load(bytes, index)
                if ByteWord.mayHold(word, 0x26) | ByteWord.mayHold(word, 0x3C) | ByteWord.mayHold(word, 0x3E)
                    | ByteWord.mayHold(word, 0x22) | ByteWord.mayHold(word, 0x27) == 0
                {
                    index += 8
                    continue
                }
            }
            let entity: StaticString
            switch bytes[index] {
            case 0x26: entity = "&amp;"
            case 0x3C: entity = "&lt;"
            case 0x3E: entity = "&gt;"
            case 0x22: entity = "&quot;"
            case 0x27: entity = "&#39;"
            default:
                index += 1
                continue
            }
            append(copying: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
            append(literal: entity)
            index += 1
            copied = index
        }
        append(copying: UnsafeBufferPointer(rebasing: bytes[copied..<bytes.count]))
    }

    /// `text` as a JSON string literal, quotes included. Escaped: `"`, `\`, control characters
    /// and DEL (`\n`, `\r`, `\t`, else `\u00XX` in lower-case hex), and U+2028 and U+2029
    /// (`\u2028`, `\u2029`), which JavaScript once did not allow in strings; the rest is copied.
    @inlinable
    public func appendJSONString(_ text: String) {
        UTF8Bytes.withBytes(of: text) { appendJSONString(utf8: $0) }
    }

    @usableFromInline
    func appendJSONString(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        append(0x22)
        var clean = 0
        var index = 0
        while index < bytes.count {
            // Eight bytes at a time while none is a control, a quote, a backslash, DEL or
            // non-ASCII.
            if index + 8 <= bytes.count {
                let word = ByteWord.load(bytes, index)
                if ByteWord.mayHoldBelow(word, 0x20) | ByteWord.mayHold(word, 0x22) | ByteWord.mayHold(word, 0x5C)
                    | ByteWord.mayHold(word, 0x7F) | (word & ByteWord.highs) == 0
                {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            let escape: StaticString?
            var width = 1
            switch byte {
            case 0x22: escape = #"\""#
            case 0x5C: escape = #"\\"#
            case 0x0A: escape = #"\n"#
            case 0x0D: escape = #"\r"#
            case 0x09: escape = #"\t"#
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                escape = bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#
                width = 3
            case 0..<0x20, 0x7F:
                // `\u00XX`, lower-case hex.
                let hex: StaticString = "0123456789abcdef"
                append(copying: UnsafeBufferPointer(rebasing: bytes[clean..<index]))
                append(literal: #"\u00"#)
                append(hex.utf8Start[Int(byte >> 4)])
                append(hex.utf8Start[Int(byte & 0xF)])
                index += 1
                clean = index
                continue
            default:
                escape = nil
            }
            if let escape {
                append(copying: UnsafeBufferPointer(rebasing: bytes[clean..<index]))
                append(literal: escape)
                index += width
                clean = index
            } else {
                index += 1
            }
        }
        append(copying: UnsafeBufferPointer(rebasing: bytes[clean..<bytes.count]))
        append(0x22)
    }

    /// `text` as one RFC 4180 field: as it is, unless it holds a comma, a quote or a line break;
    /// then in quotes, each quote doubled.
    @inlinable
    public func appendCSVField(_ text: String) {
        UTF8Bytes.withBytes(of: text) { appendCSVField(utf8: $0) }
    }

    @usableFromInline
    func appendCSVField(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            append(copying: bytes)
            return
        }
        append(0x22)
        for byte in bytes {
            append(byte)
            if byte == 0x22 { append(0x22) }
        }
        append(0x22)
    }
}

/// Tests on eight bytes at once, for the escaping loops that write every page and data file:
/// runs of plain bytes are passed over a word at a time. Each test may report a byte that is
/// not there (a borrow from a lower byte), never miss one that is: a reported word is then
/// looked at byte by byte. (The JSON reader has its own copy, for the same reason.)
enum ByteWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `index` (which must leave eight in `bytes`).
    @inline(__always)
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt64 {
        UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
    }

    /// Nonzero when a byte of `word` may equal `byte`.
    @inline(__always)
    static func mayHold(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Nonzero when a byte of `word` may be below `limit` (at most 0x80).
    @inline(__always)
    static func mayHoldBelow(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }
}
