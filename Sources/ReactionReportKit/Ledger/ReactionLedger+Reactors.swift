/// How the ledger holds the reactors of one reaction: compact for the usual one reactor with
/// one add, searchable by id for the rare reaction with many.
extension ReactionLedger {
    /// A reactor's adds of one emoji: almost always one, so the first is kept inline and only
    /// duplicates allocate (a million reactions would otherwise be a million arrays).
    struct Instances: RandomAccessCollection, MutableCollection {
        private var first: Instance
        private var rest: [Instance] = []

        init(_ first: Instance) { self.first = first }

        var startIndex: Int { 0 }
        var endIndex: Int { rest.count + 1 }

        subscript(position: Int) -> Instance {
            get { position == 0 ? first : rest[position - 1] }
            set {
                if position == 0 { first = newValue } else { rest[position - 1] = newValue }
            }
        }

        mutating func append(_ instance: Instance) { rest.append(instance) }
    }

    /// The reactors of one emoji on one message by user id, in the order first added. Most
    /// reactions have one reactor, kept inline; the others are a list searched in order (comparing
    /// a few short ids costs less than hashing one, and a dictionary per reaction is large),
    /// indexed by id once they are many.
    struct ReactorTable: Sequence {
        private var first: (id: String, entry: ReactorEntry)?
        private var others: [(id: String, entry: ReactorEntry)] = []
        /// Positions in `others` by id, once there are more than `scanLimit`.
        private var positions: [String: Int]?
        static let scanLimit = 16

        var count: Int { (first == nil ? 0 : 1) + others.count }

        private func position(of id: String) -> Int? {
            if let positions { return positions[id] }
            return others.firstIndex { $0.id == id }
        }

        /// The reactor with this id.
        subscript(id: String) -> ReactorEntry? {
            if let first, first.id == id { return first.entry }
            return position(of: id).map { others[$0].entry }
        }

        /// Changes the entry of reactor `id` with `update`, in place, or stores `insert()` for a
        /// reactor not seen yet (there is no removal).
        mutating func upsert(_ id: String, insert: () -> ReactorEntry, update: (inout ReactorEntry) -> Void) {
            guard first != nil else {
                first = (id, insert())
                return
            }
            if first!.id == id { return update(&first!.entry) }
            if let position = position(of: id) { return update(&others[position].entry) }
            others.append((id, insert()))
            if positions != nil {
                positions![id] = others.count - 1
            } else if others.count > Self.scanLimit {
                positions = Dictionary(uniqueKeysWithValues: others.indices.map { (others[$0].id, $0) })
            }
        }

        /// The inline reactor, then the others (a type-erased iterator would allocate, and call
        /// through a box, for every reactor).
        struct Iterator: IteratorProtocol {
            var pending: (key: String, value: ReactorEntry)?
            var others: IndexingIterator<[(id: String, entry: ReactorEntry)]>

            mutating func next() -> (key: String, value: ReactorEntry)? {
                if let next = pending {
                    pending = nil
                    return next
                }
                return others.next().map { (key: $0.id, value: $0.entry) }
            }
        }

        func makeIterator() -> Iterator {
            Iterator(pending: first.map { (key: $0.id, value: $0.entry) }, others: others.makeIterator())
        }
    }
}
