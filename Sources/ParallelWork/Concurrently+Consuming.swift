extension Concurrently {
    /// Items each moved out once, by index, from any thread.
    private struct OwnedItems<T>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T>
        init(_ base: UnsafeMutablePointer<T>) { self.base = base }
        func take(_ index: Int) -> T { (base + index).move() }
    }

    /// `body(item, &appender)` for every item, on every core, each call owning its item and
    /// appending exactly `counts[i]` values: the results of the calls, in order, and every
    /// value appended, concatenated in the items' order. The values are appended straight into
    /// the one array returned, never copied from part to whole.
    public static func map<T, U, R>(
        consuming items: consuming [T], appending counts: [Int],
        _ body: (consuming T, inout Appender<U>) -> R
    ) -> (results: [R], appended: [U]) {
        let count = items.count
        precondition(counts.count == count, "one count per item")
        var starts: [Int] = []
        starts.reserveCapacity(count)
        var total = 0
        for size in counts {
            precondition(size >= 0, "a count cannot be negative")
            starts.append(total)
            total += size
        }
        let storage = UnsafeMutableBufferPointer<T>.allocate(capacity: max(count, 1))
        defer { storage.deallocate() }
        _ = storage.initialize(from: items)
        items = []
        let owned = OwnedItems(storage.baseAddress!)
        var results: [R] = []
        let appended = [U](unsafeUninitializedCapacity: total) { buffer, initialized in
            let destination = Destination(buffer.baseAddress)
            results = map(count) { index in
                var appender = Appender<U>(destination.base.map { $0 + starts[index] }, capacity: counts[index])
                let result = body(owned.take(index), &appender)
                precondition(appender.count == counts[index], "item \(index) appended \(appender.count) values, not \(counts[index])")
                return result
            }
            initialized = total
        }
        return (results, appended)
    }

    /// Where `map(consuming:appending:_:)` puts the values of one item: exactly as many as its
    /// count, in order. It cannot be copied, so no two calls write one place.
    public struct Appender<Value>: ~Copyable {
        private let base: UnsafeMutablePointer<Value>?
        private let capacity: Int
        /// The values appended so far.
        public private(set) var count = 0

        fileprivate init(_ base: UnsafeMutablePointer<Value>?, capacity: Int) {
            self.base = base
            self.capacity = capacity
        }

        /// Appends `value` after the values appended before.
        public mutating func append(_ value: consuming Value) {
            precondition(count < capacity, "more values than the item's count")
            (base! + count).initialize(to: value)
            count += 1
        }
    }

    /// The start of the array being filled, shared by the calls, each writing its own places.
    private struct Destination<Value>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Value>?
        init(_ base: UnsafeMutablePointer<Value>?) { self.base = base }
    }
}

extension Concurrently {
    /// `body(state, &region)` for every part, on every core: each call owns its state and may
    /// read and change the elements of `array` in its part's range, and no others. The ranges
    /// must be in order and must not overlap. The array is changed in place: no element is
    /// copied into a second array, so settling a million messages does not hold them twice.
    public static func update<T, S, R>(
        _ array: inout [T], parts ranges: [Range<Int>], states: consuming [S],
        _ body: (consuming S, inout Region<T>) -> R
    ) -> [R] {
        let count = ranges.count
        precondition(states.count == count, "one state per part")
        for index in ranges.indices {
            precondition(ranges[index].lowerBound >= 0 && ranges[index].upperBound <= array.count, "a part outside the array")
            precondition(index == 0 || ranges[index - 1].upperBound <= ranges[index].lowerBound, "parts in order, not overlapping")
        }
        let storage = UnsafeMutableBufferPointer<S>.allocate(capacity: max(count, 1))
        defer { storage.deallocate() }
        _ = storage.initialize(from: states)
        states = []
        let owned = OwnedItems(storage.baseAddress!)
        return array.withUnsafeMutableBufferPointer { buffer in
            let destination = Destination(buffer.baseAddress)
            return map(count) { index in
                var region = Region<T>(destination.base, range: ranges[index])
                return body(owned.take(index), &region)
            }
        }
    }

    /// The elements of one part of the array `update(_:parts:states:_:)` changes: read and
    /// changed in place by their index in the whole array. It cannot be copied, so no two
    /// calls reach one element.
    public struct Region<Value>: ~Copyable {
        private let base: UnsafeMutablePointer<Value>?
        /// The indices of the whole array this region holds.
        public let range: Range<Int>

        fileprivate init(_ base: UnsafeMutablePointer<Value>?, range: Range<Int>) {
            self.base = base
            self.range = range
        }

        /// The element at `index` of the whole array, which must be in `range`.
        public subscript(index: Int) -> Value {
            get {
                precondition(range.contains(index), "an index outside the region")
                return base![index]
            }
            _modify {
                precondition(range.contains(index), "an index outside the region")
                yield &base![index]
            }
        }
    }
}
