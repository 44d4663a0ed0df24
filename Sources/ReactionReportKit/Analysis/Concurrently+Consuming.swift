extension Concurrently {
    /// `body(item)` for every item, computed on every core, the results in the items' order.
    /// Each item is handed to exactly one call, which owns it: whatever the item holds is
    /// released when that call is done with it, not when the whole map is.
    public static func map<T, U>(consuming items: consuming [T], _ body: (consuming T) -> U) -> [U] {
        let count = items.count
        guard count > 1 else { return items.map { body($0) } }
        let storage = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
        defer { storage.deallocate() }
        _ = storage.initialize(from: items)
        items = []
        let items = OwnedItems(storage.baseAddress!)
        // Each call moves its own item out of the storage; every slot is moved out once, so
        // nothing is left to deinitialize.
        return map(count) { index in body(items.take(index)) }
    }

    /// Items each moved out once, by index, from any thread.
    private struct OwnedItems<T>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T>
        init(_ base: UnsafeMutablePointer<T>) { self.base = base }
        func take(_ index: Int) -> T { (base + index).move() }
    }
}
