// ParallelWork: the machinery that spreads work over the cores and hands results between
// threads. Here so far: `SharedValue`. (`Concurrently` and `ParallelParse` join it from the
// import side.) Its public API is safe to use from any thread; the one `@unchecked Sendable`
// below is why this module exists.

import Foundation

/// A value made by whichever thread needs it first, shared by a known number of uses and let
/// go after the last (a week's view model, used by its HTML and its Markdown page).
///
/// Sendable on trust: the lock guards every access to its state, and `make` runs once, on the
/// thread of the first `take`; the value is then handed to every user, on any thread, so it
/// must be safe to use from the threads that take it.
public final class SharedValue<Value>: @unchecked Sendable {
    private var make: (() -> Value)?
    private var made: Value?
    private var uses: Int
    private let lock = NSLock()

    /// - Parameters:
    ///   - uses: how many times `take` will be called.
    ///   - make: makes the value, on the thread of the first `take`.
    public init(uses: Int, _ make: @escaping () -> Value) {
        self.uses = uses
        self.make = make
    }

    /// The value, for one of the uses.
    public func take() -> Value {
        lock.lock()
        defer { lock.unlock() }
        let value = made ?? make!()
        uses -= 1
        made = uses > 0 ? value : nil
        make = uses > 0 ? make : nil
        return value
    }
}
