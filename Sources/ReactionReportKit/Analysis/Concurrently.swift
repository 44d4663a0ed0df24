import Dispatch

/// Runs independent computations at the same time, one per core, and returns their results in
/// the order given. For pure work on shared, read-only values (the analyses of one ledger
/// result): the results are the same as computing them one after the other.
enum Concurrently {
    static func run<A, B, C>(_ a: () -> A, _ b: () -> B, _ c: () -> C) -> (A, B, C) {
        withoutActuallyEscaping(a) { a in
            withoutActuallyEscaping(b) { b in
                withoutActuallyEscaping(c) { c in
                    let jobs = Jobs(a: a, b: b, c: c)
                    DispatchQueue.concurrentPerform(iterations: 3) { index in
                        switch index {
                        case 0: jobs.resultA = jobs.a()
                        case 1: jobs.resultB = jobs.b()
                        default: jobs.resultC = jobs.c()
                        }
                    }
                    return (jobs.resultA!, jobs.resultB!, jobs.resultC!)
                }
            }
        }
    }

    /// `body(0)`, …, `body(count - 1)` computed on every core, in index order.
    static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        guard count > 1 else { return (0..<count).map(body) }
        return withoutActuallyEscaping(body) { body in
            let slots = Slots<T>(body: body, count: count)
            DispatchQueue.concurrentPerform(iterations: count) { index in (slots.values + index).initialize(to: slots.body(index)) }
            return Array(UnsafeBufferPointer(start: slots.values, count: count))
        }
    }

    /// A body and one result slot per index (raw memory, so that threads writing different
    /// slots share nothing else); each iteration initializes only its own slot.
    private final class Slots<T>: @unchecked Sendable {
        let body: (Int) -> T
        let values: UnsafeMutablePointer<T>
        let count: Int

        init(body: @escaping (Int) -> T, count: Int) {
            self.body = body
            self.count = count
            values = .allocate(capacity: count)
        }

        deinit {
            values.deinitialize(count: count)
            values.deallocate()
        }
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
