import CZlib
import Foundation
import SourceText

/// Reads a `.zip` archive in place (mapped, never extracted to disk): the central directory once,
/// then entries on demand, stored or deflated, each checked against its CRC-32. ZIP64 archives
/// (more than 65,535 entries, sizes or offsets past 4 GB) are read as any other. An entry that
/// cannot be read safely is not read and is named in `skipped`: a name that could leave a
/// folder, an encrypted entry, a compression method other than stored and deflate, and every copy
/// but the last of a name the archive holds more than once. Limits on the entry count and the
/// unpacked sizes stop zip bombs. Field layouts are those of the ZIP application note (APPNOTE).
/// Errors are `LocatedError`s naming the archive, or the archive's path and the entry's name.
public struct ZipArchive: Sendable {
    /// Limits that keep a hostile archive from exhausting memory.
    public struct Limits: Sendable {
        /// The most entries the central directory may declare. A Slack export holds a file per
        /// channel per day, so a large workspace holds hundreds of thousands; listing an entry
        /// takes about 300 bytes, and at least 76 bytes of the archive itself.
        public var maximumEntries = 1_000_000
        /// The most bytes one entry may unpack to.
        public var maximumEntrySize = 2_000_000_000
        /// The most bytes the entries read may unpack to, all together.
        public var maximumTotalSize = 16_000_000_000
        /// The default limits.
        public init() {}
    }

    /// An entry that is not read, and why.
    public struct Skipped: Sendable, Equatable {
        /// The entry's name as the archive gives it.
        public var entry: String
        /// Why it is not read: words that may follow `entry "<name>"`.
        public var reason: String

        /// An entry `entry` not read for `reason`.
        public init(entry: String, reason: String) {
            self.entry = entry
            self.reason = reason
        }
    }

    /// A file entry of the central directory: what reading it takes.
    struct Entry: Sendable {
        var method: UInt16
        var crc32: UInt32
        var compressedSize: Int
        var size: Int
        var localHeaderOffset: Int
        /// Its place in the central directory, from 1, as `unzip -l` lists it.
        var number: Int
        /// When it was last modified (`EntryTime`).
        var modified: EntryTime
    }

    /// The archive's name as the user gave it.
    public let path: String
    /// The archive's bytes: mapped (guarded against the file being truncated under us), or
    /// read when it cannot be mapped.
    let bytes: InputBytes
    let entries: [String: Entry]
    /// The names of the entries that are read (files only), in the order the central directory
    /// first lists them.
    public let names: [String]
    /// The entries that are not read, and why.
    public let skipped: [Skipped]

    /// Opens an archive and reads its central directory.
    /// - Throws: `LocatedError` for an archive that cannot be read, is damaged, is one part of a
    ///   split archive, or is beyond `limits`.
    public init(path: String, limits: Limits = Limits()) throws {
        self.path = path
        let data = try MappedFile(path: path).map(InputBytes.init) ?? DiskFiles.bytes(of: path)
        bytes = data
        let directory = try Self.checkingTruncation(of: data, path: path) {
            try data.withUnsafeBufferPointer { try Self.readDirectory(ZipBytes(UnsafeRawBufferPointer($0)), path: path, limits: limits) }
        }
        entries = directory.entries
        names = directory.names
        skipped = directory.skipped
    }

    /// True when the file at `path` starts as a zip archive does (a local file header, or the
    /// end record of an empty archive).
    public static func startsLikeArchive(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let magic = handle.readData(ofLength: 4)
        return magic == Data([0x50, 0x4B, 0x03, 0x04]) || magic == Data([0x50, 0x4B, 0x05, 0x06])
    }

    /// The unpacked size of an entry (0 for no such entry).
    public func size(of name: String) -> Int { entries[name]?.size ?? 0 }

    /// When an entry was last modified, as the archive records it, in nanoseconds since
    /// 1970-01-01T00:00:00Z; nil for no such entry, or one whose record gives no time
    /// (`ZipArchive+Times.swift`).
    public func modificationTime(of name: String) -> Int64? { entries[name]?.modified.nanoseconds }

    /// The latest time the entries `names` were modified, as `modificationTime(of:)` gives each;
    /// nil when none gives one.
    public func latestModificationTime(of names: some Sequence<String>) -> Int64? {
        Self.latest(names.lazy.compactMap { entries[$0]?.modified })
    }

    /// The unpacked bytes of an entry, checked against its CRC-32.
    /// - Throws: `LocatedError` naming `path/name` for an entry that is missing or damaged.
    public func contents(of name: String) throws -> [UInt8] {
        let display = path + "/" + name
        guard let entry = entries[name] else { throw LocatedError(file: display, reason: "no such entry") }
        return try Self.checkingTruncation(of: bytes, path: path) { try entryContents(entry, display: display) }
    }

    /// What `body` returns or throws, unless the mapped archive was truncated under it: then
    /// the error says so, since what it read past the new end were zeros, not the archive.
    static func checkingTruncation<T>(of bytes: InputBytes, path: String, _ body: () throws -> T) throws -> T {
        let result = Result { try body() }
        if bytes.mappedFile?.changedWhileRead == true { throw LocatedError(file: path, reason: MappedFile.truncatedWhileRead) }
        return try result.get()
    }

    /// The unpacked bytes of the entry `entry`, named `display` in errors.
    private func entryContents(_ entry: Entry, display: String) throws -> [UInt8] {
        try bytes.withUnsafeBufferPointer { buffer in
            let archive = ZipBytes(UnsafeRawBufferPointer(buffer))
            // Local file header (APPNOTE 4.3.7); its sizes may be zero (data descriptor) or
            // 0xFFFFFFFF (ZIP64), so the central directory's are used.
            let header = entry.localHeaderOffset
            guard header <= archive.count - 30, archive.uint32(header) == 0x0403_4B50 else {
                throw LocatedError(file: display, reason: "is damaged: its local header is missing")
            }
            let start = header + 30 + Int(archive.uint16(header + 26)) + Int(archive.uint16(header + 28))
            guard start <= archive.count, entry.compressedSize <= archive.count - start else {
                throw LocatedError(file: display, reason: "is damaged: the archive ends before the entry does")
            }
            let stored = archive.slice(start..<(start + entry.compressedSize))
            let output: [UInt8]
            if entry.method == 0 {
                guard entry.compressedSize == entry.size else {
                    throw LocatedError(file: display, reason: "is damaged: it is stored, but its two sizes differ")
                }
                output = Array(stored)
            } else {
                // Deflate: the directory lets no other method through.
                output = try Self.inflate(stored, size: entry.size, name: display)
            }
            let crc32 = output.withUnsafeBufferPointer { UInt32(CZlib.crc32_z(0, $0.baseAddress, $0.count)) }
            guard crc32 == entry.crc32 else {
                throw LocatedError(
                    file: display, reason: "is damaged: its CRC-32 is \(Self.hex(crc32)), the archive says \(Self.hex(entry.crc32)); get the archive again")
            }
            return output
        }
    }

    /// Eight lowercase hex digits, as `%08x` writes them.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// Raw-inflates `input` into exactly `size` bytes. The output has room for one byte more, so a
    /// stream that goes on past its declared size (a zip bomb) is stopped there; only the entry's
    /// own bytes are given, so a stream cannot run on into the rest of the archive. zlib counts
    /// input and output in 32 bits, so both are handed over in pieces of at most 4 GB; every call
    /// either makes progress or ends the loop.
    static func inflate(_ input: UnsafeRawBufferPointer, size: Int, name: String) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw LocatedError(file: name, reason: "cannot start decompression")
        }
        defer { inflateEnd(&stream) }
        var status = Z_OK
        let source = input.bindMemory(to: Bytef.self)
        let output = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            while status == Z_OK {
                if stream.avail_in == 0, let base = source.baseAddress {
                    let consumed = Int(stream.total_in)
                    stream.next_in = UnsafeMutablePointer(mutating: base + consumed)
                    stream.avail_in = uInt(min(source.count - consumed, Int(uInt.max)))
                }
                if stream.avail_out == 0 {
                    let produced = Int(stream.total_out)
                    stream.next_out = buffer.baseAddress! + produced
                    stream.avail_out = uInt(min(buffer.count - produced, Int(uInt.max)))
                }
                status = CZlib.inflate(&stream, Z_NO_FLUSH)
            }
            initialized = Int(stream.total_out)
        }
        if output.count > size {
            throw LocatedError(file: name, reason: "unpacks to more than its declared size (possible zip bomb)")
        }
        switch status {
        case Z_STREAM_END where output.count == size: return output
        case Z_STREAM_END: throw LocatedError(file: name, reason: "is damaged: it unpacks to \(output.count) bytes, not the \(size) the archive says")
        case Z_BUF_ERROR: throw LocatedError(file: name, reason: "is damaged: its compressed data ends before it is complete")
        default: throw LocatedError(file: name, reason: "is damaged: its compressed data is corrupt")
        }
    }
}

/// The mapped bytes of an archive, read as little-endian fields. Every read is checked against
/// the end (a check the directory walk has already made, so a mistake there traps instead of
/// reading past the mapping).
struct ZipBytes {
    let raw: UnsafeRawBufferPointer

    init(_ raw: UnsafeRawBufferPointer) { self.raw = raw }

    var count: Int { raw.count }

    func uint16(_ offset: Int) -> UInt16 { load(offset, as: UInt16.self) }
    func uint32(_ offset: Int) -> UInt32 { load(offset, as: UInt32.self) }
    func uint64(_ offset: Int) -> UInt64 { load(offset, as: UInt64.self) }

    private func load<T: FixedWidthInteger>(_ offset: Int, as type: T.Type) -> T {
        precondition(offset >= 0 && offset <= raw.count - MemoryLayout<T>.size, "zip field read past the archive")
        return T(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// The bytes of `range`, which lies inside the archive.
    func slice(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        precondition(range.lowerBound >= 0 && range.upperBound <= raw.count, "zip slice past the archive")
        return UnsafeRawBufferPointer(rebasing: raw[range])
    }
}
