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
