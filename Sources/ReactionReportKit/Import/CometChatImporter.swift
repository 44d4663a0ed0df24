import JSONReader

/// Reads CometChat exports: a messages list with per-message reaction summaries, the
/// per-message reactions list (`MessageReaction` objects), and reaction events. Reactions are
/// joined to messages by message id by the ledger, whatever the order of the files.
/// `reactedByMe` depends on who exported and is ignored.
public struct CometChatImporter: DocumentImporter {
    public let platform = Platform.cometchat

    public init() {}

    public static let messages = InputFormat(
        id: "cometchat-messages", platform: .cometchat,
        summary: "messages list ({\"data\":[message…]}) with \"reactions\" summaries",
        recognisedBy: "messages with \"sentAt\" and \"sender\" or \"receiverType\"",
        reactionMembers: ReactionMembers(
            records: ["$.data[*]", "$[*]"],
            members: ["$.reactions", "$.data.reactions", extensionReactions, "$.data" + extensionReactions.dropFirst()]),
        statement: .messagesWithReactions)

    /// Where CometChat's Reactions extension (before reactions were built in) keeps a message's
    /// reactions: `{emoji: {uid: {name, avatar}}}` in the message's metadata.
    static let extensionReactions = #"$.metadata["@injected"].extensions.reactions"#
    public static let reactions = InputFormat(
        id: "cometchat-reactions", platform: .cometchat,
        summary: "per-message reactions list ({\"data\":[MessageReaction…]})",
        recognisedBy: "items with \"messageId\", \"reaction\" and \"uid\" or \"reactedBy\"",
        reactionMembers: ReactionMembers(records: ["$.data[*]", "$[*]"], members: ["$.reaction"]), statement: .reactorsOfMessages)
    public static let events = InputFormat(
        id: "cometchat-events", platform: .cometchat,
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
            let underData = document.root.elements == nil
            for (index, message) in records.enumerated() {
                readMessage(message, at: JSONPath(underData ? [.key("data"), .index(index)] : [.index(index)]), into: sink)
            }
        case Self.reactions:
            for reaction in records { readReaction(reaction, added: true, into: sink) }
        default:
            for event in records {
                guard let kind = eventKind(event), let reaction = event["data"]?["reaction"] ?? event["reaction"] ?? event["data"] else {
                    let holds = (event["data"]?["reaction"] ?? event["reaction"]).map { !$0.isNull } ?? false
                    sink.diagnose(.skippedRecord, "an event that is not a reaction added or removed", reactions: holds ? 1 : 0)
                    continue
                }
                readReaction(reaction, added: kind == "added", into: sink)
            }
        }
    }

    /// The reactions a message holds (`ReactionAudit.held`), for a diagnostic when it is skipped.
    static func reactionSize(of message: JSONValue) -> Int {
        let members = [message["reactions"], message["data"]?["reactions"], extensionReactions(of: message), extensionReactions(of: message["data"])]
        return members.reduce(0) { $0.addingClamped($1.map(ReactionAudit.held) ?? 0) }
    }

    /// The Reactions extension's map in a message's metadata.
    static func extensionReactions(of message: JSONValue?) -> JSONValue? {
        message?["metadata"]?["@injected"]?["extensions"]?["reactions"]
    }

    /// The steps from a message to the Reactions extension's map.
    static let extensionSteps: [JSONPath.Component] = [.key("metadata"), .key("@injected"), .key("extensions"), .key("reactions")]

    /// Reads the message at `record`, with its reaction summaries and the Reactions extension's map.
    func readMessage(_ message: JSONValue, at record: @autoclosure () -> JSONPath, into sink: ImportSink) {
        guard let id = message["id"]?.identifier else {
            sink.diagnose(.skippedRecord, "a message without an id", reactions: Self.reactionSize(of: message))
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
        sink.conversation(
            ConversationInfo(
                platform: .cometchat, id: conversationID,
                name: receiverType == "group" ? groupName ?? receiver : conversationID,
                isDirect: receiverType == "user"))
        let deleted = message["deletedAt"].map { !$0.isNull && $0.int64 != 0 } ?? false
        sink.message(
            ImportedMessage(
                platform: .cometchat, conversationID: conversationID, id: id, authorID: authorID, authorName: authorName,
                sentAt: sink.time(message["sentAt"], what: "message \(id) sentAt") { $0.int64.flatMap(Timestamp.unixSeconds) },
                threadParentID: message["parentId"]?.identifier.flatMap { $0 == "0" ? nil : $0 },
                text: data?["text"]?.string ?? message["text"]?.string ?? "", deleted: deleted))
        readPoll(of: message, conversationID: conversationID, messageID: id, into: sink)
        let target = MessageTarget(platform: .cometchat, conversationID: conversationID, messageID: id)
        readSummaries(message["reactions"], at: record().appending(.key("reactions")), target: target, into: sink)
        readSummaries(data?["reactions"], at: JSONPath(record().components + [.key("data"), .key("reactions")]), target: target, into: sink)
        readExtensionReactions(Self.extensionReactions(of: message), at: JSONPath(record().components + Self.extensionSteps), target: target, into: sink)
        readExtensionReactions(
            Self.extensionReactions(of: data), at: JSONPath(record().components + [.key("data")] + Self.extensionSteps), target: target, into: sink)
    }

    /// Reads a message's reaction summaries (`[{reaction, count}]`, at `path`): platform totals.
    /// What cannot be read is named (`ReactionProblem`), with the reactions it loses.
    func readSummaries(_ summaries: JSONValue?, at path: @autoclosure () -> JSONPath, target: MessageTarget, into sink: ImportSink) {
        let id = target.messageID
        for (index, summary) in ReactionProblem.reactionList(summaries, at: path(), message: id, report: { sink.diagnose($0) }).enumerated() {
            func place() -> JSONPath { path().appending(.index(index)) }
            guard summary.object != nil else {
                sink.diagnose(.misshapen(summary, at: place(), message: id, expected: .object, kind: .invalidReaction, loses: .held))
                continue
            }
            if let reaction = summary["reaction"], !reaction.isNull, reaction.string == nil {
                sink.diagnose(
                    .misshapen(
                        reaction, at: place().appending(.key("reaction")), message: id, expected: .string, kind: .invalidReaction,
                        loses: .reactions(ReactionAudit.size(of: .array([summary])))))
                continue
            }
            guard let value = summary["reaction"]?.string, let count = summary["count"], !count.isNull else {
                sink.diagnose(
                    .invalidReaction, "message \(id): a reaction summary without reaction or count", reactions: ReactionAudit.size(of: .array([summary])))
                continue
            }
            guard let total = ReactionCount.read(count) else {
                sink.diagnose(.invalidCount(count, of: quoted(value), at: place().appending(.key("count")), message: id, listed: 0, reactions: 1))
                continue
            }
            sink.reaction(.total(target: target, value: ReactionValue(value), count: total, firstAt: nil))
        }
    }

    /// The Reactions extension's `{emoji: {uid: {name, avatar}}}` (at `path`): each user listed
    /// reacted. A map that is not one, or an emoji that does not map users, is named
    /// (`ReactionProblem`), with the reactions it holds.
    func readExtensionReactions(_ map: JSONValue?, at path: @autoclosure () -> JSONPath, target: MessageTarget, into sink: ImportSink) {
        guard let map, !map.isNull else { return }
        guard let emoji = map.object else {
            sink.diagnose(.misshapen(map, at: path(), message: target.messageID, expected: .object, kind: .skippedRecord, loses: .held))
            return
        }
        for (value, users) in emoji.members {
            guard let users = users.object else {
                sink.diagnose(
                    .misshapen(users, at: path().appending(.key(value)), message: target.messageID, expected: .object, kind: .invalidReaction, loses: .held))
                continue
            }
            for (uid, user) in users.members {
                sink.reaction(
                    .add(
                        target: target, value: ReactionValue(value), reactor: uid, reactorName: nonEmpty(user["name"]?.string),
                        at: nil, ref: nil))
            }
        }
    }

    func readReaction(_ reaction: JSONValue, added: Bool, into sink: ImportSink) {
        guard let messageID = reaction["messageId"]?.identifier, let value = reaction["reaction"]?.string else {
            sink.diagnose(.skippedRecord, "a reaction without messageId or reaction", reactions: added ? 1 : 0)
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
