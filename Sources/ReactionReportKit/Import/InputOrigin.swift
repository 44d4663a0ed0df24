import Foundation
import InputFiles

/// Where an input document was read from: a file on disk, or an entry of a folder or archive
/// read as a tree. It reads the files the document names by relative path (DiscordChatExporter's
/// downloaded media), and nothing outside the document's own folder: absolute paths, `..`,
/// Windows drive letters and symbolic links that lead out are refused.
public struct InputOrigin {
    /// Why a named file cannot be used.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case outside
        case missing
        case tooLarge(Int)

        public var description: String {
            switch self {
            case .outside: return "it is outside the export's folder"
            case .missing: return "the export does not hold it"
            case .tooLarge(let bytes): return "it is larger than \(bytes / (1 << 20)) MB"
            }
        }
    }

    /// The largest file read this way.
    public static let maximumBytes = 8 << 20

    private let load: ([String]) throws -> [UInt8]

    /// A document read from the file at `path`.
    public static func file(_ path: String) -> InputOrigin {
        let folder = (path as NSString).deletingLastPathComponent
        return InputOrigin { components in
            // Both paths with every symbolic link followed: the file must stay inside the folder.
            let base = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.resolvingSymlinksInPath()
            let resolved = base.appendingPathComponent(components.joined(separator: "/")).resolvingSymlinksInPath().path
            let root = base.path
            guard resolved.hasPrefix(root == "/" ? "/" : root + "/") else { throw Refusal.outside }
            guard let status = DiskFiles.status(of: resolved), status.kind == .regularFile else { throw Refusal.missing }
            guard status.size <= maximumBytes else { throw Refusal.tooLarge(maximumBytes) }
            guard let bytes = try? DiskFiles.contents(of: resolved), bytes.count <= maximumBytes else { throw Refusal.missing }
            return bytes
        }
    }

    /// A document read from the entry `name` of `tree` (a folder or an archive).
    static func entry(_ name: String, of tree: InputTree) -> InputOrigin {
        let folder = name.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return InputOrigin { components in
            let path = (folder.isEmpty ? [] : [folder]) + components
            let entry = path.joined(separator: "/")
            guard tree.contains(entry) else { throw Refusal.missing }
            guard tree.size(of: entry) <= maximumBytes else { throw Refusal.tooLarge(maximumBytes) }
            return try tree.contents(of: entry)
        }
    }

    init(load: @escaping ([String]) throws -> [UInt8]) {
        self.load = load
    }

    /// The bytes of the file at `relativePath` from the document's folder (`/` or `\` between
    /// folders). When no file has that name and the name holds `%XX` escapes, the file the
    /// decoded name names is read instead.
    /// - Throws: `Refusal`.
    public func contents(of relativePath: String) throws -> [UInt8] {
        let components = try Self.components(relativePath)
        do {
            return try load(components)
        } catch Refusal.missing {
            guard relativePath.contains("%"), let decoded = relativePath.removingPercentEncoding, decoded != relativePath else { throw Refusal.missing }
            return try load(try Self.components(decoded))
        }
    }

    /// The folders and file of a relative path; absolute paths, drive letters, `..`, NUL and
    /// empty paths are refused.
    static func components(_ path: String) throws -> [String] {
        let unified = path.replacingOccurrences(of: "\\", with: "/")
        guard !unified.hasPrefix("/"), !unified.utf8.contains(0) else { throw Refusal.outside }
        let bytes = Array(unified.utf8)
        if bytes.count >= 2, bytes[1] == UInt8(ascii: ":"), (bytes[0] | 0x20) >= UInt8(ascii: "a"), (bytes[0] | 0x20) <= UInt8(ascii: "z") {
            throw Refusal.outside
        }
        let parts = unified.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        guard !parts.isEmpty else { throw Refusal.missing }
        guard !parts.contains("..") else { throw Refusal.outside }
        return parts
    }
}
