import CPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file created for writing, never one that exists already, written from `ByteBuffer`s.
///
/// Where the system allows (Linux, a file system that takes O_DIRECT), the bytes go past the
/// page cache: they are gathered in a block-aligned buffer of 1 MiB and written from it straight
/// to the device, and only the last part block goes through the page cache. A build writes
/// gigabytes it does not read again; through the page cache every byte is first copied into a
/// page the kernel takes for it, and on a virtual machine a page the host has taken back costs
/// the host a fault too (writing 8 GB took 16.7 s of system time here, against 3.2-4.4 s
/// written directly; `Benchmarks/RESULTS.md`). Where direct writing is refused (tmpfs, a file
/// system that wants other alignment) the file is written through the page cache as it is.
public final class OutputFile {
    /// A file that cannot be created or written: the system's error and its words for it.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// The `errno` value.
        public let code: Int32

        public var description: String { String(cString: strerror(code)) }
    }

    private var descriptor: Int32
    /// Bytes gathered for the next direct write (nil until the first write, and when the file
    /// is written through the page cache).
    private var gathered: UnsafeMutableRawPointer?
    private var gatheredCount = 0
    private var direct: Bool

    /// The size of the gathering buffer, and the alignment of its start and of every direct
    /// write's length and place in the file (4096 covers devices of 512- and 4096-byte blocks).
    static let gatheringSize = 1 << 20
    static let blockSize = 4096

    /// Creates the file at `path` (read and write for everyone the umask allows); fails if
    /// something is there already.
    /// - Parameter direct: false to write through the page cache (the tests compare both ways).
    public init(creating path: String, direct: Bool = true) throws(Failure) {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC
        let directFlag = rr_direct_io_flag()
        descriptor = -1
        self.direct = direct && directFlag != 0
        if self.direct {
            descriptor = open(path, flags | directFlag, 0o666)
            // A file system that refuses the flag has made no file: open it plainly.
            if descriptor < 0, errno == EINVAL { self.direct = false }
        }
        if !self.direct { descriptor = open(path, flags, 0o666) }
        guard descriptor >= 0 else { throw Failure(code: errno) }
    }

    deinit {
        if descriptor >= 0 { _ = closeDescriptor(descriptor) }
        gathered?.deallocate()
    }

    /// True while the file is written past the page cache.
    public var writesDirectly: Bool { direct }

    /// Appends the buffer's bytes to the file.
    public func write(_ bytes: ByteBuffer) throws(Failure) {
        precondition(descriptor >= 0, "the file is closed")
        let contents = bytes.contents
        guard direct, let base = contents.baseAddress else { return try writeAll(contents.baseAddress, contents.count) }
        let buffer = gathered ?? UnsafeMutableRawPointer.allocate(byteCount: Self.gatheringSize, alignment: Self.blockSize)
        gathered = buffer
        var taken = 0
        while taken < contents.count {
            let count = min(Self.gatheringSize - gatheredCount, contents.count - taken)
            (buffer + gatheredCount).copyMemory(from: base + taken, byteCount: count)
            gatheredCount += count
            taken += count
            if gatheredCount == Self.gatheringSize { try writeGathered(finishing: false) }
            // A refused direct write leaves the rest to the page cache.
            if !direct { return try writeAll(base + taken, contents.count - taken) }
        }
    }

    /// Closes the file, writing what is gathered; an error here can mean bytes written before
    /// did not reach it.
    public func close() throws(Failure) {
        guard descriptor >= 0 else { return }
        if gatheredCount > 0 { try writeGathered(finishing: true) }
        let result = closeDescriptor(descriptor)
        descriptor = -1
        if result != 0 { throw Failure(code: errno) }
    }

    /// Writes the whole blocks gathered straight to the device, and keeps the rest for the next
    /// write; when `finishing` (or when the device refuses), the rest goes through the page
    /// cache, which takes any length.
    private func writeGathered(finishing: Bool) throws(Failure) {
        guard let buffer = gathered else { return }
        let whole = gatheredCount / Self.blockSize * Self.blockSize
        if direct, whole > 0 {
            try writeAll(buffer, whole)
            gatheredCount -= whole
            if gatheredCount > 0 { buffer.copyMemory(from: buffer + whole, byteCount: gatheredCount) }
        }
        if finishing || !direct {
            stopWritingDirectly()
            try writeAll(buffer, gatheredCount)
            gatheredCount = 0
        }
    }

    private func stopWritingDirectly() {
        guard direct else { return }
        direct = false
        _ = clearDescriptorFlag(descriptor, rr_direct_io_flag())
    }

    /// Writes `count` bytes from `base`, whatever the system takes at a time. A direct write
    /// the file system refuses for its alignment (EINVAL: a short write before left the place
    /// in the file unaligned, or the file system wants another) writes nothing, and the rest
    /// goes through the page cache.
    private func writeAll(_ base: UnsafeRawPointer?, _ count: Int) throws(Failure) {
        guard let base, count > 0 else { return }
        var written = 0
        while written < count {
            let result = writeDescriptor(descriptor, base + written, count - written)
            if result < 0 {
                if errno == EINTR { continue }
                if errno == EINVAL, direct {
                    stopWritingDirectly()
                    continue
                }
                throw Failure(code: errno)
            }
            written += result
        }
    }
}

// The system calls under names of their own (inside `OutputFile`, `write` and `close` are its
// methods).
private func writeDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

private func clearDescriptorFlag(_ descriptor: Int32, _ flag: Int32) -> Int32 {
    fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~flag)
}
