import Foundation

/// Runs a computation on a thread started for it, while the caller waits.
///
/// Why a thread of its own: glibc's allocator gives each new thread a heap (an arena) of its own,
/// while it has fewer than eight per core. A step that follows one which allocated and freed
/// millions of small blocks (the ledger of ten million messages, read and settled on the main
/// thread) would otherwise allocate among the free lists that step left behind, and each
/// allocation that misses the thread's cache searches them: in the 10M build's rendering,
/// `_int_malloc` took 23 % of the time. On a new thread the same allocations come from a fresh
/// heap. The result is the same either way; only where the memory comes from changes.
public enum OwnThread {
    /// The stack of the thread: as large as the main thread's (8 MB by default on Linux), for
    /// work that recurses as deeply as it does there.
    public static let stackSize = 8 << 20

    /// `body`'s value, computed on a new thread; what it throws is thrown here.
    public static func run<T>(_ body: () throws -> T) throws -> T {
        try withoutActuallyEscaping(body) { body in
            // The body goes over and its result comes back in a `Locked` (the caller waits on
            // `done` meanwhile; the semaphore orders the result's write before its read).
            let job = Locked<(body: (() throws -> T)?, result: Result<T, Error>?)>((body, nil))
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                // The body is let go before the caller is woken: it is the caller's, not to be
                // held past `run(_:)` (withoutActuallyEscaping checks that it is not).
                do {
                    let body = job.withLock { job in
                        defer { job.body = nil }
                        return job.body!
                    }
                    let result = Result { try body() }
                    job.withLock { $0.result = result }
                }
                done.signal()
            }
            thread.stackSize = stackSize
            thread.start()
            done.wait()
            return try job.withLock { $0.result! }.get()
        }
    }
}
