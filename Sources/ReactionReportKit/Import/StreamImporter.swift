import JSONReader

/// Reads Stream Chat exports: channel export v1 and query-channels responses
/// (`{"channels":[{"channel":…, "messages":[…]}]}`), a single channel response, a messages
/// response or a JSON array of messages, `{"message": …}` responses (get, send or update
/// message), and logs of Stream events (webhook or WebSocket payloads).
///
/// Totals come from `reaction_groups` (else `reaction_counts`), per type; reactors from
/// `latest_reactions`, `own_reactions` (the exporting user's own, real reactions) and the
/// groups' `latest_reactions_by`. Quoted messages and pinned messages are copies of messages of
/// the same channel and are read as messages (the ledger merges a message seen twice). How one
/// message record is read: `StreamImporter+Message.swift`; event logs: `StreamImporter+Events.swift`.
public struct StreamImporter: DocumentImporter {
    public let platform = Platform.stream

    public init() {}

    /// The members of a message holding reactions: totals (`reaction_groups`, else
    /// `reaction_counts`), reactors (`latest_reactions`, `own_reactions`), and scores, which
    /// the totals cover (scores alone are named in a diagnostic: they are sums, not counts).
    static let messageMembers = ["$.reaction_groups", "$.reaction_counts", "$.reaction_scores", "$.latest_reactions", "$.own_reactions"]

    /// Message records at `paths`, with the quoted message each may carry.
    static func messageRecords(_ paths: [String]) -> [String] {
        paths.flatMap { [$0, $0 + ".quoted_message"] }
    }

    public static let channels = InputFormat(
        id: "stream-channels", platform: .stream,
        summary: "channel export v1 or query-channels response ({\"channels\":[{\"channel\":…,\"messages\":[…]}]}), or one channel response",
        recognisedBy: "a \"channels\" array of objects holding \"channel\" and \"messages\", or a \"channel\" object beside a \"messages\" array",
        reactionMembers: ReactionMembers(
            records: messageRecords([
                "$.channels[*].messages[*]", "$.channels[*].pinned_messages[*]",
                "$.messages[*]", "$.pinned_messages[*]"
            ]),
            members: messageMembers),
        statement: .messagesWithReactions)
    public static let messages = InputFormat(
        id: "stream-messages", platform: .stream,
        summary: "a messages response ({\"messages\":[…]}) or a JSON array of messages",
        recognisedBy: "messages with \"created_at\" and \"user\", or reaction_groups/reaction_counts/latest_reactions",
        reactionMembers: ReactionMembers(records: messageRecords(["$[*]", "$.messages[*]"]), members: messageMembers),
        statement: .messagesWithReactions)
    public static let messageResponses = InputFormat(
        id: "stream-message-responses", platform: .stream,
        summary: "get, send or update message responses ({\"message\":{…},\"duration\":…}): one, a JSON array of them, or JSON lines",
        recognisedBy: "objects whose \"message\" is a message (with \"id\" and \"created_at\" and \"user\", or reactions) and that have no \"type\"",
        reactionMembers: ReactionMembers(records: messageRecords(["$.message", "$[*].message"]), members: messageMembers),
        statement: .messagesWithReactions)
    /// Events: the message snapshot each carries, and the reaction of a `reaction.*` event. The
    /// reaction is a record whose reaction is the record itself (the member path `$`); the
    /// other patterns this makes name places that are never reaction members (`$[*].message`)
    /// or lie inside one (`$[*].reaction.latest_reactions`), where none is looked for.
    public static let events = InputFormat(
        id: "stream-events", platform: .stream,
        summary:
            "Stream events (message.new/updated/deleted, reaction.new/updated/deleted; webhook or WebSocket payloads): a JSON array, JSON lines or one event",
        recognisedBy: "objects whose \"type\" is a Stream event name (such as \"reaction.new\") with a \"message\", \"reaction\", \"cid\" or \"channel_id\"",
        reactionMembers: ReactionMembers(
            records: messageRecords(["$[*].message", "$.message"]) + ["$[*].reaction", "$.reaction"],
            members: messageMembers + ["$"]))

    public var formats: [InputFormat] { [Self.channels, Self.messages, Self.messageResponses, Self.events] }

    public func detect(_ document: InputDocument) -> InputFormat? {
        let root = document.root
        if let channels = root["channels"]?.elements {
            guard let first = channels.first else { return nil }
            return first["channel"] != nil && first["messages"] != nil ? Self.channels : nil
        }
        // A DiscordChatExporter file also has "channel" and "messages", beside its "guild".
        if root["channel"]?.object != nil, root["messages"]?.elements != nil { return root["guild"] == nil ? Self.channels : nil }
        if Self.isEventLog(root) { return Self.events }
        if isMessageResponse(root) || root.elements?.first.map(isMessageResponse) == true { return Self.messageResponses }
        guard let first = root.elements?.first ?? root["messages"]?.elements?.first else { return nil }
        return isMessage(first) ? Self.messages : nil
    }

    func isMessage(_ value: JSONValue) -> Bool {
        guard value["id"] != nil else { return false }
        if value["reaction_groups"] != nil || value["reaction_counts"] != nil || value["latest_reactions"] != nil { return true }
        return value["created_at"] != nil && value["user"]?.object != nil
    }

    /// A `{"message": …}` response: its message is a Stream message, and it has no `type` (an
    /// event has one).
    func isMessageResponse(_ value: JSONValue) -> Bool {
        guard let message = value["message"], message.object != nil, value["type"] == nil else { return false }
        return isMessage(message)
    }

    public func read(_ document: InputDocument, as format: InputFormat, into sink: ImportSink) throws {
        switch format {
        case Self.channels: readChannels(document, into: sink)
        case Self.messageResponses: readMessageResponses(document, into: sink)
        case Self.events: readEvents(document, into: sink)
        default: readMessageList(document, into: sink)
        }
    }

    /// Channel export v1, a query-channels response, or one channel response. A pinned or a
    /// quoted message is a copy of one of the channel's messages: its reactors are handed on once.
    func readChannels(_ document: InputDocument, into sink: ImportSink) {
        let root = document.root
        var seen = Set<String>()
        for entry in root["channels"]?.elements ?? [root] {
            let channel = entry["channel"]
            let cid =
                channel?["cid"]?.string
                ?? [channel?["type"]?.string, channel?["id"]?.string].compactMap { $0 }.joined(separator: ":")
            let conversationID = cid.isEmpty ? stem(of: document.name) : cid
            sink.conversation(
                ConversationInfo(
                    platform: .stream, id: conversationID,
                    name: channel?["name"]?.string ?? channel?["id"]?.string ?? conversationID))
            for message in entry["messages"]?.elements ?? [] {
                readSnapshot(message, conversationID: conversationID, seen: &seen, into: sink)
            }
            for message in entry["pinned_messages"]?.elements ?? [] {
                readSnapshot(message, conversationID: conversationID, seen: &seen, into: sink)
            }
        }
    }

    /// A messages response or a JSON array of messages; each message names its channel (`cid`).
    func readMessageList(_ document: InputDocument, into sink: ImportSink) {
        let root = document.root
        var seen = Set<String>()
        for message in root.elements ?? root["messages"]?.elements ?? [] {
            let conversationID = conversation(of: message, in: document)
            sink.conversation(ConversationInfo(platform: .stream, id: conversationID, name: message["channel"]?["name"]?.string))
            readSnapshot(message, conversationID: conversationID, seen: &seen, into: sink)
        }
    }

    /// `{"message": …}` responses. The same message may come back in several (sent, then
    /// fetched, then updated): its reactions are handed on once per file.
    func readMessageResponses(_ document: InputDocument, into sink: ImportSink) {
        var seen = Set<String>()
        for response in document.root.elements ?? [document.root] {
            guard let message = response["message"], message.object != nil else { continue }
            let conversationID = conversation(of: message, in: document)
            sink.conversation(ConversationInfo(platform: .stream, id: conversationID, name: message["channel"]?["name"]?.string))
            readSnapshot(message, conversationID: conversationID, seen: &seen, into: sink)
        }
    }

    /// The channel a message names (`cid`, or that of its `channel`), else the file's name.
    func conversation(of message: JSONValue, in document: InputDocument) -> String {
        message["cid"]?.string ?? message["channel"]?["cid"]?.string ?? stem(of: document.name)
    }
}
