/// Which messages got an answer, and how fast (product.md §10; the rules in docs/cli.md,
/// "Community health").
///
/// A message is *answerable* when it has a time, is not a bot's, and its author is not left
/// out (a bot, or left out of the rankings by `excludeBots` or `excludePeople`). A *response*
/// to it is a reply (found as `ReplyTimes` finds them) with a time by someone else who is not
/// left out and not a bot's message, or a listed reaction by someone else who is not left out:
/// its time is the reaction's, where the export gives one. Reactions whose reactors are not
/// listed name nobody and answer nothing. A message is *answered* when a response has no time
/// (the export does not say when: it is taken as in time) or came within the window
/// (`ResponseRules.window`, in whole seconds as every delay of the report); its *first
/// response* is the earliest response with a time, in or after the window.
public struct Responses: Sendable {
    /// What one message got.
    public struct Entry: Sendable, Equatable {
        public var answerable = false
        public var question = false
        public var answered = false
        /// Whole seconds to the first response with a time.
        public var secondsToFirstResponse: Int64?
    }

    private static let answerable: UInt8 = 1
    private static let question: UInt8 = 2
    private static let untimedResponse: UInt8 = 4

    /// By message index: the flags above.
    private var flags: [UInt8] = []
    /// By message index: whole seconds to the first timed response, `none` for none, `longer`
    /// for a delay in `longDelays` (136 years and more: half the bytes of an `Int64` a message).
    private var firstSeconds: [UInt32] = []
    private var longDelays: [Int: Int64] = [:]
    private static let none = UInt32.max
    private static let longer = UInt32.max - 1
    private var window: Int64 = 0
    /// Whose replies and reactions answer nothing, and whose messages wait for no answer.
    private var uncounted = UncountedPeople()

    /// No message counted (a report whose context computes none).
    public init() {}

    /// Finds what every message of `messages` (report order) got.
    /// - Parameters:
    ///   - bots: user ids the platform marks as bots.
    ///   - leftOut: user ids the rankings leave out (`RankingExclusions`).
    public init(messages: [MessageSummary], rules: ResponseRules, bots: [Platform: Set<String>], leftOut: [Platform: Set<String>]) {
        self.init(reactionsIn: messages, rules: rules, bots: bots, leftOut: leftOut)
        ReplyTimes.forEachAnswered(messages) { parent, replies in answer(parent, by: replies, in: messages) }
    }

    /// What the messages' reactions answer; their replies are added with `answer`, in the walk
    /// `ReplyTimes` makes anyway (`Analysis`: one walk for both).
    init(reactionsIn messages: [MessageSummary], rules: ResponseRules, bots: [Platform: Set<String>], leftOut: [Platform: Set<String>]) {
        window = rules.window
        uncounted = UncountedPeople(bots: bots, leftOut: leftOut)
        flags = [UInt8](repeating: 0, count: messages.count)
        firstSeconds = [UInt32](repeating: Self.none, count: messages.count)
        var support: [ConversationKey: Bool] = [:]
        for index in messages.indices {
            let message = messages[index]
            guard let sentAt = message.sentAt, !message.fromBot, !isLeftOut(message.platform, message.authorID) else { continue }
            var flag = Self.answerable
            let conversation = ConversationKey(platform: message.platform, id: message.conversationID)
            let inSupport =
                support[conversation]
                ?? {
                    let found = rules.isSupport(id: message.conversationID, name: message.conversationName)
                    support[conversation] = found
                    return found
                }()
            // In a support conversation the replies are the answers: its other messages ask.
            let startsThread = message.replyToID == nil || message.replyToID == message.id
            if (inSupport && startsThread) || rules.isQuestion(message.text) { flag |= Self.question }
            for reaction in message.reactions {
                for reactor in reaction.reactors where reactor.id != message.authorID && !isLeftOut(message.platform, reactor.id) {
                    if let at = reactor.at {
                        note(Self.seconds(from: sentAt, to: at), at: index)
                    } else {
                        flag |= Self.untimedResponse
                    }
                }
            }
            flags[index] = flag
        }
    }

    /// Notes `replies` (message indexes, with a time) to the message at `parent` as responses,
    /// those by someone else who is not left out and not a bot's.
    mutating func answer(_ parent: Int, by replies: [Int], in messages: [MessageSummary]) {
        guard flags[parent] & Self.answerable != 0, let sentAt = messages[parent].sentAt else { return }
        let author = messages[parent].authorID
        for reply in replies {
            let message = messages[reply]
            guard message.authorID != author, !message.fromBot, !isLeftOut(message.platform, message.authorID), let at = message.sentAt else {
                continue
            }
            note(Self.seconds(from: sentAt, to: at), at: parent)
        }
    }

    private func isLeftOut(_ platform: Platform, _ id: String?) -> Bool { uncounted.contains(platform, id) }

    /// Whole seconds to the first timed response to message `index`, if any.
    private func firstResponse(at index: Int) -> Int64? {
        switch firstSeconds[index] {
        case Self.none: nil
        case Self.longer: longDelays[index]
        case let seconds: Int64(seconds)
        }
    }

    private mutating func note(_ seconds: Int64, at index: Int) {
        if let known = firstResponse(at: index), known <= seconds { return }
        if seconds < Int64(Self.longer) {
            firstSeconds[index] = UInt32(seconds)
            longDelays[index] = nil
        } else {
            firstSeconds[index] = Self.longer
            longDelays[index] = seconds
        }
    }

    /// Whole seconds from `start` to `end`, 0 when `end` comes first (clock skew).
    static func seconds(from start: Timestamp, to end: Timestamp) -> Int64 {
        max(0, (end.nanoseconds - start.nanoseconds) / 1_000_000_000)
    }

    /// What message `index` got; nil when this value counted no messages.
    public subscript(index: Int) -> Entry? {
        guard index < flags.count else { return nil }
        let flag = flags[index]
        let seconds = firstResponse(at: index)
        return Entry(
            answerable: flag & Self.answerable != 0, question: flag & Self.question != 0,
            answered: flag & Self.answerable != 0 && (flag & Self.untimedResponse != 0 || (seconds.map { $0 <= window } ?? false)),
            secondsToFirstResponse: seconds)
    }
}
