import ByteOutput
import Foundation
import InputFiles

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
    /// Lets `produce` fill the site's folder `folder` (another program, such as Pagefind,
    /// given the folder's absolute path), then takes every file in it as the site's and
    /// returns their paths and sizes.
    func adopt(folder: String, _ produce: (_ path: String) throws -> Void) throws -> [(path: String, bytes: Int)]
}

extension SiteWriter {
    /// Gathers the parts into one buffer and writes that (for writers that keep files whole).
    public func write(_ path: String, parts produce: (_ emit: (ByteBuffer) throws -> Void) throws -> Void) throws {
        let whole = ByteBuffer()
        try produce { whole.append($0) }
        try write(path, whole)
    }

    public func expect(_ total: Int) {}

    /// Lets `produce` fill a temporary folder, then writes its files as the site's.
    public func adopt(folder: String, _ produce: (_ path: String) throws -> Void) throws -> [(path: String, bytes: Int)] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("reaction-report-\(getpid())-\(folder)").path
        FileTree.remove(scratch)
        defer { FileTree.remove(scratch) }
        try produce(scratch)
        var files: [(path: String, bytes: Int)] = []
        for file in FileTree.files(under: scratch) {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch + "/" + file)))
            try write(folder + "/" + file, ByteBuffer(bytes))
            files.append((folder + "/" + file, bytes.count))
        }
        return files
    }
}

/// The only part of the program that writes files. It builds the new site in a staging folder
/// inside the output folder's hidden folder of ours, and swaps it in (`SiteSwap`) only when
/// every file is written: a failed build leaves the previous output exactly as it was, and the
/// swap replaces the files of ours and nothing else.
public struct SitePublisher {
    /// The output folder, claimed.
    public let folder: OutputFolder
    /// Whether swaps use the file system's atomic exchange (tests turn it off).
    var exchangeAvailable = SiteSwap.exchangeAvailableByDefault
    /// A test's stand-in for a kill during the swap.
    var interruption: SiteSwap.Interruption?

    /// A publisher into a claimed output folder.
    public init(folder: OutputFolder) {
        self.folder = folder
    }

    /// A publisher into `target`, claimed for a build of no inputs.
    public init(target: String) throws {
        self.init(folder: try OutputFolder.claim(target, inputs: []))
    }

    /// Runs `build` with a writer into a fresh staging folder, then swaps the result in.
    public func publish(_ build: (SiteWriter) throws -> Void) throws {
        let staging = folder.ownFolder + "/staging-" + String(getpid())
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            throw PublishError(step: "create the staging folder", path: staging, reason: Self.reason(error))
        }
        do {
            let writer = StagingWriter(root: URL(fileURLWithPath: staging))
            try build(writer)
            var swap = SiteSwap(
                folder: folder, staging: staging, site: SiteManifest(files: Set(writer.written)), exchangeAvailable: exchangeAvailable,
                interruption: interruption)
            try swap.run()
        } catch let stop as SiteSwap.Interrupted {
            throw stop
        } catch {
            FileTree.remove(staging)
            throw error
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
    /// The files written, in order.
    private(set) var written: [String] = []

    init(root: URL) {
        self.root = root
    }

    func write(_ path: String, _ contents: ByteBuffer) throws {
        try write(path, parts: { emit in try emit(contents) })
    }

    /// Lets `produce` write into `folder` of the staging folder and records its files as written.
    func adopt(folder: String, _ produce: (_ path: String) throws -> Void) throws -> [(path: String, bytes: Int)] {
        guard SiteManifest.isSitePath(folder), !createdFolders.contains(folder) else {
            throw PublishError(step: "write", path: folder, reason: "the folder is the site's already")
        }
        let path = root.appendingPathComponent(folder).path
        try produce(path)
        let files: [(path: String, bytes: Int)] = FileTree.files(under: path).map { file in
            (folder + "/" + file, DiskFiles.status(of: path + "/" + file, followingLinks: false)?.size ?? 0)
        }
        written += files.map { $0.path }
        return files
    }

    /// Creates `path` (never overwriting) and writes what `produce` emits.
    func write(_ path: String, parts produce: (_ emit: (ByteBuffer) throws -> Void) throws -> Void) throws {
        guard !path.hasPrefix("/"), SiteManifest.isSitePath(path) else {
            throw PublishError(step: "write", path: path, reason: "the path would leave the output folder")
        }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
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
        written.append(path)
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
