/// How far the fetch of one PubNub channel got: `.state/pubnub/<slug>.json`, written after
/// every page. Timetokens are kept as decimal text (they pass 2^53). It holds no credential and
/// no time of the clock, so a fetch stopped and started again writes what one uninterrupted
/// fetch writes.
struct PubNubChannelState: ChannelFetchState, Equatable {
    /// The channel's name, as PubNub knows it.
    var channel: String
    var channelName: String { channel }
    /// The timetoken the archive starts at (the first fetch's `--since`); nil for the whole
    /// history.
    var archiveStart: String?
    /// Every message up to this timetoken is in the archive.
    var messagesThrough: String?
    /// Every message action up to this action timetoken is in the archive.
    var actionsThrough: String?
    /// The fetch in progress, when one was stopped.
    var run: Run?

    /// A fetch of the channel: its passes, in order, each a series of pages from the newest
    /// back to its lower bound.
    struct Run: Codable, Equatable {
        enum Pass: String, Codable { case history, actions, lookback }
        var pass: Pass
        /// The next page's `start` (exclusive); nil before the pass's first page.
        var cursor: String?
        /// The newest timetoken seen by this pass.
        var newest: String?
        /// The look-back window of messages, fixed when the fetch began: from (inclusive) and
        /// through (inclusive); nil for a channel's first fetch.
        var lookbackFrom: String?
        var lookbackThrough: String?
    }

    init(channel: String, archiveStart: Int64?) {
        self.channel = channel
        self.archiveStart = archiveStart.map(String.init)
    }
}

extension Optional where Wrapped == String {
    /// The timetoken this text holds.
    var timetoken: Int64? { self.flatMap { Int64($0) } }
}
