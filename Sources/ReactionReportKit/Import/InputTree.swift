import Foundation

/// A folder or a `.zip` archive seen as relative file names and their bytes, so that importers
/// of multi-file exports (a Slack workspace) read both the same way, and nothing is extracted.
public struct InputTree {
    /// The folder or archive as the user named it.
    public let root: String
    /// Readable file names relative to `root`, `/`-separated, sorted.
    public let names: [String]
    /// Names refused because they could escape the folder (zip entries with `..` or absolute paths).
    public let refusedNames: [String]
    private let load: (String) throws -> [UInt8]

    /// The bytes of the entry `name`.
    public func contents(of name: String) throws -> [UInt8] { try load(name) }

    /// The name to show for an entry: `root/name`.
    public func display(_ name: String) -> String { (root.hasSuffix("/") ? root : root + "/") + name }

    /// A folder, searched recursively. Hidden entries and symbolic links are skipped, so a link
    /// inside the folder cannot lead reading outside it.
    public static func folder(_ path: String) throws -> InputTree {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(at: URL(fileURLWithPath: path), includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey],
                                                  options: [.skipsHiddenFiles]) else {
            throw ImportError(file: path, reason: "the folder cannot be read")
        }
        let base = URL(fileURLWithPath: path).standardizedFileURL.path
        var names: [String] = []
        for case let url as URL in enumerator {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            if values?.isSymbolicLink == true {
                enumerator.skipDescendants()
                continue
            }
            guard values?.isRegularFile == true else { continue }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(base + "/") else { continue }
            names.append(String(full.dropFirst(base.count + 1)))
        }
        names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return InputTree(root: path, names: names, refusedNames: []) { name in
            try InputFiles.contents(of: (path.hasSuffix("/") ? path : path + "/") + name)
        }
    }

    /// A zip archive, read in place.
    public static func zip(_ path: String, limits: ZipArchive.Limits = ZipArchive.Limits()) throws -> InputTree {
        let archive = try ZipArchive(path: path, limits: limits)
        return InputTree(root: path, names: archive.names, refusedNames: archive.refusedNames) { try archive.contents(of: $0) }
    }

    /// The same tree, calling `onRead` with the size of every entry read.
    func observed(_ onRead: @escaping (Int) -> Void) -> InputTree {
        let load = self.load
        return InputTree(root: root, names: names, refusedNames: refusedNames) { name in
            let bytes = try load(name)
            onRead(bytes.count)
            return bytes
        }
    }

    /// True when the file starts like a zip archive.
    static func isZip(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let magic = handle.readData(ofLength: 4)
        return magic == Data([0x50, 0x4B, 0x03, 0x04]) || magic == Data([0x50, 0x4B, 0x05, 0x06])
    }
}

/// An importer that reads a whole multi-file export (a Slack workspace) from a folder or archive.
public protocol WorkspaceImporter: Importer {
    /// Folders of the tree (relative, "" for the root) holding an export this importer reads whole.
    func workspaceRoots(in names: [String]) -> [String]
    /// Reads the export at `root`, with one sink per file, and returns the names it consumed.
    func readWorkspace(_ tree: InputTree, root: String, sink: (String) -> ImportSink) throws -> Set<String>
}
