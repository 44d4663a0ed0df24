import Foundation
import HTTPExchange

/// The requests `fetch pubnub` makes, as PubNub's REST API and its SDKs define them.
///
/// - History with actions: `GET /v3/history-with-actions/sub-key/{sub_key}/channel/{channel}`
///   with `max` (at most 25 with actions), `start` (exclusive) and `end` (inclusive), and
///   `include_meta`, `include_uuid`, `include_message_type` (PubNub REST API reference, "Get
///   message history with actions"; pubnub/python `pubnub/endpoints/fetch_messages.py`,
///   `MAX_MESSAGES_ACTIONS = 25`). The answer is `{"status":200,"channels":{channel:[item…]},
///   "more":{"url","start","max"}}`, items in ascending timetoken order; the server may give
///   fewer than `max` messages, with `more`, when their actions are many (the same reference).
/// - Message actions: `GET /v1/message-actions/{sub_key}/channel/{channel}` with `start`
///   (exclusive), `end` (inclusive) and `limit` (at most 100), sorted by action timetoken, the
///   newest `limit` of the range when it holds more, with `more` (pubnub/python
///   `pubnub/endpoints/message_actions/get_message_actions.py`, `MAX_LIMIT = 100`; pubnub/kotlin
///   `GetMessageActions` docs: "start … return values will be less than start", "end … greater
///   than or equal to end"; a recorded answer: pubnub/swift
///   `Tests/PubNubTests/Mocking/Responses/MessageActions/fetchMessageAction_success.json`).
/// - Every request carries `uuid` (the SDKs send it with every call: pubnub/python
///   `pubnub/endpoints/endpoint.py`), `auth` when an auth key or token is given, and with a
///   secret key `timestamp` (Unix seconds) and `signature`: `v2.` and the URL-safe base64,
///   without padding, of the HMAC-SHA256 under the secret key of
///   "GET\n{publish_key}\n{path}\n{sorted, encoded query}\n" (pubnub/python `pubnub/utils.py`
///   `sign_request` and `prepare_pam_arguments`; pubnub/rust's PAM signature and its test).
public struct PubNubRequests: Sendable {
    /// Messages per history page with actions: PubNub's largest.
    public static let historyPageSize = 25
    /// Actions per page of the message-actions list: PubNub's largest.
    public static let actionsPageSize = 100

    let subscribeKey: String
    let publishKey: String
    let authKey: String?
    let secretKey: String?
    let userID: String
    /// Unix seconds, for signatures.
    let now: @Sendable () -> Int

    public init(
        subscribeKey: String, publishKey: String = "", authKey: String? = nil, secretKey: String? = nil, userID: String = "reaction-report",
        now: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }
    ) {
        self.subscribeKey = subscribeKey
        self.publishKey = publishKey
        self.authKey = authKey
        self.secretKey = secretKey
        self.userID = userID
        self.now = now
    }

    /// A page of `channel`'s history with actions: messages from `end` (inclusive) up to
    /// `start` (exclusive), the newest 25 of them.
    public func history(_ channel: String, start: Int64, end: Int64?) -> APIRequest {
        var query = [
            QueryItem("include_message_type", "true"), QueryItem("include_meta", "true"), QueryItem("include_uuid", "true"),
            QueryItem("max", String(Self.historyPageSize)), QueryItem("start", String(start))
        ]
        if let end { query.append(QueryItem("end", String(end))) }
        return signed("/v3/history-with-actions/sub-key/\(APIAddress.encodeSegment(subscribeKey))/channel/\(APIAddress.encodeSegment(channel))", query)
    }

    /// A page of `channel`'s message actions: actions from `end` (inclusive) up to `start`
    /// (exclusive), the newest 100 of them.
    public func actions(_ channel: String, start: Int64, end: Int64?) -> APIRequest {
        var query = [QueryItem("limit", String(Self.actionsPageSize)), QueryItem("start", String(start))]
        if let end { query.append(QueryItem("end", String(end))) }
        return signed("/v1/message-actions/\(APIAddress.encodeSegment(subscribeKey))/channel/\(APIAddress.encodeSegment(channel))", query)
    }

    /// `path` with `query`, `uuid` and `auth`, sorted by name; then `timestamp` and the
    /// `signature` of all that when a secret key is given.
    func signed(_ path: String, _ query: [QueryItem]) -> APIRequest {
        var items = query + [QueryItem("uuid", userID)]
        if let authKey { items.append(QueryItem("auth", authKey)) }
        guard let secretKey else { return APIRequest(path: path, query: items.sorted { $0.name < $1.name }) }
        items.append(QueryItem("timestamp", String(now())))
        items.sort { $0.name < $1.name }
        let unsigned = APIRequest(path: path, query: items)
        items.append(QueryItem("signature", Self.signature(secretKey: secretKey, publishKey: publishKey, path: path, query: unsigned.queryText)))
        return APIRequest(path: path, query: items)
    }

    /// PubNub's v2 request signature of a GET.
    public static func signature(secretKey: String, publishKey: String, path: String, query: String) -> String {
        let input = "GET\n\(publishKey)\n\(path)\n\(query)\n"
        let digest = Digests.hmacSHA256(key: Array(secretKey.utf8), data: Array(input.utf8))
        var text = Data(digest).base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return "v2." + text
    }
}
