/// One thing an export says about a reaction. The ledger alone decides what the facts add up to.
public enum ReactionFact: Sendable {
    /// `reactor` reacted with `value` to the target. `ref` identifies this add where the platform
    /// gives it an identity (PubNub action, Matrix event id, CometChat reaction id), so a later
    /// removal can cancel exactly this add.
    case add(target: MessageTarget, value: ReactionValue, reactor: String, reactorName: String?, at: Timestamp?, ref: String?)
    /// The platform's total for one emoji on one message (Slack `count`, Stream group `count`…).
    case total(target: MessageTarget, value: ReactionValue, count: Int, firstAt: Timestamp?)
    /// Cancels the add (or marks deleted the message) whose identity is `ref`, whatever the order.
    case remove(platform: Platform, ref: String)
}

/// A reaction value as exported, and how to read it.
public struct ReactionValue: Sendable, Hashable {
    /// How the value names its emoji.
    public enum Style: Sendable, Hashable {
        /// A Unicode emoji or an app-defined name (PubNub, Stream, CometChat, Matrix).
        case emojiOrName
        /// A shortcode without colons (Slack, Mattermost), perhaps with `::skin-tone-N`.
        case shortcode
        /// A platform custom emoji: a name and perhaps an image (Discord, Telegram).
        case custom(id: String, image: String?)
        /// An emoji a report already settled (facts tables): taken as it is, with no alias,
        /// table or skin-tone rule applied again.
        case settled(Emoji)
    }

    /// The value exactly as the export wrote it.
    public var raw: String
    public var style: Style

    public init(_ raw: String, style: Style = .emojiOrName) {
        self.raw = raw
        self.style = style
    }
}

/// A change to a message that is not a reaction (PubNub `edited` and `deleted` actions).
public enum MessageUpdate: Sendable {
    /// New text; the edit with the largest `order` wins.
    case edit(target: MessageTarget, text: String, order: Timestamp)
    /// The message is marked deleted.
    case delete(target: MessageTarget)
    /// Paid reactions (Telegram Stars): a total of stars, not people, shown apart from bubbles.
    case paidStars(target: MessageTarget, stars: Int)
}
