import Foundation
import SourceText

/// The central directory: where it is (the end records, ZIP64 included), its entries, and which
/// of them are not read.
extension ZipArchive {
    /// Reads the entries of the central directory (APPNOTE 4.3.12): the ones read by name, their
    /// names in the order first listed, and the ones not read with the reason.
    static func readDirectory(_ archive: ZipBytes, path: String, limits: Limits) throws -> (entries: [String: Entry], names: [String], skipped: [Skipped]) {
        func fail(_ reason: String) -> LocatedError { LocatedError(file: path, reason: "is not a readable zip archive: " + reason) }
        let (count, start) = try directory(in: archive, path: path, fail: fail)
        guard count <= limits.maximumEntries else {
            throw LocatedError(file: path, reason: "holds \(count) entries, more than the limit of \(limits.maximumEntries)")
        }
        var entries: [String: Entry] = [:]
        // A directory record takes at least 46 bytes, so a hostile count reserves no more than
        // the archive could hold.
        entries.reserveCapacity(min(count, (archive.count - start) / 46))
        var names: [String] = []
        var skipped: [Skipped] = []
        var copies: [String: [Int]] = [:]
        var total = 0
        var position = start
        for number in stride(from: 1, through: count, by: 1) {
            guard position <= archive.count - 46, archive.uint32(position) == 0x0201_4B50 else { throw fail("damaged central directory") }
            let record = position
            let flags = archive.uint16(position + 8)
            let method = archive.uint16(position + 10)
            let crc32 = archive.uint32(position + 16)
            var sizes = (
                size: UInt64(archive.uint32(position + 24)), compressed: UInt64(archive.uint32(position + 20)),
                offset: UInt64(archive.uint32(position + 42))
            )
            let nameStart = position + 46
            let extraStart = nameStart + Int(archive.uint16(position + 28))
            let extra = extraStart..<(extraStart + Int(archive.uint16(position + 30)))
            position = extra.upperBound + Int(archive.uint16(position + 32))
            guard position <= archive.count else { throw fail("damaged central directory") }
            let name = String(decoding: archive.slice(nameStart..<extraStart), as: UTF8.self)
            if name.hasSuffix("/") { continue }
            if let refusal = refusal(name: name, flags: flags, method: method) {
                skipped.append(Skipped(entry: name, reason: refusal))
                continue
            }
            guard readZIP64(&sizes, in: archive, extra) else { throw fail("damaged ZIP64 extra field of entry \(name)") }
            guard sizes.size <= UInt64(limits.maximumEntrySize) else {
                throw LocatedError(file: path, reason: "entry \(name) unpacks to \(sizes.size) bytes, more than the limit of \(limits.maximumEntrySize)")
            }
            let entry = Entry(
                method: method, crc32: crc32, compressedSize: Int(clamping: sizes.compressed), size: Int(sizes.size),
                localHeaderOffset: Int(clamping: sizes.offset), number: number,
                modified: modificationTime(record: record, extra: extra, in: archive))
            if let earlier = entries.updateValue(entry, forKey: name) {
                copies[name, default: [earlier.number]].append(number)
                total -= earlier.size
            } else {
                names.append(name)
            }
            total += entry.size
            guard total <= limits.maximumTotalSize else {
                throw LocatedError(file: path, reason: "unpacks to more than the limit of \(limits.maximumTotalSize) bytes")
            }
        }
        for name in names {
            guard let numbers = copies[name] else { continue }
            let others = numbers.dropLast().map(String.init)
            let notRead =
                others.count == 1
                ? "the one at entry \(others[0]) is not"
                : "the ones at entries \(others.dropLast().joined(separator: ", ")) and \(others[others.count - 1]) are not"
            skipped.append(
                Skipped(
                    entry: name, reason: "appears \(numbers.count) times: the last copy (entry \(numbers[numbers.count - 1]) of \(count)) is read, " + notRead))
        }
        return (entries, names, skipped)
    }

    /// The entry count and the offset of the central directory, from the end of central
    /// directory record (APPNOTE 4.3.16) or, when a ZIP64 locator (4.3.15) stands before it, from
    /// the ZIP64 end of central directory record it points to (4.3.14). Without a locator the
    /// classic fields are taken as they are, so 65,535 entries written without ZIP64 still read.
    static func directory(in archive: ZipBytes, path: String, fail: (String) -> LocatedError) throws -> (count: Int, offset: Int) {
        guard archive.count >= 22 else { throw fail("too short") }
        // The record ends the archive, followed only by a comment of at most 65,535 bytes.
        var end = archive.count - 22
        let floor = max(0, end - 65_535)
        while end >= floor, archive.uint32(end) != 0x0605_4B50 { end -= 1 }
        guard end >= floor else { throw fail("no end of central directory") }
        let split = LocatedError(
            file: path, reason: "is one part of a split archive, which cannot be read; join the parts into one archive first (zip -s 0 \(path) --out whole.zip)"
        )
        var count = UInt64(archive.uint16(end + 10))
        var offset = UInt64(archive.uint32(end + 16))
        let locator = end - 20
        if locator >= 0, archive.uint32(locator) == 0x0706_4B50 {
            guard archive.uint32(locator + 16) <= 1 else { throw split }
            let record = archive.uint64(locator + 8)
            guard locator >= 56, record <= UInt64(locator - 56), archive.uint32(Int(record)) == 0x0606_4B50 else {
                throw fail("damaged ZIP64 end of central directory")
            }
            count = archive.uint64(Int(record) + 32)
            offset = archive.uint64(Int(record) + 48)
        } else if archive.uint16(end + 4) != 0 || archive.uint16(end + 6) != 0 {
            throw split
        }
        guard offset <= UInt64(end) else { throw fail("damaged central directory") }
        return (Int(clamping: count), Int(offset))
    }

    /// Why an entry is not read, or nil when it is: a name that could leave the folder, an
    /// encrypted entry (APPNOTE 4.4.4 bits 0 and 6, or WinZip's AES method 99), a compression
    /// method other than stored (0) and deflate (8).
    static func refusal(name: String, flags: UInt16, method: UInt16) -> String? {
        guard isSafe(name) else { return "refused: its path could leave the folder" }
        if flags & 0x41 != 0 || method == 99 {
            return "not read: it is encrypted, and encrypted entries cannot be read; unzip the archive with its password and give the folder instead"
        }
        guard method == 0 || method == 8 else {
            let known: [UInt16: String] = [9: "Deflate64", 12: "bzip2", 14: "LZMA", 93: "Zstandard", 95: "XZ", 98: "PPMd"]
            return "not read: it is compressed with \(known[method].map { "\($0) (method \(method))" } ?? "method \(method)"), "
                + "and only stored and deflated entries can be read; make the archive again with deflate (zip -Z deflate)"
        }
        return nil
    }

    /// Replaces the sizes and offset whose header fields hold 0xFFFFFFFF by the values of the
    /// ZIP64 extended information extra field (id 1, APPNOTE 4.5.3), which holds, in this order,
    /// the unpacked size, the compressed size and the local header's offset, each only when its
    /// header field is 0xFFFFFFFF. False when such a value is needed and missing.
    static func readZIP64(_ sizes: inout (size: UInt64, compressed: UInt64, offset: UInt64), in archive: ZipBytes, _ extra: Range<Int>) -> Bool {
        let inField: UInt64 = 0xFFFF_FFFF
        guard sizes.size == inField || sizes.compressed == inField || sizes.offset == inField else { return true }
        var field = extra.lowerBound
        while field + 4 <= extra.upperBound {
            let body = field + 4
            let end = body + Int(archive.uint16(field + 2))
            guard end <= extra.upperBound else { return false }
            if archive.uint16(field) == 1 {
                var at = body
                func take(_ value: inout UInt64) -> Bool {
                    guard value == inField else { return true }
                    guard at + 8 <= end else { return false }
                    value = archive.uint64(at)
                    at += 8
                    return true
                }
                return take(&sizes.size) && take(&sizes.compressed) && take(&sizes.offset)
            }
            field = end
        }
        return false
    }

    /// True for a relative name with no `..` component, no backslash, no NUL and no drive
    /// letter (a second byte `:`), tested on its bytes in one pass.
    static func isSafe(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard let first = bytes.first, first != UInt8(ascii: "/"), bytes.count < 2 || bytes[1] != UInt8(ascii: ":") else { return false }
            var componentStart = 0
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "/")
                if byte == UInt8(ascii: "\\") || byte == 0 { return false }
                guard byte == UInt8(ascii: "/") else { continue }
                if index - componentStart == 2, bytes[componentStart] == UInt8(ascii: "."), bytes[componentStart + 1] == UInt8(ascii: ".") {
                    return false
                }
                componentStart = index + 1
            }
            return true
        }
    }
}
