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

    /// Platforms sort by their ids (`rawValue`). The order, equality and hash work on the
    /// case's rank in that order: the ones a raw-value enum gets by default go through its
    /// string, and platforms are part of every person, conversation and message key.
    public static func < (lhs: Platform, rhs: Platform) -> Bool { lhs.rank < rhs.rank }
    public static func == (lhs: Platform, rhs: Platform) -> Bool { lhs.rank == rhs.rank }
    public func hash(into hasher: inout Hasher) { hasher.combine(rank) }

    /// The position of `rawValue` among the platforms' ids in byte order.
    var rank: UInt8 {
        switch self {
        case .cometchat: return 0
        case .discord: return 1
        case .matrix: return 2
        case .mattermost: return 3
        case .pubnub: return 4
        case .slack: return 5
        case .stream: return 6
        case .telegram: return 7
        }
    }
}
