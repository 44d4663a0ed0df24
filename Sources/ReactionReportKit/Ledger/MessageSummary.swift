/// A message with everything the ledger decided about its reactions: what analysis and
/// rendering work on.
public struct MessageSummary: Sendable {
    public var platform: Platform
    public var conversationID: String
    public var conversationName: String
    public var id: String
    public var authorID: String?
    public var authorName: String?
    public var sentAt: Timestamp?
    public var threadParentID: String?
    public var text: String
    public var deleted: Bool
    /// The markup of `text`.
    public var markup: TextMarkup
    /// Stars from paid reactions (Telegram), counted apart from people's reactions.
    public var paidStars: Int
    /// Reactions in first-reacted order.
    public var reactions: [ReactionSummary]

    /// The sum of the reactions' counts.
    public var reactionCount: Int { reactions.reduce(0) { $0 + $1.count } }
}

/// One emoji on one message.
public struct ReactionSummary: Sendable {
    public var emoji: Emoji
    /// The platform's total where it gives one, else the number of distinct reactors.
    public var count: Int
    /// The known reactors, earliest first.
    public var reactors: [Reactor]
    /// True when every reactor counted in `count` is listed.
    public var reactorsComplete: Bool
    /// The earliest known time of this reaction.
    public var firstAt: Timestamp?
    /// Input order of the first fact about this emoji (breaks ties, orders reactions without times).
    public var sequence: Int
}

/// A person who reacted.
public struct Reactor: Sendable, Equatable {
    public var id: String
    /// The display name, when the export gives one.
    public var name: String?
    /// When the reaction was added, where known.
    public var at: Timestamp?
}

/// Everything the ledger found in the input.
public struct LedgerResult: Sendable {
    /// Messages ordered by time, platform, conversation and id.
    public var messages: [MessageSummary]
    /// Conversations by platform and id, with names.
    public var conversations: [ConversationInfo]
    /// Diagnostics found while reading and while settling the facts.
    public var diagnostics: DiagnosticLog
    /// Display names by platform and user id (for mentions in message text).
    public var people: [Platform: [String: String]] = [:]
}
