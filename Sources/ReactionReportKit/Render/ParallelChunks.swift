import Dispatch

/// Writes the bytes of a long list (a data file's lines) on every core: the list is cut into
/// chunks, a few chunks are filled at once, each into its own buffer, and the buffers are handed
/// on in list order. The bytes are the same as one thread's; memory holds one round of chunks.
enum ParallelChunks {
    /// - Parameters:
    ///   - count: the number of items.
    ///   - chunkSize: items per chunk.
    ///   - append: appends item `index`'s bytes; called from several threads at once, so it
    ///     may only read shared state.
    ///   - emit: receives the chunks' bytes in order (empty chunks are skipped).
    static func write(count: Int, chunkSize: Int = 4096, append: (Int, inout [UInt8]) -> Void, emit: ([UInt8]) throws -> Void) rethrows {
        let chunksPerRound = 8
        var start = 0
        try withoutActuallyEscaping(append) { append in
            let shared = Shared(append: append, rounds: chunksPerRound)
            while start < count {
                let roundStart = start
                let chunks = min(chunksPerRound, (count - start + chunkSize - 1) / chunkSize)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let lower = roundStart + chunk * chunkSize
                    let upper = min(count, lower + chunkSize)
                    var bytes: [UInt8] = []
                    bytes.reserveCapacity(chunkSize * 256)
                    for index in lower..<upper { shared.append(index, &bytes) }
                    shared.chunks[chunk] = bytes
                }
                for chunk in 0..<chunks where !shared.chunks[chunk].isEmpty {
                    try emit(shared.chunks[chunk])
                    shared.chunks[chunk] = []
                }
                start = min(count, roundStart + chunks * chunkSize)
            }
        }
    }

    /// The append function and one buffer per chunk of a round (raw memory, so that threads
    /// writing different buffers share nothing else); each iteration writes only its own.
    private final class Shared: @unchecked Sendable {
        let append: (Int, inout [UInt8]) -> Void
        let chunks: UnsafeMutablePointer<[UInt8]>
        let count: Int

        init(append: @escaping (Int, inout [UInt8]) -> Void, rounds count: Int) {
            self.append = append
            self.count = count
            chunks = .allocate(capacity: count)
            chunks.initialize(repeating: [], count: count)
        }

        deinit {
            chunks.deinitialize(count: count)
            chunks.deallocate()
        }
    }
}
