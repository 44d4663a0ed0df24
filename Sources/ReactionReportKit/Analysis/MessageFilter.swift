/// Which messages a report covers: the period (`since`/`until`, in the report's time zone), the
/// chosen conversations, and direct messages only when asked for.
public enum MessageFilter {
    /// The result without what the options leave out. Conversations are matched by id or by
    /// name (names ignoring case); with a period, messages without a time are left out.
    public static func apply(_ result: LedgerResult, options: BuildOptions, calendar: WeekCalendar) -> LedgerResult {
        var excluded = Set<String>()
        let include = Set(options.includeConversations.map { $0.lowercased() })
        let exclude = Set(options.excludeConversations.map { $0.lowercased() })
        for conversation in result.conversations {
            let names = [conversation.id.lowercased(), (conversation.name ?? conversation.id).lowercased()]
            if (conversation.isDirect && !options.includeDirectMessages)
                || (!include.isEmpty && !names.contains(where: include.contains))
                || names.contains(where: exclude.contains) {
                excluded.insert(key(conversation.platform, conversation.id))
            }
        }
        let from = options.since.map { calendar.start(of: $0.firstDay) }
        let to = options.until.map { calendar.start(of: $0.dayAfter) }
        guard !excluded.isEmpty || from != nil || to != nil || !include.isEmpty else { return result }
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
        var filtered = result
        var tallies = result.tallies
        filtered.messages.removeAll { message in
            guard isLeftOut(message) else { return false }
            // The message's reactions were counted; now they are left out.
            let reactions = message.reactionTotal
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
