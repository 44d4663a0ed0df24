/// Which messages a report covers: direct messages only when asked for.
public enum MessageFilter {
    /// The result without the conversations the options leave out.
    public static func apply(_ result: LedgerResult, options: BuildOptions) -> LedgerResult {
        guard !options.includeDirectMessages else { return result }
        let direct = Set(result.conversations.filter(\.isDirect).map { "\($0.platform.rawValue)\u{1F}\($0.id)" })
        guard !direct.isEmpty else { return result }
        var filtered = result
        filtered.messages.removeAll { direct.contains("\($0.platform.rawValue)\u{1F}\($0.conversationID)") }
        filtered.conversations.removeAll(where: \.isDirect)
        return filtered
    }
}
