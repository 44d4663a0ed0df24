import Dispatch
import Foundation

/// Runs independent computations at the same time, one per core, and returns their results in
/// the order given. For pure work on shared, read-only values (the analyses of one ledger
/// result): the results are the same as computing them one after the other.
///
/// Calls may nest (a computation run here may itself map over items): the calling thread works
/// through the items itself and helpers on other cores take items as they come free (Dispatch's
/// `concurrentPerform` would give a nested call a single thread: the weekly report is counted
/// week by week inside the three analyses).
public enum Concurrently {
    /// The most threads one call uses: every core, unless set lower. The fuzz target sets one,
    /// so that which thread takes which item cannot change the coverage it sees, and a fuzzing
    /// run from a fixed seed is the same every time.
    nonisolated(unsafe) public static var maximumThreads = ProcessInfo.processInfo.activeProcessorCount

    public static func run<A, B, C>(_ a: () -> A, _ b: () -> B, _ c: () -> C) -> (A, B, C) {
        var resultA: A?
        var resultB: B?
        var resultC: C?
        withoutActuallyEscaping(a) { a in
            withoutActuallyEscaping(b) { b in
                withoutActuallyEscaping(c) { c in
                    let jobs = Jobs(a: a, b: b, c: c)
                    perform(3) { index in
                        switch index {
                        case 0: jobs.resultA = jobs.a()
                        case 1: jobs.resultB = jobs.b()
                        default: jobs.resultC = jobs.c()
                        }
                    }
                    (resultA, resultB, resultC) = (jobs.resultA, jobs.resultB, jobs.resultC)
                }
            }
        }
        return (resultA!, resultB!, resultC!)
    }

    /// `body(0)`, …, `body(count - 1)` computed on every core, in index order.
    public static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        guard count > 1 else { return (0..<count).map(body) }
        let values = UnsafeMutablePointer<T>.allocate(capacity: count)
        defer { values.deallocate() }
        // Each iteration initializes only its own slot (raw memory, so that threads writing
        // different slots share nothing else).
        let slots = Slots(values)
        perform(count) { index in (slots.values + index).initialize(to: body(index)) }
        let result = Array(UnsafeBufferPointer(start: values, count: count))
        values.deinitialize(count: count)
        return result
    }

    /// `make(0)`, …, `make(count - 1)` computed on every core, each result handed to `consume`
    /// in index order as soon as it and those before it are ready (by whichever thread's turn
    /// it is, one at a time): consuming overlaps the making of later items, and a result is held
    /// only until consumed. At most `window` items are made ahead of the next to consume (a
    /// thread waits before starting one further on), so memory does not grow with the count.
    /// The first error in index order, from either, stops the work (items not yet started are
    /// skipped) and is thrown. One thread more than the cores makes items (where there are
    /// several): the thread consuming may wait on a device (a file written past the page cache
    /// waits for the disk), and the cores go on making meanwhile.
    public static func inOrder<T>(_ count: Int, window: Int = 64, make: (Int) throws -> T, consume: (T) throws -> Void) throws {
        try withoutActuallyEscaping(make) { make in
            try withoutActuallyEscaping(consume) { consume in
                let order = InOrder<T>(count: count, consume: consume)
                perform(count, threads: maximumThreads > 1 ? maximumThreads + 1 : 1) { index in
                    order.waitForRoom(index, window: max(1, window))
                    guard !order.stopped else { return }
                    order.finish(index, Result { try make(index) })
                }
                if let error = order.error { throw error }
            }
        }
    }

    /// Calls `body(0)`, …, `body(count - 1)`, each once, on every core; returns when all are
    /// done. `body` may only read shared state, apart from what belongs to its own index.
    public static func perform(_ count: Int, _ body: (Int) -> Void) {
        perform(count, threads: maximumThreads, body)
    }

    /// `perform` on at most `threads` threads, the calling one among them.
    static func perform(_ count: Int, threads: Int, _ body: (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let work = Work(body: body, count: count)
            for _ in 0..<max(0, min(count, threads) - 1) {
                DispatchQueue.global().async { work.drain() }
            }
            work.drain()
            work.finished.wait()
            // A helper that starts after the last item finds nothing to do, and must not find
            // the body: it is not ours to keep past this call.
            work.release()
        }
    }

    /// The items not yet taken, and a signal when every item is done. Helpers that never get
    /// a thread are not waited for: the calling thread takes whatever they leave.
    private final class Work: @unchecked Sendable {
        private var body: ((Int) -> Void)?
        private let count: Int
        private var next = 0
        private var done = 0
        private let lock = NSLock()
        let finished = DispatchSemaphore(value: 0)

        init(body: @escaping (Int) -> Void, count: Int) {
            self.body = body
            self.count = count
        }

        /// Takes items until none are left.
        func drain() {
            while runOne() { finish() }
        }

        /// Runs the next item, if any. The body is held only inside this call, so that nothing
        /// of it is left once the item is counted as done.
        private func runOne() -> Bool {
            lock.lock()
            guard next < count, let body else {
                lock.unlock()
                return false
            }
            let index = next
            next += 1
            lock.unlock()
            body(index)
            return true
        }

        /// Counts one item as done; the last wakes the caller.
        private func finish() {
            lock.lock()
            done += 1
            let last = done == count
            lock.unlock()
            if last { finished.signal() }
        }

        func release() {
            lock.lock()
            body = nil
            lock.unlock()
        }
    }

    /// Finished results waiting for the ones before them, and whose turn it is to consume.
    private final class InOrder<T>: @unchecked Sendable {
        private let lock = NSCondition()
        private var ready: [Result<T, Error>?]
        private var next = 0
        private var consuming = false
        private let consume: (T) throws -> Void
        private(set) var error: Error?

        init(count: Int, consume: @escaping (T) throws -> Void) {
            ready = Array(repeating: nil, count: count)
            self.consume = consume
        }

        /// Set after an error.
        var stopped: Bool {
            lock.lock()
            defer { lock.unlock() }
            return error != nil
        }

        /// Waits until item `index` is within `window` of the next to consume (or the work has
        /// stopped). The thread holding the next item never waits, so this always ends.
        func waitForRoom(_ index: Int, window: Int) {
            lock.lock()
            while error == nil, index - next >= window { lock.wait() }
            lock.unlock()
        }

        /// Stores result `index`; when no one is consuming, consumes every result ready in order.
        func finish(_ index: Int, _ result: Result<T, Error>) {
            lock.lock()
            ready[index] = result
            guard !consuming else { return lock.unlock() }
            consuming = true
            while error == nil, next < ready.count, let result = ready[next] {
                ready[next] = nil
                lock.unlock()
                var failure: Error?
                do { try consume(try result.get()) } catch { failure = error }
                lock.lock()
                if let failure { error = failure }
                next += 1
                lock.broadcast()
            }
            consuming = false
            lock.unlock()
        }
    }

    private struct Slots<T>: @unchecked Sendable {
        let values: UnsafeMutablePointer<T>
        init(_ values: UnsafeMutablePointer<T>) { self.values = values }
    }

    /// The closures and their results; each iteration touches only its own result.
    private final class Jobs<A, B, C>: @unchecked Sendable {
        let a: () -> A
        let b: () -> B
        let c: () -> C
        var resultA: A?
        var resultB: B?
        var resultC: C?

        init(a: @escaping () -> A, b: @escaping () -> B, c: @escaping () -> C) {
            self.a = a
            self.b = b
            self.c = c
        }
    }
}
