import JSONReader

/// One message action as PubNub lists it (`type`, `value`, `uuid`, `actionTimetoken`,
/// `messageTimetoken`), and the identity the ledger removes it by.
struct PubNubAction: Hashable, Sendable {
    var messageTimetoken: Int64
    var actionTimetoken: Int64
    var uuid: String
    var type: String
    var value: String

    /// What a `removed` event names: the ledger matches removals on message timetoken, action
    /// timetoken and uuid.
    var removalKey: RemovalKey { RemovalKey(messageTimetoken: messageTimetoken, actionTimetoken: actionTimetoken, uuid: uuid) }

    struct RemovalKey: Hashable {
        var messageTimetoken: Int64
        var actionTimetoken: Int64
        var uuid: String
    }

    /// The action as a message-action list holds it, with its channel (which the list itself
    /// does not say).
    func json(channel: String) -> JSONValue {
        JSONWriting.object([
            ("type", .string(type)), ("value", .string(value)), ("uuid", .string(uuid)), ("actionTimetoken", .string(String(actionTimetoken))),
            ("messageTimetoken", .string(String(messageTimetoken))), ("channel", .string(channel))
        ])
    }

    /// The action of a message-action list's entry; nil for an entry without one of its parts.
    init?(listed entry: JSONValue) {
        guard let type = entry["type"]?.string, let value = entry["value"]?.string, let uuid = entry["uuid"]?.identifier,
            let message = PubNubPages.timetoken(entry["messageTimetoken"]), let action = PubNubPages.timetoken(entry["actionTimetoken"])
        else { return nil }
        self.init(messageTimetoken: message, actionTimetoken: action, uuid: uuid, type: type, value: value)
    }

    init(messageTimetoken: Int64, actionTimetoken: Int64, uuid: String, type: String, value: String) {
        self.messageTimetoken = messageTimetoken
        self.actionTimetoken = actionTimetoken
        self.uuid = uuid
        self.type = type
        self.value = value
    }

    /// The actions a history item holds (`actions` → type → value → `[{uuid, actionTimetoken}]`).
    static func of(item: JSONValue, timetoken: Int64) -> [PubNubAction] {
        var out: [PubNubAction] = []
        for (type, values) in item["actions"]?.object?.members ?? [] {
            for (value, entries) in values.object?.members ?? [] {
                for entry in entries.elements ?? [] {
                    guard let uuid = entry["uuid"]?.identifier, let action = PubNubPages.timetoken(entry["actionTimetoken"]) else { continue }
                    out.append(PubNubAction(messageTimetoken: timetoken, actionTimetoken: action, uuid: uuid, type: type, value: value))
                }
            }
        }
        return out
    }
}

/// A page of history with actions: its items as PubNub gave them, their timetokens, and where
/// the next page starts when PubNub says (`more.start`).
struct PubNubHistoryPage {
    var items: [JSONValue]
    var timetokens: [Int64]
    var moreStart: Int64?
}

/// A page of the message-action list.
struct PubNubActionsPage {
    var actions: [PubNubAction]
    var moreStart: Int64?
}

/// Reads PubNub's answers, checking that each holds the page asked for: JSON that parses, no
/// `"error": true`, and every timetoken within the range asked (`end` ≤ t < `start`); anything
/// else is a `PageProblem`, and the page is asked for again.
enum PubNubPages {
    static func history(_ bytes: [UInt8], channel: String, start: Int64, end: Int64?) throws(PageProblem) -> PubNubHistoryPage {
        let root = try parse(bytes)
        guard let channels = root["channels"]?.object else { throw PageProblem("an answer without \"channels\"") }
        // Messages under another channel's name would be lost without a word.
        guard channels[channel] != nil || channels.members.allSatisfy({ $0.value.elements?.isEmpty ?? true }) else {
            throw PageProblem("messages of another channel")
        }
        var page = PubNubHistoryPage(items: [], timetokens: [], moreStart: timetoken(root["more"]?["start"]))
        for item in channels[channel]?.elements ?? [] {
            guard let timetoken = timetoken(item["timetoken"]) else { throw PageProblem("a message without a timetoken") }
            guard timetoken < start, timetoken >= end ?? Int64.min else { throw PageProblem("messages outside the range asked for") }
            page.items.append(item)
            page.timetokens.append(timetoken)
        }
        return page
    }

    static func actions(_ bytes: [UInt8], start: Int64, end: Int64?) throws(PageProblem) -> PubNubActionsPage {
        let root = try parse(bytes)
        guard let data = root["data"]?.elements else { throw PageProblem("an answer without \"data\"") }
        var page = PubNubActionsPage(actions: [], moreStart: timetoken(root["more"]?["start"]))
        for entry in data {
            guard let action = PubNubAction(listed: entry) else { throw PageProblem("a message action without its type, value, uuid or timetokens") }
            guard action.actionTimetoken < start, action.actionTimetoken >= end ?? Int64.min else {
                throw PageProblem("message actions outside the range asked for")
            }
            page.actions.append(action)
        }
        return page
    }

    static func parse(_ bytes: [UInt8]) throws(PageProblem) -> JSONValue {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes, file: "answer")
        } catch {
            throw PageProblem("JSON that does not parse")
        }
        if root["error"]?.bool == true { throw PageProblem("an error in a page of status 200") }
        return root
    }

    /// A timetoken: digits, as a string or a number.
    static func timetoken(_ value: JSONValue?) -> Int64? {
        guard let text = value?.identifier, !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int64(text)
    }
}
