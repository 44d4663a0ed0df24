import Foundation

/// A value made by whichever thread needs it first, shared by a known number of uses and let
/// go after the last.
final class SharedValue<Value>: @unchecked Sendable {
    private var make: (() -> Value)?
    private var made: Value?
    private var uses: Int
    private let lock = NSLock()

    init(uses: Int, _ make: @escaping () -> Value) {
        self.uses = uses
        self.make = make
    }

    /// The value, for one of the uses.
    func take() -> Value {
        lock.lock()
        defer { lock.unlock() }
        let value = made ?? make!()
        uses -= 1
        made = uses > 0 ? value : nil
        make = uses > 0 ? make : nil
        return value
    }
}
