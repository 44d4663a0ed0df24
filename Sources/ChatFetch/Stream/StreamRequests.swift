import Foundation
import HTTPExchange
import JSONReader

/// The requests `fetch stream` makes, as Stream Chat's server-side REST API defines them, at
/// `https://chat.stream-io-api.com` (GetStream/stream-chat-python `stream_chat/base/client.py`,
/// `base_url`):
///
/// - Export: `POST /export_channels` with `{"channels":[{"type","id","messages_since"}],
///   "version":"v1"}`, answered `{"task_id"}` (getstream.io/chat/docs/node/exporting_channels:
///   the export options and `version: "v2"` for JSON lines; stream-chat-python
///   `export_channels`). Version 1 is one JSON document "following the same format as the
///   regular APIs", which `StreamImporter` reads (`stream-channels`); v2's lines it does not.
/// - Its status: `GET /export_channels/{task_id}`, answered `{"task_id","status","created_at",
///   "updated_at","result":{"url"},"error"}`; `status` is `completed` once `result.url` is there
///   (stream-chat-python `tests/test_client.py` `test_export_channel`), `failed` with `error`.
///   The URL "expires after 24 hours but is regenerated on each status request" (the same
///   docs): it is never kept in the state, and is asked for again after a restart.
/// - Channels, when none is named: `POST /channels` (query channels) with `filter_conditions`,
///   `sort`, `limit` and `offset`, `state: false` (stream-chat-python `query_channels`; the
///   OpenAPI description `APIs-guru/openapi-directory` `stream-io-api.com` `ChannelsApi.md`:
///   `POST /channels`, `POST /export_channels`, `GET /export_channels/{id}`).
/// - Every request: `api_key` in the query, `Authorization: <JWT>` and `Stream-Auth-Type: jwt`
///   (stream-chat-python `_make_request` and `get_default_params`); the JWT is HS256 over
///   `{"server":true}` signed with the API secret (`base/client.py`: `jwt.encode({"server":
///   True}, api_secret, algorithm="HS256")`; RFC 7519 and RFC 7515 for its three base64url
///   parts without padding).
public struct StreamRequests: Sendable {
    /// Channels per page of query channels: Stream's largest ("limit … max 30", getstream.io
    /// chat docs, query_channels).
    public static let channelsPageSize = 30

    let apiKey: String
    /// The server-side token: a secret, as the API secret signs it.
    let token: String

    public init(apiKey: String, secret: String) {
        self.apiKey = apiKey
        token = Self.serverToken(secret: secret)
    }

    /// A JWT (HS256) whose payload is `{"server":true}`, signed with `secret`.
    public static func serverToken(secret: String) -> String {
        let header = base64URL(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let payload = base64URL(Array(#"{"server":true}"#.utf8))
        let signed = header + "." + payload
        return signed + "." + base64URL(Digests.hmacSHA256(key: Array(secret.utf8), data: Array(signed.utf8)))
    }

    /// `bytes` in base64url without padding (RFC 4648 §5).
    static func base64URL(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// An export task of channel `type:id`, of its messages after `since` (all when nil).
    public func export(type: String, id: String, since: String?) -> APIRequest {
        var channel: [(String, JSONValue)] = [("type", .string(type)), ("id", .string(id))]
        if let since { channel.append(("messages_since", .string(since))) }
        let body = JSONWriting.object([("channels", .array([JSONWriting.object(channel)])), ("version", .string("v1"))])
        return authorised(.post, "/export_channels", body: JSONWriting.bytes(body))
    }

    /// The status of export task `task`.
    public func status(_ task: String) -> APIRequest { authorised(.get, "/export_channels/" + APIAddress.encodeSegment(task)) }

    /// A page of every channel, oldest first, without their messages.
    public func channels(offset: Int) -> APIRequest {
        let body = JSONWriting.object([
            ("filter_conditions", JSONWriting.object([])),
            ("sort", .array([JSONWriting.object([("field", .string("created_at")), ("direction", .number("1"))])])),
            ("limit", .number(String(Self.channelsPageSize))), ("offset", .number(String(offset))), ("state", .bool(false)),
            ("watch", .bool(false)), ("presence", .bool(false))
        ])
        return authorised(.post, "/channels", body: JSONWriting.bytes(body))
    }

    func authorised(_ method: CurlExchange.Method, _ path: String, body: [UInt8] = []) -> APIRequest {
        var headers = ["Authorization: " + token, "Stream-Auth-Type: jwt"]
        if method == .post { headers.append("Content-Type: application/json") }
        return APIRequest(method: method, path: path, query: [QueryItem("api_key", apiKey)], headers: headers, body: body)
    }
}
