import JSONReader

/// Reads the machine-readable `result.json` of Telegram Desktop's "Export chat history" (one
/// chat) and "Export Telegram data" (the whole account: `chats.list` and `left_chats.list`).
///
/// A reaction is `{type, count, emoji | document_id, recent}`. `count` is the total; `recent` is
/// a short sample of reactors that Telegram keeps for some chats only, so a reaction whose sample
/// is shorter than its count is incomplete. Custom emoji have a document id and nothing else:
/// their key is `:custom-<document_id>:`. Paid reactions count Telegram Stars, not people, and go
/// to the message's star total instead of its bubbles. Service records (joins, pins, calls) are
/// not messages and are passed over; Telegram Desktop writes no reactions on them, and any it
/// would are named in a diagnostic.
///
/// Ids: exports made before 2021 wrote chat and people ids in another way (numbers built from
/// tdesktop's old `PeerId`); they are read into today's form, so that an old and a new export
/// of one chat are one conversation with the same people (`TelegramChatIDs`).
///
/// Times: messages carry `date_unixtime` (Unix seconds as text) next to `date`, the same instant
/// written in the exporting computer's zone without an offset. `recent[].date` has only the local
/// form; it is converted with the zone offset that the message's own `date`/`date_unixtime` pair
/// reveals (the latest such offset in the chat when a message lacks the pair, else read as UTC:
/// exports before about 2022 have no `date_unixtime` at all).
///
/// Chat lists and message lists are read with `JSONValue.elements`, one record at a time, so a
/// large export's deferred arrays are never parsed whole.
public struct TelegramImporter: DocumentImporter {
    public let platform = Platform.telegram

    public init() {}

    public static let export = InputFormat(
        id: "telegram-desktop", platform: .telegram,
        summary: "Telegram Desktop result.json: one chat, or a full-account export (chats.list, left_chats.list)",
        recognisedBy: "a chat object with \"name\", \"type\", \"id\" and a \"messages\" array, or \"chats\"/\"left_chats\" objects holding a \"list\" array",
        reactionMembers: ReactionMembers(
            records: ["$.messages[*]", "$.chats.list[*].messages[*]", "$.left_chats.list[*].messages[*]"],
            members: ["$.reactions"]),
        statement: .messagesWithReactions)

    public var formats: [InputFormat] { [Self.export] }

    /// Chat types written by the exporter (`export_output_json.cpp`).
    static let chatTypes: Set<String> = [
        "saved_messages", "replies", "verification_codes", "personal_chat", "bot_chat", "private_group",
        "private_supergroup", "public_supergroup", "private_channel", "public_channel"
    ]
    /// Chats with one other party (or none): conversations a public report leaves out by default.
    static let directTypes: Set<String> = ["personal_chat", "bot_chat", "saved_messages", "replies", "verification_codes"]
    /// The exporter's own names for chats it writes without a `name`.
    static let unnamedChats: [String: String] = [
        "saved_messages": "Saved Messages", "replies": "Replies", "verification_codes": "Verification Codes"
    ]

    public func detect(_ document: InputDocument) -> InputFormat? {
        let root = document.root
        guard !document.isLines, root.object != nil else { return nil }
        // DiscordChatExporter and Stream channel responses also hold "messages" beside a "channel"/"guild".
        guard root["guild"] == nil, root["channel"] == nil else { return nil }
        if isAccountSection(root["chats"]) || isAccountSection(root["left_chats"]) { return Self.export }
        return isChat(root) ? Self.export : nil
    }

    /// `{"about": …, "list": [chat…]}`, empty or with at least one chat that looks like Telegram's.
    func isAccountSection(_ section: JSONValue?) -> Bool {
        guard let list = section?["list"]?.elements else { return false }
        return list.isEmpty || list.contains { $0["messages"]?.elements != nil || ($0["id"]?.identifier != nil && $0["type"]?.string != nil) }
    }

    /// A chat object: an id, a type, and messages; the type is a known one or the first message
    /// has Telegram's shape (a record type and a `date`).
    func isChat(_ value: JSONValue) -> Bool {
        guard value["id"]?.identifier != nil, let type = value["type"]?.string, let messages = value["messages"]?.elements else { return false }
        if Self.chatTypes.contains(type) { return true }
        guard let first = messages.first else { return false }
        return (first["type"]?.string == "message" || first["type"]?.string == "service") && first["date"]?.string != nil
    }

    public func read(_ document: InputDocument, as format: InputFormat, into sink: ImportSink) throws {
        let root = document.root
        var sections: [(String, JSONElements)] = []
        for key in ["chats", "left_chats"] {
            if let list = root[key]?["list"]?.elements { sections.append((key, list)) }
        }
        // A full-account export has no messages of its own; a file that holds both is read whole.
        if sections.isEmpty || root["messages"].map({ !$0.isNull }) == true {
            readChat(root, into: sink)
        }
        for (key, chats) in sections {
            for (index, chat) in chats.enumerated() {
                guard chat.object != nil else {
                    sink.diagnose(.skippedRecord, "\(key).list[\(index)] is not a chat object; skipped")
                    continue
                }
                readChat(chat, into: sink)
            }
        }
    }

    /// What reading a chat carries from one message to the next.
    struct ChatState {
        var conversationID: String
        /// How the chat writes the ids of people.
        var ids: TelegramChatIDs
        /// The author of a post without `from_id` in a channel exported before autumn 2020
        /// (unsigned posts had no sender then; later exports name the channel): the channel.
        var channelAuthor: (id: String, name: String)?
        /// The exporting computer's UTC offset in seconds, as the last readable date pair showed it.
        var zoneOffset: Int64?
    }

    /// Channels: chats whose posts are the channel's own.
    static let channelTypes: Set<String> = ["private_channel", "public_channel"]

    func readChat(_ chat: JSONValue, into sink: ImportSink) {
        let type = chat["type"]?.string ?? ""
        let ids = TelegramChatIDs(scheme: TelegramChatIDs.scheme(of: chat, type: type), chatType: type)
        guard let id = nonEmpty(ids.chatID(chat["id"])) else {
            let held = (chat["messages"]?.elements ?? []).reduce(0) { $0.addingClamped(Self.reactionsHeld($1["reactions"])) }
            sink.diagnose(.skippedRecord, "a chat without an id (\(quoted(chat["name"]?.string ?? "unnamed"))); its messages were skipped", reactions: held)
            return
        }
        let name = nonEmpty(chat["name"]?.string) ?? Self.unnamedChats[type] ?? id
        sink.conversation(ConversationInfo(platform: .telegram, id: id, name: name, isDirect: Self.directTypes.contains(type)))
        guard let messages = chat["messages"]?.elements else {
            // A full-account export leaves "messages" out for chat kinds the user did not select.
            if let value = chat["messages"], !value.isNull {
                sink.diagnose(.skippedRecord, "chat \(id): \"messages\" is not an array; skipped")
            }
            return
        }
        var state = ChatState(conversationID: id, ids: ids)
        if ids.scheme == .shifted, Self.channelTypes.contains(type) { state.channelAuthor = ("channel" + id, name) }
        for message in messages {
            readMessage(message, state: &state, into: sink)
        }
    }

    func readMessage(_ message: JSONValue, state: inout ChatState, into sink: ImportSink) {
        let conversationID = state.conversationID
        guard message.object != nil else {
            sink.diagnose(.skippedRecord, "chat \(conversationID): a message record that is not an object")
            return
        }
        guard let id = nonEmpty(message["id"]?.identifier) else {
            sink.diagnose(.skippedRecord, "chat \(conversationID): a message without an id", reactions: Self.reactionsHeld(message["reactions"]))
            return
        }
        switch message["type"]?.string {
        case "message"?:
            break
        case "service"?:
            // Telegram Desktop reads reactions of ordinary messages only (`ParseMessage`), so a
            // service record holds none; one that does is named, not read as a message.
            let held = Self.reactionsHeld(message["reactions"])
            if held > 0 {
                let action = message["action"]?.string.map { " (\(quoted($0)))" } ?? ""
                sink.diagnose(
                    .skippedRecord,
                    "chat \(conversationID) message \(id): a service record\(action) with \(held) reaction(s); service records are not messages, their reactions are not counted",
                    reactions: held)
            }
            return
        case "unsupported"?:
            // What Telegram Desktop writes for a message it could not export: an id and nothing else.
            sink.diagnose(
                .skippedRecord, "chat \(conversationID) message \(id): Telegram Desktop could not export this message (type \"unsupported\"); skipped")
            return
        case let other:
            sink.diagnose(
                .skippedRecord, "chat \(conversationID) message \(id): record type \(quoted(other ?? "missing")) is neither message nor service; skipped",
                reactions: Self.reactionsHeld(message["reactions"]))
            return
        }

        let sentAt = messageTime(message, id: id, state: &state, into: sink)
        var authorID = nonEmpty(message["from_id"].flatMap { state.ids.personID($0) })
        var authorName = nonEmpty(message["from"]?.string)
        if authorID == nil, let channel = state.channelAuthor {
            (authorID, authorName) = (channel.id, authorName ?? channel.name)
        }
        if let authorID { sink.person(.telegram, id: authorID, name: authorName) }
        sink.message(
            ImportedMessage(
                platform: .telegram, conversationID: conversationID, id: id, authorID: authorID,
                authorName: authorName, sentAt: sentAt, replyToID: nonEmpty(message["reply_to_message_id"]?.identifier),
                fromBot: message["via_bot"].map { !$0.isNull } ?? false, text: text(message["text"], id: id, into: sink), markup: .plain))
        if let poll = message["poll"], !poll.isNull { readPoll(poll, conversationID: conversationID, messageID: id, into: sink) }

        guard let reactions = message["reactions"], !reactions.isNull else { return }
        guard let list = reactions.elements else {
            sink.diagnose(.invalidReaction, "message \(id): \"reactions\" is not an array", reactions: Self.reactionsHeld(reactions))
            return
        }
        let target = MessageTarget(platform: .telegram, conversationID: conversationID, messageID: id)
        for reaction in list {
            readReaction(reaction, target: target, ids: state.ids, zoneOffset: state.zoneOffset, into: sink)
        }
    }

    /// The message text: a string, or a list of parts (plain strings and entity objects with a
    /// `text`), joined as plain text.
    func text(_ value: JSONValue?, id: String, into sink: ImportSink) -> String {
        guard let value, !value.isNull else { return "" }
        if let text = value.string { return text }
        guard let parts = value.array else {
            sink.diagnose(.skippedRecord, "message \(id): text is neither a string nor a list of parts; read as empty")
            return ""
        }
        var out = ""
        var unreadable = 0
        for part in parts {
            if let text = part.string ?? part["text"]?.string {
                out += text
            } else {
                unreadable += 1
            }
        }
        if unreadable > 0 {
            sink.diagnose(.skippedRecord, "message \(id): \(unreadable) text part(s) without text left out")
        }
        return out
    }
}
