/// A message with everything the ledger decided about its reactions: what analysis and
/// rendering work on. The message itself is the one the importer read, settled (its latest
/// text, its deletion, its author's name from the user list); its fields read as the
/// summary's own (`summary.text`).
public struct MessageSummary: Sendable {
    /// The settled message.
    public var message: ImportedMessage
    /// The conversation's name (its id when the export names none).
    public var conversationName: String
    /// Stars from paid reactions (Telegram), counted apart from people's reactions.
    public var paidStars: Int
    /// Reactions in first-reacted order.
    public var reactions: ReactionList

    public init(message: ImportedMessage, conversationName: String, paidStars: Int = 0, reactions: [ReactionSummary]) {
        self.message = message
        self.conversationName = conversationName
        self.paidStars = paidStars
        self.reactions = ReactionList(reactions)
    }

    // The message's fields, read and written as the summary's own: forwarding properties
    // rather than `@dynamicMemberLookup`, whose key paths are projected at run time wherever
    // one is used as a function (`messages.map(\.id)`).
    public var platform: Platform {
        get { message.platform }
        set { message.platform = newValue }
    }
    public var conversationID: String {
        get { message.conversationID }
        set { message.conversationID = newValue }
    }
    public var id: String {
        get { message.id }
        set { message.id = newValue }
    }
    public var authorID: String? {
        get { message.authorID }
        set { message.authorID = newValue }
    }
    public var authorName: String? {
        get { message.authorName }
        set { message.authorName = newValue }
    }
    public var sentAt: Timestamp? {
        get { message.sentAt }
        set { message.sentAt = newValue }
    }
    public var threadParentID: String? {
        get { message.threadParentID }
        set { message.threadParentID = newValue }
    }
    public var replyToID: String? {
        get { message.replyToID }
        set { message.replyToID = newValue }
    }
    public var fromBot: Bool {
        get { message.fromBot }
        set { message.fromBot = newValue }
    }
    public var text: String {
        get { message.text }
        set { message.text = newValue }
    }
    public var deleted: Bool {
        get { message.deleted }
        set { message.deleted = newValue }
    }
    public var markup: TextMarkup {
        get { message.markup }
        set { message.markup = newValue }
    }

    /// The sum of the reactions' counts, held at the ends of `Int` (`Int.addingClamped`): the
    /// per-message total every figure is made from. The ledger keeps each count within
    /// 0…1,000,000,000, so a real sum stays far below `Int.max`; summaries made another way (a
    /// test builds them directly) can hold any `Int`, and no count may stop a build.
    public var reactionCount: Int { reactions.totalCount }
}

/// One emoji on one message.
public struct ReactionSummary: Sendable {
    public var emoji: Emoji
    /// The platform's total where it gives one, else the number of distinct reactors.
    public var count: Int
    /// The known reactors, earliest first.
    public var reactors: ReactorList
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
    /// User ids the platform marks as bots, by platform.
    public var bots: [Platform: Set<String>] = [:]
    /// User ids left out of rankings, pairs and digests by `excludeBots` and `excludePeople`,
    /// by platform (set by `RankingExclusions`).
    public var leftOutOfRankings: [Platform: Set<String>] = [:]
    /// Where every reaction of the input went, by platform (nil: files of no known format).
    public var tallies: [Platform?: ReactionTally] = [:]
    /// Files the site carries, by path from the site's root (`media/…`): custom emoji images
    /// an export held.
    public var media: [String: [UInt8]] = [:]
    /// The polls the inputs hold, by platform, conversation and message id (`Poll`): votes are
    /// their own figures, never reactions.
    public var polls: [Poll] = []
    /// The input's direct conversations and what the report does with them (set by
    /// `MessageFilter`, or read from facts tables).
    public var directConversations: DirectConversations?
    /// True when people's names and ids are already pseudonyms: the result was read from the
    /// facts tables of an anonymized report, which the filter step does not anonymize again.
    public var pseudonymous = false
    /// The phrase naming the inputs of the report that facts tables were written from, when
    /// the result was read from them (pages show it, not the facts files).
    public var inputSummary: String?
    /// What a reader should hear of the inputs that is not about reactions (an earlier site
    /// inside an input folder, passed over): printed by the command line, written nowhere.
    public var notices: [String] = []
}

/// Where the reactions of a platform's inputs went. Every reaction read is counted in the
/// report, named in a diagnostic, removed by a later event of the input, or on a message the
/// report's options leave out: `read == counted + diagnosed + removed + leftOut`.
public struct ReactionTally: Sendable, Equatable, CustomStringConvertible {
    /// Reactions the inputs hold: read by an importer, or found in a member none reads. Where a
    /// platform gives a total, a reaction counts as its total; duplicates of one reaction (the
    /// same reactor seen twice, overlapping exports) count once.
    public var read = 0
    /// Reactions in the report.
    public var counted = 0
    /// Reactions named in diagnostics as not counted.
    public var diagnosed = 0
    /// Reactions that a removal in the input (an event log, a redaction) cancelled, or that a
    /// newer copy of their message no longer has.
    public var removed = 0
    /// Reactions on messages the report's options leave out (period, conversations, direct messages).
    public var leftOut = 0

    public init(read: Int = 0, counted: Int = 0, diagnosed: Int = 0, removed: Int = 0, leftOut: Int = 0) {
        self.read = read
        self.counted = counted
        self.diagnosed = diagnosed
        self.removed = removed
        self.leftOut = leftOut
    }

    /// True when every reaction read is accounted for.
    public var isBalanced: Bool {
        read == counted.addingClamped(diagnosed).addingClamped(removed).addingClamped(leftOut)
    }

    /// "236 read, 198 counted, 37 diagnosed, 1 removed", leaving out parts that are zero
    /// (read and counted are always given).
    public var description: String {
        var parts = ["\(read) read", "\(counted) counted"]
        if diagnosed > 0 { parts.append("\(diagnosed) diagnosed") }
        if removed > 0 { parts.append("\(removed) removed by later events or newer copies") }
        if leftOut > 0 { parts.append("\(leftOut) left out by the report's options") }
        return parts.joined(separator: ", ")
    }

    static func + (a: ReactionTally, b: ReactionTally) -> ReactionTally {
        ReactionTally(
            read: a.read.addingClamped(b.read), counted: a.counted.addingClamped(b.counted),
            diagnosed: a.diagnosed.addingClamped(b.diagnosed), removed: a.removed.addingClamped(b.removed),
            leftOut: a.leftOut.addingClamped(b.leftOut))
    }
}
