/// A chat platform whose exports reaction-report reads.
public enum Platform: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case pubnub, stream, cometchat, slack, discord, telegram, matrix, mattermost

    /// The name people know the platform by.
    public var displayName: String {
        switch self {
        case .pubnub: return "PubNub"
        case .stream: return "Stream Chat"
        case .cometchat: return "CometChat"
        case .slack: return "Slack"
        case .discord: return "Discord"
        case .telegram: return "Telegram"
        case .matrix: return "Matrix"
        case .mattermost: return "Mattermost"
        }
    }

    public static func < (lhs: Platform, rhs: Platform) -> Bool { lhs.rawValue < rhs.rawValue }
}
