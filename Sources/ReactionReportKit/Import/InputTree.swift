import ByteOutput
import InputFiles

/// A folder or a `.zip` archive seen as relative file names and their bytes, so that importers
/// of multi-file exports (a Slack workspace) read both the same way, and nothing is extracted.
public struct InputTree {
    /// The folder or archive as the user named it.
    public let root: String
    /// Readable file names relative to `root`, `/`-separated, sorted.
    public let names: [String]
    /// The entries that are not read, and why: in an archive, names that could leave the folder,
    /// encrypted entries, compression methods that cannot be read and repeated names (a folder
    /// has none).
    public let problems: [Problem]
    /// What a reader should hear of entries passed over that are not a loss: a site this tool
    /// wrote, found inside the folder, is not read as input.
    public private(set) var notices: [String] = []
    /// The folder's path with a slash, when the tree is a folder on disk.
    private var localFolder: String?
    private let load: (String) throws -> [UInt8]
    private let loadInput: (String, FileReading) throws -> InputBytes
    private let measure: (String) -> Int
    /// The latest modification time of the entries named (nanoseconds since 1970), nil for none.
    private var latestTime: ([String]) -> Int64? = { _ in nil }

    /// An entry of the tree that is not read, with the reason, for a diagnostic.
    public struct Problem: Sendable, Equatable {
        /// The entry's name as the archive gives it.
        public var entry: String
        /// Why it is not read: the words that follow `entry "<name>"` in the diagnostic.
        public var reason: String

        /// A problem with the entry `entry`.
        public init(entry: String, reason: String) {
            self.entry = entry
            self.reason = reason
        }
    }

    /// A tree whose entries are read by `load` (in memory) and `loadInput` (mapped or in
    /// memory, as a `FileReading` says), and measured by `measure`.
    init(
        root: String, names: [String], problems: [Problem], measure: @escaping (String) -> Int,
        load: @escaping (String) throws -> [UInt8], loadInput: @escaping (String, FileReading) throws -> InputBytes
    ) {
        self.root = root
        self.names = names
        self.problems = problems
        self.measure = measure
        self.load = load
        self.loadInput = loadInput
    }

    /// The bytes of the entry `name`, in memory (the files of a workspace export).
    public func contents(of name: String) throws -> [UInt8] { try load(name) }

    /// The bytes of the entry `name` read as a document: a folder's large file mapped as
    /// `reading` says (`DiskFiles.bytes(of:reading:)`); an archive's entry inflated into memory.
    public func bytes(of name: String, reading: FileReading) throws -> InputBytes { try loadInput(name, reading) }

    /// True when the tree has an entry named `name` (`names` is sorted: a binary search).
    public func contains(_ name: String) -> Bool {
        var low = 0, high = names.count
        while low < high {
            let middle = (low + high) / 2
            if names[middle] == name { return true }
            if UTF8Bytes.precedes(names[middle], name) { low = middle + 1 } else { high = middle }
        }
        return false
    }

    /// The first `limit` bytes of the entry `name` (the whole entry, when an archive's, is
    /// inflated and cut), to tell what it is.
    public func start(of name: String, limit: Int) throws -> [UInt8] {
        if let folder = localFolder { return try DiskFiles.contents(of: folder + name, upTo: limit) }
        return Array(try load(name).prefix(limit))
    }

    /// The size of the entry `name` as read (an archive's entries unpacked; 0 when it cannot
    /// be told), for progress.
    public func size(of name: String) -> Int { measure(name) }

    /// When the entries `names` were last modified, the latest of them: a folder's files as
    /// `stat` says, an archive's entries as the archive records them, else when the archive
    /// itself was; nil when nothing says.
    public func modificationTime(of names: [String]) -> Timestamp? {
        latestTime(names).map { Timestamp(nanoseconds: $0, fractionDigits: 9) }
    }

    /// True for the names a run reads as JSON or JSON lines.
    static func isJSONName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".json") || lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson")
    }

    /// True for the names a run may read: JSON, JSON lines and archives.
    static func mayBeRead(_ name: String) -> Bool { isJSONName(name) || name.lowercased().hasSuffix(".zip") }

    /// The name to show for an entry: `root/name`.
    public func display(_ name: String) -> String { (root.hasSuffix("/") ? root : root + "/") + name }

    /// A folder, searched recursively. Hidden entries are passed over; so are symbolic links
    /// (not followed, so a link inside the folder cannot lead reading outside it), devices and
    /// pipes, and names that are not UTF-8, each named as a problem when it may be an export
    /// (a link to a folder, a JSON or zip name); and a site this tool wrote (a folder holding
    /// `SiteManifest.path`), named in a notice, so an output folder is never read back.
    public static func folder(_ path: String) throws -> InputTree {
        guard let listing = DiskFiles.listing(under: path, skippingFoldersHolding: SiteManifest.path) else {
            throw LocatedError(file: path, reason: "the folder cannot be read")
        }
        let names = listing.files.sorted(by: UTF8Bytes.precedes)
        let folder = path.hasSuffix("/") ? path : path + "/"
        var problems: [Problem] = []
        var notices: [String] = []
        for passed in listing.passedOver {
            let mayBeExport = passed.path.hasSuffix("/") || mayBeRead(passed.path)
            switch passed.reason {
            case .symbolicLink(let target) where target == .folder || (target == .regularFile && mayBeRead(passed.path)):
                problems.append(
                    Problem(
                        entry: passed.path,
                        reason:
                            "is a symbolic link to a \(target == .folder ? "folder" : "file"), not followed (so that reading cannot leave the folder); name what it leads to, to read it"
                    ))
            case .notARegularFile where mayBeExport:
                problems.append(Problem(entry: passed.path, reason: "is not a regular file (a device, a pipe or a socket), not read"))
            case .nameNotUTF8 where mayBeExport:
                problems.append(Problem(entry: passed.path, reason: "has a name that is not valid UTF-8 (shown with \u{FFFD}), not read; rename it to read it"))
            case .markedFolder:
                let shown = passed.path.isEmpty ? path : (folder + passed.path).trimmingSlash
                notices.append("\(shown) is a site reaction-report wrote (it holds \(SiteManifest.path)); it is not read as input")
            default:
                continue
            }
        }
        var tree = InputTree(
            root: path, names: names, problems: problems.sorted { UTF8Bytes.precedes($0.entry, $1.entry) },
            measure: { name in
                DiskFiles.status(of: folder + name, followingLinks: false)?.size ?? 0
            },
            load: { name in
                try DiskFiles.contents(of: folder + name)
            },
            loadInput: { name, reading in
                try DiskFiles.bytes(of: folder + name, reading: reading)
            })
        tree.notices = notices
        tree.localFolder = folder
        tree.latestTime = { names in
            names.compactMap { DiskFiles.status(of: folder + $0, followingLinks: false)?.modified }.max()
        }
        return tree
    }

    /// A zip archive, read in place; its entries that are not read are its problems.
    public static func zip(_ path: String, limits: ZipArchive.Limits = ZipArchive.Limits()) throws -> InputTree {
        let archive = try ZipArchive(path: path, limits: limits)
        let problems = archive.skipped.map { Problem(entry: $0.entry, reason: $0.reason) }
            .sorted { $0.entry != $1.entry ? UTF8Bytes.precedes($0.entry, $1.entry) : UTF8Bytes.precedes($0.reason, $1.reason) }
        var tree = InputTree(
            root: path, names: archive.names.sorted(by: UTF8Bytes.precedes), problems: problems,
            measure: { archive.size(of: $0) }, load: { name in try archive.contents(of: name) },
            loadInput: { name, _ in InputBytes(try archive.contents(of: name)) })
        let archiveTime = DiskFiles.status(of: path)?.modified
        tree.latestTime = { names in names.isEmpty ? nil : archive.latestModificationTime(of: names) ?? archiveTime }
        return tree
    }

    /// The same tree, calling `onRead` with the size of every entry read.
    func observed(_ onRead: @escaping (Int) -> Void) -> InputTree {
        let (load, loadInput) = (self.load, self.loadInput)
        var tree = InputTree(
            root: root, names: names, problems: problems, measure: measure,
            load: { name in
                let bytes = try load(name)
                onRead(bytes.count)
                return bytes
            },
            loadInput: { name, reading in
                let bytes = try loadInput(name, reading)
                onRead(bytes.count)
                return bytes
            })
        tree.notices = notices
        tree.localFolder = localFolder
        tree.latestTime = latestTime
        return tree
    }

    /// True when the file starts like a zip archive.
    static func isZip(_ path: String) -> Bool { ZipArchive.startsLikeArchive(path) }
}
