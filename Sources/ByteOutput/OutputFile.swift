#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file created for writing, never one that exists already, written from `ByteBuffer`s as
/// they are (no copy, no buffering of its own: the buffers are large).
public final class OutputFile {
    /// A file that cannot be created or written: the system's error and its words for it.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// The `errno` value.
        public let code: Int32

        public var description: String { String(cString: strerror(code)) }
    }

    private var descriptor: Int32

    /// Creates the file at `path` (read and write for everyone the umask allows); fails if
    /// something is there already.
    public init(creating path: String) throws(Failure) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Failure(code: errno) }
    }

    deinit {
        if descriptor >= 0 { _ = closeDescriptor(descriptor) }
    }

    /// Appends the buffer's bytes to the file.
    public func write(_ bytes: ByteBuffer) throws(Failure) {
        precondition(descriptor >= 0, "the file is closed")
        var written = 0
        let contents = bytes.contents
        while written < contents.count {
            let result = writeDescriptor(descriptor, contents.baseAddress! + written, contents.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw Failure(code: errno)
            }
            written += result
        }
    }

    /// Closes the file; an error here can mean bytes written before did not reach it.
    public func close() throws(Failure) {
        guard descriptor >= 0 else { return }
        let result = closeDescriptor(descriptor)
        descriptor = -1
        if result != 0 { throw Failure(code: errno) }
    }
}

// The system calls under names of their own (inside `OutputFile`, `write` and `close` are its
// methods).
private func writeDescriptor(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
