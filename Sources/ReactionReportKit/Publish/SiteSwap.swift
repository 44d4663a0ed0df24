import ByteOutput
import CPosix
import Foundation
import InputFiles

/// Puts a finished site from its staging folder into the output folder, replacing the files of
/// ours the output folder holds and nothing else.
///
/// Entries of others are never moved, so no moment of the swap, and no kill at any moment,
/// can lose one: an entry of ours is replaced where it stands, by one atomic exchange
/// (`renameat2` with `RENAME_EXCHANGE`) when the folder it is in holds nothing but ours, or
/// entry by entry below it when it also holds others' files. Where the file system has no
/// exchange, the old entry is first moved into our hidden folder, then the new one into its
/// place. Before the first move the manifest lists the old site's files and the new one's
/// together (a journal: whatever a kill leaves, every file of ours is listed, so the next build
/// replaces it); once the new site is in place, the old site's files that it no longer has are
/// removed, the manifest lists the new site alone, and the staging folder goes.
struct SiteSwap {
    /// A test's stand-in for a kill: the swap stops before its step number `after` + 1, doing
    /// nothing more, not even its clean-up.
    struct Interruption {
        var after: Int
    }

    /// Thrown where an `Interruption` stopped the swap.
    struct Interrupted: Error {}

    /// One change to the output folder, by path from its root.
    enum Operation {
        /// The path held nothing; the staged entry was moved there.
        case move(String)
        /// The path held an entry of ours; the two were exchanged.
        case exchange(String)
        /// The path held an entry of ours, moved aside (to the path given) before the staged
        /// entry was moved in.
        case displace(String, aside: String)
    }

    let folder: OutputFolder
    let staging: String
    /// The new site's files.
    let site: SiteManifest
    /// Whether the file system is asked for atomic exchanges (else two renames each).
    var exchangeAvailable: Bool
    var interruption: Interruption?
    private var steps = 0
    private var done: [Operation] = []

    init(folder: OutputFolder, staging: String, site: SiteManifest, exchangeAvailable: Bool, interruption: Interruption?) {
        self.folder = folder
        self.staging = staging
        self.site = site
        self.exchangeAvailable = exchangeAvailable
        self.interruption = interruption
    }

    /// Where entries moved aside wait to be removed.
    var displaced: String { folder.ownFolder + "/displaced-" + String(getpid()) }

    /// The names a swap leaves in our hidden folder while it runs: staging and displaced
    /// folders (`staging-<pid>`, `displaced-<pid>`) and the manifest being written.
    static func isLeftover(_ name: String) -> Bool {
        if name == "manifest.next" { return true }
        for prefix in ["staging-", "displaced-"] where name.hasPrefix(prefix) {
            let number = name.dropFirst(prefix.count)
            return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
        }
        return false
    }

    /// True unless `REACTION_REPORT_SWAP_WITHOUT_EXCHANGE` is set, which makes every swap take
    /// the two renames of a file system without exchange (for the tests of that path).
    static var exchangeAvailableByDefault: Bool {
        ProcessInfo.processInfo.environment["REACTION_REPORT_SWAP_WITHOUT_EXCHANGE"] == nil
    }

    /// Swaps the staged site in. A conflict (an entry of another's where the site has one) is
    /// found before anything moves; a failure part way is rolled back.
    mutating func run() throws {
        var plan: [Operation] = []
        try self.plan("", into: &plan)
        try writeManifest(folder.manifest.union(site))
        do {
            for operation in plan { try apply(operation) }
        } catch let error as PublishError {
            rollBack()
            try? writeManifest(folder.manifest)
            throw error
        }
        try removeOldFiles("")
        try writeManifest(site)
        try step()
        FileTree.remove(staging)
        FileTree.remove(displaced)
    }

    // MARK: Planning

    /// The operations that put the staged entries below `relative` in place.
    func plan(_ relative: String, into plan: inout [Operation]) throws {
        let source = staging + (relative.isEmpty ? "" : "/" + relative)
        let entries = (DiskFiles.entries(of: source) ?? []).map(\.name).sorted(by: UTF8Bytes.precedes)
        for name in entries {
            let path = relative.isEmpty ? name : relative + "/" + name
            let newIsFolder = DiskFiles.status(of: staging + "/" + path, followingLinks: false)?.kind == .folder
            switch DiskFiles.status(of: folder.path + "/" + path, followingLinks: false)?.kind {
            case nil:
                plan.append(.move(path))
            case .regularFile? where folder.manifest.files.contains(path):
                plan.append(.exchange(path))
            case .folder? where folder.manifest.folders.contains(path):
                if isWhollyOurs(path) {
                    plan.append(.exchange(path))
                } else if newIsFolder {
                    try self.plan(path, into: &plan)
                } else {
                    throw conflict(path, "a folder holding files reaction-report did not write")
                }
            case let kind:
                let what = kind == .folder ? "a folder" : kind == .symbolicLink ? "a symbolic link" : "a file"
                throw conflict(path, what + " reaction-report did not write")
            }
        }
    }

    func conflict(_ path: String, _ what: String) -> PublishError {
        PublishError(
            step: "write", path: folder.requested + "/" + path,
            reason: "\(what) is there, where the site has \(path); move it away or choose another -o")
    }

    /// True when the entry at `path` of the output folder is a file of ours, or a real folder
    /// holding nothing but ours (links are never ours).
    func isWhollyOurs(_ path: String) -> Bool {
        switch DiskFiles.status(of: folder.path + "/" + path, followingLinks: false)?.kind {
        case .regularFile?: return folder.manifest.files.contains(path)
        case .folder?:
            guard folder.manifest.folders.contains(path), let entries = DiskFiles.entries(of: folder.path + "/" + path) else { return false }
            return entries.allSatisfy { $0.nameIsUTF8 && isWhollyOurs(path + "/" + $0.name) }
        default: return false
        }
    }

    // MARK: Moving

    mutating func apply(_ operation: Operation) throws {
        try step()
        switch operation {
        case .move(let path):
            try rename(staging + "/" + path, to: folder.path + "/" + path, path: path)
            done.append(operation)
        case .exchange(let path) where exchangeAvailable:
            if rr_exchange_paths(staging + "/" + path, folder.path + "/" + path) == 0 {
                done.append(operation)
                return
            }
            guard errno == EINVAL || errno == ENOSYS else { throw failure(path) }
            exchangeAvailable = false
            try displace(path)
        case .exchange(let path), .displace(let path, _):
            try displace(path)
        }
    }

    /// Replaces the entry of ours at `path` in two renames: aside, then the new one in.
    mutating func displace(_ path: String) throws {
        if DiskFiles.status(of: displaced) == nil, mkdir(displaced, 0o755) != 0 { throw failure(path) }
        let aside = displaced + "/" + String(done.count)
        try rename(folder.path + "/" + path, to: aside, path: path)
        done.append(.displace(path, aside: aside))
        try step()
        try rename(staging + "/" + path, to: folder.path + "/" + path, path: path)
    }

    /// Undoes the operations done, last first, as far as the system lets it.
    mutating func rollBack() {
        for operation in done.reversed() {
            switch operation {
            case .move(let path):
                Foundation.rename(folder.path + "/" + path, staging + "/" + path)
            case .exchange(let path):
                rr_exchange_paths(staging + "/" + path, folder.path + "/" + path)
            case .displace(let path, let aside):
                if DiskFiles.status(of: aside, followingLinks: false) == nil { continue }
                Foundation.rename(folder.path + "/" + path, staging + "/" + path)
                Foundation.rename(aside, folder.path + "/" + path)
            }
        }
        done = []
    }

    func rename(_ source: String, to destination: String, path: String) throws {
        guard Foundation.rename(source, destination) == 0 else { throw failure(path) }
    }

    func failure(_ path: String) -> PublishError {
        PublishError(step: "move the new site into place", path: folder.requested + "/" + path, reason: String(cString: strerror(errno)))
    }

    // MARK: The old site and the manifest

    /// The paths whose whole entry the swap put in place: nothing of the old site is below them.
    var placedWhole: Set<String> {
        Set(
            done.map { operation in
                switch operation {
                case .move(let path), .exchange(let path), .displace(let path, _): return path
                }
            })
    }

    /// Removes, below `relative`, the old site's files that the new one does not have, and the
    /// folders of the old site left empty; nothing else, and never through a link.
    mutating func removeOldFiles(_ relative: String) throws {
        let base = folder.path + (relative.isEmpty ? "" : "/" + relative)
        for entry in DiskFiles.entries(of: base) ?? [] where entry.nameIsUTF8 {
            let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
            switch entry.kind {
            case .regularFile? where folder.manifest.files.contains(path) && !site.files.contains(path):
                try step()
                unlink(base + "/" + entry.name)
            case .folder? where folder.manifest.folders.contains(path) && !placedWhole.contains(path):
                try removeOldFiles(path)
                if !site.folders.contains(path) {
                    try step()
                    rmdir(base + "/" + entry.name)
                }
            default:
                continue
            }
        }
    }

    /// Writes `manifest` in place of the folder's manifest, in one rename.
    mutating func writeManifest(_ manifest: SiteManifest) throws {
        try step()
        let next = folder.ownFolder + "/manifest.next"
        do {
            try Data(manifest.text.utf8).write(to: URL(fileURLWithPath: next))
        } catch {
            throw PublishError(step: "write", path: folder.requested + "/" + SiteManifest.path, reason: SitePublisher.reason(error))
        }
        guard Foundation.rename(next, folder.ownFolder + "/manifest") == 0 else {
            throw PublishError(step: "write", path: folder.requested + "/" + SiteManifest.path, reason: String(cString: strerror(errno)))
        }
    }

    /// Counts a step of the swap; stops here when a test's interruption says so.
    mutating func step() throws {
        steps += 1
        if let interruption, steps > interruption.after { throw Interrupted() }
    }
}
