import CZlib
import Foundation

/// Reads a `.zip` archive in place (no extraction to disk): the central directory, then entries
/// on demand, stored or deflated. Entry names that could escape a folder are refused, and limits
/// on entry count and uncompressed size stop zip bombs.
public struct ZipArchive {
    /// Limits that keep a hostile archive from exhausting memory.
    public struct Limits: Sendable {
        public var maximumEntries = 200_000
        public var maximumEntrySize = 2_000_000_000
        public var maximumTotalSize = 16_000_000_000
        public init() {}
    }

    struct Entry {
        var name: String
        var method: UInt16
        var compressedSize: Int
        var size: Int
        var localHeaderOffset: Int
    }

    /// The archive's name as the user gave it.
    public let path: String
    let bytes: Data
    let entries: [String: Entry]
    /// Safe entry names (files only), sorted.
    public let names: [String]
    /// Entry names refused because they could leave a folder (`..`, absolute paths).
    public let refusedNames: [String]

    /// Opens an archive and reads its central directory.
    public init(path: String, limits: Limits = Limits()) throws {
        self.path = path
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
            throw ImportError(file: path, reason: "cannot be read")
        }
        bytes = data
        func fail(_ reason: String) -> ImportError { ImportError(file: path, reason: "is not a readable zip archive: " + reason) }
        guard data.count >= 22 else { throw fail("too short") }
        var end = -1
        var position = data.count - 22
        let floor = max(0, data.count - 22 - 65_535)
        while position >= floor {
            if Self.uint32(data, position) == 0x0605_4B50 { end = position; break }
            position -= 1
        }
        guard end >= 0 else { throw fail("no end of central directory") }
        let count = Int(Self.uint16(data, end + 10))
        let directoryOffset = Int(Self.uint32(data, end + 16))
        guard count != 0xFFFF, directoryOffset != 0xFFFF_FFFF else { throw fail("zip64 archives are not supported") }
        guard count <= limits.maximumEntries else {
            throw ImportError(file: path, reason: "holds \(count) entries, more than the limit of \(limits.maximumEntries)")
        }
        var entries: [String: Entry] = [:]
        var refused: [String] = []
        var total = 0
        position = directoryOffset
        for _ in 0..<count {
            guard position + 46 <= data.count, Self.uint32(data, position) == 0x0201_4B50 else { throw fail("damaged central directory") }
            let method = Self.uint16(data, position + 10)
            let compressed = Int(Self.uint32(data, position + 20))
            let size = Int(Self.uint32(data, position + 24))
            let nameLength = Int(Self.uint16(data, position + 28))
            let extraLength = Int(Self.uint16(data, position + 30))
            let commentLength = Int(Self.uint16(data, position + 32))
            let localOffset = Int(Self.uint32(data, position + 42))
            guard position + 46 + nameLength <= data.count else { throw fail("damaged central directory") }
            let name = String(decoding: data[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
            position += 46 + nameLength + extraLength + commentLength
            if name.hasSuffix("/") { continue }
            guard Self.isSafe(name) else {
                refused.append(name)
                continue
            }
            guard size <= limits.maximumEntrySize else {
                throw ImportError(file: path, reason: "entry \(name) unpacks to \(size) bytes, more than the limit of \(limits.maximumEntrySize)")
            }
            total += size
            guard total <= limits.maximumTotalSize else {
                throw ImportError(file: path, reason: "unpacks to more than the limit of \(limits.maximumTotalSize) bytes")
            }
            entries[name] = Entry(name: name, method: method, compressedSize: compressed, size: size, localHeaderOffset: localOffset)
        }
        self.entries = entries
        names = entries.keys.sorted(by: utf8Precedes)
        refusedNames = refused.sorted()
    }

    /// True for a relative name with no `..` component, no drive letter and no backslash.
    static func isSafe(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\\"), !name.contains("\0") else { return false }
        if name.count >= 2, name.dropFirst().first == ":" { return false }
        return !name.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." }
    }

    /// The uncompressed size of an entry (0 for no such entry).
    public func size(of name: String) -> Int { entries[name]?.size ?? 0 }

    /// The uncompressed bytes of an entry.
    public func contents(of name: String) throws -> [UInt8] {
        let display = path + "/" + name
        guard let entry = entries[name] else { throw ImportError(file: display, reason: "no such entry") }
        let header = entry.localHeaderOffset
        guard header + 30 <= bytes.count, Self.uint32(bytes, header) == 0x0403_4B50 else {
            throw ImportError(file: display, reason: "damaged local header")
        }
        let start = header + 30 + Int(Self.uint16(bytes, header + 26)) + Int(Self.uint16(bytes, header + 28))
        guard start + entry.compressedSize <= bytes.count else { throw ImportError(file: display, reason: "truncated entry") }
        let compressed = bytes[start..<(start + entry.compressedSize)]
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.size else { throw ImportError(file: display, reason: "stored entry with inconsistent sizes") }
            return [UInt8](compressed)
        case 8:
            return try Self.inflate(compressed, size: entry.size, name: display)
        default:
            throw ImportError(file: display, reason: "compression method \(entry.method) is not supported (only stored and deflate)")
        }
    }

    /// Raw-inflates exactly `size` bytes; more output than declared is refused (a zip bomb).
    static func inflate(_ input: Data, size: Int, name: String) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: size + 1)
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ImportError(file: name, reason: "cannot start decompression")
        }
        defer { inflateEnd(&stream) }
        var copy = [UInt8](input)
        let status: Int32 = copy.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        copy.removeAll()
        guard status == Z_STREAM_END else {
            throw ImportError(file: name, reason: status == Z_BUF_ERROR || stream.avail_out == 0
                ? "unpacks to more than its declared size (possible zip bomb)" : "corrupt compressed data")
        }
        guard Int(stream.total_out) == size else { throw ImportError(file: name, reason: "unpacks to a size other than declared") }
        output.removeLast()
        return output
    }

    static func uint16(_ data: Data, _ offset: Int) -> UInt16 {
        UInt16(data[data.startIndex + offset]) | UInt16(data[data.startIndex + offset + 1]) << 8
    }

    static func uint32(_ data: Data, _ offset: Int) -> UInt32 {
        UInt32(uint16(data, offset)) | UInt32(uint16(data, offset + 2)) << 16
    }
}
