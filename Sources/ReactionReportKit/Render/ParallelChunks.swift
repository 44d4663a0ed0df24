import ByteOutput
import ParallelWork

/// Writes the bytes of a long list (a data file's lines) on every core: the list is cut into
/// chunks, each filled into its own buffer, and the buffers are handed on in list order as they
/// come ready. The bytes are the same as one thread's; memory holds at most 8 chunks not yet
/// handed on.
enum ParallelChunks {
    /// - Parameters:
    ///   - count: the number of items.
    ///   - chunkSize: items per chunk.
    ///   - append: appends item `index`'s bytes; called from several threads at once, so it
    ///     may only read shared state.
    ///   - emit: receives the chunks' bytes in order (empty chunks are skipped), one at a time.
    static func write(
        count: Int, chunkSize: Int = 4096, append: (Int, ByteBuffer) -> Void,
        emit: (ByteBuffer) throws -> Void
    ) throws {
        try Concurrently.inOrder(
            (count + chunkSize - 1) / chunkSize, window: 8,
            make: { chunk in
                let bytes = ByteBuffer(capacity: chunkSize * 256)
                for index in chunk * chunkSize..<min(count, (chunk + 1) * chunkSize) { append(index, bytes) }
                return bytes
            },
            consume: { bytes in
                if !bytes.isEmpty { try emit(bytes) }
            })
    }
}
