/// The elements of a JSON array, parsed or deferred, as a sequence; those of a deferred array are
/// parsed as the iteration reaches them, so only the current one is alive.
public struct JSONElements: Sequence, ExpressibleByArrayLiteral {
    @usableFromInline
    enum Storage {
        case parsed([JSONValue])
        case deferred(JSONDeferredArray)
    }

    @usableFromInline let storage: Storage

    @inlinable init(_ elements: [JSONValue]) { storage = .parsed(elements) }
    @inlinable init(_ deferred: JSONDeferredArray) { storage = .deferred(deferred) }

    /// Parsed elements written in place, for `?? []` where a value is not an array.
    public init(arrayLiteral elements: JSONValue...) { storage = .parsed(elements) }

    /// The first element (only it is parsed).
    @inlinable
    public var first: JSONValue? {
        var iterator = makeIterator()
        return iterator.next()
    }

    /// True for an empty array.
    @inlinable
    public var isEmpty: Bool { first == nil }

    /// An iterator from the first element.
    @inlinable
    public func makeIterator() -> Iterator {
        switch storage {
        case .parsed(let elements): return Iterator(state: .parsed(elements.makeIterator()))
        case .deferred(let deferred): return Iterator(state: .deferred(deferred.walk()))
        }
    }

    /// Walks the elements in order, parsing a deferred array's elements one by one.
    public struct Iterator: IteratorProtocol {
        @usableFromInline
        enum State {
            case parsed(IndexingIterator<[JSONValue]>)
            case deferred(JSONDeferredArray.Walk)
        }

        @usableFromInline var state: State

        @inlinable init(state: State) { self.state = state }

        /// The next element, parsed now when the array is deferred; nil after the last.
        @inlinable
        public mutating func next() -> JSONValue? {
            switch state {
            case .parsed(var iterator):
                let element = iterator.next()
                state = .parsed(iterator)
                return element
            case .deferred(var walk):
                let element = walk.next()
                state = .deferred(walk)
                return element
            }
        }
    }
}
