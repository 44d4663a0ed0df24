import Foundation

/// A small zip writer for the archive tests, written from the ZIP application note (APPNOTE
/// 6.3.10) alone so that it shares no code with the reader it tests: stored entries, deflated
/// ones (deflate's stored blocks, so that no compressor is needed), any method or flag number,
/// sizes and offsets moved into the ZIP64 extra field, and the ZIP64 end of central directory
/// record and locator, written whenever the entries need them (more than 65,535) or on demand.
struct TestZip {
    struct Entry {
        /// The name as stored, `/`-separated.
        var name: String
        /// The bytes after the local header, as the method left them.
        var data: [UInt8]
        /// The unpacked size.
        var size: Int
        var crc32: UInt32
        var method: UInt16 = 0
        /// General purpose flags; bit 0 marks an encrypted entry.
        var flags: UInt16 = 0
        /// Sizes and the local header's offset written as 0xFFFFFFFF, their values in a ZIP64 extra field.
        var zip64: Bool = false
        /// The MS-DOS modification date and time (1980-01-01 00:00 by default).
        var dosDate: UInt16 = 0x21
        var dosTime: UInt16 = 0
        /// A modification time in an extended-timestamp extra field (0x5455), seconds since 1970.
        var unixTime: UInt32?
    }

    var entries: [Entry] = []
    /// Writes the ZIP64 end records and 0xFFFF / 0xFFFFFFFF in the classic one, even when not needed.
    var forceZIP64End = false

    /// Adds an entry stored as it is.
    mutating func store(_ name: String, _ text: String, zip64: Bool = false) {
        let bytes = Array(text.utf8)
        entries.append(Entry(name: name, data: bytes, size: bytes.count, crc32: Self.crc32(bytes), zip64: zip64))
    }

    /// Adds an entry with method 8 (deflate), its text in deflate stored blocks of at most 65,535 bytes.
    mutating func deflate(_ name: String, _ text: String, zip64: Bool = false) {
        let bytes = Array(text.utf8)
        var stream: [UInt8] = []
        var start = 0
        repeat {
            let end = min(bytes.count, start + 65_535)
            let length = UInt16(end - start)
            stream.append(end == bytes.count ? 1 : 0)  // BFINAL, BTYPE 00 (stored)
            stream += Self.le(length) + Self.le(~length)
            stream += bytes[start..<end]
            start = end
        } while start < bytes.count
        entries.append(Entry(name: name, data: stream, size: bytes.count, crc32: Self.crc32(bytes), method: 8, zip64: zip64))
    }

    /// The archive's bytes.
    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let offset = out.count
            let name = Array(entry.name.utf8)
            let needed: UInt16 = entry.zip64 ? 45 : 20
            // Local header (APPNOTE 4.3.7); a ZIP64 local header holds both sizes (4.5.3).
            let localExtra = entry.zip64 ? Self.le(UInt16(1)) + Self.le(UInt16(16)) + Self.le(UInt64(entry.size)) + Self.le(UInt64(entry.data.count)) : []
            out += Self.le(UInt32(0x0403_4B50)) + Self.le(needed) + Self.le(entry.flags) + Self.le(entry.method)
            out += Self.le(entry.dosTime) + Self.le(entry.dosDate) + Self.le(entry.crc32)
            out += Self.le(entry.zip64 ? UInt32.max : UInt32(entry.data.count)) + Self.le(entry.zip64 ? UInt32.max : UInt32(entry.size))
            out += Self.le(UInt16(name.count)) + Self.le(UInt16(localExtra.count)) + name + localExtra
            out += entry.data
            // Central directory header (4.3.12). The ZIP64 field follows an extended-timestamp
            // field (0x5455), so that a reader has to walk the extra fields to find it.
            let timestamp = entry.unixTime.map { Self.le(UInt16(0x5455)) + Self.le(UInt16(5)) + [1] + Self.le($0) } ?? []
            let directoryExtra =
                entry.zip64
                ? (entry.unixTime == nil ? Self.le(UInt16(0x5455)) + Self.le(UInt16(5)) + [1, 0, 0, 0, 0] : timestamp)
                    + Self.le(UInt16(1)) + Self.le(UInt16(24)) + Self.le(UInt64(entry.size)) + Self.le(UInt64(entry.data.count)) + Self.le(UInt64(offset))
                : timestamp
            directory += Self.le(UInt32(0x0201_4B50)) + Self.le(UInt16(0x031E)) + Self.le(needed) + Self.le(entry.flags) + Self.le(entry.method)
            directory += Self.le(entry.dosTime) + Self.le(entry.dosDate) + Self.le(entry.crc32)
            directory += Self.le(entry.zip64 ? UInt32.max : UInt32(entry.data.count)) + Self.le(entry.zip64 ? UInt32.max : UInt32(entry.size))
            directory += Self.le(UInt16(name.count)) + Self.le(UInt16(directoryExtra.count)) + Self.le(UInt16(0))
            directory += Self.le(UInt16(0)) + Self.le(UInt16(0)) + Self.le(UInt32(0o100644) << 16)
            directory += Self.le(entry.zip64 ? UInt32.max : UInt32(offset)) + name + directoryExtra
        }
        let directoryOffset = out.count
        out += directory
        let zip64End = forceZIP64End || entries.count > 0xFFFF
        if zip64End {
            // ZIP64 end of central directory record (4.3.14) and its locator (4.3.15).
            let record = out.count
            out += Self.le(UInt32(0x0606_4B50)) + Self.le(UInt64(44)) + Self.le(UInt16(0x031E)) + Self.le(UInt16(45))
            out += Self.le(UInt32(0)) + Self.le(UInt32(0)) + Self.le(UInt64(entries.count)) + Self.le(UInt64(entries.count))
            out += Self.le(UInt64(directory.count)) + Self.le(UInt64(directoryOffset))
            out += Self.le(UInt32(0x0706_4B50)) + Self.le(UInt32(0)) + Self.le(UInt64(record)) + Self.le(UInt32(1))
        }
        let count = zip64End ? UInt16.max : UInt16(entries.count)
        out += Self.le(UInt32(0x0605_4B50)) + Self.le(UInt16(0)) + Self.le(UInt16(0)) + Self.le(count) + Self.le(count)
        out += Self.le(forceZIP64End ? UInt32.max : UInt32(directory.count)) + Self.le(forceZIP64End ? UInt32.max : UInt32(directoryOffset))
        out += Self.le(UInt16(0))
        return out
    }

    /// Writes the archive to `url`.
    func write(to url: URL) throws {
        try Data(bytes()).write(to: url)
    }

    static func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        (0..<(T.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    /// CRC-32 as zip uses it (reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc = UInt32.max
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return ~crc
    }

    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
}
