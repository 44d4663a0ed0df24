import ByteOutput
import CPosix
import Foundation

/// Receives the site's files one at a time. Paths are relative, `/`-separated.
public protocol SiteWriter: AnyObject {
    /// Writes one file of the site: its bytes, taken as they are (a page rendered into its own
    /// buffer is handed over without a copy). The writer does not keep `contents`.
    func write(_ path: String, _ contents: ByteBuffer) throws
    /// Writes one file that `produce` hands over in parts, in order (a large data file, made in
    /// chunks on every core, is never held whole). The writer does not keep the parts.
    func write(_ path: String, parts produce: (_ emit: (ByteBuffer) throws -> Void) throws -> Void) throws
    /// Told, before the first write, how many files the site will have (for progress).
    func expect(_ total: Int)
}

extension SiteWriter {
    /// Gathers the parts into one buffer and writes that (for writers that keep files whole).
    public func write(_ path: String, parts produce: (_ emit: (ByteBuffer) throws -> Void) throws -> Void) throws {
        let whole = ByteBuffer()
        try produce { whole.append($0) }
        try write(path, whole)
    }

    public func expect(_ total: Int) {}
}

/// The only part of the program that writes files. It builds the new site in a staging folder
/// beside the target and swaps it in only when every file is written, so a failed build leaves
/// the previous output exactly as it was.
///
/// Hidden entries of the old output folder (`.git`, `.gitkeep`, `.nojekyll`) are carried over.
public struct SitePublisher {
    /// The output folder.
    public var target: URL

    public init(target: String) {
        self.target = URL(fileURLWithPath: target).standardizedFileURL
    }

    var parent: URL { target.deletingLastPathComponent() }
    var stagingPrefix: String { "." + target.lastPathComponent + ".staging-" }

    /// Runs `build` with a writer into a fresh staging folder, then swaps the result in.
    public func publish(_ build: (SiteWriter) throws -> Void) throws {
        let manager = FileManager.default
        removeLeftovers()
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            // Foundation's words for a file in the way are vague; name the file instead.
            var existing = parent
            while !manager.fileExists(atPath: existing.path), existing.pathComponents.count > 1 { existing.deleteLastPathComponent() }
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: existing.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw PublishError(step: "create the folder", path: parent.path, reason: "\(existing.path) is a file, not a folder")
            }
            throw PublishError(step: "create the folder", path: parent.path, reason: Self.reason(error))
        }
        let staging = parent.appendingPathComponent(stagingPrefix + String(ProcessInfo.processInfo.processIdentifier))
        try? manager.removeItem(at: staging)
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw PublishError(step: "create the staging folder", path: staging.path, reason: Self.reason(error))
        }
        do {
            try build(StagingWriter(root: staging))
            try swap(in: staging)
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
    }

    /// Removes staging and backup folders that a killed earlier run left behind.
    func removeLeftovers() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: parent.path) else { return }
        let backupPrefix = "." + target.lastPathComponent + ".previous-"
        for name in names where name.hasPrefix(stagingPrefix) || name.hasPrefix(backupPrefix) {
            try? manager.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    func swap(in staging: URL) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: target.path, isDirectory: &isDirectory) else {
            try move(staging, to: target, step: "move the new site into place")
            return
        }
        guard isDirectory.boolValue else {
            throw PublishError(step: "replace", path: target.path, reason: "it is a file, not a folder")
        }
        let hidden = ((try? manager.contentsOfDirectory(atPath: target.path)) ?? []).filter { $0.hasPrefix(".") }.sorted()
        var carried: [String] = []
        do {
            for name in hidden {
                try move(target.appendingPathComponent(name), to: staging.appendingPathComponent(name), step: "carry over")
                carried.append(name)
            }
        } catch {
            for name in carried { try? manager.moveItem(at: staging.appendingPathComponent(name), to: target.appendingPathComponent(name)) }
            throw error
        }
        // One atomic exchange where the system has it: killed at any moment, the output
        // folder holds either the whole previous site or the whole new one.
        if rr_exchange_paths(staging.path, target.path) == 0 {
            try? manager.removeItem(at: staging)
            return
        }
        let backup = parent.appendingPathComponent("." + target.lastPathComponent + ".previous-" + String(ProcessInfo.processInfo.processIdentifier))
        do {
            try move(target, to: backup, step: "set aside the previous site")
        } catch {
            for name in carried { try? manager.moveItem(at: staging.appendingPathComponent(name), to: target.appendingPathComponent(name)) }
            throw error
        }
        do {
            try move(staging, to: target, step: "move the new site into place")
        } catch {
            try? manager.moveItem(at: backup, to: target)
            for name in carried { try? manager.moveItem(at: staging.appendingPathComponent(name), to: target.appendingPathComponent(name)) }
            throw error
        }
        try? manager.removeItem(at: backup)
    }

    func move(_ source: URL, to destination: URL, step: String) throws {
        if rename(source.path, destination.path) != 0 {
            throw PublishError(step: step, path: source.path, reason: String(cString: strerror(errno)))
        }
    }

    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

/// Writes files under the staging folder, refusing any path that could leave it.
final class StagingWriter: SiteWriter {
    let root: URL
    var createdFolders: Set<String> = [""]

    init(root: URL) {
        self.root = root
    }

    func write(_ path: String, _ contents: ByteBuffer) throws {
        try write(path, parts: { emit in try emit(contents) })
    }

    /// Creates `path` (never overwriting) and writes what `produce` emits.
    func write(_ path: String, parts produce: (_ emit: (ByteBuffer) throws -> Void) throws -> Void) throws {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"), !components.isEmpty,
            components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\\") && !$0.contains("\0") })
        else {
            throw PublishError(step: "write", path: path, reason: "the path would leave the output folder")
        }
        let folder = components.dropLast().joined(separator: "/")
        if !createdFolders.contains(folder) {
            do {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            } catch {
                throw PublishError(step: "create the folder", path: folder, reason: SitePublisher.reason(error))
            }
            createdFolders.insert(folder)
        }
        let file: OutputFile
        do {
            file = try OutputFile(creating: root.appendingPathComponent(path).path)
        } catch {
            throw PublishError(step: "write", path: path, reason: error.description)
        }
        // A part that cannot be written is reported once the producer is done (its chunks are
        // made on other threads, which finish their work first).
        var failure: OutputFile.Failure?
        do {
            try produce { part in
                guard failure == nil else { return }
                do throws(OutputFile.Failure) { try file.write(part) } catch { failure = error }
            }
        } catch {
            try? file.close()
            throw error
        }
        do throws(OutputFile.Failure) { try file.close() } catch { failure = failure ?? error }
        if let failure { throw PublishError(step: "write", path: path, reason: failure.description) }
    }
}
