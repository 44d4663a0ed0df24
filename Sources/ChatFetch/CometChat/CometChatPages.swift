import Foundation
import HTTPExchange
import JSONReader

/// A page of a conversation's messages: each message as CometChat gave it, its id, its
/// `sentAt`, and whether its reaction summary holds any reaction.
struct CometChatMessagesPage {
    var messages: [JSONValue] = []
    var ids: [Int64] = []
    var sentAt: [Int64] = []
    var hasReactions: [Bool] = []
}

/// A page of a message's reactions.
struct CometChatReactionsPage {
    var reactions: [JSONValue] = []
    var ids: [Int64] = []
}

/// Reads CometChat's answers, checking that each holds the page asked for: JSON that parses,
/// no `error` member, ids that are integers, after the cursor and in ascending order; anything
/// else is a `PageProblem`, and the page is asked for again.
enum CometChatPages {
    /// A page of messages after message `after`.
    static func messages(_ bytes: [UInt8], after: Int64?) throws(PageProblem) -> CometChatMessagesPage {
        var page = CometChatMessagesPage()
        for message in try data(bytes) {
            guard let id = message["id"]?.identifier.flatMap({ Int64($0) }), let sent = message["sentAt"]?.int64 else {
                throw PageProblem("a message without an id or a sentAt")
            }
            guard id > max(after ?? Int64.min, page.ids.last ?? Int64.min) else { throw PageProblem("messages outside the range asked for") }
            page.messages.append(message)
            page.ids.append(id)
            page.sentAt.append(sent)
            page.hasReactions.append(summary(of: message).contains { ($0["count"]?.int64 ?? 1) > 0 })
        }
        return page
    }

    /// A page of message `message`'s reactions after reaction `after`.
    static func reactions(_ bytes: [UInt8], message: Int64, after: Int64?) throws(PageProblem) -> CometChatReactionsPage {
        var page = CometChatReactionsPage()
        for reaction in try data(bytes) {
            guard let id = reaction["id"]?.identifier.flatMap({ Int64($0) }) else { throw PageProblem("a reaction without an id") }
            guard reaction["messageId"]?.identifier.flatMap({ Int64($0) }) == message else { throw PageProblem("reactions of another message") }
            guard id > max(after ?? Int64.min, page.ids.last ?? Int64.min) else { throw PageProblem("reactions outside the range asked for") }
            page.reactions.append(reaction)
            page.ids.append(id)
        }
        return page
    }

    /// The groups of a page of `GET /groups` and the number of pages.
    static func groups(_ bytes: [UInt8]) throws(PageProblem) -> (guids: [String], totalPages: Int) {
        let root = try parse(bytes)
        var guids: [String] = []
        for group in try data(root) {
            guard let guid = group["guid"]?.identifier, !guid.isEmpty else { throw PageProblem("a group without a guid") }
            guids.append(guid)
        }
        let total = root["meta"]?["pagination"]?["total_pages"]?.int64 ?? 1
        return (guids, Int(clamping: total))
    }

    /// A message's reaction summaries: `data.reactions` or `reactions` (`[{reaction, count}]`).
    static func summary(of message: JSONValue) -> [JSONValue] {
        message["data"]?["reactions"]?.array ?? message["reactions"]?.array ?? []
    }

    /// `message` without its reaction summaries, which the reactions lists replace: a summary's
    /// count is a platform total, and the highest total of any copy of a message counts, so an
    /// old copy would keep a removed reaction counted.
    static func withoutSummary(_ message: JSONValue) -> JSONValue {
        guard let object = message.object else { return message }
        let data = object["data"]?.object.map { JSONValue.object(without("reactions", in: $0)) }
        return .object(
            JSONObject(
                keys: without("reactions", in: object).keys,
                values: without("reactions", in: object).members.map { $0.key == "data" ? data ?? $0.value : $0.value }))
    }

    /// `object` without its members named `key`.
    static func without(_ key: String, in object: JSONObject) -> JSONObject {
        let kept = object.members.filter { $0.key != key }
        return JSONObject(keys: kept.map(\.key), values: kept.map(\.value))
    }

    /// The `data` array of an answer.
    static func data(_ bytes: [UInt8]) throws(PageProblem) -> JSONElements { try data(parse(bytes)) }

    static func data(_ root: JSONValue) throws(PageProblem) -> JSONElements {
        guard let data = root["data"]?.elements else { throw PageProblem("an answer without \"data\"") }
        return data
    }

    static func parse(_ bytes: [UInt8]) throws(PageProblem) -> JSONValue {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes, file: "answer")
        } catch {
            throw PageProblem("JSON that does not parse")
        }
        if root["error"] != nil { throw PageProblem("an error in a page of status 200") }
        return root
    }

    /// The snapshot time of an answer: its `Date` header as RFC 3339 UTC
    /// (`2026-11-27T15:49:41Z`), or this machine's clock when the answer has none.
    static func fetchedAt(_ answer: HTTPAnswer) -> String {
        let date = answer.headers["date"].flatMap(RetryPolicy.httpDate) ?? Date()
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
