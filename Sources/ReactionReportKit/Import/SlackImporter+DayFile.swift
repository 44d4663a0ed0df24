extension SlackImporter {
    /// What a day file's message says, as far as the importer reads it. Each member holds its
    /// last value, as a parsed object answers for a name given twice; a value read as text or a
    /// number that is an object or an array is kept as `null`, which answers every question the
    /// importer asks of it (text, identifier, integer, presence) as the object or array would.
    struct DayMessage {
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

        /// One element of `reactions` (all nil for one that is not an object).
        struct Reaction {
            var name: JSONValue?
            var count: JSONValue?
            /// `users`, when it is an array.
            var users: [JSONValue]?
        }
    }

    /// Reads a day file's messages into records. A day file is walked with a cursor, not parsed
    /// into a tree: only the members the importer reads become values (a message carries
    /// `blocks`, `client_msg_id`, profiles, files and more that nothing here reads). The file is
    /// checked whole all the same, and refused with the same error. JSON lines, which no Slack
    /// export writes, are parsed as other inputs are.
    static func readDayFile(_ bytes: [UInt8], name: String, conversationID: String) throws -> ImportRecords {
        var records = ImportRecords()
        if InputDocument.isJSONLines(bytes, name: name) {
            // Always an array: one element a line.
            let lines = try InputDocument.parse(bytes, name: name).root.array ?? []
            for message in lines { record(DayMessage(message), conversationID: conversationID, into: &records) }
            return records
        }
        try JSONParser.walk(bytes, file: name) { cursor in
            guard cursor.atArray else {
                try cursor.skip()
                records.diagnose(.skippedRecord, "a day file should hold an array of messages; skipped")
                return
            }
            try cursor.elements { cursor in
                record(try DayMessage(&cursor), conversationID: conversationID, into: &records)
            }
        }
        return records
    }
}

extension SlackImporter.DayMessage {
    /// Reads the message at `cursor` (any value: one that is not an object has no members).
    init(_ cursor: inout JSONCursor) throws {
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
                reactions = nil
                guard cursor.atArray else { return try cursor.skip() }
                var list: [Reaction] = []
                try cursor.elements { cursor in list.append(try Reaction(&cursor)) }
                reactions = list
            default:
                try cursor.skip()
            }
        }
    }

    /// The message in a parsed value.
    init(_ message: JSONValue) {
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
        reactions = message["reactions"]?.array.map { $0.map(Reaction.init) }
    }

    /// The value at `cursor` when it is text, a number, true, false or null; an object or an
    /// array is passed over and given as null.
    static func scalar(_ cursor: inout JSONCursor) throws -> JSONValue {
        if cursor.atObject || cursor.atArray {
            try cursor.skip()
            return .null
        }
        return try cursor.value()
    }
}

extension SlackImporter.DayMessage.Reaction {
    init(_ cursor: inout JSONCursor) throws {
        self.init()
        try cursor.membersIfObject { cursor, key in
            switch key {
            case "name": name = try SlackImporter.DayMessage.scalar(&cursor)
            case "count": count = try SlackImporter.DayMessage.scalar(&cursor)
            case "users":
                users = nil
                guard cursor.atArray else { return try cursor.skip() }
                var list: [JSONValue] = []
                try cursor.elements { cursor in list.append(try SlackImporter.DayMessage.scalar(&cursor)) }
                users = list
            default:
                try cursor.skip()
            }
        }
    }

    init(_ reaction: JSONValue) {
        self.init(name: reaction["name"], count: reaction["count"], users: reaction["users"]?.array)
    }
}
