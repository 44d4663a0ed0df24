import InputFiles
import JSONReader

extension SlackImporter {
    /// Reactions that belong to a file or a file comment rather than to the message carrying
    /// them: every message that shares or comments on a file repeats the file's reactions, so
    /// they are counted once, on the object's home message (`SharedReactions.home`).
    public struct SharedReactions: Sendable {
        /// `file:<id>` or `comment:<id>`.
        var object: String
        /// The message carrying this copy.
        var target: MessageTarget
        var sentAt: Timestamp
        /// True for the message that shared the file (or posted the comment), false for a message
        /// that only repeats it (a `file_comment` or `file_mention` carrying the file).
        var isOrigin: Bool
        var reactions: [DayMessage.Reaction]
        /// The object's `reactions` when it is not an array (`DayMessage.misshapenReactions`).
        var misshapen: JSONValue?
        /// Where this copy's `reactions` are in its day file (`$[3].files[0].reactions`).
        var path: JSONPath
        /// The day file it was read from.
        var file: String = ""

        /// The message the reactions of one object are counted on: the earliest that shared it,
        /// else the earliest that carried it.
        static func home(_ copies: [SharedReactions]) -> MessageTarget {
            let candidates = copies.contains(where: \.isOrigin) ? copies.filter(\.isOrigin) : copies
            return candidates.min { a, b in
                (a.sentAt, a.target.conversationID ?? "", a.target.messageID) < (b.sentAt, b.target.conversationID ?? "", b.target.messageID)
            }!.target
        }
    }

    /// What a day file gives: its records, and the reactions of the files and comments its
    /// messages carry, counted once the whole workspace is read.
    public struct DayFileRecords: WorkspaceFileRecords {
        var records = ImportRecords()
        var shared: [SharedReactions] = []

        /// The messages it records.
        public var messageCount: Int { records.messageCount }
        /// The runs of reaction facts about one message it records.
        public var targetCount: Int { records.targetCount }
    }

    /// The members of a day file whose reactions are read; any other member that may hold
    /// reactions is named in a diagnostic.
    static let dayFileMembers = ReactionMembers(
        records: ["$[*]", "$[*].root"],
        members: ["$.reactions", "$.file.reactions", "$.files[*].reactions", "$.comment.reactions"])

    /// Reads a day file's messages into records. A day file is walked with a cursor, not parsed
    /// into a tree: only the members the importer reads become values (a message carries
    /// `blocks`, `client_msg_id`, profiles and more that nothing here reads). The file is checked
    /// whole all the same, and refused with the same error; members that may hold reactions are
    /// found wherever they are, and those not read are named.
    /// - Parameter names: display names from `users.json`, by user id.
    static func readDayFile(_ bytes: [UInt8], name: String, conversationID: String, names: [String: String] = [:]) throws -> DayFileRecords {
        var result = DayFileRecords()
        let bytes = InputBytes(try TextEncoding.utf8(bytes, file: name))
        if InputDocument.isJSONLines(bytes, name: name) {
            // Always an array: one element a line.
            let document = try InputDocument.parse(bytes, name: name, collectingReactionSites: true)
            for (index, message) in (document.root.array ?? []).enumerated() {
                record(DayMessage(message), at: MessagePlace(index: index), conversationID: conversationID, names: names, into: &result)
            }
            result.records.record(document.unreadReactions(readBy: dayFileMembers, describing: DiagnosticLog.examplesPerKind))
            return result
        }
        let sites = try JSONParser.walk(bytes, file: name, noting: .reactionSites) { cursor in
            guard cursor.atArray else {
                try cursor.skip()
                result.records.diagnose(.skippedRecord, "a day file should hold an array of messages; skipped")
                return
            }
            var index = 0
            try cursor.elements { cursor in
                record(try DayMessage(&cursor), at: MessagePlace(index: index), conversationID: conversationID, names: names, into: &result)
                index += 1
            }
        }.noted
        if let sites, !sites.isEmpty {
            result.records.record(ReactionAudit.unread(sites, in: bytes, isLines: false, members: dayFileMembers, describing: DiagnosticLog.examplesPerKind))
        }
        return result
    }

    /// Subtypes that are membership or housekeeping lines. They are messages of the channel
    /// only when someone reacted to them (people welcome newcomers with 👋); otherwise they are
    /// passed over, as Slack's own counts of messages do.
    static let housekeepingSubtypes: Set<String> = [
        "channel_join", "channel_leave", "channel_topic", "channel_purpose", "channel_name", "channel_archive",
        "channel_unarchive", "group_join", "group_leave", "group_topic", "group_purpose", "group_name",
        "group_archive", "group_unarchive", "pinned_item", "unpinned_item"
    ]
    /// Subtypes whose `file` is someone else's share, repeated: its reactions are counted on the
    /// message that shared the file.
    static let fileRepeatingSubtypes: Set<String> = ["file_comment", "file_mention"]

    /// Where a message is in its day file: its position, and whether it is the copy of a thread
    /// root a broadcast carries (`root`). Paths are made only for diagnostics.
    struct MessagePlace {
        var index: Int
        var isRoot = false

        /// The path of the message's member `steps`, e.g. `$[3].root.reactions`.
        func path(_ steps: JSONPath.Component...) -> JSONPath {
            JSONPath([.index(index)] + (isRoot ? [.key("root")] : []) + steps)
        }
    }

    /// Records a day file's message (`DayMessage`, read from the file or from a parsed value).
    static func record(
        _ message: DayMessage, at place: MessagePlace, conversationID: String, names: [String: String], into result: inout DayFileRecords
    ) {
        let reactionCount = message.reactionSize
        if let type = message.type?.string, type != "message" {
            if reactionCount > 0 {
                result.records.diagnose(
                    .skippedRecord, "a record of type \(quoted(type)) in \(conversationID) is not a message; its reactions are not counted",
                    reactions: reactionCount)
            }
            return
        }
        let subtype = message.subtype?.string
        if let subtype, housekeepingSubtypes.contains(subtype), reactionCount == 0 { return }
        guard let ts = message.ts?.string, let sentAt = Timestamp.decimalSeconds(ts) else {
            result.records.diagnose(
                message.ts == nil ? .skippedRecord : .unreadableTimestamp,
                "a message in \(conversationID) without a readable ts \(quoted(message.ts?.identifier ?? ""))",
                reactions: reactionCount)
            return
        }
        let authorID = message.authorID
        let authorName = Self.authorName(message, names: names)
        let threadTS = message.threadTS?.string
        result.records.message(
            ImportedMessage(
                platform: .slack, conversationID: conversationID, id: ts, authorID: authorID, authorName: authorName,
                sentAt: sentAt, threadParentID: threadTS == ts ? nil : threadTS,
                fromBot: message.botID != nil || subtype == "bot_message", text: message.text?.string ?? "", deleted: subtype == "tombstone",
                markup: .slackMrkdwn))
        let target = MessageTarget(platform: .slack, conversationID: conversationID, messageID: ts)
        recordReactions(
            message.reactions ?? [], misshapen: message.misshapenReactions, of: ts, at: place.path(.key("reactions")), on: target, into: &result.records)
        let repeatsFile = subtype.map(fileRepeatingSubtypes.contains) ?? false
        if let file = message.file {
            share(file, kind: "file", at: place.path(.key("file")), message: ts, target: target, sentAt: sentAt, isOrigin: !repeatsFile, into: &result)
        }
        for (index, file) in (message.files ?? []).enumerated() {
            share(
                file, kind: "file", at: place.path(.key("files"), .index(index)), message: ts, target: target, sentAt: sentAt, isOrigin: !repeatsFile,
                into: &result)
        }
        if let comment = message.comment {
            share(comment, kind: "comment", at: place.path(.key("comment")), message: ts, target: target, sentAt: sentAt, isOrigin: true, into: &result)
        }
        // The thread's first message, copied into a broadcast: read for its reactions (the
        // ledger merges it with the message itself); a copy without any adds nothing.
        for root in message.root where root.reactionSize > 0 {
            record(root, at: MessagePlace(index: place.index, isRoot: true), conversationID: conversationID, names: names, into: &result)
        }
    }

    /// Keeps the reactions of a file or comment at `path` for counting on its home message.
    static func share(
        _ object: DayMessage.SharedObject, kind: String, at path: @autoclosure () -> JSONPath, message ts: String, target: MessageTarget,
        sentAt: Timestamp, isOrigin: Bool, into result: inout DayFileRecords
    ) {
        guard !(object.reactions ?? []).isEmpty || object.misshapenReactions != nil else { return }
        var copy = SharedReactions(
            object: "", target: target, sentAt: sentAt, isOrigin: isOrigin, reactions: object.reactions ?? [], misshapen: object.misshapenReactions,
            path: path().appending(.key("reactions")))
        guard let id = object.id?.identifier, !id.isEmpty else {
            // Without an id the copies cannot be told apart: counted on this message.
            recordReactions(of: copy, on: target, into: &result.records)
            return
        }
        copy.object = kind + ":" + id
        result.shared.append(copy)
    }

    /// Records the reactions of a copy of a file's or comment's on `target`, naming their
    /// problems as at the copy's place when `diagnosing` (`recordReactions`).
    static func recordReactions(of copy: SharedReactions, on target: MessageTarget, diagnosing: Bool = true, into sink: inout some ImportRecorder) {
        recordReactions(
            copy.reactions, misshapen: copy.misshapen, of: copy.target.messageID, at: copy.path, on: target, diagnosing: diagnosing, into: &sink)
    }

    /// Records Slack reactions (`{name, users, count}`), a `reactions` member at `path` of
    /// message `ts`, on `target`. A member that is not an array (`misshapen`) and any part of a
    /// reaction of the wrong type is named (`ReactionProblem`), with the reactions it loses.
    /// - Parameter diagnosing: false for a copy of a shared file's reactions that another copy
    ///   names the problems of: only what can be counted is recorded.
    static func recordReactions(
        _ reactions: [DayMessage.Reaction], misshapen: JSONValue?, of ts: String, at path: @autoclosure () -> JSONPath, on target: MessageTarget,
        diagnosing: Bool = true, into sink: inout some ImportRecorder
    ) {
        if diagnosing, let misshapen {
            sink.diagnose(ReactionProblem.misshapen(misshapen, at: path(), message: ts, expected: .array, kind: .skippedRecord, loses: .held))
        }
        for (index, reaction) in reactions.enumerated() {
            func place() -> JSONPath { path().appending(.index(index)) }
            if let problem = problem(of: reaction, at: place, message: ts) {
                if diagnosing { sink.diagnose(problem) }
                continue
            }
            let value = ReactionValue(reaction.name?.string ?? "", style: .shortcode)
            let count = reaction.count.flatMap { $0.isNull ? nil : $0 }
            let total = count.flatMap(ReactionCount.read)
            if let total { sink.reaction(.total(target: target, value: value, count: total, firstAt: nil)) }
            if diagnosing {
                let problems = ReactionProblem.ofCountAndReactors(
                    count: count, total: total, listed: reaction.users?.count ?? 0, misshapenUsers: reaction.misshapenUsers,
                    reaction: ":\(value.raw):", at: place, message: ts)
                for problem in problems { sink.diagnose(problem) }
            }
            for (position, user) in (reaction.users ?? []).enumerated() {
                guard let reactor = user.string else {
                    if diagnosing {
                        sink.diagnose(
                            ReactionProblem.misshapenReactor(
                                user, at: place().appending(.key("users")).appending(.index(position)), message: ts, expected: .string, counted: total != nil))
                    }
                    continue
                }
                sink.reaction(.add(target: target, value: value, reactor: reactor, reactorName: nil, at: nil, ref: nil))
            }
        }
    }

    /// Why `reaction` (at `place`) cannot be read: an element that is not an object; a name
    /// that is not a string, or is missing or empty. Nil for one that can.
    static func problem(of reaction: DayMessage.Reaction, at place: () -> JSONPath, message ts: String) -> ReactionProblem? {
        if let element = reaction.misshapen {
            return .misshapen(element, at: place(), message: ts, expected: .object, kind: .invalidReaction, loses: .held)
        }
        if let name = reaction.name?.string, !name.isEmpty { return nil }
        if let name = reaction.name, !name.isNull, name.string == nil {
            return .misshapen(
                name, at: place().appending(.key("name")), message: ts, expected: .string, kind: .invalidReaction, loses: .reactions(reaction.size))
        }
        return ReactionProblem(kind: .invalidReaction, detail: "message \(ts): a reaction without a name", reactions: reaction.size)
    }

    /// The author's name: the person in `users.json` (display name, else real name, else
    /// name), else the message's own profile, else its `username` (a bot's, or an old share's;
    /// mention markup there, `<@U17KXSB7W|handle>`, gives its handle, never the markup), else
    /// the bot's profile name.
    static func authorName(_ message: DayMessage, names: [String: String]) -> String? {
        if let user = message.authorID, let name = names[user] { return name }
        let username =
            message.username?.string.map { text -> String? in
                guard text.hasPrefix("<"), text.hasSuffix(">") else { return text }
                // `<@U…|handle>` → handle; `<@U…>` → the person it names, when known.
                let body = text.dropFirst().dropLast()
                let parts = body.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2 { return String(parts[1]) }
                return body.hasPrefix("@") ? names[String(body.dropFirst())] : nil
            } ?? nil
        return [message.userProfile?.displayName?.string, message.userProfile?.realName?.string, username, message.botProfileName?.string]
            .lazy.compactMap { $0 }.first { !$0.isEmpty }
    }
}
