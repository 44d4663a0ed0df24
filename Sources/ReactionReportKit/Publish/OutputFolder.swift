import ByteOutput
import Foundation
import InputFiles

/// The folder a build writes its site into, claimed before anything is read.
///
/// The folder is the tool's only where the tool made it: a build writes into an empty or new
/// folder, a folder whose earlier site it wrote (its `SiteManifest` lists every file of ours), or
/// one that holds besides only what a publishing repository keeps (hidden entries such as `.git`
/// and `.nojekyll`, `CNAME`, `README…`, `LICENSE…`). Any other content is refused, unless the
/// build is allowed to write among other files, which it then never changes. The checks come
/// first, before an input is read: an empty path, a file, and a folder that is, holds or lies
/// inside an input are refused. A path that is a symbolic link to a folder is written through:
/// the site goes into the folder it leads to, and the link stays.
///
/// The claim holds an exclusive lock on the folder (`flock`, which the system lets go when the
/// process ends, however it ends), so a second build into the same folder is refused while the
/// first runs. Staging folders that a killed build left inside our own hidden folder are removed
/// under the lock, by their exact names.
public final class OutputFolder {
    /// Why a folder cannot be written into.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        /// What kind of refusal: a usage mistake (exit 1), a folder another build holds, or a
        /// folder the system will not let us write.
        public enum Kind: Sendable, Equatable {
            case usage, busy, unwritable
        }

        /// The kind of refusal.
        public var kind: Kind
        /// The sentence for the user: what is wrong and what to do.
        public var description: String
    }

    /// The folder as the user named it.
    public let requested: String
    /// The folder's real path (links resolved).
    public let path: String
    /// The files of ours the folder holds: the last build's manifest, empty when none.
    public let manifest: SiteManifest
    /// The open folder, holding the lock until this object goes.
    private let descriptor: Int32
    /// True when the claim made the folder.
    let createdHere: Bool

    /// The names the site writes at its root; with `allowingOtherFiles`, an entry of another's
    /// by one of these names is refused before anything is read.
    public static let siteRootNames: Set<String> = [
        "index.html", "summary.md", "feed.xml", "assets", "conversations", "data", "media", "weeks"
    ]

    private init(requested: String, path: String, manifest: SiteManifest, descriptor: Int32, createdHere: Bool) {
        self.requested = requested
        self.path = path
        self.manifest = manifest
        self.descriptor = descriptor
        self.createdHere = createdHere
    }

    deinit { close(descriptor) }

    /// Claims `requested` as the output folder of a build of `inputs`.
    /// - Parameter allowingOtherFiles: write among entries the tool did not make (they are kept
    ///   and never changed) instead of refusing the folder.
    /// - Throws: `Refusal`, before anything is written but the folder itself when it was missing.
    public static func claim(_ requested: String, inputs: [String], allowingOtherFiles: Bool = false) throws -> OutputFolder {
        guard !requested.isEmpty else {
            throw Refusal(kind: .usage, description: "the output folder is an empty path (-o \"\"); name a folder, such as -o Output")
        }
        let (path, exists) = try resolve(requested)
        try checkOverlap(path, requested: requested, inputs: inputs)
        if !exists {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw Refusal(kind: .unwritable, description: "cannot create the output folder \(requested): \(SitePublisher.reason(error))")
            }
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Refusal(kind: .unwritable, description: "cannot open the output folder \(requested): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw Refusal(
                kind: .busy, description: "another reaction-report build is writing into \(requested); build again once it has ended")
        }
        do {
            let manifest = try SiteManifest.read(in: path) ?? SiteManifest(files: [])
            try checkContents(path, requested: requested, manifest: manifest, allowingOtherFiles: allowingOtherFiles)
            let folder = OutputFolder(requested: requested, path: path, manifest: manifest, descriptor: descriptor, createdHere: !exists)
            folder.removeLeftovers()
            return folder
        } catch {
            close(descriptor)
            if !exists { rmdir(path) }
            throw error
        }
    }

    /// The real path of `requested` and whether it exists; a missing folder's path is its
    /// nearest existing ancestor's real path with the rest appended.
    static func resolve(_ requested: String) throws -> (path: String, exists: Bool) {
        switch DiskFiles.status(of: requested, followingLinks: false)?.kind {
        case .folder?, .symbolicLink?:
            guard let real = DiskFiles.realPath(requested), DiskFiles.status(of: real)?.kind == .folder else {
                throw Refusal(kind: .usage, description: "the output folder \(requested) is a symbolic link that leads to no folder; choose another -o")
            }
            return (real, true)
        case .regularFile?, .other?:
            throw Refusal(kind: .usage, description: "the output folder \(requested) is a file, not a folder; choose another -o")
        case nil:
            var missing: [String] = []
            var ancestor = URL(fileURLWithPath: requested).standardizedFileURL
            while DiskFiles.status(of: ancestor.path) == nil, ancestor.pathComponents.count > 1 {
                missing.insert(ancestor.lastPathComponent, at: 0)
                ancestor.deleteLastPathComponent()
            }
            guard DiskFiles.status(of: ancestor.path)?.kind == .folder, let real = DiskFiles.realPath(ancestor.path) else {
                throw Refusal(
                    kind: .usage,
                    description: "cannot create the output folder \(requested): \(ancestor.path) is a file, not a folder; choose another -o")
            }
            return ((real == "/" ? "" : real) + "/" + missing.joined(separator: "/"), false)
        }
    }

    /// Refuses an output folder that is, holds or lies inside an input.
    static func checkOverlap(_ path: String, requested: String, inputs: [String]) throws {
        for input in inputs {
            guard let real = DiskFiles.realPath(input) else { continue }
            let problem: String
            if real == path {
                problem = "is the input \(input): the site would replace the export"
            } else if isInside(real, path) {
                problem = "holds the input \(input): the site would replace it"
            } else if isInside(path, real) {
                problem = "lies inside the input \(input): its pages would be read back as input"
            } else {
                continue
            }
            throw Refusal(kind: .usage, description: "the output folder \(requested) \(problem); choose an -o outside the inputs")
        }
    }

    /// True when `path` lies below `folder` (both real paths).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" ? path != "/" : path.hasPrefix(folder + "/")
    }

    /// Refuses a folder holding entries that are neither ours nor a publishing repository's,
    /// unless allowed; allowed, refuses such an entry by a name the site writes.
    static func checkContents(_ path: String, requested: String, manifest: SiteManifest, allowingOtherFiles: Bool) throws {
        guard let entries = DiskFiles.entries(of: path) else {
            throw Refusal(kind: .unwritable, description: "cannot read the output folder \(requested): \(String(cString: strerror(errno)))")
        }
        if let own = entries.first(where: { $0.name == SiteManifest.folder }), own.kind != .folder {
            throw Refusal(
                kind: .usage,
                description: "\(requested)/\(SiteManifest.folder) is not a folder of reaction-report's; move it away or choose another -o")
        }
        let ours = manifest.topLevel
        let others = entries.filter { entry in !ours.contains(entry.name) && !isCompanion(entry.name) }
            .map { $0.name + ($0.kind == .folder ? "/" : "") }.sorted(by: UTF8Bytes.precedes)
        guard !others.isEmpty else { return }
        if !allowingOtherFiles {
            let shown = others.prefix(5).joined(separator: ", ") + (others.count > 5 ? " and \(others.count - 5) more" : "")
            throw Refusal(
                kind: .usage,
                description: "the output folder \(requested) holds \(others.count == 1 ? "an entry" : "entries") reaction-report did not write: \(shown). "
                    + "A build writes into a new or empty folder, a folder it wrote before, or one holding only a publishing repository's files "
                    + "(hidden entries such as .git, CNAME, README, LICENSE). Choose another -o, or give --allow-other-files to write the site "
                    + "among them (they are never changed)")
        }
        let clashes = others.filter { siteRootNames.contains(String($0.prefix { $0 != "/" })) }
        if let clash = clashes.first {
            throw Refusal(
                kind: .usage,
                description: "the output folder \(requested) holds \(clash), which reaction-report did not write and the site needs "
                    + "the name of; move it away or choose another -o")
        }
    }

    /// True for the entries a publishing repository keeps beside a site: hidden ones (`.git`,
    /// `.nojekyll`, `.gitkeep`), `CNAME`, and names starting with `README` or `LICENSE`.
    static func isCompanion(_ name: String) -> Bool {
        let upper = name.uppercased()
        return name.hasPrefix(".") || name == "CNAME" || upper.hasPrefix("README") || upper.hasPrefix("LICENSE")
    }

    /// Our hidden folder inside the output folder.
    var ownFolder: String { path + "/" + SiteManifest.folder }

    /// Removes what a killed build left in our hidden folder: its staging and displaced
    /// folders and a half-written manifest, each by its exact name.
    func removeLeftovers() {
        guard let entries = DiskFiles.entries(of: ownFolder) else { return }
        for entry in entries where entry.nameIsUTF8 && SiteSwap.isLeftover(entry.name) {
            FileTree.remove(ownFolder + "/" + entry.name)
        }
    }

    /// After a failed build: removes the folder when this claim made it and it holds nothing
    /// else than our own empty hidden folder.
    public func abandon() {
        guard createdHere else { return }
        rmdir(ownFolder)
        rmdir(path)
    }
}

/// Removes trees of ours without ever following a symbolic link out of them.
enum FileTree {
    /// Removes `path`: a link or file is unlinked, a real folder emptied the same way and
    /// removed. What cannot be removed (a name that is not UTF-8) stays.
    static func remove(_ path: String) {
        guard let status = DiskFiles.status(of: path, followingLinks: false) else { return }
        guard status.kind == .folder else {
            unlink(path)
            return
        }
        for entry in DiskFiles.entries(of: path) ?? [] where entry.nameIsUTF8 {
            remove(path + "/" + entry.name)
        }
        rmdir(path)
    }

    /// The files under the folder `path` (not following links), as `/`-separated paths
    /// relative to it, in name order; entries whose names are not UTF-8 are left out.
    static func files(under path: String) -> [String] {
        var files: [String] = []
        for entry in (DiskFiles.entries(of: path) ?? []).sorted(by: { $0.name < $1.name }) where entry.nameIsUTF8 {
            let full = path + "/" + entry.name
            if DiskFiles.status(of: full, followingLinks: false)?.kind == .folder {
                files += Self.files(under: full).map { entry.name + "/" + $0 }
            } else {
                files.append(entry.name)
            }
        }
        return files
    }
}
