import JSONReader

/// Reads DiscordChatExporter JSON: one file per channel, thread or direct message, in the
/// current format (reactions with `users` and emoji `code`) and the format before 2023-07-31
/// (totals only, standard emoji `id` null).
///
/// A reaction's `count` is the total; its `users`, where present, are the listed reactors. The
/// parts of a partitioned export (`… [part 2].json`) share the channel id and merge in the ledger.
public struct DiscordImporter: DocumentImporter {
    public let platform = Platform.discord

    public init() {}

    public static let export = InputFormat(
        id: "discord-dce", platform: .discord,
        summary: "DiscordChatExporter JSON, one channel, thread or DM per file (current and pre-2023 format)",
        recognisedBy: "a top-level \"guild\" object, \"channel\" object and \"messages\" array",
        reactionMembers: ReactionMembers(records: ["$.messages[*]"], members: ["$.reactions"]), statement: .messagesWithReactions,
        snapshotTimeMember: "exportedAt")

    public var formats: [InputFormat] { [Self.export] }

    /// Channel types whose `category` is the parent channel (DCE's schema predates threads).
    static let threadTypes: Set<String> = ["GuildPublicThread", "GuildPrivateThread", "GuildNewsThread"]
    static let directTypes: Set<String> = ["DirectTextChat", "DirectGroupTextChat"]

    public func detect(_ document: InputDocument) -> InputFormat? {
        let root = document.root
        guard root["guild"]?.object != nil, root["channel"]?.object != nil, root["messages"]?.elements != nil else { return nil }
        return Self.export
    }

    public func read(_ document: InputDocument, as format: InputFormat, into sink: ImportSink) throws {
        let channel = document.root["channel"]
        guard let conversationID = channel?["id"]?.identifier, !conversationID.isEmpty else {
            let reactions = (document.root["messages"]?.elements ?? []).reduce(0) { $0.addingClamped(Self.reactionSize(of: $1)) }
            sink.diagnose(.skippedRecord, "the export has no channel id; its messages were skipped", reactions: reactions)
            return
        }
        sink.conversation(conversation(channel, id: conversationID))
        var media = MediaLibrary()
        // A thread's id is the id of the message it grew from (or of its first message).
        let thread = Self.threadTypes.contains(channel?["type"]?.string ?? "") ? conversationID : nil
        for (index, message) in (document.root["messages"]?.elements ?? []).enumerated() {
            readMessage(message, at: index, conversationID: conversationID, thread: thread, media: &media, into: sink)
        }
    }

    /// The reactions a message holds (`ReactionAudit.held`), for the diagnostic when it is skipped.
    static func reactionSize(of message: JSONValue) -> Int {
        message["reactions"].map(ReactionAudit.held) ?? 0
    }

    /// The conversation: threads are named "parent › thread", direct messages are marked so.
    func conversation(_ channel: JSONValue?, id: String) -> ConversationInfo {
        let type = channel?["type"]?.string ?? ""
        let name = nonEmpty(channel?["name"]?.string) ?? id
        if Self.threadTypes.contains(type), let parent = nonEmpty(channel?["category"]?.string) {
            return ConversationInfo(platform: .discord, id: id, name: "\(parent) › \(name)")
        }
        return ConversationInfo(platform: .discord, id: id, name: name, isDirect: Self.directTypes.contains(type))
    }

    /// The message `message` answers: the one a reply (`type` "Reply") references, else, in a
    /// thread, the thread's starting message.
    static func replyTarget(_ message: JSONValue, id: String, thread: String?) -> String? {
        let type = message["type"]?.string
        if type == "Reply", let referenced = message["reference"]?["messageId"]?.identifier, !referenced.isEmpty, referenced != id {
            return referenced
        }
        guard let thread, thread != id, type != "ThreadStarterMessage" else { return nil }
        return thread
    }

    /// Reads the message at position `index` of `messages`.
    func readMessage(_ message: JSONValue, at index: Int, conversationID: String, thread: String?, media: inout MediaLibrary, into sink: ImportSink) {
        guard let id = message["id"]?.identifier, !id.isEmpty else {
            sink.diagnose(.skippedRecord, "a message in \(conversationID) without an id", reactions: Self.reactionSize(of: message))
            return
        }
        let author = message["author"]
        let authorID = author?["id"]?.identifier
        let authorName = displayName(author)
        if let authorID { sink.person(.discord, id: authorID, name: authorName) }
        sink.message(
            ImportedMessage(
                platform: .discord, conversationID: conversationID, id: id, authorID: authorID, authorName: authorName,
                sentAt: sink.time(message["timestamp"], what: "message \(id) timestamp") { $0.string.flatMap(Timestamp.iso8601) },
                replyToID: Self.replyTarget(message, id: id, thread: thread), fromBot: author?["isBot"]?.bool == true, text: message["content"]?.string ?? "",
                markup: .discord))

        if let poll = message["poll"], !poll.isNull { readPoll(poll, conversationID: conversationID, messageID: id, into: sink) }
        let target = MessageTarget(platform: .discord, conversationID: conversationID, messageID: id)
        readReactions(message["reactions"], at: JSONPath([.key("messages"), .index(index), .key("reactions")]), target: target, media: &media, into: sink)
    }

    /// Reads a message's `reactions` (at `path`): `{emoji, count, users}` each. What cannot be
    /// read is named (`ReactionProblem`), with the reactions it loses.
    func readReactions(_ reactions: JSONValue?, at path: @autoclosure () -> JSONPath, target: MessageTarget, media: inout MediaLibrary, into sink: ImportSink) {
        let id = target.messageID
        for (index, reaction) in ReactionProblem.reactionList(reactions, at: path(), message: id, report: { sink.diagnose($0) }).enumerated() {
            func place() -> JSONPath { path().appending(.index(index)) }
            if let problem = Self.problem(of: reaction, at: place, message: id) {
                sink.diagnose(problem)
                continue
            }
            guard let value = reactionValue(reaction["emoji"], message: id, media: &media, sink: sink) else {
                sink.diagnose(.invalidReaction, "message \(id): a reaction whose emoji has no name", reactions: ReactionAudit.size(of: .array([reaction])))
                continue
            }
            let users = reaction["users"]
            let listed = users?.array ?? []
            let count = reaction["count"].flatMap { $0.isNull ? nil : $0 }
            let total = count.flatMap(ReactionCount.read)
            if let total { sink.reaction(.total(target: target, value: value, count: total, firstAt: nil)) }
            let problems = ReactionProblem.ofCountAndReactors(
                count: count, total: total, listed: listed.count, misshapenUsers: users.flatMap { $0.array == nil && !$0.isNull ? $0 : nil },
                reaction: quoted(value.raw), at: place, message: id)
            for problem in problems { sink.diagnose(problem) }
            for (position, user) in listed.enumerated() {
                guard user.object != nil else {
                    sink.diagnose(
                        ReactionProblem.misshapenReactor(
                            user, at: place().appending(.key("users")).appending(.index(position)), message: id, expected: .object, counted: total != nil))
                    continue
                }
                addUser(user, value: value, target: target, into: sink)
            }
        }
    }

    /// Why `reaction` (at `place`) cannot be read: an element that is not an object, an `emoji`
    /// that is not an object, an emoji `name` that is not a string. Nil for one that can.
    static func problem(of reaction: JSONValue, at place: () -> JSONPath, message id: String) -> ReactionProblem? {
        guard reaction.object != nil else {
            return .misshapen(reaction, at: place(), message: id, expected: .object, kind: .invalidReaction, loses: .held)
        }
        let size = ReactionProblem.Loss.reactions(ReactionAudit.size(of: .array([reaction])))
        guard let emoji = reaction["emoji"], !emoji.isNull else { return nil }
        guard emoji.object != nil else {
            return .misshapen(emoji, at: place().appending(.key("emoji")), message: id, expected: .object, kind: .invalidReaction, loses: size)
        }
        guard let name = emoji["name"], !name.isNull, name.string == nil else { return nil }
        return .misshapen(
            name, at: place().appending(.key("emoji")).appending(.key("name")), message: id, expected: .string, kind: .invalidReaction, loses: size)
    }

    /// Adds a listed reactor, with their name and whether Discord marks them a bot.
    func addUser(_ user: JSONValue, value: ReactionValue, target: MessageTarget, into sink: ImportSink) {
        let reactor = user["id"]?.identifier ?? ""
        let name = displayName(user)
        if !reactor.isEmpty { sink.person(.discord, id: reactor, name: name) }
        if !reactor.isEmpty, user["isBot"]?.bool == true { sink.bot(.discord, id: reactor) }
        sink.reaction(.add(target: target, value: value, reactor: reactor, reactorName: name, at: nil, ref: nil))
    }

    /// A standard emoji by its Unicode name; a custom one (non-empty id) by name, with its
    /// image: a web address as exported, or a file the export holds (DiscordChatExporter with
    /// media: a relative path, Windows or not), copied into the site. An image the export names
    /// but does not hold is shown from Discord's CDN by the emoji's id, with a diagnostic.
    func reactionValue(_ emoji: JSONValue?, message: String, media: inout MediaLibrary, sink: ImportSink) -> ReactionValue? {
        guard let name = nonEmpty(emoji?["name"]?.string) else { return nil }
        guard let id = nonEmpty(emoji?["id"]?.identifier) else { return ReactionValue(name) }
        var image: String?
        if let url = nonEmpty(emoji?["imageUrl"]?.string) {
            if url.contains("://") {
                image = url
            } else {
                switch media.resolve(url, label: name, sink: sink) {
                case .copied(let path):
                    image = path
                case .refused(let reason):
                    image = Self.cdnImage(id: id, animated: emoji?["isAnimated"]?.bool ?? false)
                    sink.diagnose(
                        .missingMedia,
                        "message \(message): the image of :\(name): (\(quoted(url, limit: 240))) is not used: \(reason); "
                            + (image == nil ? "shown as :\(name):" : "shown from Discord's CDN"))
                }
            }
        }
        return ReactionValue(name, style: .custom(id: id, image: image))
    }

    /// Discord's CDN address of a custom emoji, by its numeric id; nil for an id that is not one.
    static func cdnImage(id: String, animated: Bool) -> String? {
        guard !id.isEmpty, id.utf8.count <= 20, id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return "https://cdn.discordapp.com/emojis/\(id).\(animated ? "gif" : "png")"
    }

    /// The guild or global display name (`nickname`), else the user name.
    func displayName(_ user: JSONValue?) -> String? {
        nonEmpty(user?["nickname"]?.string) ?? nonEmpty(user?["name"]?.string)
    }
}
