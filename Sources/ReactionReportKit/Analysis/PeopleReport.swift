import ByteOutput

/// Reactions given and received per person, and who reacts to whom, over the whole report:
/// `data/people.csv`, and the people section of the index page and `summary.md`.
///
/// The data (`people`) counts everyone; the rankings (`topReactors`, `topReceivers`,
/// `topPairs`) leave out the people `RankingExclusions` names and messages a bot made.
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

    public init() {}

    /// The people of `messages` (the report's messages, in report order).
    /// - Parameter skipBotMessages: leave bots' messages out of the rankings (`excludeBots`).
    public init(
        messages: [MessageSummary], bots: [Platform: Set<String>], leftOut: [Platform: Set<String>], skipBotMessages: Bool = true, topN: Int
    ) {
        var index: [PersonKey: Int] = [:]
        var tally = PairTally(leftOut: leftOut, skipBotMessages: skipBotMessages)
        func person(_ platform: Platform, _ id: String, _ name: String?) -> Int {
            let key = PersonKey(platform: platform, id: id)
            if let known = index[key] {
                if people[known].name == nil { people[known].name = name }
                return known
            }
            index[key] = people.count
            people.append(
                Person(
                    platform: platform, id: id, name: name, bot: bots[platform]?.contains(id) ?? false,
                    excluded: leftOut[platform]?.contains(id) ?? false))
            return people.count - 1
        }
        var allPairs: Set<PairKey> = []
        for message in messages {
            var author: Int?
            if let id = message.authorID {
                let entry = person(message.platform, id, message.authorName)
                people[entry].messages += 1
                people[entry].reactionsReceived.addClamped(message.reactionCount)
                author = entry
            }
            for reaction in message.reactions {
                for reactor in reaction.reactors {
                    people[person(message.platform, reactor.id, reactor.name)].reactionsGiven += 1
                    if let author, people[author].id != reactor.id {
                        allPairs.insert(PairKey(platform: message.platform, reactor: reactor.id, author: people[author].id))
                    }
                }
            }
            tally.add(message)
        }
        for pair in allPairs {
            people[index[PersonKey(platform: pair.platform, id: pair.reactor)]!].peopleReactedTo += 1
            people[index[PersonKey(platform: pair.platform, id: pair.author)]!].peopleReactedBy += 1
        }
        people.sort { PersonKey(platform: $0.platform, id: $0.id) < PersonKey(platform: $1.platform, id: $1.id) }
        topReactors = WeeklyReport.rankPeople(tally.given.values, topN: topN)
        topReceivers = WeeklyReport.rankPeople(tally.received.values, topN: topN)
        topPairs = tally.topPairs(topN)
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

/// A reactor and an author on one platform.
struct PairKey: Hashable {
    var platform: Platform
    var reactor: String
    var author: String
}

/// Counts what the rankings show over a set of messages: reactions given and received, and
/// pairs, without the people left out and (with `excludeBots`) without bots' messages as
/// received or in pairs.
struct PairTally {
    let leftOut: [Platform: Set<String>]
    let skipBotMessages: Bool
    var given: [PersonKey: WeeklyReport.PersonCount] = [:]
    var received: [PersonKey: WeeklyReport.PersonCount] = [:]
    var pairs: [PairKey: PairCount] = [:]

    init(leftOut: [Platform: Set<String>], skipBotMessages: Bool) {
        self.leftOut = leftOut
        self.skipBotMessages = skipBotMessages
    }

    func isLeftOut(_ platform: Platform, _ id: String) -> Bool {
        leftOut[platform]?.contains(id) ?? false
    }

    mutating func add(_ message: MessageSummary) {
        let platform = message.platform
        let author = message.fromBot && skipBotMessages ? nil : message.authorID.flatMap { isLeftOut(platform, $0) ? nil : $0 }
        for reaction in message.reactions {
            for reactor in reaction.reactors where !isLeftOut(platform, reactor.id) {
                let person = PersonKey(platform: platform, id: reactor.id)
                given[person, default: .init(platform: platform, id: reactor.id, name: reactor.name, count: 0)].count += 1
                if let author, author != reactor.id {
                    let pair = PairKey(platform: platform, reactor: reactor.id, author: author)
                    pairs[
                        pair,
                        default: PairCount(
                            platform: platform, reactorID: reactor.id, reactorName: reactor.name, authorID: author,
                            authorName: message.authorName, count: 0)
                    ].count += 1
                }
            }
        }
        if let author {
            let total = message.reactionCount
            if total > 0 {
                let person = PersonKey(platform: platform, id: author)
                received[person, default: .init(platform: platform, id: author, name: message.authorName, count: 0)].count.addClamped(total)
            }
        }
    }

    /// Most first; ties by platform, reactor id, then author id (byte order).
    func topPairs(_ topN: Int) -> [PairCount] {
        TopN.select(pairs.values, limit: topN) { a, b in
            if a.count != b.count { return a.count > b.count }
            let (ra, rb) = (PersonKey(platform: a.platform, id: a.reactorID), PersonKey(platform: b.platform, id: b.reactorID))
            if ra != rb { return ra < rb }
            return UTF8Bytes.precedes(a.authorID, b.authorID)
        }
    }
}
