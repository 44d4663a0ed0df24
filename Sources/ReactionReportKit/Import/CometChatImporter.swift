/// Reads CometChat exports: a messages list with per-message reaction summaries, the
/// per-message reactions list (`MessageReaction` objects), and reaction events. Reactions are
/// joined to messages by message id by the ledger, whatever the order of the files.
/// `reactedByMe` depends on who exported and is ignored.
public struct CometChatImporter: Importer {
    public let platform = Platform.cometchat

    public init() {}

    public static let messages = InputFormat(id: "cometchat-messages", platform: .cometchat,
        summary: "messages list ({\"data\":[message…]}) with \"reactions\" summaries",
        recognisedBy: "messages with \"sentAt\" and \"sender\" or \"receiverType\"",
        reactionMembers: ReactionMembers(records: ["$.data[*]", "$[*]"], members: ["$.reactions", "$.data.reactions"]))
    public static let reactions = InputFormat(id: "cometchat-reactions", platform: .cometchat,
        summary: "per-message reactions list ({\"data\":[MessageReaction…]})",
        recognisedBy: "items with \"messageId\", \"reaction\" and \"uid\" or \"reactedBy\"",
        reactionMembers: ReactionMembers(records: ["$.data[*]", "$[*]"], members: ["$.reaction"]))
    public static let events = InputFormat(id: "cometchat-events", platform: .cometchat,
        summary: "reaction events (message_reaction_added / message_reaction_removed), JSON array or JSON lines",
        recognisedBy: "objects whose \"trigger\", \"event\" or \"type\" names a reaction added or removed",
        reactionMembers: ReactionMembers(records: ["$.data[*]", "$[*]"], members: ["$.data.reaction", "$.reaction"]))

    public var formats: [InputFormat] { [Self.messages, Self.reactions, Self.events] }

    public func detect(_ document: InputDocument) -> InputFormat? {
        guard let first = document.firstRecord(under: ["data"]) else { return nil }
        if eventKind(first) != nil { return Self.events }
        if first["messageId"] != nil, first["reaction"] != nil, first["uid"] != nil || first["reactedBy"] != nil { return Self.reactions }
        if first["sentAt"] != nil, first["id"] != nil, first["sender"] != nil || first["receiverType"] != nil { return Self.messages }
        return nil
    }

    /// "added" or "removed" for a reaction event record.
    func eventKind(_ record: JSONValue) -> String? {
        guard let name = (record["trigger"] ?? record["event"] ?? record["type"])?.string?.lowercased(), name.contains("reaction") else { return nil }
        if name.contains("removed") { return "removed" }
        if name.contains("added") { return "added" }
        return nil
    }

    public func read(_ document: InputDocument, as format: InputFormat, into sink: ImportSink) throws {
        let records = document.root.elements ?? document.root["data"]?.elements ?? []
        switch format {
        case Self.messages:
            for message in records { readMessage(message, into: sink) }
        case Self.reactions:
            for reaction in records { readReaction(reaction, added: true, into: sink) }
        default:
            for event in records {
                guard let kind = eventKind(event), let reaction = event["data"]?["reaction"] ?? event["reaction"] ?? event["data"] else {
                    sink.diagnose(.skippedRecord, "an event that is not a reaction added or removed")
                    continue
                }
                readReaction(reaction, added: kind == "added", into: sink)
            }
        }
    }

    func readMessage(_ message: JSONValue, into sink: ImportSink) {
        guard let id = message["id"]?.identifier else {
            sink.diagnose(.skippedRecord, "a message without an id")
            return
        }
        let data = message["data"]
        let receiverType = message["receiverType"]?.string
        let receiver = message["receiver"]?.identifier ?? ""
        let conversationID = message["conversationId"]?.identifier ?? (receiverType == "group" ? "group_\(receiver)" : receiver)
        let senderEntity = data?["entities"]?["sender"]?["entity"]
        let authorID = message["sender"]?.identifier ?? message["sender"]?["uid"]?.identifier ?? senderEntity?["uid"]?.identifier
        let authorName = senderEntity?["name"]?.string ?? message["sender"]?["name"]?.string
        if let authorID { sink.person(.cometchat, id: authorID, name: authorName) }
        let groupName = data?["entities"]?["receiver"]?["entity"]?["name"]?.string
        sink.conversation(ConversationInfo(platform: .cometchat, id: conversationID,
                                           name: receiverType == "group" ? groupName ?? receiver : conversationID,
                                           isDirect: receiverType == "user"))
        let deleted = message["deletedAt"].map { !$0.isNull && $0.int64 != 0 } ?? false
        sink.message(ImportedMessage(
            platform: .cometchat, conversationID: conversationID, id: id, authorID: authorID, authorName: authorName,
            sentAt: sink.time(message["sentAt"], what: "message \(id) sentAt") { $0.int64.flatMap(Timestamp.unixSeconds) },
            threadParentID: message["parentId"]?.identifier.flatMap { $0 == "0" ? nil : $0 },
            text: data?["text"]?.string ?? message["text"]?.string ?? "", deleted: deleted))
        let target = MessageTarget(platform: .cometchat, conversationID: conversationID, messageID: id)
        for summary in (message["reactions"] ?? data?["reactions"])?.array ?? [] {
            guard let value = summary["reaction"]?.string, let count = summary["count"]?.int64 else {
                sink.diagnose(.invalidReaction, "message \(id): a reaction summary without reaction or count")
                continue
            }
            sink.reaction(.total(target: target, value: ReactionValue(value), count: Int(clamping: count), firstAt: nil))
        }
    }

    func readReaction(_ reaction: JSONValue, added: Bool, into sink: ImportSink) {
        guard let messageID = reaction["messageId"]?.identifier, let value = reaction["reaction"]?.string else {
            sink.diagnose(.skippedRecord, "a reaction without messageId or reaction")
            return
        }
        let user = reaction["reactedBy"]
        let uid = reaction["uid"]?.identifier ?? user?["uid"]?.identifier ?? ""
        let ref = reaction["id"]?.identifier.map { "reaction:\($0)" } ?? "\(messageID)/\(value)/\(uid)"
        guard added else {
            sink.reaction(.remove(platform: .cometchat, ref: ref))
            return
        }
        let target = MessageTarget(platform: .cometchat, conversationID: nil, messageID: messageID)
        let at = sink.time(reaction["reactedAt"], what: "reaction on message \(messageID) reactedAt") { $0.int64.flatMap(Timestamp.unixSeconds) }
        sink.reaction(.add(target: target, value: ReactionValue(value), reactor: uid, reactorName: user?["name"]?.string, at: at, ref: ref))
    }
}
