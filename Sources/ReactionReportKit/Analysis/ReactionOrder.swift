import ByteOutput

/// How the reactions of a message are ordered in bubbles and data.
public enum ReactionOrder: String, Sendable, CaseIterable {
    /// By each emoji's earliest reaction; emoji without times keep input order, after timed ones.
    case firstReacted = "first-reacted"
    /// By key.
    case alphabetical
    /// Most reactions first; ties in first-reacted order.
    case count

    /// The comparison for this order.
    public func areInIncreasingOrder(_ a: ReactionSummary, _ b: ReactionSummary) -> Bool {
        switch self {
        case .firstReacted:
            return Timestamp.earlierFirst(a.firstAt, b.firstAt) ?? (a.sequence < b.sequence)
        case .alphabetical:
            return a.emoji.key != b.emoji.key ? UTF8Bytes.precedes(a.emoji.key, b.emoji.key) : a.sequence < b.sequence
        case .count:
            return a.count != b.count ? a.count > b.count : ReactionOrder.firstReacted.areInIncreasingOrder(a, b)
        }
    }
}
