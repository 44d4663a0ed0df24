/// How far the fetch of one Stream channel got: `.state/stream/<slug>.json`, written after
/// every step. It holds no credential, no URL (an export's URL is signed) and no time of this
/// machine's clock, so a fetch stopped and started again writes what one uninterrupted fetch
/// writes.
struct StreamChannelState: ChannelFetchState, Equatable {
    /// The channel, `type:id`.
    var channel: String
    var channelName: String { channel }
    /// Where the archive starts (the first fetch's `--since`, RFC 3339); nil for the whole
    /// history.
    var archiveStart: String?
    /// The `created_at` of the newest message in the archive (RFC 3339, as Stream wrote it).
    var newestMessage: String?
    /// The export in progress, when one was stopped.
    var run: Run?

    /// One export of the channel: the messages after `since` (nil: all), and Stream's task
    /// once it was asked for.
    struct Run: Codable, Equatable {
        var since: String?
        var task: String?
    }
}
