import ByteOutput
import InputFiles

/// The files a build wrote into its output folder, listed in the folder itself
/// (`.reaction-report/manifest`): what the next build may replace or remove, and nothing else.
///
/// A folder without a manifest holds nothing of ours. The list is plain text, a header line and
/// then one `/`-separated path a line, sorted, so that a person can read what a build will
/// touch; a line that is not a path inside the folder makes the whole list unusable, and the
/// build stops rather than guess.
public struct SiteManifest: Sendable, Equatable {
    /// The hidden folder of ours inside an output folder: the manifest, and the staging folder
    /// of a build in progress.
    public static let folder = ".reaction-report"
    /// The manifest's path inside an output folder.
    public static let path = folder + "/manifest"
    /// The manifest's first line.
    static let header = "# reaction-report: the files of this site it wrote; a build replaces or removes these and nothing else"

    /// The files, by path from the output folder.
    public private(set) var files: Set<String>
    /// Every folder on the way to a file (`a` and `a/b` for `a/b/c.html`).
    public private(set) var folders: Set<String>

    /// The manifest of `files`.
    public init(files: Set<String>) {
        self.files = files
        var folders: Set<String> = []
        for file in files {
            var path = Substring(file)
            while let slash = path.lastIndex(of: "/") {
                path = path[..<slash]
                guard folders.insert(String(path)).inserted else { break }
            }
        }
        self.folders = folders
    }

    /// The first path component of every file: the entries of the output folder that are ours.
    public var topLevel: Set<String> {
        Set(files.map { file in String(file.prefix { $0 != "/" }) })
    }

    /// Both lists in one: what is ours while a build moves from one site to the next.
    func union(_ other: SiteManifest) -> SiteManifest { SiteManifest(files: files.union(other.files)) }

    /// The manifest's text: the header, then the files sorted, a line each.
    var text: String {
        ([Self.header] + files.sorted(by: UTF8Bytes.precedes)).joined(separator: "\n") + "\n"
    }

    /// The manifest kept in the output folder `folder`, or nil when there is none.
    /// - Throws: `OutputFolder.Refusal` when it cannot be read or is not a manifest of ours.
    static func read(in folder: String) throws -> SiteManifest? {
        let path = folder + "/" + Self.path
        guard let status = DiskFiles.status(of: path, followingLinks: false) else { return nil }
        let unusable = { (why: String) in
            OutputFolder.Refusal(
                kind: .unwritable,
                description: "\(path) \(why), so reaction-report cannot tell its own files from others; remove the output folder's site by hand and build again"
            )
        }
        guard status.kind == .regularFile, let bytes = try? DiskFiles.contents(of: path) else { throw unusable("cannot be read") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw unusable("is not UTF-8") }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first.map(String.init) == Self.header else { throw unusable("does not start as a manifest of reaction-report does") }
        lines.removeFirst()
        if lines.last?.isEmpty == true { lines.removeLast() }
        var files: Set<String> = []
        for (number, line) in lines.enumerated() {
            guard Self.isSitePath(line) else { throw unusable("line \(number + 2) is not a path inside the folder") }
            files.insert(String(line))
        }
        return SiteManifest(files: files)
    }

    /// True for a relative `/`-separated path that stays inside its folder and is not ours to
    /// keep (`.reaction-report/…`): no empty, `.` or `..` component, no backslash, NUL or line
    /// break.
    static func isSitePath<Text: StringProtocol>(_ path: Text) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let first = components.first, String(first) != folder else { return false }
        return components.allSatisfy(isSiteName)
    }

    /// True for a name that may be one component of a site path.
    static func isSiteName<Text: StringProtocol>(_ name: Text) -> Bool {
        guard !name.isEmpty, name != ".", name != ".." else { return false }
        return !name.unicodeScalars.contains { scalar in scalar == "\\" || scalar == "\0" || scalar == "\n" || scalar == "\r" }
    }
}
