import InputFiles

/// The settled reactions of a run of the report's messages (one part of settling), held once
/// for them all: a reaction is a few numbers, its reactors a run of numbered people, and its
/// emoji and people are found by number in tables the whole report shares. A message's
/// reactions are a range of it (`ReactionList`); nothing is allocated per message or per
/// reaction. A million-message report kept its reactions as an array of 104-byte values a
/// message, with an array of reactors on one reaction in four (about 170 bytes a message); here
/// they take about 70.
final class SettledReactions: Sendable {
    /// One emoji on one message: 32 bytes. Its time is kept as `PackedTime`'s two fields, first
    /// and last (an optional `Timestamp` first made it 40: at 10M messages of 6 reactions, 480
    /// MB more).
    struct Reaction: Sendable {
        private var firstAtNanoseconds: Int64
        var sequence: UInt32
        /// The number of the emoji in `emoji`.
        var emoji: UInt32
        var count: Int32
        /// Where the reaction's reactors start in `reactors`, and how many there are.
        var reactorsStart: UInt32
        var reactorCount: UInt32
        private var firstAtDigits: Int8
        var complete: Bool

        init(
            firstAt: Timestamp?, sequence: UInt32, emoji: UInt32, count: Int32, reactorsStart: UInt32, reactorCount: UInt32, complete: Bool
        ) {
            (firstAtNanoseconds, firstAtDigits) = PackedTime.pack(firstAt)
            self.sequence = sequence
            self.emoji = emoji
            self.count = count
            self.reactorsStart = reactorsStart
            self.reactorCount = reactorCount
            self.complete = complete
        }

        var firstAt: Timestamp? { PackedTime.unpack(firstAtNanoseconds, firstAtDigits) }
    }

    /// One person on one reaction: 16 bytes (24 with an optional `Timestamp`).
    struct ReactorRecord: Sendable {
        private var atNanoseconds: Int64
        /// The number of the person in `people`.
        var person: UInt32
        private var atDigits: Int8
        /// True when the person has no name in the directory and the export gave an empty one
        /// with the reaction (shown as given, an empty name, where no name would show the id).
        var emptyName: Bool

        init(at: Timestamp?, person: UInt32, emptyName: Bool) {
            (atNanoseconds, atDigits) = PackedTime.pack(at)
            self.person = person
            self.emptyName = emptyName
        }

        var at: Timestamp? { PackedTime.unpack(atNanoseconds, atDigits) }
    }

    /// An optional time as two fields a record lays out with its others: nanoseconds, and the
    /// fraction digits, −1 for no time.
    enum PackedTime {
        static func pack(_ time: Timestamp?) -> (Int64, Int8) {
            guard let time else { return (0, -1) }
            return (time.nanoseconds, Int8(time.fractionDigits))
        }

        static func unpack(_ nanoseconds: Int64, _ digits: Int8) -> Timestamp? {
            digits < 0 ? nil : Timestamp(nanoseconds: nanoseconds, fractionDigits: Int(digits))
        }
    }

    /// Every emoji of the report, by number (the ledger's table).
    let emoji: [Emoji]
    /// Every reactor of the report, by number.
    let people: PeopleDirectory
    /// The part's records: the arrays settling wrote, or, once `spilled(into:)` has appended
    /// them to the report's `SettledRecords` (which can keep them in a spill file), a run there.
    private let records: Records

    private enum Records: Sendable {
        case own(reactions: [Reaction], reactors: [ReactorRecord])
        case spilled(SettledRecords, reactionStart: Int, reactorStart: Int)
    }

    convenience init(emoji: [Emoji], people: PeopleDirectory, reactions: [Reaction], reactors: [ReactorRecord]) {
        self.init(emoji: emoji, people: people, records: .own(reactions: reactions, reactors: reactors))
    }

    private init(emoji: [Emoji], people: PeopleDirectory, records: Records) {
        self.emoji = emoji
        self.people = people
        self.records = records
    }

    /// The record of the reaction at `index`.
    func reaction(at index: Int) -> Reaction {
        switch records {
        case .own(let reactions, _): return reactions[index]
        case .spilled(let settled, let start, _): return settled.reactions[start + index]
        }
    }

    private func reactorRecord(at index: Int) -> ReactorRecord {
        switch records {
        case .own(_, let reactors): return reactors[index]
        case .spilled(let settled, _, let start): return settled.reactors[start + index]
        }
    }

    /// The same reactions read from `settled`, to whose end their records are appended (on the
    /// one thread that appends to it); the store itself is not changed.
    func spilled(into settled: SettledRecords) -> SettledReactions {
        guard case .own(let reactions, let reactors) = records else { return self }
        let run = Records.spilled(settled, reactionStart: settled.reactions.count, reactorStart: settled.reactors.count)
        for reaction in reactions { settled.reactions.append(reaction) }
        for reactor in reactors { settled.reactors.append(reactor) }
        return SettledReactions(emoji: emoji, people: people, records: run)
    }

    /// The reaction at `index`, as a value.
    func summary(at index: Int) -> ReactionSummary {
        let reaction = reaction(at: index)
        let start = Int(reaction.reactorsStart)
        return ReactionSummary(
            emoji: emoji[Int(reaction.emoji)], count: Int(reaction.count),
            reactors: ReactorList(self, start..<start + Int(reaction.reactorCount)), reactorsComplete: reaction.complete,
            firstAt: reaction.firstAt, sequence: Int(reaction.sequence))
    }

    /// The reactor at `index`, as a value.
    func reactor(at index: Int) -> Reactor {
        let record = reactorRecord(at: index)
        let person = Int(record.person)
        return Reactor(id: people.ids[person], name: people.names[person] ?? (record.emptyName ? "" : nil), at: record.at)
    }

    /// The same reactions with the people of `directory` (same numbers, other ids and names:
    /// the anonymizer's pseudonyms).
    func withPeople(_ directory: PeopleDirectory) -> SettledReactions {
        SettledReactions(emoji: emoji, people: directory, records: records)
    }
}

/// The settled records of a whole report, appended part by part as settling goes (one thread),
/// then read from any thread: in `RecordSpill`s, whose pages past their first 16 MB live in a
/// temporary file. Once settling is done (`finish()`), the pages read back are let go of every
/// tenth of a second, so the analysis and the pages, which read every message's reactions
/// several times, hold a window of them, not all.
final class SettledRecords: Sendable {
    let reactions: RecordSpill<SettledReactions.Reaction>
    let reactors: RecordSpill<SettledReactions.ReactorRecord>

    /// - Parameter keptInMemory: bytes of each kind kept in memory before the file (fewer only in tests).
    init(keptInMemory: Int = ReactionLedger.keptInMemory) {
        reactions = RecordSpill(maximumCount: Int(UInt32.max), keptInMemory: keptInMemory)
        reactors = RecordSpill(maximumCount: Int(UInt32.max), keptInMemory: keptInMemory)
    }

    /// Lets go of the pages read back or written since the last time (on the appending thread).
    func dropResident() {
        reactions.dropResident()
        reactors.dropResident()
    }

    /// Ends appending: from now on the pages read back are let go of as time goes.
    func finish() {
        dropResident()
        reactions.keepDropping()
        reactors.keepDropping()
    }
}

/// The people who reacted in a report, numbered in the order the ledger first met them: their
/// platform, their id and their name in the platform's directory (nil where it has none).
final class PeopleDirectory: Sendable {
    let platforms: [Platform]
    let ids: [String]
    let names: [String?]

    init(platforms: [Platform], ids: [String], names: [String?]) {
        self.platforms = platforms
        self.ids = ids
        self.names = names
    }
}

/// The reactions of one message, in their order: a range of a part's `SettledReactions` as the
/// ledger settled them, or values given directly (tests, the anonymizer, a reordering).
public struct ReactionList: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    var storage: SettledValues<ReactionSummary>

    /// The reactions given.
    public init(_ reactions: [ReactionSummary]) { storage = .values(reactions) }

    public init(arrayLiteral reactions: ReactionSummary...) { storage = .values(reactions) }

    init(_ store: SettledReactions, _ range: Range<Int>) { storage = SettledValues(store, range) }

    private init(storage: SettledValues<ReactionSummary>) { self.storage = storage }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    public subscript(position: Int) -> ReactionSummary {
        storage.element(position) { $0.summary(at: $1) }
    }

    /// The sum of the counts, held at the ends of `Int` (`Int.addingClamped`), read without
    /// making each reaction's value.
    var totalCount: Int {
        switch storage {
        case .values(let values):
            var total = 0
            for reaction in values { total = total.addingClamped(reaction.count) }
            return total
        case .settled(let store, let start, let count):
            var total = 0
            for index in Int(start)..<Int(start) + Int(count) { total = total.addingClamped(Int(store.reaction(at: index).count)) }
            return total
        }
    }

    /// The same reactions with each reactor replaced by `transform`'s: a part's store takes
    /// the people of `directory(store.people)` (made once a store: `stores` keeps them by the
    /// store they replace), so the reactions stay where they are.
    func mappingReactors(
        stores: inout [ObjectIdentifier: SettledReactions], directory: (PeopleDirectory) -> PeopleDirectory, _ transform: (Reactor) -> Reactor
    ) -> ReactionList {
        switch storage {
        case .values(let values):
            return ReactionList(
                values.map { reaction in
                    var reaction = reaction
                    reaction.reactors = ReactorList(reaction.reactors.lazy.map(transform))
                    return reaction
                })
        case .settled(let store, let start, let count):
            let mapped = stores[ObjectIdentifier(store)] ?? store.withPeople(directory(store.people))
            stores[ObjectIdentifier(store)] = mapped
            return ReactionList(storage: .settled(mapped, start: start, count: count))
        }
    }

    /// Puts the reactions in the order `areInIncreasingOrder` gives (as values).
    public mutating func sort(by areInIncreasingOrder: (ReactionSummary, ReactionSummary) -> Bool) {
        storage = .values(Array(self).sorted(by: areInIncreasingOrder))
    }
}

/// The reactors of one reaction, earliest first: a range of a part's `SettledReactions`, or
/// values given directly.
public struct ReactorList: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    private var storage: SettledValues<Reactor>

    /// The reactors in the order given.
    public init(_ reactors: some Sequence<Reactor>) { storage = .values(Array(reactors)) }

    public init(arrayLiteral reactors: Reactor...) { storage = .values(reactors) }

    init(_ store: SettledReactions, _ range: Range<Int>) { storage = SettledValues(store, range) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    public subscript(position: Int) -> Reactor {
        storage.element(position) { $0.reactor(at: $1) }
    }

    public static func == (a: ReactorList, b: ReactorList) -> Bool { a.elementsEqual(b) }
}

/// The elements of a `ReactionList` or a `ReactorList`: values given directly, or a range of a
/// part's store, each element made when read.
enum SettledValues<Element: Sendable>: Sendable {
    case values([Element])
    case settled(SettledReactions, start: UInt32, count: UInt32)

    init(_ store: SettledReactions, _ range: Range<Int>) {
        self = .settled(store, start: UInt32(range.lowerBound), count: UInt32(range.count))
    }

    var count: Int {
        switch self {
        case .values(let values): return values.count
        case .settled(_, _, let count): return Int(count)
        }
    }

    /// The element at `position`: a value given, or `read(store, index in the store)`.
    func element(_ position: Int, read: (SettledReactions, Int) -> Element) -> Element {
        switch self {
        case .values(let values): return values[position]
        case .settled(let store, let start, let count):
            precondition(position >= 0 && position < Int(count), "a position outside the list")
            return read(store, Int(start) + position)
        }
    }
}
