// InputFiles: the bytes of the files an export is made of.
//
// The module owns reading input from disk: whole files read with POSIX calls (`DiskFiles`), or
// mapped read-only when they are large (`MappedFile`, held as `InputBytes`: readers going
// through one front to back let go of the pages behind them), folders listed with readdir,
// what `stat` says of a path, and zip archives read in place through zlib (`ZipArchive`),
// entry by entry, each checked against its CRC-32. It knows nothing of exports or formats;
// which names are read, in what order, and what becomes of an entry not read is the caller's
// business. Errors are `LocatedError`s.
//
// Every public call is safe: buffers and raw pointers are used inside the module only (and
// lent, by `package` calls, to the JSON reader).

import Foundation
import SourceText

/// Files and folders on disk, read and listed with POSIX calls: a Slack export is thousands of
/// small files, and Foundation's `Data` and directory enumerator do more work per file than
/// parsing one.
public enum DiskFiles {
    /// What `stat` says of a path.
    public struct Status: Sendable, Equatable {
        /// What kind of entry a path names.
        public enum Kind: Sendable, Equatable {
            /// A regular file.
            case regularFile
            /// A folder.
            case folder
            /// A symbolic link (seen only when links are not followed).
            case symbolicLink
            /// Anything else: a device, a socket, a pipe.
            case other
        }

        /// The kind of entry.
        public var kind: Kind
        /// Its size in bytes (0 when the system gives none).
        public var size: Int
        /// When its contents were last modified, in nanoseconds since 1970-01-01T00:00:00Z.
        public var modified: Int64 = 0
    }

    /// The status of `path`, links followed unless `followingLinks` is false; nil when there
    /// is nothing there or it cannot be looked at.
    public static func status(of path: String, followingLinks: Bool = true) -> Status? {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        let kind: Status.Kind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regularFile
        case S_IFDIR: kind = .folder
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        let modified = Int64(info.st_mtim.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
        return Status(
            kind: kind, size: max(0, Int(info.st_size)),
            modified: modified.overflow ? (info.st_mtim.tv_sec < 0 ? .min : .max) : modified.partialValue &+ Int64(info.st_mtim.tv_nsec))
    }

    /// The whole file at `path`, read straight into the array; the size `fstat` gives is only
    /// a hint, the file is read to its end whatever it has become.
    /// - Throws: `LocatedError` ("cannot be read") for a file that cannot be opened or read, or a folder.
    public static func contents(of path: String) throws -> [UInt8] {
        let (descriptor, status) = try openForReading(path)
        defer { close(descriptor) }
        return try readAll(descriptor, sizeHint: Int(status.st_size), path: path)
    }

    /// At most the first `limit` bytes of the regular file at `path` (to tell what a file is).
    /// - Throws: `LocatedError` ("cannot be read") as `contents(of:)` does.
    public static func contents(of path: String, upTo limit: Int) throws -> [UInt8] {
        let (descriptor, _) = try openForReading(path)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: max(limit, 0))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in read(descriptor, buffer.baseAddress! + filled, buffer.count - filled) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw LocatedError(file: path, reason: "cannot be read") }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// The file at `path`: mapped when it is a regular file of at least `reading.mappingFrom`
    /// bytes, otherwise (or when it cannot be mapped) read into memory as `contents(of:)` does.
    /// - Throws: `LocatedError` ("cannot be read") for a file that cannot be opened or read, or a folder.
    public static func bytes(of path: String, reading: FileReading = FileReading()) throws -> InputBytes {
        let (descriptor, status) = try openForReading(path)
        defer { close(descriptor) }
        let size = Int(status.st_size)
        if (status.st_mode & S_IFMT) == S_IFREG, size >= reading.mappingFrom,
            let file = MappedFile(descriptor: descriptor, size: size, dropInterval: reading.dropInterval)
        {
            return InputBytes(file)
        }
        return InputBytes(try readAll(descriptor, sizeHint: size, path: path))
    }

    /// The file at `path` opened for reading, with what `fstat` says of it. Only a regular file
    /// is read: a device such as `/dev/zero` would be read forever, and opening a pipe would
    /// wait for a writer (hence `O_NONBLOCK`, which changes nothing for a regular file).
    private static func openForReading(_ path: String) throws -> (Int32, stat) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw LocatedError(file: path, reason: "cannot be read") }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR else {
            close(descriptor)
            throw LocatedError(file: path, reason: "cannot be read")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw LocatedError(file: path, reason: Self.notRegularFile)
        }
        return (descriptor, status)
    }

    /// Why an entry that is not a regular file is not read.
    public static let notRegularFile = "is not a regular file (a device, a pipe or a socket), so it is not read; give an export file or folder"

    /// Reads `descriptor` to its end into an array sized by `sizeHint`.
    private static func readAll(_ descriptor: Int32, sizeHint: Int, path: String) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(sizeHint, 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 65_536))) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw LocatedError(file: path, reason: "cannot be read")
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// One entry of a folder, as readdir names it and `lstat` sees it (links not followed).
    public struct FolderEntry: Sendable, Equatable {
        /// The entry's name, with U+FFFD where its bytes are not UTF-8.
        public var name: String
        /// False when the name's bytes are not UTF-8: `name` then does not open the entry.
        public var nameIsUTF8: Bool
        /// What the entry is; nil when it vanished while it was listed.
        public var kind: Status.Kind?
    }

    /// Every entry of `folder` but `.` and `..`, hidden ones included, in the order the system
    /// lists them; nil when `folder` cannot be opened.
    public static func entries(of folder: String) -> [FolderEntry]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var entries: [FolderEntry] = []
        while let entry = readdir(directory) {
            let (name, valid) = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.prefix { $0 != 0 }
                return (String(decoding: bytes, as: UTF8.self), String(validating: bytes, as: UTF8.self) != nil)
            }
            guard name != ".", name != ".." else { continue }
            var kind: Status.Kind?
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .regularFile
            case Int32(DT_DIR): kind = .folder
            case Int32(DT_LNK): kind = .symbolicLink
            case Int32(DT_UNKNOWN): kind = valid ? status(of: folder + (folder.hasSuffix("/") ? "" : "/") + name, followingLinks: false)?.kind : .other
            default: kind = .other
            }
            entries.append(FolderEntry(name: name, nameIsUTF8: valid, kind: kind))
        }
        return entries
    }

    /// What a recursive listing of a folder found: the files to read, and the entries it
    /// passed over that a reader should hear of.
    public struct FolderListing: Sendable, Equatable {
        /// The regular files, as `/`-separated paths relative to the folder.
        public var files: [String] = []
        /// Entries not listed as files, with why (hidden entries are passed over without a word).
        public var passedOver: [PassedOver] = []
    }

    /// An entry a listing passed over.
    public struct PassedOver: Sendable, Equatable {
        /// Why an entry was passed over.
        public enum Reason: Sendable, Equatable {
            /// A symbolic link, with what it leads to (nil: nothing); links are not followed,
            /// so that reading cannot leave the folder.
            case symbolicLink(to: Status.Kind?)
            /// A device, a pipe or a socket: nothing to read to an end.
            case notARegularFile
            /// A name whose bytes are not UTF-8 (shown with U+FFFD in their place).
            case nameNotUTF8
            /// A folder holding the marker file the listing was asked to skip folders by.
            case markedFolder
        }

        /// The entry's path relative to the listed folder (`/`-separated; a folder's ends in `/`).
        public var path: String
        /// Why it was passed over.
        public var reason: Reason
    }

    /// The regular files below `folder`, searched recursively, as `/`-separated paths relative
    /// to it, in the order the system lists them (a folder's files, then its folders' files).
    /// Hidden entries (names starting with `.`) are passed over without a word; symbolic links
    /// (not followed, so a link inside the folder cannot lead reading outside it), entries that
    /// are not regular files or folders, names that are not UTF-8, and folders holding
    /// `skippingFoldersHolding` (a relative path to a file, such as a tool's marker; `folder`
    /// itself included) are passed over and named. Nil when `folder` cannot be opened.
    public static func listing(under folder: String, skippingFoldersHolding marker: String? = nil) -> FolderListing? {
        var listing = FolderListing()
        guard list(folder, relative: "", marker: marker, into: &listing) else { return nil }
        return listing
    }

    /// Lists `folder` into `listing`; false when it cannot be opened.
    private static func list(_ folder: String, relative: String, marker: String?, into listing: inout FolderListing) -> Bool {
        let prefix = folder + (folder.hasSuffix("/") ? "" : "/")
        if let marker, status(of: prefix + marker, followingLinks: false)?.kind == .regularFile {
            listing.passedOver.append(PassedOver(path: relative, reason: .markedFolder))
            return true
        }
        guard let entries = entries(of: folder) else { return false }
        var folders: [String] = []
        for entry in entries where !entry.name.hasPrefix(".") {
            let kind = entry.kind
            guard entry.nameIsUTF8 else {
                listing.passedOver.append(PassedOver(path: relative + entry.name + (kind == .folder ? "/" : ""), reason: .nameNotUTF8))
                continue
            }
            switch kind {
            case .folder?: folders.append(entry.name)
            case .regularFile?: listing.files.append(relative + entry.name)
            case .symbolicLink?:
                listing.passedOver.append(PassedOver(path: relative + entry.name, reason: .symbolicLink(to: status(of: prefix + entry.name)?.kind)))
            case .other?: listing.passedOver.append(PassedOver(path: relative + entry.name, reason: .notARegularFile))
            case nil: continue
            }
        }
        for name in folders {
            _ = list(prefix + name, relative: relative + name + "/", marker: marker, into: &listing)
        }
        return true
    }

    /// The path with every symbolic link and `.`/`..` resolved (`realpath`); nil when it does
    /// not lead to an entry.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
