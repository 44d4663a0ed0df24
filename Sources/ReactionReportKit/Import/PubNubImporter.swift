/// Reads PubNub exports: history with message actions (service response, JS SDK output or a
/// plain array of items), message-action lists, and `added`/`removed` action event logs.
///
/// Timetokens are kept as decimal text and read as Int64; they never pass through `Double`.
/// Item, action and event lists are read with `JSONValue.elements`, one record at a time, so a
/// large history's deferred arrays are never parsed whole.
public struct PubNubImporter: Importer {
    public let platform = Platform.pubnub
    /// Action types that count as reactions (`reaction`, the Chat SDK's `reactions`, and configured ones).
    public var reactionTypes: Set<String>

    public init(reactionTypes: Set<String> = ["reaction", "reactions"]) {
        self.reactionTypes = reactionTypes
    }

    public static let history = InputFormat(id: "pubnub-history", platform: .pubnub,
        summary: "history-with-actions: service response, JS SDK fetchMessages output, or a JSON array of items",
        recognisedBy: "a \"channels\" object of item arrays, or an array of items, each with a \"timetoken\"",
        reactionMembers: ReactionMembers(records: ["$.channels.*[*]", "$[*]"], members: ["$.actions", "$.data.*"]))
    public static let actions = InputFormat(id: "pubnub-actions", platform: .pubnub,
        summary: "message-action list ({\"data\": [action…]})",
        recognisedBy: "actions with \"actionTimetoken\" and \"messageTimetoken\" and no \"event\"",
        reactionMembers: ReactionMembers(records: ["$.data[*]", "$[*]"], members: []))
    public static let events = InputFormat(id: "pubnub-events", platform: .pubnub,
        summary: "message-action events, JSON array or JSON lines",
        recognisedBy: "objects with \"event\": \"added\" or \"removed\" and the action in \"data\"",
        reactionMembers: ReactionMembers(records: ["$.data[*]", "$[*]"], members: []))

    public var formats: [InputFormat] { [Self.history, Self.actions, Self.events] }

    public func detect(_ document: InputDocument) -> InputFormat? {
        if let channels = document.root["channels"]?.object {
            let firstItem = channels.values.lazy.compactMap { $0.elements?.first }.first
            if let firstItem, firstItem["timetoken"] != nil { return Self.history }
            if firstItem == nil, !channels.keys.isEmpty || document.root["status"] != nil { return Self.history }
            return nil
        }
        guard let first = document.firstRecord(under: ["data"]) else { return nil }
        if let event = first["event"]?.string, event == "added" || event == "removed", first["data"]?["actionTimetoken"] != nil {
            return Self.events
        }
        if first["actionTimetoken"] != nil, first["messageTimetoken"] != nil { return Self.actions }
        if document.root.elements != nil, first["timetoken"] != nil, first["message"] != nil || first["actions"] != nil { return Self.history }
        return nil
    }

    public func read(_ document: InputDocument, as format: InputFormat, into sink: ImportSink) throws {
        switch format {
        case Self.history:
            if let channels = document.root["channels"]?.object {
                for (channel, items) in channels.members {
                    sink.conversation(ConversationInfo(platform: .pubnub, id: channel, name: channel))
                    for item in items.elements ?? [] { readItem(item, channel: item["channel"]?.string ?? channel, into: sink) }
                }
            } else {
                for item in document.root.elements ?? [] {
                    let channel = item["channel"]?.string ?? stem(of: document.name)
                    sink.conversation(ConversationInfo(platform: .pubnub, id: channel, name: channel))
                    readItem(item, channel: channel, into: sink)
                }
            }
        case Self.actions:
            for action in document.root.elements ?? document.root["data"]?.elements ?? [] {
                readAction(action, channel: action["channel"]?.string, event: "added", into: sink)
            }
        default:
            for event in document.root.elements ?? document.root["data"]?.elements ?? [] {
                guard let data = event["data"], let kind = event["event"]?.string else {
                    sink.diagnose(.skippedRecord, "an event without \"event\" and \"data\"")
                    continue
                }
                var action = data
                if data["uuid"] == nil, let publisher = event["publisher"] ?? event["uuid"], case .object(var object) = data {
                    object.append("uuid", publisher)
                    action = .object(object)
                }
                readAction(action, channel: event["channel"]?.string, event: kind, into: sink)
            }
        }
    }

    func readItem(_ item: JSONValue, channel: String, into sink: ImportSink) {
        guard let timetoken = timetoken(item["timetoken"]) else {
            sink.diagnose(.skippedRecord, "a history item in \(channel) without a readable timetoken")
            return
        }
        let target = MessageTarget(platform: .pubnub, conversationID: channel, messageID: timetoken)
        sink.message(ImportedMessage(platform: .pubnub, conversationID: channel, id: timetoken,
                                     authorID: item["uuid"]?.string ?? item["publisher"]?.string,
                                     sentAt: Timestamp.timetoken(timetoken), text: text(of: item["message"])))
        guard let actions = (item["actions"] ?? item["data"])?.object else { return }
        for (type, values) in actions.members {
            for (value, entries) in values.object?.members ?? JSONObject().members {
                for entry in entries.array ?? [] {
                    guard let uuid = entry["uuid"]?.identifier, let actionTimetoken = self.timetoken(entry["actionTimetoken"]) else {
                        sink.diagnose(.skippedRecord, "message \(timetoken): a \(type) action without uuid or actionTimetoken")
                        continue
                    }
                    apply(type: type, value: value, uuid: uuid, actionTimetoken: actionTimetoken, target: target, added: true, into: sink)
                }
            }
        }
    }

    func readAction(_ action: JSONValue, channel: String?, event: String, into sink: ImportSink) {
        guard let type = action["type"]?.string, let value = action["value"]?.string,
              let messageTimetoken = timetoken(action["messageTimetoken"]),
              let actionTimetoken = timetoken(action["actionTimetoken"]) else {
            sink.diagnose(.skippedRecord, "a message action without type, value or readable timetokens")
            return
        }
        let uuid = action["uuid"]?.identifier ?? ""
        let target = MessageTarget(platform: .pubnub, conversationID: channel, messageID: messageTimetoken)
        apply(type: type, value: value, uuid: uuid, actionTimetoken: actionTimetoken, target: target, added: event != "removed", into: sink)
    }

    func apply(type: String, value: String, uuid: String, actionTimetoken: String, target: MessageTarget, added: Bool, into sink: ImportSink) {
        let ref = "\(target.messageID)/\(actionTimetoken)/\(uuid)"
        if reactionTypes.contains(type) {
            if added {
                sink.reaction(.add(target: target, value: ReactionValue(value), reactor: uuid, reactorName: nil,
                                   at: Timestamp.timetoken(actionTimetoken), ref: ref))
            } else {
                sink.reaction(.remove(platform: .pubnub, ref: ref))
            }
        } else if type == "edited", added, let order = Timestamp.timetoken(actionTimetoken) {
            sink.update(.edit(target: target, text: value, order: order))
        } else if type == "deleted", added {
            sink.update(.delete(target: target))
        }
    }

    /// A timetoken as decimal text: digits only, from a string or a bare number.
    func timetoken(_ value: JSONValue?) -> String? {
        guard let text = value?.identifier, !text.isEmpty, text.count <= 19, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let number = Int64(text) else { return nil }
        return String(number)
    }

    /// The text of a published payload: a string, or the `text` member of an object.
    func text(of message: JSONValue?) -> String {
        switch message {
        case .string(let text)?: return text
        case .object(let object)?: return object["text"]?.string ?? object["message"]?.string ?? ""
        default: return ""
        }
    }
}

/// The file name without folders and extension.
func stem(of path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    if let dot = name.lastIndex(of: "."), dot != name.startIndex { return String(name[..<dot]) }
    return name
}
