import JSONReader

/// Reads Matrix room events: a JSON array (or JSON lines) of events as the client-server API
/// serves them, an object holding such an array under `chunk` (a `/messages` response),
/// `events` or `messages` (Element's "Export chat" JSON), or a single event.
///
/// Reactions are `m.reaction` events with an `m.annotation` relation; each add carries its own
/// event id as `ref`, so an `m.room.redaction` of it cancels it in the ledger whatever the order
/// of the two events. A redaction of a message marks the message deleted (the ledger matches the
/// ref against message ids); the message's reactions still count, as on every other platform.
///
/// Within one document, everything that needs another event is looked up after the whole
/// document is indexed: an annotation on an `m.replace` edit counts on the original, an edit
/// that is itself redacted is dropped, and the newest room name and display name win.
///
/// Message text is `content.body`, which the spec defines as plain text (`formatted_body` is
/// HTML and is not used). A room is direct only when a membership event in the input carries
/// `is_direct`; the `m.direct` account data that really decides it is not part of room history.
public struct MatrixImporter: DocumentImporter {
    public let platform = Platform.matrix

    public init() {}

    public static let events = InputFormat(
        id: "matrix-events", platform: .matrix,
        summary: "room events: a JSON array or JSON lines, {\"chunk\"|\"events\"|\"messages\": […]} (/messages response, Element export), or one event",
        recognisedBy: "events with an \"m.\" \"type\", an \"event_id\" and a \"sender\"",
        reactionMembers: ReactionMembers(
            records: ["$[*]", "$.chunk[*]", "$.events[*]", "$.messages[*]", "$.state[*]", "$"],
            members: [#"$.unsigned["m.relations"]["m.annotation"]"#]))

    public var formats: [InputFormat] { [Self.events] }

    /// Members that hold the event list, in the order they are tried.
    static let wrapperKeys = ["chunk", "events", "messages"]
    /// Event types that are messages in the timeline.
    static let messageTypes: Set<String> = ["m.room.message", "m.sticker"]
    /// How many leading elements detection looks at for an event.
    static let detectionWindow = 10

    // MARK: Detection

    public func detect(_ document: InputDocument) -> InputFormat? {
        let root = document.root
        if let elements = root.elements { return containsEvents(elements) ? Self.events : nil }
        guard root.object != nil else { return nil }
        for key in Self.wrapperKeys {
            if let elements = root[key]?.elements { return containsEvents(elements) ? Self.events : nil }
        }
        // One event on its own, such as the examples in the Matrix specification, which give
        // the type and content and leave event_id and sender to a shared schema.
        if let type = root["type"]?.string, type.hasPrefix("m."),
            root["content"]?.object != nil || root["event_id"]?.string != nil
        {
            return Self.events
        }
        return nil
    }

    /// True when one of the first elements is a room event of a type defined by the spec.
    func containsEvents(_ elements: JSONElements) -> Bool {
        elements.prefix(Self.detectionWindow).contains { element in
            guard let type = element["type"]?.string, type.hasPrefix("m."), element["event_id"]?.string != nil else { return false }
            return element["sender"]?.string != nil || element["room_id"]?.string != nil
        }
    }

    // MARK: Reading

    public func read(_ document: InputDocument, as format: InputFormat, into sink: ImportSink) throws {
        let root = document.root
        let events = eventList(root)
        let fallbackRoom = nonEmpty(root["room_id"]?.string) ?? stem(of: document.name)
        let index = buildIndex(events, fallbackRoom: fallbackRoom)

        // Rooms and people first, so that the names are known whatever comes later.
        let exportName = root.elements == nil ? nonEmpty(root["room_name"]?.string) : nil
        for room in index.rooms {
            let name = index.roomNames[room]?.2 ?? exportName ?? index.aliases[room]?.2
            sink.conversation(ConversationInfo(platform: .matrix, id: room, name: name, isDirect: index.direct.contains(room)))
        }
        for user in index.people {
            sink.person(.matrix, id: user, name: index.names[user]?.2)
        }

        var encrypted = 0, encryptedReactions = 0
        var polls = MatrixPolls()
        var redacted = RedactedEvents(index.redactionTargets)
        for event in events {
            guard let type = event["type"]?.string else {
                sink.diagnose(.skippedRecord, "an event without a type")
                continue
            }
            let room = nonEmpty(event["room_id"]?.string) ?? fallbackRoom
            redacted.note(event, type: type)
            switch type {
            case _ where Self.messageTypes.contains(type):
                readMessage(event, type: type, room: room, index: index, into: sink)
            case "m.reaction":
                readReaction(event, room: room, index: index, into: sink)
            case "m.room.redaction":
                readRedaction(event, into: sink)
            case _ where MatrixPolls.types.contains(type):
                polls.read(event, type: type, room: room, into: sink)
            case "m.room.encrypted":
                encrypted += 1
                // The relation stays in clear text: an encrypted annotation is a reaction whose key is hidden.
                if event["content"]?["m.relates_to"]?["rel_type"]?.string == "m.annotation" { encryptedReactions += 1 }
            default:
                continue
            }
        }
        for target in index.redactionTargets { settleRedaction(of: target, redacted: redacted, index: index, into: sink) }
        polls.finish(names: index.names.mapValues(\.2), into: sink)
        if encrypted > 0 {
            sink.diagnose(
                .skippedRecord,
                "\(encrypted) encrypted event(s) (m.room.encrypted), \(encryptedReactions) of them reactions, cannot be read; export the room decrypted",
                reactions: encryptedReactions)
        }
    }

    func readMessage(_ event: JSONValue, type: String, room: String, index: Index, into sink: ImportSink) {
        guard let id = nonEmpty(event["event_id"]?.string) else {
            sink.diagnose(.skippedRecord, "an \(type) event in \(room) without an event_id")
            return
        }
        let content = event["content"]
        let relation = content?["m.relates_to"]
        let sender = nonEmpty(event["sender"]?.string)
        let time = sink.time(event["origin_server_ts"], what: "event \(id) origin_server_ts") { $0.int64.flatMap(Timestamp.unixMilliseconds) }
        if let original = index.edits[id] {
            // An edit replaces the original's text; a redacted edit no longer does.
            guard !index.redactedEdits.contains(id) else { return }
            let target = resolve(original, index: index)
            if let author = index.messageSenders[target], author != sender {
                sink.diagnose(.skippedRecord, "edit \(id) of \(target) comes from \(sender ?? "no sender"), not the message's author; ignored")
                return
            }
            let text = content?["m.new_content"]?["body"]?.string ?? withoutEditMarker(content?["body"]?.string ?? "")
            sink.update(
                .edit(
                    target: MessageTarget(platform: .matrix, conversationID: room, messageID: target), text: text,
                    order: time ?? Timestamp(nanoseconds: 0, fractionDigits: 3)))
            return
        }
        let thread = relation?["rel_type"]?.string == "m.thread" ? nonEmpty(relation?["event_id"]?.string) : nil
        var text = content?["body"]?.string ?? ""
        if relation?["m.in_reply_to"] != nil { text = withoutReplyFallback(text) }
        sink.message(
            ImportedMessage(
                platform: .matrix, conversationID: room, id: id, authorID: sender, sentAt: time,
                threadParentID: thread, replyToID: thread ?? nonEmpty(relation?["m.in_reply_to"]?["event_id"]?.string), text: text,
                deleted: isRedacted(event), markup: .plain))
        readAggregations(event, target: MessageTarget(platform: .matrix, conversationID: room, messageID: id), into: sink)
    }

    /// Reactions a server bundled into the message (`unsigned["m.relations"]["m.annotation"]`,
    /// older servers: `{"chunk": [{"type": "m.reaction", "key": "👍", "count": 3}]}`): totals,
    /// which the `m.reaction` events, where the input holds them, complete with reactors.
    func readAggregations(_ event: JSONValue, target: MessageTarget, into sink: ImportSink) {
        guard let annotations = event["unsigned"]?["m.relations"]?["m.annotation"], !annotations.isNull else { return }
        guard let chunk = annotations["chunk"]?.array else {
            sink.diagnose(
                .invalidReaction, "event \(target.messageID): bundled reactions without a \"chunk\" list", reactions: ReactionAudit.held(annotations))
            return
        }
        for group in chunk {
            guard let key = group["key"]?.string, let count = group["count"] else {
                sink.diagnose(
                    .invalidReaction, "event \(target.messageID): a bundled reaction without key or count", reactions: ReactionAudit.size(of: .array([group])))
                continue
            }
            if let type = group["type"]?.string, type != "m.reaction" { continue }
            guard let total = ReactionCount.read(count) else {
                sink.diagnose(
                    .invalidCount, "event \(target.messageID): the count of \(quoted(key)) (\(ReactionCount.problem(count))) is not used", reactions: 1)
                continue
            }
            sink.reaction(.total(target: target, value: ReactionValue(key), count: total, firstAt: nil))
        }
    }

    /// Records an annotation as an add whose ref is the reaction's event id.
    func readReaction(_ event: JSONValue, room: String, index: Index, into sink: ImportSink) {
        let relation = event["content"]?["m.relates_to"]
        if relation == nil, isRedacted(event) { return }  // redacted by the server: content stripped
        guard let id = nonEmpty(event["event_id"]?.string), let sender = nonEmpty(event["sender"]?.string) else {
            sink.diagnose(.skippedRecord, "an m.reaction event without event_id or sender", reactions: 1)
            return
        }
        guard relation?["rel_type"]?.string == "m.annotation", let targetID = nonEmpty(relation?["event_id"]?.string),
            let key = relation?["key"]?.string
        else {
            sink.diagnose(.skippedRecord, "reaction \(id) has no m.annotation relation with an event_id and a key", reactions: 1)
            return
        }
        let target = resolve(targetID, index: index)
        if index.namedReactions.contains(target) {
            sink.diagnose(.skippedRecord, "reaction \(id) annotates another reaction (\(target)); ignored, as the specification says", reactions: 1)
            return
        }
        let at = sink.time(event["origin_server_ts"], what: "event \(id) origin_server_ts") { $0.int64.flatMap(Timestamp.unixMilliseconds) }
        let messageTarget = MessageTarget(platform: .matrix, conversationID: room, messageID: target)
        sink.reaction(.add(target: messageTarget, value: ReactionValue(key), reactor: sender, reactorName: nil, at: at, ref: id))
        // Redacted, yet the dump kept its content: cancelled, with or without its redaction event.
        if isRedacted(event) { sink.reaction(.remove(platform: .matrix, ref: id)) }
    }

    /// True when `readReaction` recorded an add for this redacted reaction id.
    func recordsReaction(_ id: String, redacted: RedactedEvents, index: Index) -> Bool {
        guard let target = redacted.annotationTargets[id] else { return false }
        return !index.namedReactions.contains(resolve(target, index: index))
    }

    /// A redaction's target was collected by the first pass (`buildIndex`); one without a
    /// target, unless the server redacted it (stripping it), is named.
    func readRedaction(_ event: JSONValue, into sink: ImportSink) {
        if redactedID(event) == nil, !isRedacted(event) { sink.diagnose(.skippedRecord, "a redaction without \"redacts\"") }
    }

    /// A redaction cancels a reaction or deletes a message by the redacted event id. Redactions
    /// of events this document holds and that are neither (state, edits, reactions it did not
    /// record) have nothing to cancel; redactions of events it does not hold are passed on,
    /// since another input may hold the event. Decided once the events are read (the ledger
    /// applies a removal by identity, whatever its order), when what each target is is known.
    func settleRedaction(of target: String, redacted: RedactedEvents, index: Index, into sink: ImportSink) {
        switch redacted.kinds[target] {
        case .message?, nil:
            sink.reaction(.remove(platform: .matrix, ref: target))
        case .reaction? where recordsReaction(target, redacted: redacted, index: index):
            sink.reaction(.remove(platform: .matrix, ref: target))
        default:
            return
        }
    }

    // MARK: Helpers

    /// The id of a redaction's target: top-level `redacts` (room versions 1–10) or
    /// `content.redacts` (room version 11).
    func redactedID(_ event: JSONValue) -> String? {
        nonEmpty(event["redacts"]?.string) ?? nonEmpty(event["content"]?["redacts"]?.string)
    }

    /// True when the server already redacted the event (`unsigned.redacted_because`).
    func isRedacted(_ event: JSONValue) -> Bool {
        guard let because = event["unsigned"]?["redacted_because"] else { return false }
        return !because.isNull
    }

    /// The message an event id stands for: an edit stands for the message it edits.
    func resolve(_ id: String, index: Index) -> String {
        var current = id
        var steps = 0
        while let original = index.edits[current], steps < 8 {
            current = original
            steps += 1
        }
        return current
    }

    /// A reply's body may start with a quote of the message it answers (`> <@user:server> …`
    /// lines, then a blank line), written for clients that do not know replies.
    func withoutReplyFallback(_ body: String) -> String {
        guard body.hasPrefix("> <") else { return body }
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let first = lines.first, first.hasPrefix(">") { lines = lines.dropFirst() }
        if let first = lines.first, first.isEmpty { lines = lines.dropFirst() }
        return lines.joined(separator: "\n")
    }

    /// An edit's fallback body starts with "* " for clients that do not know edits.
    func withoutEditMarker(_ body: String) -> String {
        body.hasPrefix("* ") ? String(body.dropFirst(2)) : body
    }
}
