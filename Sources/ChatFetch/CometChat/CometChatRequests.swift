import Foundation

/// A CometChat conversation as `fetch cometchat` names it: `group:GUID`, or `user:UID:OTHER`,
/// the conversation of the users UID and OTHER, read on UID's behalf (CometChat lists a user
/// conversation only for one of its two users).
public enum CometChatConversation: Sendable, Equatable {
    /// A group, by its GUID.
    case group(String)
    /// The conversation of two users, read on the first one's behalf.
    case user(String, with: String)

    /// The conversation `name` names; a usage error for any other form.
    public init(_ name: String) throws(FetchError) {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("group", 2) where !parts[1].isEmpty: self = .group(parts[1])
        case ("user", 3) where !parts[1].isEmpty && !parts[2].isEmpty: self = .user(parts[1], with: parts[2])
        default:
            throw FetchError.usage(
                "'\(name)' is not a CometChat conversation: give group:GUID for a group, or user:UID:OTHER for the conversation of the users UID and OTHER")
        }
    }
}

/// The requests `fetch cometchat` makes, as CometChat's REST API v3 defines them (the Chat
/// APIs' OpenAPI document, cometchat/docs `chat-apis.json`, and the pages made of it under
/// https://www.cometchat.com/docs/rest-api/messages/).
///
/// - Messages of a group: `GET /groups/{guid}/messages` ("List Group Messages"); of a user
///   conversation: `GET /users/{uid}/messages` with the header `onBehalfOf` naming the other
///   user ("List User Messages": "Fetches messages between onBehalfOf uid and an uid from path
///   param"). Both take `affix` ("append(after) and prepend(before)"), `id` ("Retrieves all
///   those messages after the passed id"), `fromTimestamp` ("Fetches the messages from this
///   timestamp", Unix seconds), `categories` (comma-separated, as in "List Messages":
///   `categories=message,custom`) and `limit` ("Minimum value: 1, Maximum value: 1000"; the
///   group list documents no other size, the user list also `perPage`). The answer is
///   `{"data":[message…],"meta":{"current":{"limit","count"},"next":{"affix","sentAt","id"}}}`,
///   each message with its reaction summary in `data.reactions`, `[{"reaction","count",
///   "reactedByMe"}]` (the example answer of "Add Reaction", …/messages/add-reaction).
///   Neither documents a filter by update time (the SDKs' `updatedAfter`/`updatesOnly` have no
///   REST parameter there): reaction changes on older messages are found by the look-back.
/// - Reactions of a message: `GET /messages/{id}/reactions` ("List All Reactions"): no query
///   parameter documented; the answer `{"data":[{"id","messageId","reaction","uid","reactedAt",
///   "reactedBy"}…],"meta":{"current":{"limit":100,"count"},"next":{"affix":"append","id"}}}`
///   names the next page as `affix=append` and `id` (the last reaction's), 100 a page.
public enum CometChatRequests {
    /// Messages a page: fewer than CometChat's 1,000, so that a fetch stopped while it gets the
    /// reactions of a page's messages loses little (the page and its reactions are fetched
    /// again; the state moves after each page).
    public static let messagesPageSize = 100
    /// Reactions a page, as CometChat gives them (`meta.current.limit`).
    public static let reactionsPageSize = 100
    /// Message categories kept: messages and custom messages, not the `action` and `call`
    /// records CometChat lists with them.
    static let categories = "message,custom"

    /// A page of `conversation`'s messages, oldest first: those after message `after` (when
    /// given), sent at `from` (Unix seconds) or later (when given).
    public static func messages(_ conversation: CometChatConversation, after: String?, from: Int64?) -> APIRequest {
        var query = [QueryItem("affix", "append"), QueryItem("categories", categories)]
        if let from { query.append(QueryItem("fromTimestamp", String(from))) }
        if let after { query.append(QueryItem("id", after)) }
        query.append(QueryItem("limit", String(messagesPageSize)))
        switch conversation {
        case .group(let guid):
            return APIRequest(path: "/groups/\(APIAddress.encodeSegment(guid))/messages", query: query)
        case .user(let uid, let other):
            return APIRequest(path: "/users/\(APIAddress.encodeSegment(other))/messages", query: query, headers: ["onBehalfOf: " + uid])
        }
    }

    /// A page of message `message`'s reactions, oldest first: the first page, or those after
    /// reaction `after`, as the previous page's `meta.next` names them.
    public static func reactions(of message: String, after: String?) -> APIRequest {
        let query = after.map { [QueryItem("affix", "append"), QueryItem("id", $0)] } ?? []
        return APIRequest(path: "/messages/\(APIAddress.encodeSegment(message))/reactions", query: query)
    }

    /// Page `page` (from 1) of the app's groups, 100 a page.
    public static func groups(page: Int) -> APIRequest {
        APIRequest(path: "/groups", query: [QueryItem("page", String(page)), QueryItem("perPage", "100")])
    }
}
