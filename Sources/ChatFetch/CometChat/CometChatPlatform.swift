import Foundation

/// `fetch cometchat`: the messages of each group and user conversation, the reactions list of
/// every message with reactions, and the look-back window, written as files the CometChat
/// importer reads.
///
/// Credentials: `COMETCHAT_APP_ID`, `COMETCHAT_REGION` (`us`, `eu`, `in`) and
/// `COMETCHAT_API_KEY` (a REST API key, of `fullAccess` scope), all required. The API is at
/// `https://{appId}.api-{region}.cometchat.io/v3` and every request carries `apikey` and
/// `accept: application/json` ("Authentication", https://www.cometchat.com/docs/rest-api/authentication;
/// the servers of the Chat APIs' OpenAPI document, cometchat/docs `chat-apis.json`). The app id is
/// in the host name, so it is one of the secrets no message shows: messages name the platform,
/// the host without it, and the conversation.
///
/// CometChat documents 10,000 requests a minute for core operations (login, creating users and
/// groups) and 20,000 for standard operations, every other call, listing messages and reactions
/// among them ("Rate Limits", https://www.cometchat.com/docs/rest-api/rate-limits): the default
/// pace is 20,000 a minute. A 429 carries `Retry-After` (seconds) and `X-Rate-Limit-Reset`.
public struct CometChatPlatform: ChatPlatform {
    /// The credentials it reads, from the environment or a credentials file.
    public static let credentialNames = ["COMETCHAT_APP_ID", "COMETCHAT_REGION", "COMETCHAT_API_KEY"]

    /// The command's argument and the archive's folder.
    public static let name = "cometchat"
    /// The command's argument and the archive's folder.
    public var name: String { Self.name }
    /// The name messages use.
    public let displayName = "CometChat"
    /// `https://{appId}.api-{region}.cometchat.io/v3`.
    public let defaultAPIURL: String
    /// 20,000 requests a minute, CometChat's limit for standard operations.
    public let documentedRequestsPerSecond = 20_000.0 / 60
    /// `apikey` and `accept: application/json`.
    public let headers: [String]
    /// The app id and the API key, longest first.
    public let secrets: [String]

    /// The platform with `secrets`' credentials; a usage error naming the first one missing, or
    /// an app id or region that cannot be part of a host name.
    public init(secrets: FetchSecrets) throws(FetchError) {
        let appID = try secrets.required("COMETCHAT_APP_ID", for: "fetch cometchat")
        let region = try secrets.required("COMETCHAT_REGION", for: "fetch cometchat")
        let apiKey = try secrets.required("COMETCHAT_API_KEY", for: "fetch cometchat")
        guard Self.fitsAHostName(appID), Self.fitsAHostName(region) else {
            throw FetchError.usage("COMETCHAT_APP_ID and COMETCHAT_REGION must be letters, digits and hyphens (the region is us, eu or in)")
        }
        guard apiKey.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw FetchError.usage("COMETCHAT_API_KEY must be printable ASCII without spaces")
        }
        defaultAPIURL = "https://\(appID).api-\(region.lowercased()).cometchat.io/v3"
        headers = ["apikey: " + apiKey, "accept: application/json"]
        self.secrets = [appID, apiKey].sorted { ($0.count, $0) > ($1.count, $1) }
    }

    /// True for a non-empty text of ASCII letters, digits and hyphens only.
    static func fitsAHostName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D }
    }

    /// A usage error unless `channel` is `group:GUID` or `user:UID:OTHER`.
    public func check(channel: String) throws(FetchError) { _ = try CometChatConversation(channel) }

    /// Fetches one conversation (`group:GUID`, `user:UID:OTHER`) into its folder.
    public func fetch(_ channel: ChannelFolder, with context: FetchContext) throws(FetchError) -> ChannelSummary {
        var fetch = try CometChatConversationFetch(conversation: try CometChatConversation(channel.name), channel: channel, context: context)
        return try fetch.run()
    }

    /// Every group of the app, as `group:GUID`, from `GET /groups`, 100 a page, page after page
    /// ("List Groups", https://www.cometchat.com/docs/rest-api/groups/list: `perPage` and `page`,
    /// `meta.pagination.total_pages`). User conversations are not listed: they are named.
    public func listChannels(with client: FetchClient) throws(FetchError) -> [String]? {
        var groups: [String] = []
        var page = 1
        while true {
            let listed = try client.get(CometChatRequests.groups(page: page), what: "the list of groups") { (bytes) throws(PageProblem) in
                try CometChatPages.groups(bytes)
            }
            groups += listed.guids.map { "group:" + $0 }
            if listed.guids.isEmpty || page >= listed.totalPages { return groups }
            page += 1
        }
    }
}
