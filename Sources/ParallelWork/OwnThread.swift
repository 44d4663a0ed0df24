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
            let job = Job(body)
            let thread = Thread { job.run() }
            thread.stackSize = stackSize
            thread.start()
            job.done.wait()
            return try job.result!.get()
        }
    }

    /// The body and its result, handed between the two threads. Unchecked: the caller waits on
    /// `done` while the body runs, so the two never touch it at once, and the semaphore orders
    /// the result's write before its read.
    private final class Job<T>: @unchecked Sendable {
        private var body: (() throws -> T)?
        var result: Result<T, Error>?
        let done = DispatchSemaphore(value: 0)

        init(_ body: @escaping () throws -> T) { self.body = body }

        func run() {
            // The body is let go before the caller is woken: it is the caller's, not to be held
            // past `run(_:)` (withoutActuallyEscaping checks that it is not).
            do {
                let body = self.body!
                self.body = nil
                result = Result { try body() }
            }
            done.signal()
        }
    }
}
