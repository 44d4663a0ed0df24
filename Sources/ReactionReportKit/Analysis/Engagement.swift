import ByteOutput

/// The engagement figures of a set of messages (a week, a conversation in a week, or the
/// whole report): what every row of the weekly report compares with the week before.
public struct Engagement: Sendable, Equatable {
    public var messages = 0
    /// Messages with at least one reaction.
    public var reactedMessages = 0
    /// The sum of the reactions' counts, held at `Int.max` (`Int.addingClamped`).
    public var reactions = 0
    /// Distinct people with at least one listed reaction.
    public var reactors = 0
    /// Distinct authors.
    public var posters = 0
    /// The median, over messages with a time and a known first-reaction time, of the whole
    /// seconds from the message to its first reaction; nil when no message has both. With an
    /// even number of values, the mean of the two middle ones, rounded down.
    public var medianSecondsToFirstReaction: Int64?
    /// People whose first listed reaction in the report is in this set.
    public var newReactors = 0
    /// Messages that reply to another (in a thread, or as a reply).
    public var replies = 0
    /// The median, over messages with a first reply by someone else (`ReplyTimes`), of the
    /// whole seconds to it; nil when none has one. Even counts as for reactions.
    public var medianSecondsToFirstReply: Int64?
    /// Messages an answer is looked for on (`Responses`: with a time, not from a bot or a
    /// person left out).
    public var answerableMessages = 0
    /// Answerable messages answered within the window.
    public var answeredMessages = 0
    /// The median and the 90th percentile (nearest rank) of the whole seconds to the first
    /// response, over answerable messages with a timed response; nil when none has one.
    public var medianSecondsToFirstResponse: Int64?
    public var p90SecondsToFirstResponse: Int64?
    /// Answerable messages that ask (`ResponseRules.isQuestion`, `supportConversations`).
    public var questions = 0
    /// Questions answered within the window.
    public var answeredQuestions = 0
    /// As for messages, over the questions.
    public var medianSecondsToFirstQuestionResponse: Int64?
    public var p90SecondsToFirstQuestionResponse: Int64?

    /// The sums of the counts of positive and of negative reactions (`Mood`), held at `Int.max`.
    public var positiveReactions = 0
    public var negativeReactions = 0
    /// Who took part (`Participation`; for a week, not for its conversations or groups).
    var participation = Participation.Figures()

    public init() {}

    /// Questions with no answer within the window.
    public var unansweredQuestions: Int { questions - answeredQuestions }
    /// Answered messages per answerable message (0 for none).
    public var responseRate: Double { answerableMessages == 0 ? 0 : Double(answeredMessages) / Double(answerableMessages) }
    /// Answered questions per question (0 for none).
    public var questionResponseRate: Double { questions == 0 ? 0 : Double(answeredQuestions) / Double(questions) }

    /// Reacted messages per message (0 for no messages).
    public var reactionRate: Double { messages == 0 ? 0 : Double(reactedMessages) / Double(messages) }
    /// Reactions per message (0 for no messages).
    public var reactionsPerMessage: Double { messages == 0 ? 0 : Double(reactions) / Double(messages) }
}

/// A person's identity across platforms (user ids are only unique within one platform).
struct PersonKey: Hashable, Comparable {
    var platform: Platform
    var id: String

    static func < (lhs: PersonKey, rhs: PersonKey) -> Bool {
        lhs.platform != rhs.platform ? lhs.platform < rhs.platform : UTF8Bytes.precedes(lhs.id, rhs.id)
    }
}

/// A conversation's identity across platforms.
struct ConversationKey: Hashable {
    var platform: Platform
    var id: String
}

/// Collects `Engagement` one message at a time.
struct EngagementTally {
    private(set) var figures = Engagement()
    /// False when the caller keeps the set of reactors itself (and passes its size to `result`).
    private var countingReactors = true
    private var reactorKeys: Set<PersonKey> = []
    /// The distinct people with a listed reaction so far (none when `countingReactors` is false).
    var reactors: Set<PersonKey> { reactorKeys }
    private var posterKeys: Set<PersonKey> = []
    private var delays: [Int64] = []
    private var replyDelays: [Int64] = []
    private var responseDelays: [Int64] = []
    private var questionDelays: [Int64] = []
    /// The times are worked out (`settleTimes`): no more messages may be added.
    private var timesSettled = false

    init(countingReactors: Bool = true) {
        self.countingReactors = countingReactors
    }

    /// Makes room for the delays of `messages` messages. The sets of people are left to grow:
    /// sized by the messages, a week of a million-message report held a set of a few thousand
    /// posters in room for hundreds of thousands.
    mutating func reserve(messages: Int) {
        delays.reserveCapacity(messages)
    }

    /// Adds a message; `secondsToFirstReply` is its entry in `ReplyTimes`, `response` its
    /// entry in `Responses`, `mood` its positive and negative reactions (`Mood.counts`).
    mutating func add(
        _ message: MessageSummary, secondsToFirstReply: Int64? = nil, response: Responses.Entry? = nil, mood: (positive: Int, negative: Int) = (0, 0)
    ) {
        precondition(!timesSettled, "a message added to a tally whose times are settled")
        figures.messages += 1
        figures.positiveReactions.addClamped(mood.positive)
        figures.negativeReactions.addClamped(mood.negative)
        if let response, response.answerable {
            figures.answerableMessages += 1
            if response.answered { figures.answeredMessages += 1 }
            if let seconds = response.secondsToFirstResponse { responseDelays.append(seconds) }
            if response.question {
                figures.questions += 1
                if response.answered { figures.answeredQuestions += 1 }
                if let seconds = response.secondsToFirstResponse { questionDelays.append(seconds) }
            }
        }
        if message.replyToID != nil { figures.replies += 1 }
        if let secondsToFirstReply { replyDelays.append(secondsToFirstReply) }
        let count = message.reactionCount
        figures.reactions.addClamped(count)
        if count > 0 { figures.reactedMessages += 1 }
        if let author = message.authorID { posterKeys.insert(PersonKey(platform: message.platform, id: author)) }
        if countingReactors {
            for reaction in message.reactions {
                for reactor in reaction.reactors { reactorKeys.insert(PersonKey(platform: message.platform, id: reactor.id)) }
            }
        }
        if let delay = Self.secondsToFirstReaction(message) { delays.append(delay) }
    }

    /// The figures; `newReactors` is counted by the caller, who knows where each person first
    /// reacted, and so is `reactors` when the tally does not count them.
    func result(reactors: Int? = nil, newReactors: Int = 0) -> Engagement {
        var tally = self
        tally.settleTimes()
        var figures = tally.figures
        figures.reactors = reactors ?? reactorKeys.count
        figures.posters = posterKeys.count
        figures.newReactors = newReactors
        return figures
    }

    /// Works out the medians and percentiles of the times collected so far and lets their
    /// values go: a week's tallies wait, every week's at once, for the new reactors to be
    /// counted, and a million messages' times were 30 MB of them.
    mutating func settleTimes() {
        guard !timesSettled else { return }
        timesSettled = true
        figures.medianSecondsToFirstReaction = Self.median(delays)
        figures.medianSecondsToFirstReply = Self.median(replyDelays)
        let responses = responseDelays.sorted(), questions = questionDelays.sorted()
        figures.medianSecondsToFirstResponse = Self.median(sorted: responses)
        figures.p90SecondsToFirstResponse = Self.percentile90(sorted: responses)
        figures.medianSecondsToFirstQuestionResponse = Self.median(sorted: questions)
        figures.p90SecondsToFirstQuestionResponse = Self.percentile90(sorted: questions)
        (delays, replyDelays, responseDelays, questionDelays) = ([], [], [], [])
    }

    /// Whole seconds from the message to its earliest known reaction (0 for a reaction
    /// stamped before its message, as clock skew between servers does).
    static func secondsToFirstReaction(_ message: MessageSummary) -> Int64? {
        guard let sentAt = message.sentAt else { return nil }
        var first: Timestamp?
        for reaction in message.reactions {
            if let at = reaction.firstAt { first = min(first ?? at, at) }
            for reactor in reaction.reactors { if let at = reactor.at { first = min(first ?? at, at) } }
        }
        guard let first else { return nil }
        return max(0, (first.nanoseconds - sentAt.nanoseconds) / 1_000_000_000)
    }

    static func median(_ values: [Int64]) -> Int64? {
        median(sorted: values.sorted())
    }

    /// The median of values in increasing order.
    static func median(sorted: [Int64]) -> Int64? {
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        let (a, b) = (sorted[middle - 1], sorted[middle])
        return a + (b - a) / 2
    }

    /// The 90th percentile of values in increasing order, by nearest rank: the value at
    /// 1-based position ⌈0.9 n⌉.
    static func percentile90(sorted: [Int64]) -> Int64? {
        guard !sorted.isEmpty else { return nil }
        return sorted[(9 * sorted.count + 9) / 10 - 1]
    }
}
