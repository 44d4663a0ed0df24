import Foundation

/// `fetch pubnub`: a channel's history with its message actions, the actions added since the
/// last fetch, and the look-back window, written as files the PubNub importer reads.
///
/// Credentials: `PUBNUB_SUBSCRIBE_KEY` (required), `PUBNUB_AUTH_KEY` (an Access Manager token
/// or auth key, sent as `auth`), `PUBNUB_SECRET_KEY` (signs each request; with
/// `PUBNUB_PUBLISH_KEY`, which the signature covers), and `PUBNUB_USER_ID` (the `uuid` the
/// requests carry, `reaction-report` by default; a token granted to one user id needs it).
///
/// PubNub documents a limit of 25 requests per second for every API ("PubNub API Limits",
/// https://www.pubnub.com/docs/general/setup/limits): the default pace.
public struct PubNubPlatform: ChatPlatform {
    /// The credentials it reads, from the environment or a credentials file.
    public static let credentialNames = ["PUBNUB_SUBSCRIBE_KEY", "PUBNUB_PUBLISH_KEY", "PUBNUB_AUTH_KEY", "PUBNUB_SECRET_KEY", "PUBNUB_USER_ID"]

    public static let name = "pubnub"
    public var name: String { Self.name }
    public let displayName = "PubNub"
    public let defaultAPIURL = "https://ps.pndsn.com"
    public let documentedRequestsPerSecond = 25.0
    public let headers: [String] = []
    public let secrets: [String]
    let requests: PubNubRequests

    /// The platform with `secrets`' keys; a usage error when the subscribe key is missing.
    public init(secrets: FetchSecrets) throws(FetchError) {
        let subscribeKey = try secrets.required("PUBNUB_SUBSCRIBE_KEY", for: "fetch pubnub")
        requests = PubNubRequests(
            subscribeKey: subscribeKey, publishKey: secrets["PUBNUB_PUBLISH_KEY"] ?? "", authKey: secrets["PUBNUB_AUTH_KEY"],
            secretKey: secrets["PUBNUB_SECRET_KEY"], userID: secrets["PUBNUB_USER_ID"] ?? "reaction-report")
        let keys = ["PUBNUB_SUBSCRIBE_KEY", "PUBNUB_PUBLISH_KEY", "PUBNUB_AUTH_KEY", "PUBNUB_SECRET_KEY"].compactMap { secrets[$0] }
        self.secrets = keys.sorted { ($0.count, $0) > ($1.count, $1) }
    }

    public func fetch(_ channel: ChannelFolder, with context: FetchContext) throws(FetchError) -> ChannelSummary {
        var fetch = try PubNubChannelFetch(requests: requests, channel: channel, context: context)
        return try fetch.run()
    }
}
