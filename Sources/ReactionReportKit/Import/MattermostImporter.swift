import JSONReader

/// Reads a Mattermost bulk export (JSON lines): `channel`, `user`, `bot` and `emoji` lines name
/// things, `post` and `direct_post` lines carry messages with their nested `replies`.
///
/// Posts have no id in the export, so a message's id is `<create_at>-<user>`; replies point at
/// their root post whatever their times. Reactions are `{user, create_at, emoji_name}`: a
/// shortcode, or a custom emoji named by an `emoji` line anywhere in the file.
public struct MattermostImporter: DocumentImporter {
    public let platform = Platform.mattermost

    public init() {}

    public static let bulk = InputFormat(
        id: "mattermost-bulk", platform: .mattermost,
        summary: "bulk export, JSON lines (version, team, channel, user, post, direct_channel, direct_post, emoji)",
        recognisedBy: "JSON lines whose \"type\" is one of those names, with a member of the same name",
        reactionMembers: ReactionMembers(
            records: ["$[*]", "$"],
            members: ["$.post.reactions", "$.post.replies[*].reactions", "$.direct_post.reactions", "$.direct_post.replies[*].reactions"]),
        statement: .messagesWithReactions)

    public var formats: [InputFormat] { [Self.bulk] }

    /// Line types of the bulk format; `scheme` and `role` carry nothing reaction-report uses.
    static let lineTypes: Set<String> = ["version", "team", "channel", "user", "bot", "post", "direct_channel", "direct_post", "emoji", "scheme", "role"]

    /// What the naming lines say, collected before any post is read.
    struct Directory {
        /// Channel display names by `<team>/<channel>`.
        var channels: [String: String] = [:]
        /// Display names by username.
        var people: [String: String] = [:]
        /// Custom emoji image paths by name ("" when the line has none): as the export names
        /// them, then (`resolveEmojiImages`) the site paths of the copies, or "" for images the
        /// export does not hold.
        var emoji: [String: String] = [:]

        /// Copies the custom emoji images the export holds into the site's media, by the path
        /// the `emoji` lines give from the export's folder; names the ones it does not hold.
        mutating func resolveEmojiImages(into sink: ImportSink) {
            var media = MediaLibrary()
            for (name, path) in emoji.sorted(by: { $0.key < $1.key }) where !path.isEmpty {
                switch media.resolve(path, label: name, sink: sink) {
                case .copied(let site): emoji[name] = site
                case .refused(let reason):
                    emoji[name] = ""
                    sink.diagnose(.missingMedia, "the image of custom emoji :\(name): (\(quoted(path, limit: 240))) is not used: \(reason); shown as :\(name):")
                }
            }
        }
    }

    /// JSON lines, or one export object saved on its own (often pretty-printed, as
    /// Mattermost's own tools and people save single posts), read as a file of one line.
    public func detect(_ document: InputDocument) -> InputFormat? {
        if document.isLines {
            guard let first = document.root.elements?.first, let type = first["type"]?.string, Self.lineTypes.contains(type),
                first[type] != nil
            else { return nil }
            return Self.bulk
        }
        guard let type = document.root["type"]?.string, Self.lineTypes.contains(type), document.root[type]?.object != nil else { return nil }
        return Self.bulk
    }

    /// The lines of a document: its values, or the one object it holds.
    func lines(_ document: InputDocument) -> [JSONValue] {
        document.isLines ? document.root.array ?? [] : [document.root]
    }

    /// The reactions of a post and its replies (`ReactionAudit.held`), for a diagnostic when the
    /// post is skipped.
    static func reactionSize(of post: JSONValue?) -> Int {
        guard let post else { return 0 }
        let own = post["reactions"].map(ReactionAudit.held) ?? 0
        return (post["replies"]?.array ?? []).reduce(own) { $0.addingClamped($1["reactions"].map(ReactionAudit.held) ?? 0) }
    }

    public func read(_ document: InputDocument, as format: InputFormat, into sink: ImportSink) throws {
        let lines = self.lines(document)
        var directory = collect(lines, into: sink)
        directory.resolveEmojiImages(into: sink)
        for line in lines {
            switch line["type"]?.string {
            case "post"?:
                guard let post = line["post"], let team = post["team"]?.string, let channel = post["channel"]?.string else {
                    sink.diagnose(.skippedRecord, "a post without team or channel", reactions: Self.reactionSize(of: line["post"]))
                    continue
                }
                let id = "\(team)/\(channel)"
                let info = ConversationInfo(platform: .mattermost, id: id, name: directory.channels[id] ?? channel)
                sink.conversation(info)
                readPost(post, conversationID: id, directory: directory, into: sink)
            case "direct_post"?:
                let members = (line["direct_post"]?["channel_members"]?.array ?? []).compactMap(\.string)
                guard let post = line["direct_post"], let info = directConversation(members, directory: directory) else {
                    sink.diagnose(.skippedRecord, "a direct post without channel members", reactions: Self.reactionSize(of: line["direct_post"]))
                    continue
                }
                sink.conversation(info)
                readPost(post, conversationID: info.id, directory: directory, into: sink)
            case let type? where Self.lineTypes.contains(type):
                continue
            default:
                sink.diagnose(.skippedRecord, "a line of unknown type \(quoted(line["type"]?.identifier ?? "none"))")
            }
        }
    }

    /// Reads the naming lines (channels, users, bots, custom emoji, direct channels) first, so
    /// that lines may come in any order.
    func collect(_ lines: [JSONValue], into sink: ImportSink) -> Directory {
        var directory = Directory()
        var directChannels: [[String]] = []
        for line in lines {
            switch line["type"]?.string {
            case "channel"?:
                guard let team = line["channel"]?["team"]?.string, let name = line["channel"]?["name"]?.string else {
                    sink.diagnose(.skippedRecord, "a channel line without team or name")
                    continue
                }
                directory.channels["\(team)/\(name)"] = nonEmpty(line["channel"]?["display_name"]?.string) ?? name
            case "user"?:
                let user = line["user"]
                guard let username = nonEmpty(user?["username"]?.string) else {
                    sink.diagnose(.skippedRecord, "a user line without a username")
                    continue
                }
                let fullName = [user?["first_name"]?.string, user?["last_name"]?.string].compactMap { nonEmpty($0) }.joined(separator: " ")
                directory.people[username] = nonEmpty(fullName) ?? nonEmpty(user?["nickname"]?.string) ?? username
            case "bot"?:
                guard let username = nonEmpty(line["bot"]?["username"]?.string) else { continue }
                directory.people[username] = nonEmpty(line["bot"]?["display_name"]?.string) ?? username
            case "emoji"?:
                guard let name = nonEmpty(line["emoji"]?["name"]?.string) else {
                    sink.diagnose(.skippedRecord, "an emoji line without a name")
                    continue
                }
                directory.emoji[name] = line["emoji"]?["image"]?.string ?? ""
            case "direct_channel"?:
                let channel = line["direct_channel"]
                let members =
                    (channel?["members"]?.array ?? []).compactMap(\.string)
                    + (channel?["participants"]?.array ?? []).compactMap { $0["username"]?.string }
                directChannels.append(members)
            default:
                continue
            }
        }
        if lines.contains(where: { $0["type"]?.string == "user" }) { sink.declareDirectory(for: .mattermost) }
        for (username, name) in directory.people.sorted(by: { $0.key < $1.key }) {
            sink.person(.mattermost, id: username, name: name)
        }
        for members in directChannels {
            if let info = directConversation(members, directory: directory) { sink.conversation(info) }
        }
        return directory
    }

    /// A direct conversation: id `dm:` and the sorted usernames, named by its members.
    func directConversation(_ members: [String], directory: Directory) -> ConversationInfo? {
        let usernames = Set(members.filter { !$0.isEmpty }).sorted()
        guard !usernames.isEmpty else { return nil }
        return ConversationInfo(
            platform: .mattermost, id: "dm:" + usernames.joined(separator: ","),
            name: usernames.map { directory.people[$0] ?? $0 }.joined(separator: ", "), isDirect: true)
    }

    /// Reads a post or a direct post with its replies (kept, without a parent, when the root
    /// post itself could not be read).
    func readPost(_ post: JSONValue, conversationID: String, directory: Directory, into sink: ImportSink) {
        let id = readMessage(post, conversationID: conversationID, parent: nil, directory: directory, into: sink)
        for reply in post["replies"]?.array ?? [] {
            readMessage(reply, conversationID: conversationID, parent: id, directory: directory, into: sink)
        }
    }

    /// Records one post or reply and its reactions.
    /// - Returns: the message id, or nil when the record has no user or readable `create_at`.
    @discardableResult
    func readMessage(_ post: JSONValue, conversationID: String, parent: String?, directory: Directory, into sink: ImportSink) -> String? {
        let what = parent.map { "a reply to \($0)" } ?? "a post"
        // A post that cannot be read loses its own reactions (its replies are read on their own).
        let ownReactions = post["reactions"].map(ReactionAudit.held) ?? 0
        guard let user = nonEmpty(post["user"]?.string) else {
            sink.diagnose(.skippedRecord, "\(what) in \(conversationID) without a user", reactions: ownReactions)
            return nil
        }
        guard let createAt = post["create_at"], !createAt.isNull else {
            sink.diagnose(.skippedRecord, "\(what) by \(user) in \(conversationID) without create_at", reactions: ownReactions)
            return nil
        }
        guard let milliseconds = createAt.int64, let sentAt = Timestamp.unixMilliseconds(milliseconds) else {
            sink.diagnose(
                .unreadableTimestamp, "\(what) by \(user) in \(conversationID) create_at: \(quoted(createAt.identifier ?? "non-text value")); skipped",
                reactions: ownReactions)
            return nil
        }
        let id = "\(milliseconds)-\(user)"
        sink.message(
            ImportedMessage(
                platform: .mattermost, conversationID: conversationID, id: id, authorID: user,
                sentAt: sentAt, threadParentID: parent, fromBot: Self.isFromBot(post), text: post["message"]?.string ?? "",
                markup: .commonMarkAutolinked))

        let target = MessageTarget(platform: .mattermost, conversationID: conversationID, messageID: id)
        if let reactions = post["reactions"], !reactions.isNull, reactions.array == nil {
            sink.diagnose(.skippedRecord, "post \(id): \"reactions\" is not a list", reactions: ReactionAudit.held(reactions))
        }
        for reaction in post["reactions"]?.array ?? [] {
            let name = reaction["emoji_name"]?.string ?? ""
            let value =
                directory.emoji[name].map { ReactionValue(name, style: .custom(id: name, image: nonEmpty($0))) }
                ?? ReactionValue(name, style: .shortcode)
            let at = sink.time(reaction["create_at"], what: "post \(id) reaction create_at") { $0.int64.flatMap(Timestamp.unixMilliseconds) }
            sink.reaction(.add(target: target, value: value, reactor: reaction["user"]?.string ?? "", reactorName: nil, at: at, ref: nil))
        }
        return id
    }

    /// True for a post Mattermost marks as made by a bot or an integration (`props.from_bot`,
    /// a string "true" in exports, or a boolean).
    static func isFromBot(_ post: JSONValue) -> Bool {
        guard let flag = post["props"]?["from_bot"] else { return false }
        return flag.bool == true || flag.string == "true"
    }
}
