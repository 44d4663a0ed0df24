import ParallelWork

/// The weekly engagement report (product.md §5): for every ISO week of the report, in its time
/// zone, the figures overall and per conversation, and the week's rankings.
///
/// A message belongs to the week in which it was sent; its reactions count there, whenever they
/// were added. Every week from the first to the last appears, with zeros where nothing was sent.
/// Messages without a time belong to no week (`undated` counts them).
public struct WeeklyReport: Sendable {
    /// Someone in a ranking: reactions given (reactors) or received (authors; a sum of counts,
    /// held at `Int.max`).
    public struct PersonCount: Sendable, Equatable {
        public var platform: Platform
        public var id: String
        public var name: String?
        public var count: Int
    }

    /// One conversation's figures in one week.
    public struct ConversationWeek: Sendable, Equatable {
        public var platform: Platform
        public var id: String
        public var name: String
        public var figures: Engagement
    }

    /// One emoji's uses in a week.
    public typealias EmojiUse = Overview.EmojiUse

    public struct Week: Sendable {
        public var week: ISOWeek
        /// Where the week starts and ends (Unix seconds; the end is the next week's start).
        public var start: Int64
        public var end: Int64
        /// How many of the week's days the data covers, 0 to 7: the days from the first
        /// message's day to the last message's day (`WeeklyReport.coveredDays`).
        public var days = 7
        /// The data does not cover the whole week: its figures are not compared with another
        /// week's, nor another week's with them.
        public var partial: Bool { days < 7 }
        public var figures = Engagement()
        /// Indexes into the report's messages, in message order.
        public var messages: [Int] = []
        /// Indexes into the report's messages, best first (ties: more distinct reactors, then earlier).
        public var topMessages: [Int] = []
        public var topEmoji: [EmojiUse] = []
        /// Every palette emoji in palette order, used or not.
        public var palette: [EmojiUse] = []
        /// Every emoji used that is not on the palette, most used first.
        public var offPalette: [EmojiUse] = []
        /// Reactions given, most first.
        public var topReactors: [PersonCount] = []
        /// Reactions received on one's messages, most first.
        public var topReceivers: [PersonCount] = []
        /// Who reacts to whom this week, most first (people left out and bots' messages make none).
        public var topPairs: [PairCount] = []
        /// Conversations with messages this week or the week before, most reactions first.
        public var conversations: [ConversationWeek] = []
        /// Every configured group of conversations, in the configuration's order.
        public var groups: [GroupWeek] = []
        /// Indexes into the report's messages: the week's questions with no answer within the
        /// window, oldest first, at most `WeeklyReport.unansweredListed` (the figures count them all).
        public var unanswered: [Int] = []
        /// Indexes into the report's messages: those whose reactions disagree most (`Mood`).
        public var disagreements: [Int] = []
    }

    /// How many unanswered questions a week lists.
    public static let unansweredListed = 20

    /// One group's figures in one week.
    public struct GroupWeek: Sendable, Equatable {
        public var name: String
        public var figures: Engagement
    }

    /// What the weeks count besides the messages: reply times, who the rankings leave out, and
    /// the groups of conversations.
    public struct Context: Sendable {
        public var replies: ReplyTimes
        /// What every message got in answer.
        public var responses: Responses
        /// The engagement levels' posting days.
        public var levels: EngagementLevels
        /// Which reactions are positive and which negative.
        var mood: Mood
        /// User ids the rankings leave out, by platform.
        public var leftOut: [Platform: Set<String>]
        public var groups: [ConversationGroup]
        /// Leave bots' messages out of the received rankings and pairs (`excludeBots`).
        public var skipBotMessages: Bool
        /// User ids the platform marks as bots, by platform (for `data/people.csv`).
        public var bots: [Platform: Set<String>]

        public init(
            replies: ReplyTimes = ReplyTimes(), responses: Responses = Responses(), levels: EngagementLevels = EngagementLevels(),
            leftOut: [Platform: Set<String>] = [:], groups: [ConversationGroup] = [],
            skipBotMessages: Bool = true,
            bots: [Platform: Set<String>] = [:]
        ) {
            self.bots = bots
            self.replies = replies
            self.responses = responses
            self.levels = levels
            mood = Mood()
            self.leftOut = leftOut
            self.groups = groups
            self.skipBotMessages = skipBotMessages
        }
    }

    public let calendar: WeekCalendar
    public var weeks: [Week] = []
    /// The weeks' boundaries, nil when no message has a time.
    public private(set) var range: WeekRange?
    /// The data's first and last days, in the report's time zone: the days of the first and
    /// of the last dated message. `--since` and `--until` cut the messages, so a week they cut
    /// is partial too; a bound beyond the messages covers nothing more (an export says nothing
    /// of the days it does not reach).
    public private(set) var coveredDays: ClosedRange<CivilDate>?
    /// Messages without a sending time, left out of every week.
    public var undated = 0
    /// True when some week has a reply: the reports then show the reply figures.
    public private(set) var hasReplies = false
    /// The people of the whole report, from the weeks' tallies.
    public private(set) var people = PeopleReport()
    /// The weeks' cohorts of people first active in them (none for a week where nobody was new).
    private(set) var cohorts: [Participation.Cohort] = []
    /// The engagement level of everyone active in the report's last 28 days (its last four weeks).
    private(set) var levels: [PersonKey: EngagementLevels.Level] = [:]

    /// - Parameters:
    ///   - messages: the report's messages, in their output order.
    ///   - first, last: widen the range of weeks (for `--since`/`--until`); by default the range
    ///     runs from the first message's week to the last's.
    ///   - palette: the configured palette, resolved.
    ///   - context: reply times, who the rankings leave out, the groups.
    public init(
        messages: [MessageSummary], calendar: WeekCalendar, topN: Int, palette: [Emoji] = [],
        first: ISOWeek? = nil, last: ISOWeek? = nil, context: Context = Context()
    ) {
        self.calendar = calendar
        // The first and last times, found in one pass (an array of every time would be 16 MB
        // a million messages).
        var earliestTime: Timestamp?
        var latestTime: Timestamp?
        for index in messages.indices {
            guard let sentAt = messages[index].sentAt else {
                undated += 1
                continue
            }
            if earliestTime.map({ sentAt < $0 }) ?? true { earliestTime = sentAt }
            if latestTime.map({ sentAt > $0 }) ?? true { latestTime = sentAt }
        }
        let ranking = PeopleTally.Ranking(leftOut: context.leftOut, skipBotMessages: context.skipBotMessages, topN: topN)
        // Messages without a time belong to no week, but their people count; they come last in
        // report order.
        var undatedPeople = PeopleTally()
        if undated > 0 {
            for index in messages.indices where messages[index].sentAt == nil { undatedPeople.add(messages[index], at: index) }
        }
        var wholePeople = PeopleTotals()
        defer { people = PeopleReport(wholePeople, bots: context.bots, ranking: ranking) }
        guard let earliest = earliestTime, let latest = latestTime else {
            wholePeople.merge(undatedPeople)
            return
        }
        let range = WeekRange(
            from: first.map { min($0, calendar.week(of: earliest)) } ?? calendar.week(of: earliest),
            through: last.map { max($0, calendar.week(of: latest)) } ?? calendar.week(of: latest), calendar: calendar)
        self.range = range
        let covered = calendar.day(of: earliest)...calendar.day(of: latest)
        coveredDays = covered
        weeks = range.weeks.indices.map { index in
            var week = Week(week: range.weeks[index], start: range.starts[index], end: range.starts[index + 1])
            let monday = week.week.monday.daysSinceEpoch
            let from = max(monday, covered.lowerBound.daysSinceEpoch), through = min(monday + 6, covered.upperBound.daysSinceEpoch)
            week.days = Int(max(0, through - from + 1))
            return week
        }
        // By index and field: a loop over the messages copied each whole message.
        for index in messages.indices {
            guard let sentAt = messages[index].sentAt, let week = range.index(of: sentAt) else { continue }
            weeks[week].messages.append(index)
        }
        let membership = GroupMembership(groups: context.groups, messages: messages)

        // Each week is counted on its own, on every core. Who reacted for the first time depends
        // on the weeks before, so it is found afterwards, in week order, from each week's (and
        // each conversation's and group's) set of reactors.
        // The whole report's people are the weeks' tallies merged in week order (then the
        // undated), each merged as soon as it is made, so that only a few weeks' tallies are
        // held at once.
        var counted: [(week: Week, tally: EngagementTally, reactors: [PersonKey], scopes: [Scope: (name: String, tally: EngagementTally)])] = []
        // Participation follows the weeks in order, holding only the last four weeks' activity.
        var participation = Participation(levels: context.levels)
        var taking: [Participation.Figures] = []
        counted.reserveCapacity(weeks.count)
        // Cannot fail: neither closure throws.
        try! Concurrently.inOrder(
            weeks.count, window: 4,
            make: { index in
                let activity = Participation.WeekActivity(
                    weeks[index], messages: messages, calendar: calendar, leftOut: context.leftOut, bots: context.bots)
                return (Self.count(weeks[index], messages: messages, palette: palette, context: context, ranking: ranking, membership: membership), activity)
            },
            consume: { counting in
                let (week, activity) = counting
                taking.append(participation.add(activity))
                wholePeople.merge(week.people)
                counted.append((week.week, week.tally, week.reactors, week.scopes))
            })
        wholePeople.merge(undatedPeople)
        cohorts = participation.cohorts(of: weeks.map(\.week)).filter { $0.people > 0 }
        levels = participation.personLevels()
        // New reactors, week by week: for the whole report and for each scope (conversation or
        // group), each followed through its own weeks, on every core.
        var scopes: [Scope] = []
        var jobs: [Scope: Int] = [:]
        var weeksOf: [[Int]] = []
        for index in counted.indices {
            for key in counted[index].scopes.keys {
                if let job = jobs[key] {
                    weeksOf[job - 1].append(index)
                } else {
                    jobs[key] = scopes.count + 1
                    scopes.append(key)
                    weeksOf.append([index])
                }
            }
        }
        // Job 0: every week; job j: the weeks of scope j - 1 in which it has messages.
        let newReactors = Concurrently.map(scopes.count + 1) { job -> [Int] in
            var seen: Set<PersonKey> = []
            if job == 0 {
                return counted.indices.map { counted[$0].reactors.reduce(0) { $0 + (seen.insert($1).inserted ? 1 : 0) } }
            }
            let key = scopes[job - 1]
            return weeksOf[job - 1].map { index in
                counted[index].scopes[key]!.tally.reactors.reduce(0) { $0 + (seen.insert($1).inserted ? 1 : 0) }
            }
        }
        // How many of each scope's weeks have been passed.
        var passed = [Int](repeating: 0, count: scopes.count + 1)
        var previousConversations: [ConversationKey: ConversationWeek] = [:]
        for index in weeks.indices {
            var week = counted[index].week
            week.figures = counted[index].tally.result(reactors: counted[index].reactors.count, newReactors: newReactors[0][index])
            week.figures.participation = taking[index]
            var current: [ConversationKey: ConversationWeek] = [:]
            week.groups = context.groups.map { GroupWeek(name: $0.name, figures: Engagement()) }
            for (key, entry) in counted[index].scopes {
                let job = jobs[key]!
                let figures = entry.tally.result(newReactors: newReactors[job][passed[job]])
                passed[job] += 1
                switch key {
                case .conversation(let conversation):
                    current[conversation] = ConversationWeek(platform: conversation.platform, id: conversation.id, name: entry.name, figures: figures)
                case .group(let group):
                    week.groups[group].figures = figures
                }
            }
            for (key, before) in previousConversations where current[key] == nil {
                current[key] = ConversationWeek(platform: key.platform, id: key.id, name: before.name, figures: Engagement())
            }
            week.conversations = current.values.sorted { a, b in
                if a.figures.reactions != b.figures.reactions { return a.figures.reactions > b.figures.reactions }
                if a.figures.messages != b.figures.messages { return a.figures.messages > b.figures.messages }
                return (a.platform, a.name, a.id) < (b.platform, b.name, b.id)
            }
            previousConversations = current.filter { $0.value.figures.messages > 0 }
            hasReplies = hasReplies || week.figures.replies > 0
            weeks[index] = week
        }
    }

    /// What a week is counted for besides the whole: a conversation, or a configured group.
    enum Scope: Hashable {
        case conversation(ConversationKey)
        case group(Int)
    }

    /// One week counted on its own: its rankings and emoji, and the tallies of the week and of
    /// each conversation and group in it (their figures wait for the count of new reactors).
    private static func count(
        _ week: Week, messages: [MessageSummary], palette: [Emoji], context: Context, ranking: PeopleTally.Ranking, membership: GroupMembership
    ) -> (
        week: Week, tally: EngagementTally, reactors: [PersonKey], people: PeopleTally,
        scopes: [Scope: (name: String, tally: EngagementTally)]
    ) {
        var week = week
        // The week's distinct reactors are the people tally's reactors, so its tally keeps no set of them.
        var tally = EngagementTally(countingReactors: false)
        var scopes: [Scope: (name: String, tally: EngagementTally)] = [:]
        var emoji: [String: EmojiUse] = [:]
        var people = PeopleTally()
        var disagreeing: [Mood.Disagreement] = []
        let replyTimes = context.replies.secondsToFirstReply
        // Each message is read in place (a copy of a message retains every one of its strings).
        func add(_ message: MessageSummary, at index: Int) {
            let seconds = replyTimes.isEmpty ? nil : replyTimes[index]
            let response = context.responses[index]
            let mood = context.mood.counts(message)
            if mood.positive > 0, mood.negative > 0 { disagreeing.append((index, mood.positive, mood.negative)) }
            tally.add(message, secondsToFirstReply: seconds, response: response, mood: mood)
            if let response, response.question, !response.answered, week.unanswered.count < Self.unansweredListed {
                week.unanswered.append(index)
            }
            let conversation = ConversationKey(platform: message.platform, id: message.conversationID)
            scopes[.conversation(conversation), default: (message.conversationName, EngagementTally())].tally.add(
                message, secondsToFirstReply: seconds, response: response, mood: mood)
            for group in membership.groups(of: conversation) {
                scopes[.group(group), default: ("", EngagementTally())].tally.add(
                    message, secondsToFirstReply: seconds, response: response, mood: mood)
            }
            for reaction in message.reactions {
                emoji[reaction.emoji.key, default: EmojiUse(emoji: reaction.emoji, count: 0)].count.addClamped(reaction.count)
            }
            people.add(message, at: index)
        }
        // The week's size first, so that its tables are made once. The people tables are not
        // sized by the reactor listings: most listings repeat a person, and the week's tally is
        // held until it is merged.
        tally.reserve(messages: week.messages.count)
        for messageIndex in week.messages { add(messages[messageIndex], at: messageIndex) }
        // The times' medians now, on this core, so that the week's tallies wait without them.
        tally.settleTimes()
        for index in scopes.indices { scopes.values[index].tally.settleTimes() }
        let topN = ranking.topN
        week.disagreements = Mood.mostDisagreed(disagreeing, limit: Mood.disagreementsListed)
        week.topMessages = Overview.rank(messages, among: week.messages, topN: topN)
        week.topEmoji = Array(Overview.rankEmoji(emoji.values).prefix(topN))
        let paletteKeys = Set(palette.map(\.key))
        week.palette = palette.map { EmojiUse(emoji: emoji[$0.key]?.emoji ?? $0, count: emoji[$0.key]?.count ?? 0) }
        week.offPalette = Overview.rankEmoji(emoji.values.filter { !paletteKeys.contains($0.emoji.key) })
        let everyone = people.people
        week.topReactors = PeopleTally.topReactors(everyone, ranking)
        week.topReceivers = PeopleTally.topReceivers(everyone, ranking)
        week.topPairs = people.topPairs(ranking, messages: messages)
        return (week, tally, people.reactors, people, scopes)
    }

    /// The week an instant falls in, when it is within the report.
    public func week(of time: Timestamp) -> ISOWeek? {
        range?.index(of: time).map { weeks[$0].week }
    }

    /// Most first; ties by platform, then id.
    static func rankPeople(_ people: [PersonCount], topN: Int) -> [PersonCount] {
        TopN.select(people, limit: topN) { a, b in
            a.count != b.count ? a.count > b.count : PersonKey(platform: a.platform, id: a.id) < PersonKey(platform: b.platform, id: b.id)
        }
    }
}

/// Which configured groups each conversation of the report belongs to.
struct GroupMembership: Sendable {
    private var groupsByConversation: [ConversationKey: [Int]] = [:]

    init(groups: [ConversationGroup], messages: [MessageSummary]) {
        guard !groups.isEmpty else { return }
        var names: [ConversationKey: String] = [:]
        for message in messages where names[ConversationKey(platform: message.platform, id: message.conversationID)] == nil {
            names[ConversationKey(platform: message.platform, id: message.conversationID)] = message.conversationName
        }
        for (key, name) in names {
            let member = groups.indices.filter { groups[$0].contains(id: key.id, name: name) }
            if !member.isEmpty { groupsByConversation[key] = member }
        }
    }

    func groups(of conversation: ConversationKey) -> [Int] {
        groupsByConversation.isEmpty ? [] : groupsByConversation[conversation] ?? []
    }
}
