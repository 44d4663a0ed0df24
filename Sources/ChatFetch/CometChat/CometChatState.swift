/// How far the fetch of one CometChat conversation got: `.state/cometchat/<slug>.json`, written
/// after every page of messages (with their reactions). It holds no credential and no time of
/// this machine's clock, so a fetch stopped and started again writes what one uninterrupted
/// fetch writes.
struct CometChatConversationState: ChannelFetchState, Equatable {
    /// The conversation, as named (`group:general`).
    var conversation: String
    var channelName: String { conversation }
    static var channelNoun: String { "conversation" }
    /// Where the archive starts (the first fetch's `--since`, Unix seconds); nil for the whole
    /// history.
    var archiveStart: Int64?
    /// Every message up to this id is in the archive.
    var messagesThrough: String?
    /// The `sentAt` of the newest message in the archive.
    var newestSentAt: Int64?
    /// The fetch in progress, when one was stopped.
    var run: Run?

    /// A fetch of the conversation: the new messages, then the look-back window.
    struct Run: Codable, Equatable {
        enum Pass: String, Codable { case messages, lookback }
        var pass: Pass
        /// The id of the last message of the pass's previous page; nil before its first page.
        var cursor: String?
        /// The look-back window, fixed when the fetch began: messages sent at `lookbackFrom`
        /// (Unix seconds) or later, up to message `lookbackThrough`; nil for a first fetch.
        var lookbackFrom: Int64?
        var lookbackThrough: String?
    }

    init(conversation: String, archiveStart: Int64?) {
        self.conversation = conversation
        self.archiveStart = archiveStart
    }
}
