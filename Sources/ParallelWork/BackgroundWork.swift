import Dispatch

/// A computation started on another thread, whose value the caller collects when it needs it:
/// the caller does other work meanwhile (an import records one batch of files while the next
/// is parsed). `wait` returns the value once it is ready; the value is computed exactly once.
///
/// The value is handed from the thread that computes it to the one that waits through a
/// dispatch group, whose wait orders the write before the read.
public final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let group = DispatchGroup()
    /// Written once by the background job before it leaves the group; read after `wait`.
    private var value: Value?

    /// Starts `work` at once on a global queue.
    public init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: group) { [self] in
            value = work()
        }
    }

    /// The value, once `work` has returned (at once when it already has).
    public func wait() -> Value {
        group.wait()
        return value!
    }
}
