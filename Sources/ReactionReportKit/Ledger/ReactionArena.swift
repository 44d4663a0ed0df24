/// The reaction facts the ledger has recorded, until they are settled: one `Entry` per emoji on
/// a target, one `Adder` per person on an entry, each a few numbers in a flat store, linked into
/// lists by number (a target's entries, an entry's adders), so that nothing is allocated per
/// message or per reaction. A million-message export kept its facts as an array of 152-byte
/// entries a target and an array of reactors on one reaction in four (about 225 bytes a
/// message); here an entry takes 40 bytes and an adder 24, with 24 more where the platform gives
/// the add an identity or a time (event logs), held beside it.
///
/// The entries and adders are kept in `SpilledStore`s: past their first 16 MB, in a temporary
/// file whose pages the process lets go of as the stores grow and after each wave of settling,
/// so that tens of millions of facts take disk, not memory. Settling also lets go of each chunk
/// of them as soon as every message with a fact in it is settled.
struct ReactionArena {
    /// One emoji on one target.
    struct Entry {
        /// The fraction digits of the earliest time the platform's totals give (`noTime`: none);
        /// its nanoseconds are in `totalFirstTimes`.
        var totalFirstDigits: Int8
        /// The fact count when the entry was made: input order, for reactions without times.
        var sequence: UInt32
        /// The number of the entry's emoji in the ledger's `emojiTable`.
        var emoji: Int32
        /// The number of the emoji's key: a target's entries are told apart by it.
        var key: Int32
        /// The platform's total (`noTotal`: none given; totals are held within 0…1,000,000,000).
        var total: Int32
        /// Adds that named no reactor: counted when the platform's total covers them, else
        /// named as not counted.
        var unnamed: Int32
        /// The entry's most recent adder (`none` for none); the others follow by `Adder.next`.
        var firstAdder: UInt32
        var adderCount: UInt32
        /// The target's next entry (`none` at the end).
        var next: UInt32
        /// The file of the newest snapshot whose message copies state this entry (-1: none):
        /// its total is that snapshot's, and its sequence that of its first fact there.
        var decidedBy: Int32
    }

    /// One person's adds of one emoji on one target: the first's file and statement inline, its
    /// identity and time in `firstRefs` and `firstTimes` (held only for chunks where some add has
    /// one: a list of reactors gives neither), the rest (another identity, another file) in
    /// `moreInstances`. 24 bytes.
    struct Adder {
        var givenName: GivenName
        var hasMoreInstances: Bool
        /// The first add's time's fraction digits (`ReactionArena.noTime`: it has none); its
        /// nanoseconds are in `firstTimes`.
        var timeDigits: Int8
        /// The number of the file the first add was read from.
        var file: Int32
        /// The number of the person (`ReactionLedger.personKeys`).
        var person: UInt32
        /// The fact count when the person was first met on the entry.
        var sequence: UInt32
        /// The entry's next adder (`none` at the end).
        var next: UInt32
        /// The file of the newest snapshot that states the first add (-1: only events give it).
        var stated: Int32
    }

    /// The name an add gave its reactor, as far as settling needs it: the directory's name wins
    /// wherever there is one, and any non-empty name given is in the directory.
    enum GivenName: UInt8 {
        case none, empty, named

        init(_ name: String?) {
            switch name {
            case nil: self = .none
            case ""?: self = .empty
            default: self = .named
            }
        }

        /// The first name given wins; a later one is taken only where none was.
        func merged(with other: GivenName) -> GivenName { self == .none ? other : self }
    }

    /// The end of a list.
    static let none = UInt32.max
    static let noTotal: Int32 = -1
    /// The fraction digits a record holds for a time it has none of.
    static let noTime: Int8 = -1
    /// An entry's adders are searched in order up to this many, then indexed by person.
    static let scanLimit = 32

    var entries: SpilledStore<Entry>
    var adders: SpilledStore<Adder>
    /// Each entry's earliest total time in nanoseconds, by entry number (its digits in the entry).
    private var totalFirstTimes: SparseChunkedStore<Int64>
    /// Each adder's first add's identity, by adder number (empty where none is held).
    private var firstRefs: SparseChunkedStore<AddIdentity>
    /// Each adder's first add's time in nanoseconds, by adder number (its digits in the adder).
    private var firstTimes: SparseChunkedStore<Int64>
    /// The adds beyond an adder's first, by adder.
    var moreInstances: [UInt32: [ReactionLedger.Instance]] = [:]
    /// The adders of entries with more than `scanLimit`, by entry and person.
    var adderIndex: [UInt32: [UInt32: UInt32]] = [:]

    /// An empty arena whose stores hold `2^chunkBits` records a chunk (16: 65,536; fewer only
    /// in tests, to see chunks let go of), each keeping `keptInMemory` bytes in memory before
    /// its spill file takes the rest (fewer only in tests, to see the file used).
    init(chunkBits: Int = 16, keptInMemory: Int = ReactionLedger.keptInMemory) {
        entries = SpilledStore(chunkBits: chunkBits, keptInMemory: keptInMemory)
        adders = SpilledStore(chunkBits: chunkBits, keptInMemory: keptInMemory)
        totalFirstTimes = SparseChunkedStore(chunkBits: chunkBits, empty: 0, keptInMemory: keptInMemory)
        firstRefs = SparseChunkedStore(chunkBits: chunkBits, empty: AddIdentity(""), keptInMemory: keptInMemory)
        firstTimes = SparseChunkedStore(chunkBits: chunkBits, empty: 0, keptInMemory: keptInMemory)
    }

    /// The entry of `key` in the list starting at `head`, made (and put at the head) when new.
    mutating func entry(in head: inout UInt32, key: Int32, emoji: Int32, sequence: UInt32) -> UInt32 {
        var position = head
        while position != Self.none {
            if entries[position].key == key { return position }
            position = entries[position].next
        }
        let made = entries.append(
            Entry(
                totalFirstDigits: Self.noTime, sequence: sequence, emoji: emoji, key: key, total: Self.noTotal, unnamed: 0,
                firstAdder: Self.none, adderCount: 0, next: head, decidedBy: -1))
        head = made
        return made
    }

    /// The adder of `person` on `entry`, if any.
    func adder(of person: UInt32, on entry: UInt32) -> UInt32? {
        if entries[entry].adderCount > Self.scanLimit { return adderIndex[entry]?[person] }
        var position = entries[entry].firstAdder
        while position != Self.none {
            if adders[position].person == person { return position }
            position = adders[position].next
        }
        return nil
    }

    /// The earliest time the platform's totals gave the entry at `position`.
    func totalFirstAt(of position: UInt32) -> Timestamp? {
        Self.time(digits: entries[position].totalFirstDigits, nanoseconds: totalFirstTimes[position])
    }

    mutating func setTotalFirstAt(_ time: Timestamp?, of position: UInt32) {
        (entries[position].totalFirstDigits, totalFirstTimes[position]) = Self.parts(of: time)
    }

    /// A time held as its fraction digits in a record and its nanoseconds beside it.
    private static func time(digits: Int8, nanoseconds: Int64) -> Timestamp? {
        digits == noTime ? nil : Timestamp(nanoseconds: nanoseconds, fractionDigits: Int(digits))
    }

    /// What `time(digits:nanoseconds:)` reads back: `noTime` and 0 for none (0 takes no room in
    /// a `SparseChunkedStore`).
    private static func parts(of time: Timestamp?) -> (digits: Int8, nanoseconds: Int64) {
        time.map { (Int8($0.fractionDigits), $0.nanoseconds) } ?? (noTime, 0)
    }

    /// Lets go of the facts' pages read back from the spill file since the last time.
    func dropResident() {
        entries.dropResident()
        adders.dropResident()
        totalFirstTimes.dropResident()
        firstRefs.dropResident()
        firstTimes.dropResident()
    }

    /// Lets go of chunk `chunk` of the entries: its numbers must not be read again.
    mutating func releaseEntries(chunk: Int) {
        entries.release(chunk: chunk)
        totalFirstTimes.release(chunk: chunk)
    }

    /// Puts a new adder of `person` at the head of `entry`'s adders, its first add `first`.
    mutating func link(
        person: UInt32, givenName: GivenName, sequence: UInt32, first: ReactionLedger.Instance, to entry: UInt32
    ) {
        let position = adders.append(
            Adder(
                givenName: givenName, hasMoreInstances: false, timeDigits: Self.noTime, file: first.file, person: person, sequence: sequence,
                next: Self.none, stated: first.stated))
        setFirst(of: position, ref: first.ref, at: first.at)
        linkMade(position, person: person, to: entry)
    }

    /// The first add of the adder at `position`.
    func firstInstance(of position: UInt32) -> ReactionLedger.Instance {
        let adder = adders[position]
        return ReactionLedger.Instance(ref: firstRefs[position], at: firstTime(of: position), file: adder.file, stated: adder.stated)
    }

    /// The identity of the first add of the adder at `position`.
    func firstRef(of position: UInt32) -> AddIdentity { firstRefs[position] }

    /// The time of the first add of the adder at `position`.
    func firstTime(of position: UInt32) -> Timestamp? {
        Self.time(digits: adders[position].timeDigits, nanoseconds: firstTimes[position])
    }

    private mutating func setFirst(of position: UInt32, ref: AddIdentity, at: Timestamp?) {
        firstRefs[position] = ref
        (adders[position].timeDigits, firstTimes[position]) = Self.parts(of: at)
    }

    /// Lets go of chunk `chunk` of the adders: its numbers must not be read again.
    mutating func releaseAdders(chunk: Int) {
        adders.release(chunk: chunk)
        firstRefs.release(chunk: chunk)
        firstTimes.release(chunk: chunk)
    }

    /// Puts the adder at `position`, already in the store, at the head of `entry`'s adders.
    mutating func linkMade(_ position: UInt32, person: UInt32, to entry: UInt32) {
        adders[position].next = entries[entry].firstAdder
        entries[entry].firstAdder = position
        entries[entry].adderCount += 1
        let count = entries[entry].adderCount
        if count > Self.scanLimit {
            if count == Self.scanLimit + 1 {
                var index: [UInt32: UInt32] = [:]
                for other in adderPositions(of: entry) { index[adders[other].person] = other }
                adderIndex[entry] = index
            } else {
                adderIndex[entry]![person] = position
            }
        }
    }

    /// The positions of `entry`'s adders, most recent first.
    func adderPositions(of entry: UInt32) -> AdderPositions {
        AdderPositions(adders: adders, upcoming: entries[entry].firstAdder)
    }

    /// The positions of a target's entries, from the head of its list.
    func entryPositions(from head: UInt32) -> EntryPositions {
        EntryPositions(entries: entries, upcoming: head)
    }

    /// Every add of the adder at `position`.
    func instances(of position: UInt32) -> [ReactionLedger.Instance] {
        guard adders[position].hasMoreInstances else { return [firstInstance(of: position)] }
        return [firstInstance(of: position)] + (moreInstances[position] ?? [])
    }

    /// Records another add of the adder at `position`: an identity it has is the same add again
    /// (its earliest time kept, and the newer of the files stating it; the result says whether it
    /// was read from `instance.file` before), another identity is one more add. `restated` is
    /// true when a snapshot newer than every one that stated the adder's adds before states them
    /// (a first statement, after events alone, is not).
    /// - Parameter newer: whether the first file's snapshot is newer than the second's.
    mutating func add(
        _ instance: ReactionLedger.Instance, toAdder position: UInt32, newer: (Int32, Int32) -> Bool
    ) -> (repeated: Bool, sameFile: Bool, restated: Bool) {
        func newest(_ a: Int32, _ b: Int32) -> Int32 { a < 0 || (b >= 0 && newer(b, a)) ? b : a }
        let before = instance.stated >= 0 ? newestStatement(of: position, newer: newer) : -1
        let restated = instance.stated >= 0 && before >= 0 && newer(instance.stated, before)
        if firstRefs[position] == instance.ref {
            setFirst(of: position, ref: instance.ref, at: ReactionLedger.earliestTime(firstTime(of: position), instance.at))
            adders[position].stated = newest(adders[position].stated, instance.stated)
            return (true, adders[position].file == instance.file, restated)
        }
        var more = moreInstances[position] ?? []
        if let index = more.firstIndex(where: { $0.ref == instance.ref }) {
            more[index].at = ReactionLedger.earliestTime(more[index].at, instance.at)
            more[index].stated = newest(more[index].stated, instance.stated)
            moreInstances[position] = more
            return (true, more[index].file == instance.file, restated)
        }
        more.append(instance)
        moreInstances[position] = more
        adders[position].hasMoreInstances = true
        return (false, false, restated)
    }

    /// The file of the newest snapshot stating any add of the adder at `position` (-1: none).
    func newestStatement(of position: UInt32, newer: (Int32, Int32) -> Bool) -> Int32 {
        var found = adders[position].stated
        guard adders[position].hasMoreInstances else { return found }
        for instance in moreInstances[position] ?? [] where instance.stated >= 0 && (found < 0 || newer(instance.stated, found)) {
            found = instance.stated
        }
        return found
    }

    /// Makes `instances` (at least one) the adds of the adder at `position`.
    mutating func setInstances(of position: UInt32, _ instances: [ReactionLedger.Instance]) {
        let first = instances[0]
        setFirst(of: position, ref: first.ref, at: first.at)
        adders[position].file = first.file
        adders[position].stated = first.stated
        adders[position].hasMoreInstances = instances.count > 1
        moreInstances[position] = instances.count > 1 ? Array(instances.dropFirst()) : nil
    }

    /// Makes `kept`, in this order, the adders of `entry` (the others are let go of).
    mutating func setAdders(of entry: UInt32, _ kept: [UInt32]) {
        for (index, position) in kept.enumerated() { adders[position].next = index + 1 < kept.count ? kept[index + 1] : Self.none }
        entries[entry].firstAdder = kept.first ?? Self.none
        entries[entry].adderCount = UInt32(kept.count)
        adderIndex[entry] = nil
        if kept.count > Self.scanLimit {
            var index: [UInt32: UInt32] = [:]
            for position in kept { index[adders[position].person] = position }
            adderIndex[entry] = index
        }
    }

    /// The positions of one list of entries, followed by `next`.
    struct EntryPositions: Sequence, IteratorProtocol {
        let entries: SpilledStore<Entry>
        var upcoming: UInt32

        mutating func next() -> UInt32? {
            guard upcoming != ReactionArena.none else { return nil }
            defer { upcoming = entries[upcoming].next }
            return upcoming
        }
    }

    /// The positions of one entry's adders, followed by `next`.
    struct AdderPositions: Sequence, IteratorProtocol {
        let adders: SpilledStore<Adder>
        var upcoming: UInt32

        mutating func next() -> UInt32? {
            guard upcoming != ReactionArena.none else { return nil }
            defer { upcoming = adders[upcoming].next }
            return upcoming
        }
    }
}
