import Foundation

/// `fetch stream`: each channel's messages with their reactions through Stream Chat's channel
/// export, the look-back window exported again at every fetch, written as version 1 exports
/// the Stream importer reads.
///
/// Credentials: `STREAM_API_KEY` and `STREAM_API_SECRET` (required), the secret signing the
/// server-side token; the token is as secret as the secret, and so is kept out of every text.
///
/// Stream's limits are per endpoint and minute; the lowest of those `fetch` uses is "Export
/// Channel 60" (getstream.io/chat/docs rate limits, "Rate Limits by Endpoint"; query channels
/// 10,000): one request a second is the default pace, for every endpoint at once.
public struct StreamPlatform: ChatPlatform {
    /// The credentials it reads, from the environment or a credentials file.
    public static let credentialNames = ["STREAM_API_KEY", "STREAM_API_SECRET"]

    public static let name = "stream"
    public var name: String { Self.name }
    public let displayName = "Stream"
    public let defaultAPIURL = "https://chat.stream-io-api.com"
    public let documentedRequestsPerSecond = 1.0
    public let headers: [String] = []
    public let secrets: [String]
    let requests: StreamRequests

    /// The platform with `secrets`' key and secret; a usage error when one is missing.
    public init(secrets: FetchSecrets) throws(FetchError) {
        let key = try secrets.required("STREAM_API_KEY", for: "fetch stream")
        let secret = try secrets.required("STREAM_API_SECRET", for: "fetch stream")
        requests = StreamRequests(apiKey: key, secret: secret)
        self.secrets = [key, secret, requests.token].sorted { ($0.count, $0) > ($1.count, $1) }
    }

    public func fetch(_ channel: ChannelFolder, with context: FetchContext) throws(FetchError) -> ChannelSummary {
        var fetch = try StreamChannelFetch(requests: requests, channel: channel, context: context)
        return try fetch.run()
    }

    /// Every channel of the app (`type:id`), oldest first, page by page of query channels.
    public func listChannels(with client: FetchClient) throws(FetchError) -> [String]? {
        var channels: [String] = []
        while true {
            let page = try client.get(requests.channels(offset: channels.count), what: "the list of channels", read: StreamPages.channels)
            channels += page
            if page.count < StreamRequests.channelsPageSize { return channels }
        }
    }
}
