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
        return Status(kind: kind, size: max(0, Int(info.st_size)))
    }

    /// The whole file at `path`, read straight into the array; the size `fstat` gives is only
    /// a hint, the file is read to its end whatever it has become.
    /// - Throws: `LocatedError` ("cannot be read") for a file that cannot be opened or read, or a folder.
    public static func contents(of path: String) throws -> [UInt8] {
        let (descriptor, status) = try openForReading(path)
        defer { close(descriptor) }
        return try readAll(descriptor, sizeHint: Int(status.st_size), path: path)
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

    /// The file at `path` opened for reading, with what `fstat` says of it.
    private static func openForReading(_ path: String) throws -> (Int32, stat) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw LocatedError(file: path, reason: "cannot be read") }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR else {
            close(descriptor)
            throw LocatedError(file: path, reason: "cannot be read")
        }
        return (descriptor, status)
    }

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

    /// The regular files below `folder`, searched recursively, as `/`-separated paths relative
    /// to it, in the order the system lists them (a folder's files, then its folders' files).
    /// Hidden entries (names starting with `.`) and symbolic links are passed over, so a link
    /// inside the folder cannot lead reading outside it. Nil when `folder` cannot be opened.
    public static func regularFiles(under folder: String) -> [String]? {
        var names: [String] = []
        guard list(folder, relative: "", into: &names) else { return nil }
        return names
    }

    /// Lists `folder` into `names` with readdir; false when it cannot be opened.
    private static func list(_ folder: String, relative: String, into names: inout [String]) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        var folders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let full = folder + (folder.hasSuffix("/") ? "" : "/") + name
            var kind = Int32(entry.pointee.d_type)
            if kind == Int32(DT_UNKNOWN) {
                switch status(of: full, followingLinks: false)?.kind {
                case .folder?: kind = Int32(DT_DIR)
                case .regularFile?: kind = Int32(DT_REG)
                case .symbolicLink?, .other?: kind = Int32(DT_LNK)
                case nil: continue
                }
            }
            if kind == Int32(DT_DIR) {
                folders.append(name)
            } else if kind == Int32(DT_REG) {
                names.append(relative + name)
            }
        }
        for name in folders {
            let full = folder + (folder.hasSuffix("/") ? "" : "/") + name
            _ = list(full, relative: relative + name + "/", into: &names)
        }
        return true
    }
}
