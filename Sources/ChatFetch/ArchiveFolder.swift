import Foundation
import HTTPExchange
import JSONReader
import ReactionReportKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder a fetch writes into, which `reaction-report build ARCHIVE` reads.
///
/// Layout: each channel's pages under `<platform>/<channel slug>/`, its state under
/// `.state/<platform>/<channel slug>.json` (hidden: `build` passes hidden entries over), and
/// `.state/lock`, held with `flock` while a fetch runs so that a second fetch into the same
/// folder is refused. Every file is written whole or not at all: into `<name>.partial` in the
/// same folder (a name `build` does not read), flushed to the disk, then renamed, and the folder
/// flushed; a `.partial` file a killed fetch left is removed when its channel is next opened.
public final class ArchiveFolder: Sendable {
    /// The folder, as given.
    public let root: String
    private let lock: Int32

    /// Opens (making it when missing) the archive at `path` and takes its lock; an error when
    /// it is a file, cannot be made, or another fetch holds it.
    public init(_ path: String) throws(FetchError) {
        guard !path.isEmpty else { throw FetchError.usage("--into needs a folder") }
        root = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        try Self.makeFolder(root + "/.state")
        lock = open(root + "/.state/lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw FetchError("cannot write into the archive '\(root)': \(Self.reason(errno))") }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            close(lock)
            throw FetchError("another fetch is writing into the archive '\(root)'; wait for it to end")
        }
    }

    deinit { close(lock) }

    /// The folder of one channel of `platform` (`pubnub`), made when missing, with the
    /// `.partial` files a killed fetch left in it removed.
    public func channel(_ name: String, platform: String) throws(FetchError) -> ChannelFolder {
        let channel = ChannelFolder(archive: root, platform: platform, name: name, slug: Self.slug(of: name))
        try Self.makeFolder(channel.folder)
        try Self.makeFolder(root + "/.state/" + platform)
        for file in channel.files() where file.hasSuffix(".partial") { unlink(channel.folder + "/" + file) }
        return channel
    }

    /// A channel's folder name: its name made safe (`Slug.make`: lower-case ASCII letters,
    /// digits and hyphens, no `.`, `..` or separator) and the first 8 hex digits of the SHA-256
    /// of its exact name, so that names differing only in case or in characters the slug drops
    /// get folders of their own (`general-b5e1d0f2`).
    public static func slug(of name: String) -> String {
        let digest = Digests.sha256(Array(name.utf8)).prefix(4).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        return Slug.make(name) + "-" + digest
    }

    /// Makes `path` and the folders above it.
    static func makeFolder(_ path: String) throws(FetchError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FetchError("cannot make the folder '\(path)' of the archive: \(error.localizedDescription)")
        }
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// One channel's files in the archive: its pages, and its state.
public struct ChannelFolder: Sendable {
    /// The archive's folder.
    public let archive: String
    /// The platform's folder name (`pubnub`).
    public let platform: String
    /// The channel's real name (kept inside the files; the folder has its slug).
    public let name: String
    public let slug: String

    /// `<archive>/<platform>/<slug>`.
    public var folder: String { archive + "/" + platform + "/" + slug }
    /// `<archive>/.state/<platform>/<slug>.json`.
    public var stateFile: String { archive + "/.state/" + platform + "/" + slug + ".json" }

    /// The names of the files in the channel's folder, sorted.
    public func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// The bytes of the channel's file `file`.
    public func read(_ file: String) throws(FetchError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: folder + "/" + file) else {
            throw FetchError("cannot read '\(folder)/\(file)' of the archive")
        }
        return Array(data)
    }

    /// The channel's file `file` parsed as JSON; an error that says how to start the channel
    /// again when it does not parse.
    public func readJSON(_ file: String) throws(FetchError) -> JSONValue {
        do {
            return try JSONParser.parse(try read(file), file: folder + "/" + file)
        } catch let error as FetchError {
            throw error
        } catch {
            throw FetchError(
                "the archive's file '\(folder)/\(file)' cannot be read as JSON (\(error)); remove the channel's folder and its state to fetch it again")
        }
    }

    /// Writes `bytes` as the channel's file `file`, whole or not at all.
    public func write(_ bytes: [UInt8], as file: String) throws(FetchError) {
        try AtomicFile.write(bytes, to: folder + "/" + file)
    }

    /// The channel's state, or nil when it has none yet; an error when it cannot be read.
    public func loadState<State: Decodable>(_ type: State.Type) throws(FetchError) -> State? {
        guard let data = FileManager.default.contents(atPath: stateFile) else { return nil }
        do {
            return try JSONDecoder().decode(State.self, from: data)
        } catch {
            throw FetchError("the fetch state '\(stateFile)' cannot be read; remove it to fetch the channel '\(name)' from the start")
        }
    }

    /// The channel's state, or `new` when it has none yet; an error when it cannot be read or
    /// is another channel's (a state file copied into the wrong place).
    public func loadState<State: ChannelFetchState>(or new: @autoclosure () -> State) throws(FetchError) -> State {
        let state = try loadState(State.self) ?? new()
        guard state.channelName == name else {
            throw FetchError("the fetch state '\(stateFile)' is of another \(State.channelNoun); remove it to fetch '\(name)' from the start")
        }
        return state
    }

    /// Writes the channel's state, whole or not at all.
    public func saveState<State: Encodable>(_ state: State) throws(FetchError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(state) else { throw FetchError("cannot encode the fetch state of channel '\(name)'") }
        try AtomicFile.write(Array(data) + [0x0A], to: stateFile)
    }
}

/// A file written whole or not at all: into `<path>.partial`, flushed, renamed over `path`, and
/// its folder flushed, so that a kill at any moment leaves the old file or the new one.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String) throws(FetchError) {
        let partial = path + ".partial"
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FetchError("cannot write '\(partial)': \(ArchiveFolder.reason(errno))") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: bytes)
            try handle.synchronize()
            try handle.close()
        } catch {
            unlink(partial)
            throw FetchError("cannot write '\(partial)': \(error.localizedDescription)")
        }
        guard rename(partial, path) == 0 else {
            let code = errno
            unlink(partial)
            throw FetchError("cannot rename '\(partial)' to '\(path)': \(ArchiveFolder.reason(code))")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}

/// A channel's fetch state: it names its channel, so a state file in another channel's place is
/// refused rather than followed.
public protocol ChannelFetchState: Codable {
    /// The exact name of the channel the state is of.
    var channelName: String { get }
    /// What the platform calls a channel in messages (`channel`, `conversation`).
    static var channelNoun: String { get }
}

extension ChannelFetchState {
    public static var channelNoun: String { "channel" }
}
