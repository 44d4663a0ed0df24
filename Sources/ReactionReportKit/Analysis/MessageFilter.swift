/// Which messages a report covers: the period (`since`/`until`, in the report's time zone), the
/// chosen conversations, direct messages only when asked for or when they are all the input
/// holds, and with `--shard K/N` that shard's messages (`ShardPlan`).
public enum MessageFilter {
    /// The result without what the options leave out. Conversations are matched by id or by
    /// name (names ignoring case); with a period, messages without a time are left out.
    public static func apply(_ result: LedgerResult, options: BuildOptions, calendar: WeekCalendar) -> LedgerResult {
        var excluded = Set<String>()
        var direct = Set<String>()
        let include = Set(options.includeConversations.map { $0.lowercased() })
        let exclude = Set(options.excludeConversations.map { $0.lowercased() })
        // Direct conversations are left out unless asked for, or unless they are all there is.
        let onlyDirect = !result.conversations.isEmpty && result.conversations.allSatisfy(\.isDirect)
        let includeDirect = options.includeDirectMessages ?? onlyDirect
        for conversation in result.conversations {
            let names = [conversation.id.lowercased(), (conversation.name ?? conversation.id).lowercased()]
            if conversation.isDirect { direct.insert(key(conversation.platform, conversation.id)) }
            if (conversation.isDirect && !includeDirect)
                || (!include.isEmpty && !names.contains(where: include.contains))
                || names.contains(where: exclude.contains)
            {
                excluded.insert(key(conversation.platform, conversation.id))
            }
        }
        var result = result
        // A record read from facts tables stands: it counted the original input, which the
        // facts no longer hold.
        if !direct.isEmpty, result.directConversations == nil {
            var messages = 0, reactions = 0
            for message in result.messages where direct.contains(key(message.platform, message.conversationID)) {
                messages += 1
                reactions = reactions.addingClamped(message.reactionCount)
            }
            result.directConversations = DirectConversations(
                conversations: direct.count, messages: messages, reactions: reactions,
                included: includeDirect, automatically: includeDirect && options.includeDirectMessages == nil)
        }
        let from = options.since.map { calendar.start(of: $0.firstDay) }
        let to = options.until.map { calendar.start(of: $0.dayAfter) }
        let known = Set(result.conversations.map { key($0.platform, $0.id) })
        func isLeftOut(_ message: MessageSummary) -> Bool {
            let conversation = key(message.platform, message.conversationID)
            if excluded.contains(conversation) { return true }
            if !include.isEmpty, !known.contains(conversation) {
                // A conversation known only from its messages is matched by its id and name here.
                let names = [message.conversationID.lowercased(), message.conversationName.lowercased()]
                if !names.contains(where: include.contains) { return true }
            }
            guard from != nil || to != nil else { return false }
            guard let seconds = message.sentAt?.seconds else { return true }
            return (from.map { seconds < $0 } ?? false) || (to.map { seconds >= $0 } ?? false)
        }
        // A shard's share of what the other rules leave, balanced by messages.
        let shard = options.shard.flatMap { $0.count > 1 ? $0 : nil }
        let plan = shard.map { ShardPlan(messages: result.messages.lazy.filter { !isLeftOut($0) }, count: $0.count) }
        if let shard, let plan {
            // A conversation without a message in the report is in one shard, by its hash.
            for conversation in result.conversations {
                let shards = plan.shards(platform: conversation.platform, conversationID: conversation.id)
                if shards.isEmpty ? !shard.contains(platform: conversation.platform, conversationID: conversation.id) : !shards.contains(shard.index) {
                    excluded.insert(key(conversation.platform, conversation.id))
                }
            }
        }
        guard !excluded.isEmpty || from != nil || to != nil || !include.isEmpty || plan != nil else { return result }
        func isOtherShards(_ message: MessageSummary) -> Bool {
            guard let shard, let plan else { return false }
            let day = message.sentAt.map { ShardPlan.day(of: $0) }
            return plan.shard(platform: message.platform, conversationID: message.conversationID, day: day) != shard.index
        }
        var filtered = result
        var tallies = result.tallies
        filtered.messages.removeAll { message in
            guard isLeftOut(message) || isOtherShards(message) else { return false }
            // The message's reactions were counted; now they are left out.
            let reactions = message.reactionCount
            tallies[message.platform, default: ReactionTally()].counted -= reactions
            tallies[message.platform, default: ReactionTally()].leftOut = tallies[message.platform, default: ReactionTally()].leftOut.addingClamped(reactions)
            return true
        }
        filtered.tallies = tallies
        filtered.conversations.removeAll { excluded.contains(key($0.platform, $0.id)) }
        return filtered
    }

    /// The same, with weeks and days counted in UTC.
    public static func apply(_ result: LedgerResult, options: BuildOptions) -> LedgerResult {
        apply(result, options: options, calendar: WeekCalendar("UTC")!)
    }

    static func key(_ platform: Platform, _ id: String) -> String { platform.rawValue + "\u{1F}" + id }
}

/// The direct conversations of the input (one-to-one and small group DMs, personal chats), and
/// whether the report covers them: never a silent choice, `note` says it.
public struct DirectConversations: Sendable, Equatable {
    public var conversations: Int
    public var messages: Int
    public var reactions: Int
    /// True when the report covers them.
    public var included: Bool
    /// True when they are covered only because the input holds nothing else.
    public var automatically: Bool

    /// What was done with them and how to change it; nil when they were included as asked.
    public var note: String? {
        let counts =
            "\(conversations) direct conversation\(conversations == 1 ? "" : "s") (\(messages) message\(messages == 1 ? "" : "s"), \(reactions) reaction\(reactions == 1 ? "" : "s"))"
        if !included {
            return "\(counts) left out; --include-direct-messages (or includeDirectMessages = true) includes them"
        }
        if automatically {
            return "the input holds only direct conversations, so the report covers its \(counts); --no-include-direct-messages leaves them out"
        }
        return nil
    }

    /// The same for the report's readers, who did not choose the options: nil when the report
    /// covers them as asked.
    public var reportNote: String? {
        let counts =
            "\(conversations) direct conversation\(conversations == 1 ? "" : "s") (\(messages) message\(messages == 1 ? "" : "s"), \(reactions) reaction\(reactions == 1 ? "" : "s"))"
        if !included { return "Not in this report: \(counts); direct conversations are left out unless asked for." }
        if automatically { return "This report covers direct conversations only, as the input held nothing else: \(counts)." }
        return nil
    }
}
