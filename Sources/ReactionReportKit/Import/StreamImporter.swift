/// Reads Stream Chat exports: channel export v1 and query-channels responses
/// (`{"channels":[{"channel":…, "messages":[…]}]}`), a single channel response, a messages
/// response, or a JSON array of messages.
///
/// Totals come from `reaction_groups` (else `reaction_counts`); reactors from
/// `latest_reactions` (and the groups' `latest_reactions_by`). `own_reactions` depends on who
/// exported and is ignored.
public struct StreamImporter: Importer {
    public let platform = Platform.stream

    public init() {}

    /// The members of a message holding reactions: totals (`reaction_groups`, else
    /// `reaction_counts`), reactors (`latest_reactions`, `own_reactions`), and scores, which
    /// the totals cover.
    static let messageMembers = ["$.reaction_groups", "$.reaction_counts", "$.reaction_scores", "$.latest_reactions", "$.own_reactions"]

    public static let channels = InputFormat(id: "stream-channels", platform: .stream,
        summary: "channel export v1 or query-channels response ({\"channels\":[{\"channel\":…,\"messages\":[…]}]})",
        recognisedBy: "a \"channels\" array of objects holding \"channel\" and \"messages\"",
        reactionMembers: ReactionMembers(records: ["$.channels[*].messages[*]", "$.messages[*]"], members: messageMembers))
    public static let messages = InputFormat(id: "stream-messages", platform: .stream,
        summary: "a messages response ({\"messages\":[…]}) or a JSON array of messages",
        recognisedBy: "messages with \"created_at\" and \"user\", or reaction_groups/reaction_counts/latest_reactions",
        reactionMembers: ReactionMembers(records: ["$[*]", "$.messages[*]"], members: messageMembers))

    public var formats: [InputFormat] { [Self.channels, Self.messages] }

    public func detect(_ document: InputDocument) -> InputFormat? {
        let root = document.root
        if let channels = root["channels"]?.elements {
            guard let first = channels.first else { return nil }
            return first["channel"] != nil && first["messages"] != nil ? Self.channels : nil
        }
        // A DiscordChatExporter file also has "channel" and "messages", beside its "guild".
        if root["channel"]?.object != nil, root["messages"]?.elements != nil { return root["guild"] == nil ? Self.channels : nil }
        guard let first = root.elements?.first ?? root["messages"]?.elements?.first else { return nil }
        return isMessage(first) ? Self.messages : nil
    }

    func isMessage(_ value: JSONValue) -> Bool {
        guard value["id"] != nil else { return false }
        if value["reaction_groups"] != nil || value["reaction_counts"] != nil || value["latest_reactions"] != nil { return true }
        return value["created_at"] != nil && value["user"]?.object != nil
    }

    public func read(_ document: InputDocument, as format: InputFormat, into sink: ImportSink) throws {
        let root = document.root
        if format == Self.channels {
            let entries = root["channels"]?.elements ?? [root]
            for entry in entries {
                let channel = entry["channel"]
                let cid = channel?["cid"]?.string
                    ?? [channel?["type"]?.string, channel?["id"]?.string].compactMap { $0 }.joined(separator: ":")
                let conversationID = cid.isEmpty ? stem(of: document.name) : cid
                sink.conversation(ConversationInfo(platform: .stream, id: conversationID,
                                                   name: channel?["name"]?.string ?? channel?["id"]?.string ?? conversationID))
                for message in entry["messages"]?.elements ?? [] { readMessage(message, conversationID: conversationID, into: sink) }
            }
        } else {
            for message in root.elements ?? root["messages"]?.elements ?? [] {
                let conversationID = message["cid"]?.string ?? message["channel"]?["cid"]?.string ?? stem(of: document.name)
                sink.conversation(ConversationInfo(platform: .stream, id: conversationID, name: message["channel"]?["name"]?.string))
                readMessage(message, conversationID: conversationID, into: sink)
            }
        }
    }

    func readMessage(_ message: JSONValue, conversationID: String, into sink: ImportSink) {
        guard let id = message["id"]?.identifier, !id.isEmpty else {
            sink.diagnose(.skippedRecord, "a message in \(conversationID) without an id")
            return
        }
        let user = message["user"]
        let authorID = user?["id"]?.identifier ?? message["user_id"]?.identifier
        if let authorID { sink.person(.stream, id: authorID, name: user?["name"]?.string) }
        let deleted = message["type"]?.string == "deleted" || (message["deleted_at"].map { !$0.isNull } ?? false)
        sink.message(ImportedMessage(
            platform: .stream, conversationID: conversationID, id: id, authorID: authorID, authorName: user?["name"]?.string,
            sentAt: sink.time(message["created_at"], what: "message \(id) created_at") { $0.string.flatMap(Timestamp.iso8601) },
            threadParentID: message["parent_id"]?.identifier, text: message["text"]?.string ?? "", deleted: deleted))

        let target = MessageTarget(platform: .stream, conversationID: conversationID, messageID: id)
        if let groups = message["reaction_groups"]?.object {
            for (type, group) in groups.members {
                guard let count = group["count"]?.int64 else { continue }
                let firstAt = sink.time(group["first_reaction_at"], what: "message \(id) first_reaction_at") { $0.string.flatMap(Timestamp.iso8601) }
                sink.reaction(.total(target: target, value: ReactionValue(type), count: Int(clamping: count), firstAt: firstAt))
            }
        } else if let counts = message["reaction_counts"]?.object {
            for (type, count) in counts.members {
                guard let count = count.int64 else { continue }
                sink.reaction(.total(target: target, value: ReactionValue(type), count: Int(clamping: count), firstAt: nil))
            }
        }
        var listed: Set<String> = []
        for reaction in message["latest_reactions"]?.array ?? [] {
            guard let type = reaction["type"]?.string else {
                sink.diagnose(.invalidReaction, "message \(id): a reaction without a type")
                continue
            }
            let user = reaction["user"]
            let reactor = reaction["user_id"]?.identifier ?? user?["id"]?.identifier ?? ""
            listed.insert(type + "\u{1F}" + reactor)
            let at = sink.time(reaction["created_at"], what: "message \(id) reaction created_at") { $0.string.flatMap(Timestamp.iso8601) }
            sink.reaction(.add(target: target, value: ReactionValue(type), reactor: reactor, reactorName: user?["name"]?.string, at: at, ref: nil))
        }
        for (type, group) in message["reaction_groups"]?.object?.members ?? JSONObject().members {
            for entry in group["latest_reactions_by"]?.array ?? [] {
                let reactor = entry["user_id"]?.identifier ?? entry["user"]?["id"]?.identifier ?? ""
                guard !listed.contains(type + "\u{1F}" + reactor) else { continue }
                let at = sink.time(entry["created_at"], what: "message \(id) reaction created_at") { $0.string.flatMap(Timestamp.iso8601) }
                sink.reaction(.add(target: target, value: ReactionValue(type), reactor: reactor, reactorName: entry["user"]?["name"]?.string, at: at, ref: nil))
            }
        }
    }
}
