/// A poll's place: its platform, conversation and message.
struct PollKey: Hashable {
    var platform: Platform
    var conversationID: String
    var messageID: String
}

extension ReactionLedger {
    /// Records a poll read from an input. Votes are never reactions: nothing here touches the
    /// reaction facts. A poll read again (overlapping exports) is the later copy.
    public func record(_ poll: Poll) {
        polls[PollKey(platform: poll.platform, conversationID: poll.conversationID, messageID: poll.messageID)] = poll
    }

    /// The polls recorded, by platform, conversation and message id.
    var recordedPolls: [Poll] {
        polls.values.sorted { ($0.platform, $0.conversationID, $0.messageID) < ($1.platform, $1.conversationID, $1.messageID) }
    }
}
