// Every public call is safe: pointers to the bytes are lent to the package's performance
// modules only (`package` members), for the length of a call.

/// The bytes of one input: an array in memory, or a large file mapped read-only
/// (`MappedFile`). Readers take either alike; copies share the same bytes.
public struct InputBytes: RandomAccessCollection, Sendable {
    enum Storage: Sendable {
        case memory([UInt8])
        case mapped(MappedFile)
    }

    let storage: Storage

    /// Bytes held in memory (shared with `bytes`, not copied).
    public init(_ bytes: [UInt8] = []) { storage = .memory(bytes) }

    /// The bytes of a mapped file.
    public init(_ file: MappedFile) { storage = .mapped(file) }

    /// The mapped file the bytes are, or nil when they are in memory.
    public var mappedFile: MappedFile? {
        if case .mapped(let file) = storage { return file }
        return nil
    }

    /// The first byte's offset: 0.
    public var startIndex: Int { 0 }

    /// The byte count.
    public var endIndex: Int {
        switch storage {
        case .memory(let bytes): return bytes.count
        case .mapped(let file): return file.count
        }
    }

    /// The byte at `position`.
    public subscript(position: Int) -> UInt8 {
        switch storage {
        case .memory(let bytes): return bytes[position]
        case .mapped(let file): return file[position]
        }
    }

    /// Calls `body` with the bytes, which stay alive until it returns.
    package func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch storage {
        case .memory(let bytes): return try bytes.withUnsafeBufferPointer(body)
        case .mapped(let file): return try file.withUnsafeBufferPointer(body)
        }
    }

    /// A front-to-back reader's place from `offset`, which lets go of the pages it passes;
    /// nil for bytes in memory, which are not let go.
    package func passedPages(from offset: Int) -> PassedPages? {
        mappedFile.map { PassedPages($0, from: offset) }
    }
}

/// How the bytes of a file are held: files from `mappingFrom` bytes on are mapped, smaller
/// ones read into memory.
///
/// 64 MiB by default: a file that size costs at most that much memory for as long as it is
/// read, and a copy in memory cannot change under its reader, where a mapped file truncated or
/// rewritten while it is read fails its reading (`MappedFile.changedWhileRead`).
/// Mapping is for the exports of hundreds of megabytes and more, where holding the file would
/// be most of the process. Files from 16 MiB on are read element by element anyway (deferred
/// arrays), so below 64 MiB nothing but the file itself is at stake.
public struct FileReading: Sendable, Equatable {
    /// The size from which a regular file is mapped rather than read.
    public var mappingFrom: Int
    /// How far a front-to-back reader of a mapped file goes between two drops of the pages
    /// behind it (`MappedFile.dropInterval`).
    public var dropInterval: Int

    /// Mapping from `mappingFrom` bytes (64 MiB by default), pages dropped every
    /// `dropInterval` bytes (32 MiB by default).
    public init(mappingFrom: Int = 64 << 20, dropInterval: Int = 32 << 20) {
        self.mappingFrom = mappingFrom
        self.dropInterval = dropInterval
    }
}
