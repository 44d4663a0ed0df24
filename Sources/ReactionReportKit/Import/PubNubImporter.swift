import JSONReader

/// Reads PubNub exports: history with message actions (service response, JS SDK output or a
/// plain array of items), message-action lists, `added`/`removed` action event logs, and logs of
/// raw subscribe v2 responses (`PubNubImporter+Subscribe.swift`).
///
/// Timetokens are kept as decimal text and read as Int64; they never pass through `Double`.
/// Item, action and event lists are read with `JSONValue.elements`, one record at a time, so a
/// large history's deferred arrays are never parsed whole.
public struct PubNubImporter: DocumentImporter {
    public let platform = Platform.pubnub
    /// Action types that count as reactions (`reaction`, the Chat SDK's `reactions`, and configured ones).
    public var reactionTypes: Set<String>

    public init(reactionTypes: Set<String> = ["reaction", "reactions"]) {
        self.reactionTypes = reactionTypes
    }

    public static let history = InputFormat(
        id: "pubnub-history", platform: .pubnub,
        summary: "history-with-actions: service response, JS SDK fetchMessages output, or a JSON array of items",
        recognisedBy: "a \"channels\" object of item arrays, or an array of items, each with a \"timetoken\"",
        reactionMembers: ReactionMembers(records: ["$.channels.*[*]", "$[*]"], members: ["$.actions", "$.data.*"]),
        statement: .messagesWithReactions)
    public static let actions = InputFormat(
        id: "pubnub-actions", platform: .pubnub,
        summary: "message-action list ({\"data\": [action…]})",
        recognisedBy: "actions with \"actionTimetoken\" and \"messageTimetoken\" and no \"event\"",
        reactionMembers: ReactionMembers(records: ["$.data[*]", "$[*]"], members: []))
    public static let events = InputFormat(
        id: "pubnub-events", platform: .pubnub,
        summary: "message-action events, JSON array or JSON lines",
        recognisedBy: "objects with \"event\": \"added\" or \"removed\" and the action in \"data\"",
        reactionMembers: ReactionMembers(records: ["$.data[*]", "$[*]"], members: []))

    public var formats: [InputFormat] { [Self.history, Self.actions, Self.events, Self.subscribe] }

    public func detect(_ document: InputDocument) -> InputFormat? {
        if Self.isSubscribeResponse(document.root) || document.root.elements?.first.map(Self.isSubscribeResponse) == true {
            return Self.subscribe
        }
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
            if !Self.carriesActions(document) { sink.statesNoReactions() }
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
                readAction(action, uuid: action["uuid"], channel: action["channel"]?.string, event: "added", into: sink)
            }
        case Self.subscribe:
            readSubscribe(document, into: sink)
        default:
            for event in document.root.elements ?? document.root["data"]?.elements ?? [] {
                guard let data = event["data"], let kind = event["event"]?.string else {
                    sink.diagnose(.skippedRecord, "an event without \"event\" and \"data\"", reactions: reactions(inAction: event["data"]))
                    continue
                }
                readAction(data, uuid: data["uuid"] ?? event["publisher"] ?? event["uuid"], channel: event["channel"]?.string, event: kind, into: sink)
            }
        }
    }

    func readItem(_ item: JSONValue, channel: String, into sink: ImportSink) {
        guard let timetoken = timetoken(item["timetoken"]) else {
            sink.diagnose(
                .skippedRecord, "a history item in \(channel) without a readable timetoken",
                reactions: reactions(inActions: item["actions"] ?? item["data"]))
            return
        }
        let target = MessageTarget(platform: .pubnub, conversationID: channel, messageID: timetoken)
        sink.message(
            ImportedMessage(
                platform: .pubnub, conversationID: channel, id: timetoken,
                authorID: item["uuid"]?.string ?? item["publisher"]?.string,
                sentAt: Timestamp.timetoken(timetoken), text: text(of: item["message"])))
        guard let actions = (item["actions"] ?? item["data"])?.object else {
            // Looked up again here, not kept from above, which would copy it for every item.
            if let value = item["actions"] ?? item["data"] { diagnoseActionList(value, message: timetoken, into: sink) }
            return
        }
        // Shapes other than the documented maps and lists are named, with their reactions, by
        // helpers kept out of line (this loop reads a million-message history).
        for (type, values) in actions.members {
            guard let valueMap = values.object else {
                diagnoseUnreadActions(values, type: type, message: timetoken, what: "a map of values", into: sink)
                continue
            }
            for (value, entries) in valueMap.members {
                guard let list = entries.array else {
                    diagnoseUnreadActions(entries, type: type, message: timetoken, what: "a list of actions", into: sink)
                    continue
                }
                for entry in list {
                    guard let uuid = entry["uuid"]?.identifier, let actionTimetoken = self.timetoken(entry["actionTimetoken"]) else {
                        diagnoseIncompleteAction(type: type, message: timetoken, into: sink)
                        continue
                    }
                    apply(type: type, value: value, uuid: uuid, actionTimetoken: actionTimetoken, target: target, added: true, into: sink)
                }
            }
        }
    }

    /// Reads one message action (`type`, `value`, `messageTimetoken`, `actionTimetoken`) added
    /// or removed by `uuid`, whose place depends on the shape: the action's own `uuid`, or the
    /// event's publisher.
    func readAction(_ action: JSONValue, uuid: JSONValue?, channel: String?, event: String, into sink: ImportSink) {
        guard let type = action["type"]?.string, let value = action["value"]?.string,
            let messageTimetoken = timetoken(action["messageTimetoken"]),
            let actionTimetoken = timetoken(action["actionTimetoken"])
        else {
            sink.diagnose(
                .skippedRecord, "a message action without type, value or readable timetokens",
                reactions: event == "removed" ? 0 : reactions(inAction: action))
            return
        }
        let uuid = uuid?.identifier ?? ""
        let target = MessageTarget(platform: .pubnub, conversationID: channel, messageID: messageTimetoken)
        apply(type: type, value: value, uuid: uuid, actionTimetoken: actionTimetoken, target: target, added: event != "removed", into: sink)
    }

    func apply(type: String, value: String, uuid: String, actionTimetoken: String, target: MessageTarget, added: Bool, into sink: ImportSink) {
        let ref = "\(target.messageID)/\(actionTimetoken)/\(uuid)"
        if reactionTypes.contains(type) {
            if added {
                sink.reaction(
                    .add(
                        target: target, value: ReactionValue(value), reactor: uuid, reactorName: nil,
                        at: Timestamp.timetoken(actionTimetoken), ref: ref))
            } else {
                sink.reaction(.remove(platform: .pubnub, ref: ref))
            }
        } else if type == "edited", added, let order = Timestamp.timetoken(actionTimetoken) {
            sink.update(.edit(target: target, text: value, order: order))
        } else if type == "deleted", added {
            sink.update(.delete(target: target))
        } else if added, !Self.typesUsed.contains(type) {
            sink.unconfiguredAction(type: type, value: value)
        }
    }

    /// True for a history fetched with its message actions, whose items state their whole set of
    /// reactions: one of its items has actions (`actions`, or the SDK's older `data`; in a large
    /// file, where items are read one at a time, one that holds some), or its `more` link is to
    /// history-with-actions. Plain history, and a page with actions on none of its messages,
    /// say nothing of reactions (a removal seen in such a page would be taken for none).
    static func carriesActions(_ document: InputDocument) -> Bool {
        if document.root["more"]?["url"]?.string?.contains("history-with-actions") == true { return true }
        if let sites = document.reactionSites,
            sites.groups.contains(where: { group in
                group.path.components.contains { $0 == .key("actions") || $0 == .key("data") }
            })
        {
            return true
        }
        let lists = document.root["channels"]?.object?.values ?? [document.root]
        return lists.contains { list in
            list.array?.contains { $0["actions"] != nil || $0["data"] != nil } ?? false
        }
    }

    /// The action types read for what they are besides reactions, and `receipt` (read receipts),
    /// which are known and carry nothing a report shows.
    static let typesUsed: Set<String> = ["edited", "deleted", "receipt"]

    /// The reactions a skipped action stands for: one when its type is a reaction type.
    func reactions(inAction action: JSONValue?) -> Int {
        guard let type = action?["type"]?.string else { return 0 }
        return reactionTypes.contains(type) ? 1 : 0
    }

    /// The reactions a skipped history item's `actions` hold: the entries of its reaction types,
    /// as far as their shape tells (`ReactionAudit.held`).
    func reactions(inActions actions: JSONValue?) -> Int {
        var total = 0
        for (type, values) in actions?.object?.members ?? [] where reactionTypes.contains(type) {
            total = total.addingClamped(ReactionAudit.held(values))
        }
        return total
    }

    /// Names the actions of one type (or one value) whose shape is not the documented one, with
    /// the reactions they hold when their type is a reaction type; null is no actions at all.
    @inline(never)
    func diagnoseUnreadActions(_ value: JSONValue, type: String, message: String, what: String, into sink: ImportSink) {
        guard !value.isNull else { return }
        let reactions = reactionTypes.contains(type) ? ReactionAudit.held(value) : 0
        sink.diagnose(.skippedRecord, "message \(message): the \(type) actions are not \(what)", reactions: reactions)
    }

    /// Names a history item's `actions` (or `data`) when it is a list where the map of action
    /// types belongs, with the reactions it holds; any other value is not actions.
    @inline(never)
    func diagnoseActionList(_ value: JSONValue, message: String, into sink: ImportSink) {
        guard value.elements != nil else { return }
        sink.diagnose(.skippedRecord, "message \(message): its actions are a list, not a map of action types", reactions: ReactionAudit.held(value))
    }

    /// Names an action without a user or a readable time: one reaction lost when its type is a
    /// reaction type.
    @inline(never)
    func diagnoseIncompleteAction(type: String, message: String, into sink: ImportSink) {
        sink.diagnose(
            .skippedRecord, "message \(message): a \(type) action without uuid or actionTimetoken",
            reactions: reactionTypes.contains(type) ? 1 : 0)
    }

    /// A timetoken as decimal text: digits only, from a string or a bare number.
    func timetoken(_ value: JSONValue?) -> String? {
        guard let text = value?.identifier, !text.isEmpty, text.count <= 19, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let number = Int64(text)
        else { return nil }
        return String(number)
    }

    /// The text of a published payload: a string, or the `text` member of an object; for a file
    /// message (`{"message": …, "file": {…}}`), the text of its `message`.
    func text(of message: JSONValue?) -> String {
        switch message {
        case .string(let text)?: return text
        case .object(let object)?:
            if let text = object["text"]?.string ?? object["message"]?.string { return text }
            // Not a recursive call: that kept this function from being inlined into `readItem`.
            if object["file"] != nil, let payload = object["message"]?.object { return payload["text"]?.string ?? "" }
            return ""
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
