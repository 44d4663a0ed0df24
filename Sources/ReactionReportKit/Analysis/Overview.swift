import ByteOutput

/// Totals and rankings over a set of messages: what the index page and `summary.md` show.
public struct Overview: Sendable {
    /// Figures for one conversation.
    public struct ConversationTotals: Sendable {
        public var platform: Platform
        public var id: String
        public var name: String
        public var messages: Int
        public var reactedMessages: Int
        public var reactions: Int
    }

    /// How often one emoji was used.
    public struct EmojiUse: Sendable {
        public var emoji: Emoji
        public var count: Int
    }

    public var messages: Int = 0
    public var reactedMessages: Int = 0
    /// The sum of the reactions' counts, held at `Int.max` (`Int.addingClamped`), as
    /// are the conversations' and the emoji's sums.
    public var reactions: Int = 0
    /// Distinct people with at least one listed reaction.
    public var reactors: Int = 0
    /// Distinct authors.
    public var posters: Int = 0
    /// Every engagement figure of the whole report (the overview's totals read theirs from it;
    /// it has no weeks before it, so no new reactors).
    public var figures = Engagement()
    public var firstMessageAt: Timestamp?
    public var lastMessageAt: Timestamp?
    /// Indexes into the message list, best first.
    public var topMessages: [Int] = []
    public var topEmoji: [EmojiUse] = []
    public var conversations: [ConversationTotals] = []

    /// Computes the overview of `messages`.
    /// - Parameter topN: how many entries rankings keep.
    public init(messages list: [MessageSummary], topN: Int) {
        var tally = EngagementTally()
        var emoji: [String: EmojiUse] = [:]
        var conversationIndex: [ConversationKey: Int] = [:]
        for message in list {
            tally.add(message)
            let count = message.reactionCount
            if let sentAt = message.sentAt {
                firstMessageAt = min(firstMessageAt ?? sentAt, sentAt)
                lastMessageAt = max(lastMessageAt ?? sentAt, sentAt)
            }
            for reaction in message.reactions {
                emoji[reaction.emoji.key, default: EmojiUse(emoji: reaction.emoji, count: 0)].count.addClamped(reaction.count)
            }
            let key = ConversationKey(platform: message.platform, id: message.conversationID)
            let index: Int
            if let known = conversationIndex[key] {
                index = known
            } else {
                index = conversations.count
                conversationIndex[key] = index
                conversations.append(
                    ConversationTotals(
                        platform: message.platform, id: message.conversationID, name: message.conversationName,
                        messages: 0, reactedMessages: 0, reactions: 0))
            }
            conversations[index].messages += 1
            conversations[index].reactions.addClamped(count)
            if count > 0 { conversations[index].reactedMessages += 1 }
        }
        figures = tally.result()
        messages = figures.messages
        reactedMessages = figures.reactedMessages
        reactions = figures.reactions
        reactors = figures.reactors
        posters = figures.posters
        conversations.sort { ($0.platform, $0.name, $0.id) < ($1.platform, $1.name, $1.id) }
        topEmoji = Array(Self.rankEmoji(emoji.values).prefix(topN))
        topMessages = Self.rank(list, topN: topN)
    }

    /// Most used first; ties by key (code points).
    public static func rankEmoji<S: Sequence>(_ uses: S) -> [EmojiUse] where S.Element == EmojiUse {
        uses.sorted { $0.count != $1.count ? $0.count > $1.count : UTF8Bytes.precedes($0.emoji.key, $1.emoji.key) }
    }

    /// Indexes of the messages with the most reactions; ties go to more distinct reactors, then
    /// the earlier message.
    public static func rank(_ list: [MessageSummary], topN: Int) -> [Int] {
        rank(list, among: list.indices, topN: topN)
    }

    /// The same ranking over some of the messages (`among`, indexes into `list`, ascending).
    /// Only the best `topN` are kept while the messages are walked (`TopN`); the distinct
    /// reactors are counted only to break a tie.
    static func rank<Indices: Sequence<Int>>(_ list: [MessageSummary], among indices: Indices, topN: Int) -> [Int] {
        func distinct(_ index: Int) -> Int {
            var ids: Set<String> = []
            for reaction in list[index].reactions { for reactor in reaction.reactors { ids.insert(reactor.id) } }
            return ids.count
        }
        let reacted = indices.lazy.map { index in (index: index, count: list[index].reactionCount) }.filter { $0.count > 0 }
        let best = TopN.select(reacted, limit: topN) { a, b in
            if a.count != b.count { return a.count > b.count }
            let (da, db) = (distinct(a.index), distinct(b.index))
            if da != db { return da > db }
            return a.index < b.index
        }
        return best.map(\.index)
    }
}
