import ByteOutput

/// Reactions given and received per person, and who reacts to whom, over the whole report:
/// `data/people.csv`, and the people section of the index page and `summary.md`.
///
/// The data (`people`) counts everyone; the rankings (`topReactors`, `topReceivers`,
/// `topPairs`) leave out the people `RankingExclusions` names and (with `excludeBots`) messages
/// a bot made. Made by `WeeklyReport` from the weeks' `PeopleTally`s, merged in report order.
public struct PeopleReport: Sendable {
    /// One person's figures.
    public struct Person: Sendable, Equatable {
        public var platform: Platform
        public var id: String
        /// The first name the report's messages give the person (as author or reactor).
        public var name: String?
        /// True when the platform marks the person as a bot.
        public var bot: Bool
        /// True when the rankings leave the person out.
        public var excluded: Bool
        /// Messages the person sent.
        public var messages = 0
        /// Listed reactions the person gave (one per message and emoji).
        public var reactionsGiven = 0
        /// The sum of the reaction counts on the person's messages.
        public var reactionsReceived = 0
        /// Distinct other people whose messages the person reacted to.
        public var peopleReactedTo = 0
        /// Distinct other people who reacted to the person's messages.
        public var peopleReactedBy = 0
    }

    /// Everyone who sent a message or is a listed reactor, by platform, then id.
    public var people: [Person] = []
    /// Reactions given, most first, without the people left out.
    public var topReactors: [WeeklyReport.PersonCount] = []
    /// Reactions received, most first, without the people left out and bots' messages.
    public var topReceivers: [WeeklyReport.PersonCount] = []
    /// Who reacts to whom, most first.
    public var topPairs: [PairCount] = []
    /// Every pair: reactor << 32 | author (numbers in `pairPositions`) → the reactor's reactions
    /// to the author's messages (one's own messages make no pair), and the part on bots'
    /// messages. Bots' messages and the people the rankings leave out are counted: each use
    /// leaves out what it must. The merged tallies' own dictionary, kept as it is (a copy by
    /// position in `people` held a second dictionary of every pair at the analysis step's peak).
    var pairs: [UInt64: PairCounts] = [:]
    /// The position in `people` of each number in `pairs`' keys.
    var pairPositions: [Int] = []

    public init() {}

    /// The people of the whole report.
    init(_ totals: PeopleTotals, bots: [Platform: Set<String>], ranking: PeopleTally.Ranking) {
        people = totals.keys.indices.map { index in
            let (key, entry) = (totals.keys[index], totals.entries[index])
            return Person(
                platform: key.platform, id: key.id, name: entry.name, bot: bots[key.platform]?.contains(key.id) ?? false,
                excluded: ranking.isLeftOut(key.platform, key.id), messages: entry.messages, reactionsGiven: entry.given,
                reactionsReceived: entry.received)
        }
        for pair in totals.pairs.keys {
            people[Int(pair >> 32)].peopleReactedTo += 1
            people[Int(pair & 0xFFFF_FFFF)].peopleReactedBy += 1
        }
        // People sorted; the pairs keep their numbers, with their sorted positions beside.
        let keys = people.map { PersonKey(platform: $0.platform, id: $0.id) }
        let order = people.indices.sorted { keys[$0] < keys[$1] }
        pairPositions = [Int](repeating: 0, count: order.count)
        for (sorted, original) in order.enumerated() { pairPositions[original] = sorted }
        people = order.map { people[$0] }
        pairs = totals.pairs
        let everyone = zip(totals.keys, totals.entries)
        topReactors = PeopleTally.topReactors(everyone, ranking)
        topReceivers = PeopleTally.topReceivers(everyone, ranking)
        topPairs = totals.topPairs(ranking)
    }
}

/// The whole report's people, merged from the weeks' tallies: people by number, and pairs as two
/// numbers (a pair of the whole report takes 24 bytes instead of two strings and two names).
struct PeopleTotals: Sendable {
    var index: [PersonKey: Int] = [:]
    var keys: [PersonKey] = []
    var entries: [PeopleTally.Entry] = []
    /// Reactor number << 32 | author number → reactions, and the part on bots' messages.
    var pairs: [UInt64: PairCounts] = [:]

    private mutating func number(_ key: PersonKey) -> Int {
        if let known = index[key] { return known }
        index[key] = keys.count
        keys.append(key)
        entries.append(PeopleTally.Entry())
        return keys.count - 1
    }

    /// Adds a tally of messages after those merged so far.
    mutating func merge(_ tally: PeopleTally) {
        // The tally's numbers of people, as numbers of the whole report.
        var numbers: [UInt64] = []
        numbers.reserveCapacity(tally.keys.count)
        for (key, entry) in zip(tally.keys, tally.entries) {
            let position = number(key)
            entries[position].merge(entry)
            numbers.append(UInt64(position))
        }
        for (key, pair) in tally.pairs {
            let merged = numbers[Int(key >> 32)] << 32 | numbers[Int(key & 0xFFFF_FFFF)]
            pairs[merged, default: PairCounts()].add(pair.counts)
        }
    }

    /// Most first; ties by platform, reactor id, then author id (byte order). Names are each
    /// person's first as reactor and as author.
    func topPairs(_ ranking: PeopleTally.Ranking) -> [PairCount] {
        let counts = pairs.lazy.compactMap { key, pair -> PairCount? in
            let count = pair.ranked(skippingBotMessages: ranking.skipBotMessages)
            let (reactor, author) = (keys[Int(key >> 32)], keys[Int(key & 0xFFFF_FFFF)])
            guard count > 0, !ranking.isLeftOut(reactor.platform, reactor.id), !ranking.isLeftOut(author.platform, author.id) else { return nil }
            return PairCount(
                platform: reactor.platform, reactorID: reactor.id, reactorName: entries[Int(key >> 32)].reactorName, authorID: author.id,
                authorName: entries[Int(key & 0xFFFF_FFFF)].authorName, count: count)
        }
        return PeopleTally.rankPairs(counts, topN: ranking.topN)
    }
}

/// A reactor's listed reactions to an author's messages, and the part on bots' messages: 32
/// bits each, half an `Int` pair's size in the dictionaries of pairs that the analysis holds at
/// its peak (a million heavy messages make millions of pairs). Exact for every report: each
/// listed reaction is one of the ledger's entries, and 2^32 of them would not fit in memory;
/// past that a count stays at its largest rather than wrapping.
struct PairCounts: Sendable, Equatable {
    private var all: UInt32 = 0
    private var onBots: UInt32 = 0

    /// Every reaction of the pair.
    var count: Int { Int(all) }
    /// The part of `count` on bots' messages.
    var onBotMessages: Int { Int(onBots) }

    /// The count a ranking reads: without bots' messages when it skips them.
    func ranked(skippingBotMessages: Bool) -> Int { skippingBotMessages ? count - onBotMessages : count }

    /// One more reaction, on a bot's message or not.
    mutating func add(onBotMessage: Bool) {
        all = Self.sum(all, 1)
        if onBotMessage { onBots = Self.sum(onBots, 1) }
    }

    /// The counts of a later part of the messages.
    mutating func add(_ other: PairCounts) {
        all = Self.sum(all, other.all)
        onBots = Self.sum(onBots, other.onBots)
    }

    private static func sum(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : total
    }
}

/// Reactions from one person to another's messages.
public struct PairCount: Sendable, Equatable {
    public var platform: Platform
    public var reactorID: String
    public var reactorName: String?
    public var authorID: String
    public var authorName: String?
    public var count: Int
}

/// What the people's figures and rankings are made of, over a set of messages: per person the
/// messages sent and the reactions given and received, and per pair of reactor and author the
/// reactions. Everyone is counted (the data leaves nobody out); what bots' messages add is
/// also kept apart, so that a ranking can leave it out. Tallies of parts merge into the whole.
struct PeopleTally: Sendable {
    struct Entry: Sendable {
        /// The first name given (as author or reactor), and the first as each.
        var name: String?
        var reactorName: String?
        var authorName: String?
        var messages = 0
        var given = 0
        var received = 0
        /// The part of `received` on bots' messages.
        var receivedOnBotMessages = 0

        /// Adds the figures of a later part of the messages.
        mutating func merge(_ other: Entry) {
            messages += other.messages
            given += other.given
            received.addClamped(other.received)
            receivedOnBotMessages.addClamped(other.receivedOnBotMessages)
            if name == nil { name = other.name }
            if reactorName == nil { reactorName = other.reactorName }
            if authorName == nil { authorName = other.authorName }
        }
    }

    /// A reactor and an author: where the pair was first met, and how often. Its names are
    /// those of that first meeting, read from the message when the pair is ranked (two names
    /// in every pair made a week of 170,000 messages hold 29 MB of pairs instead of 17).
    struct Pair: Sendable {
        /// The message's index in the report << 32 | the reactor's place among its listed reactors.
        var first: UInt64
        var counts = PairCounts()
    }

    /// Who a ranking leaves out.
    struct Ranking: Sendable {
        var leftOut: [Platform: Set<String>]
        var skipBotMessages: Bool
        var topN: Int

        func isLeftOut(_ platform: Platform, _ id: String) -> Bool {
            leftOut[platform]?.contains(id) ?? false
        }
    }

    /// The people met, numbered in the order met (`keys[n]`, `entries[n]`), and their numbers.
    private(set) var index: [PersonKey: Int] = [:]
    private(set) var keys: [PersonKey] = []
    private(set) var entries: [Entry] = []
    /// Reactor number << 32 | author number → the pair: a pair is hashed as one integer, not
    /// as two strings (a week of a million-message report has a few hundred thousand pairs).
    private(set) var pairs: [UInt64: Pair] = [:]

    /// Everyone met, with their figures.
    var people: Zip2Sequence<[PersonKey], [Entry]> { zip(keys, entries) }

    private mutating func number(_ key: PersonKey) -> Int {
        if let known = index[key] { return known }
        index[key] = keys.count
        keys.append(key)
        entries.append(Entry())
        return keys.count - 1
    }

    /// Counts the message at `index` in the report's messages.
    mutating func add(_ message: MessageSummary, at index: Int) {
        precondition((0...Int(UInt32.max)).contains(index), "a report holds at most 2^32 messages")
        let platform = message.platform
        let bot = message.fromBot
        var authorNumber = 0
        if let author = message.authorID {
            let total = message.reactionCount
            authorNumber = number(PersonKey(platform: platform, id: author))
            entries[authorNumber].messages += 1
            entries[authorNumber].received.addClamped(total)
            if bot { entries[authorNumber].receivedOnBotMessages.addClamped(total) }
            if entries[authorNumber].name == nil { entries[authorNumber].name = message.authorName }
            if entries[authorNumber].authorName == nil { entries[authorNumber].authorName = message.authorName }
        }
        var place: UInt64 = 0
        for reaction in message.reactions {
            for reactor in reaction.reactors {
                defer { place += 1 }
                let reactorNumber = number(PersonKey(platform: platform, id: reactor.id))
                entries[reactorNumber].given += 1
                if entries[reactorNumber].name == nil { entries[reactorNumber].name = reactor.name }
                if entries[reactorNumber].reactorName == nil { entries[reactorNumber].reactorName = reactor.name }
                guard let author = message.authorID, author != reactor.id else { continue }
                let key = UInt64(reactorNumber) << 32 | UInt64(authorNumber)
                pairs[key, default: Pair(first: UInt64(index) << 32 | place)].counts.add(onBotMessage: bot)
            }
        }
    }

    /// The people who gave a listed reaction.
    var reactors: [PersonKey] { people.compactMap { $1.given > 0 ? $0 : nil } }

    /// Reactions given, most first; ties by platform, then id.
    static func topReactors(_ people: some Sequence<(PersonKey, Entry)>, _ ranking: Ranking) -> [WeeklyReport.PersonCount] {
        let counts = people.compactMap { key, entry -> WeeklyReport.PersonCount? in
            guard entry.given > 0, !ranking.isLeftOut(key.platform, key.id) else { return nil }
            return WeeklyReport.PersonCount(platform: key.platform, id: key.id, name: entry.reactorName, count: entry.given)
        }
        return WeeklyReport.rankPeople(counts, topN: ranking.topN)
    }

    /// Reactions received, most first, without bots' messages when the ranking skips them.
    static func topReceivers(_ people: some Sequence<(PersonKey, Entry)>, _ ranking: Ranking) -> [WeeklyReport.PersonCount] {
        let counts = people.compactMap { key, entry -> WeeklyReport.PersonCount? in
            let count = ranking.skipBotMessages ? entry.received - entry.receivedOnBotMessages : entry.received
            guard count > 0, !ranking.isLeftOut(key.platform, key.id) else { return nil }
            return WeeklyReport.PersonCount(platform: key.platform, id: key.id, name: entry.authorName, count: count)
        }
        return WeeklyReport.rankPeople(counts, topN: ranking.topN)
    }

    /// Most first; ties by platform, reactor id, then author id (byte order). `messages` are
    /// the report's, which the tally's messages were counted from (`add(_:at:)`).
    func topPairs(_ ranking: Ranking, messages: [MessageSummary]) -> [PairCount] {
        let counts = pairs.lazy.compactMap { key, pair -> PairCount? in
            let count = pair.counts.ranked(skippingBotMessages: ranking.skipBotMessages)
            let (reactor, author) = (keys[Int(key >> 32)], keys[Int(key & 0xFFFF_FFFF)])
            guard count > 0, !ranking.isLeftOut(reactor.platform, reactor.id), !ranking.isLeftOut(author.platform, author.id) else { return nil }
            return PairCount(
                platform: reactor.platform, reactorID: reactor.id, reactorName: nil, authorID: author.id, authorName: nil, count: count)
        }
        // Names only for the pairs ranked.
        return Self.rankPairs(counts, topN: ranking.topN).map { ranked in
            var named = ranked
            let pair = pairs[pairKey(ranked)]!
            let message = messages[Int(pair.first >> 32)]
            named.reactorName = Self.reactor(at: Int(pair.first & 0xFFFF_FFFF), of: message).name
            named.authorName = message.authorName
            return named
        }
    }

    /// The key of a ranked pair in `pairs`.
    private func pairKey(_ pair: PairCount) -> UInt64 {
        let reactor = index[PersonKey(platform: pair.platform, id: pair.reactorID)]!
        let author = index[PersonKey(platform: pair.platform, id: pair.authorID)]!
        return UInt64(reactor) << 32 | UInt64(author)
    }

    /// The reactor at `place` among the message's listed reactors, counted across its reactions.
    private static func reactor(at place: Int, of message: MessageSummary) -> Reactor {
        var rest = place
        for reaction in message.reactions {
            if rest < reaction.reactors.count { return reaction.reactors[rest] }
            rest -= reaction.reactors.count
        }
        preconditionFailure("a pair's first reactor is among its message's reactors")
    }

    /// Most first; ties by platform, reactor id, then author id (byte order). The pairs are
    /// ranked as they are made: a million-message report has a million pairs, which as one
    /// array of `PairCount`s were the largest thing its analysis held.
    static func rankPairs(_ counts: some Sequence<PairCount>, topN: Int) -> [PairCount] {
        TopN.select(counts, limit: topN) { a, b in
            if a.count != b.count { return a.count > b.count }
            let (ra, rb) = (PersonKey(platform: a.platform, id: a.reactorID), PersonKey(platform: b.platform, id: b.reactorID))
            if ra != rb { return ra < rb }
            return UTF8Bytes.precedes(a.authorID, b.authorID)
        }
    }
}
