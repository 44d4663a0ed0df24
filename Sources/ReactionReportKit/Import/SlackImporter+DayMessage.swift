import JSONReader

extension SlackImporter {
    /// What a day file's message says, as far as the importer reads it. Each member holds its
    /// last value, as a parsed object answers for a name given twice; a value read as text or a
    /// number that is an object or an array is kept empty (`scalar`).
    struct DayMessage: Sendable {
        var type: JSONValue?
        var subtype: JSONValue?
        var ts: JSONValue?
        var user: JSONValue?
        var botID: JSONValue?
        var username: JSONValue?
        var threadTS: JSONValue?
        var text: JSONValue?
        /// `user_profile`, when it is an object.
        var userProfile: (displayName: JSONValue?, realName: JSONValue?)?
        /// `bot_profile.name`.
        var botProfileName: JSONValue?
        /// `reactions`, when it is an array.
        var reactions: [Reaction]?
        /// `reactions`, when it is there (not null) but not an array: named, with what it holds.
        var misshapenReactions: JSONValue?
        /// `file` (exports before 2018: a shared file, with the file's own reactions).
        var file: SharedObject?
        /// `files` (later exports), when it is an array.
        var files: [SharedObject]?
        /// `comment` of a `file_comment` message, with the comment's reactions.
        var comment: SharedObject?
        /// `root`: the thread's first message, copied into a `thread_broadcast` (none or one);
        /// read only for the reactions it carries.
        var root: [DayMessage] = []

        /// One element of `reactions` (all nil but `misshapen` for one that is not an object).
        struct Reaction: Sendable {
            var name: JSONValue?
            var count: JSONValue?
            /// `users`, when it is an array.
            var users: [JSONValue]?
            /// `users`, when it is there (not null) but not an array.
            var misshapenUsers: JSONValue?
            /// The element, when it is not an object.
            var misshapen: JSONValue?
        }

        /// A file or a file comment: its id and its reactions (nil members for one that is not
        /// an object).
        struct SharedObject: Sendable {
            var id: JSONValue?
            var reactions: [Reaction]?
            /// `reactions`, when it is there (not null) but not an array.
            var misshapenReactions: JSONValue?
            /// The comment's author (a `file_comment` message names its author only here).
            var user: JSONValue?
        }
    }
}

extension SlackImporter.DayMessage {
    /// The author's user id (for a file comment, the comment's author), else the bot's id.
    var authorID: String? {
        user?.string ?? comment?.user?.string ?? botID?.string
    }

    /// The reactions the message carries, in all its members (its own, its files', its
    /// comment's, its thread root's), as their counts say; a misshapen member as much as it
    /// holds (`ReactionAudit.held`).
    var reactionSize: Int {
        let lists = [reactions, file?.reactions, comment?.reactions] + (files ?? []).map(\.reactions)
        var total = lists.reduce(0) { sum, list in (list ?? []).reduce(sum) { $0.addingClamped($1.size) } }
        let misshapen = [misshapenReactions, file?.misshapenReactions, comment?.misshapenReactions] + (files ?? []).map(\.misshapenReactions)
        for value in misshapen { total = total.addingClamped(value.map(ReactionAudit.held) ?? 0) }
        for root in root { total = total.addingClamped(root.reactionSize) }
        return total
    }
}

extension SlackImporter.DayMessage.Reaction {
    /// The reaction's size: its count when that is one, else the users it lists (or what a
    /// misshapen `users` holds), at least one; an element that is not an object as much as it
    /// holds (`ReactionAudit.held`).
    var size: Int {
        if let misshapen { return ReactionAudit.held(misshapen) }
        return count.flatMap(ReactionCount.read) ?? max(1, users?.count ?? misshapenUsers.map(ReactionAudit.held) ?? 0)
    }
}

extension SlackImporter.DayMessage {
    /// Reads the message at `cursor` (any value: one that is not an object has no members).
    init(_ cursor: inout JSONCursor, depth: Int = 0) throws {
        self.init()
        try cursor.membersIfObject { cursor, key in
            switch key {
            case "type": type = try Self.scalar(&cursor)
            case "subtype": subtype = try Self.scalar(&cursor)
            case "ts": ts = try Self.scalar(&cursor)
            case "user": user = try Self.scalar(&cursor)
            case "bot_id": botID = try Self.scalar(&cursor)
            case "username": username = try Self.scalar(&cursor)
            case "thread_ts": threadTS = try Self.scalar(&cursor)
            case "text": text = try Self.scalar(&cursor)
            case "user_profile":
                userProfile = nil
                guard cursor.atObject else { return try cursor.skip() }
                var profile: (displayName: JSONValue?, realName: JSONValue?) = (nil, nil)
                try cursor.members { cursor, key in
                    switch key {
                    case "display_name": profile.displayName = try Self.scalar(&cursor)
                    case "real_name": profile.realName = try Self.scalar(&cursor)
                    default: try cursor.skip()
                    }
                }
                userProfile = profile
            case "bot_profile":
                botProfileName = nil
                guard cursor.atObject else { return try cursor.skip() }
                try cursor.members { cursor, key in
                    if key == "name" { botProfileName = try Self.scalar(&cursor) } else { try cursor.skip() }
                }
            case "reactions":
                (reactions, misshapenReactions) = try Self.reactions(&cursor)
            case "file":
                file = try SharedObject(&cursor)
            case "files":
                files = nil
                guard cursor.atArray else { return try cursor.skip() }
                var list: [SharedObject] = []
                try cursor.elements { cursor in list.append(try SharedObject(&cursor)) }
                files = list
            case "comment":
                comment = try SharedObject(&cursor)
            case "root" where depth == 0:
                root = []
                guard cursor.atObject else { return try cursor.skip() }
                root = [try Self(&cursor, depth: 1)]
            default:
                try cursor.skip()
            }
        }
    }

    /// The message in a parsed value.
    init(_ message: JSONValue, depth: Int = 0) {
        self.init()
        type = message["type"]
        subtype = message["subtype"]
        ts = message["ts"]
        user = message["user"]
        botID = message["bot_id"]
        username = message["username"]
        threadTS = message["thread_ts"]
        text = message["text"]
        if let profile = message["user_profile"], profile.object != nil {
            userProfile = (profile["display_name"], profile["real_name"])
        }
        botProfileName = message["bot_profile"]?["name"]
        (reactions, misshapenReactions) = Self.reactions(message["reactions"])
        file = message["file"].map(SharedObject.init)
        files = message["files"]?.array.map { $0.map(SharedObject.init) }
        comment = message["comment"].map(SharedObject.init)
        if depth == 0, let root = message["root"], root.object != nil { self.root = [Self(root, depth: 1)] }
    }

    /// A `reactions` member at `cursor`: its reactions when it is an array, else its value
    /// (parsed whole: it is to be named), unless null.
    static func reactions(_ cursor: inout JSONCursor) throws -> (list: [Reaction]?, misshapen: JSONValue?) {
        guard cursor.atArray else { return (nil, try misshapen(&cursor)) }
        var list: [Reaction] = []
        try cursor.elements { cursor in list.append(try Reaction(&cursor)) }
        return (list, nil)
    }

    /// A parsed `reactions` member, read as `reactions(_:)` reads one at a cursor.
    static func reactions(_ value: JSONValue?) -> (list: [Reaction]?, misshapen: JSONValue?) {
        guard let value else { return (nil, nil) }
        if let list = value.array { return (list.map(Reaction.init), nil) }
        return (nil, value.isNull ? nil : value)
    }

    /// The value at `cursor`, parsed whole, unless it is null: a member of the wrong type, kept
    /// to be named with what it holds.
    static func misshapen(_ cursor: inout JSONCursor) throws -> JSONValue? {
        let value = try cursor.value()
        return value.isNull ? nil : value
    }

    /// The value at `cursor` when it is text, a number, true, false or null; an object or an
    /// array is passed over and given empty, which answers every question asked of a member
    /// read here (text, identifier, integer, count, presence) as the whole value would.
    static func scalar(_ cursor: inout JSONCursor) throws -> JSONValue {
        if cursor.atObject {
            try cursor.skip()
            return .object(JSONObject())
        }
        if cursor.atArray {
            try cursor.skip()
            return .array([])
        }
        return try cursor.value()
    }
}

extension SlackImporter.DayMessage.SharedObject {
    init(_ cursor: inout JSONCursor) throws {
        self.init()
        try cursor.membersIfObject { cursor, key in
            switch key {
            case "id": id = try SlackImporter.DayMessage.scalar(&cursor)
            case "user": user = try SlackImporter.DayMessage.scalar(&cursor)
            case "reactions": (reactions, misshapenReactions) = try SlackImporter.DayMessage.reactions(&cursor)
            default: try cursor.skip()
            }
        }
    }

    init(_ object: JSONValue) {
        let (reactions, misshapen) = SlackImporter.DayMessage.reactions(object["reactions"])
        self.init(id: object["id"], reactions: reactions, misshapenReactions: misshapen, user: object["user"])
    }
}

extension SlackImporter.DayMessage.Reaction {
    init(_ cursor: inout JSONCursor) throws {
        self.init()
        guard cursor.atObject else {
            misshapen = try cursor.value()
            return
        }
        try cursor.members { cursor, key in
            switch key {
            case "name": name = try SlackImporter.DayMessage.scalar(&cursor)
            case "count": count = try SlackImporter.DayMessage.scalar(&cursor)
            case "users":
                (users, misshapenUsers) = (nil, nil)
                guard cursor.atArray else {
                    misshapenUsers = try SlackImporter.DayMessage.misshapen(&cursor)
                    return
                }
                var list: [JSONValue] = []
                try cursor.elements { cursor in list.append(try SlackImporter.DayMessage.scalar(&cursor)) }
                users = list
            default:
                try cursor.skip()
            }
        }
    }

    init(_ reaction: JSONValue) {
        guard reaction.object != nil else {
            self.init(misshapen: reaction)
            return
        }
        let users = reaction["users"]
        self.init(
            name: reaction["name"].map(Self.emptied), count: reaction["count"].map(Self.emptied),
            users: users?.array?.map(Self.emptied), misshapenUsers: users.flatMap { $0.array == nil && !$0.isNull ? $0 : nil })
    }

    /// An object or array emptied, as `DayMessage.scalar` gives it.
    static func emptied(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object: return .object(JSONObject())
        case .array, .deferredArray: return .array([])
        default: return value
        }
    }
}
