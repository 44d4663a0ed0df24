import JSONReader

/// The rows of each facts table, read as docs/facts.md gives them.
extension FactsImporter {
    /// `report.jsonl`: one row, whose pseudonyms, direct conversations and input summary the
    /// result carries.
    static func report(_ lines: FactsLines) throws -> CarriedReport {
        guard lines.rows.count == 1 else {
            throw LocatedError(file: lines.file, line: lines.rows.dropFirst().first?.line, reason: "report.jsonl must hold exactly one row")
        }
        let row = try lines.row(0)
        var carried = CarriedReport()
        carried.pseudonymous = try row.bool("anonymized")
        carried.inputSummary = try row.optionalString("inputSummary")
        // The configured groups, excludeBots, responseWindow and questionMarks, for the SQL of sql/: the build's options give
        // them to a build from facts. Facts written before they were added lack them.
        if let groups = row.value["groups"] {
            guard case .array(let names) = groups, names.allSatisfy({ $0.string != nil }) else {
                throw row.error("groups", "`groups` must be an array of strings")
            }
        }
        if row.value["excludeBots"] != nil { _ = try row.bool("excludeBots") }
        if row.value["questionMarks"] != nil { _ = try row.optionalString("questionMarks") }
        if let shard = try row.optionalString("shard") {
            guard let parsed = Shard(shard) else { throw row.error("shard", "`shard` must be K/N, with K from 1 to N, or null") }
            carried.shard = parsed
        }
        carried.sources = [(carried.shard, lines.file)]
        // Facts written before it was added lack it.
        if row.value["anonymizeAtJoin"] != nil, try row.bool("anonymizeAtJoin") {
            guard !carried.pseudonymous else { throw row.error("anonymizeAtJoin", "`anonymizeAtJoin` cannot be true in anonymized facts") }
            carried.awaitingAnonymizer = lines.file
        }
        switch row.value["directConversations"] {
        case .null?:
            break
        case .object(let object)?:
            func number(_ key: String) throws -> Int {
                guard case .number(let text)? = object[key], let number = Int(text), number >= 0 else {
                    throw row.error("directConversations", "`directConversations.\(key)` must be a whole number from 0")
                }
                return number
            }
            func flag(_ key: String) throws -> Bool {
                guard case .bool(let flag)? = object[key] else { throw row.error("directConversations", "`directConversations.\(key)` must be true or false") }
                return flag
            }
            carried.directConversations = DirectConversations(
                conversations: try number("conversations"), messages: try number("messages"), reactions: try number("reactions"),
                included: try flag("included"), automatically: try flag("automatically"))
        default:
            throw row.error("directConversations", "`directConversations` must be an object or null")
        }
        return carried
    }

    /// `people.jsonl`: the people directory, the bots, and (for pseudonyms) who the rankings
    /// left out.
    static func people(_ table: (FactsLines, ImportSink), into carried: inout CarriedReport) throws {
        let (lines, sink) = table
        carried.people = [:]
        for index in lines.rows.indices {
            let row = try lines.row(index)
            let (platform, id) = (try row.platform(), try row.string("id"))
            let name = try row.optionalString("directoryName")
            sink.person(platform, id: id, name: name)
            if let name, !name.isEmpty { carried.people![platform, default: [:]][id] = name }
            if try row.bool("bot") { sink.bot(platform, id: id) }
            if try row.bool("excluded") { carried.leftOutOfRankings[platform, default: []].insert(id) }
        }
    }

    /// `conversations.jsonl`: names and direct conversations.
    static func conversations(_ table: (FactsLines, ImportSink)) throws -> [ConversationInfo] {
        let (lines, sink) = table
        return try lines.rows.indices.map { index in
            let row = try lines.row(index)
            let conversation = ConversationInfo(
                platform: try row.platform(), id: try row.string("id"), name: try row.string("name"), isDirect: try row.bool("direct"))
            sink.conversation(conversation)
            return conversation
        }
    }

    /// `diagnostics.jsonl`: the diagnostics the report showed, recorded as they were.
    static func diagnostics(_ table: (FactsLines, ImportSink)) throws {
        let (lines, sink) = table
        for index in lines.rows.indices {
            let row = try lines.row(index)
            guard let kind = Diagnostic.Kind(rawValue: try row.string("kind")) else {
                throw row.error("kind", "`kind` must be one of " + Diagnostic.Kind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let platform = try row.optionalString("platform") == nil ? nil : try row.platform()
            let (count, reactions) = (try row.int("count"), try row.int("reactions"))
            if try row.bool("shown") {
                sink.ledger.diagnose(Diagnostic(kind, file: try row.optionalString("file"), try row.string("detail"), platform: platform, reactions: reactions))
            } else {
                sink.ledger.diagnose(kind, count: count, platform: platform, reactions: reactions)
            }
        }
    }

    /// `tallies.jsonl`: where the reactions of the original input went.
    static func tallies(_ lines: FactsLines) throws -> [Platform?: ReactionTally] {
        var tallies: [Platform?: ReactionTally] = [:]
        for index in lines.rows.indices {
            let row = try lines.row(index)
            let platform = try row.optionalString("platform") == nil ? nil : try row.platform()
            tallies[platform] = ReactionTally(
                read: try row.int("read"), counted: try row.int("counted"), diagnosed: try row.int("diagnosed"), removed: try row.int("removed"),
                leftOut: try row.int("leftOut"))
        }
        return tallies
    }

    /// A `messages.jsonl` row: the settled message, and its paid stars.
    static func message(_ row: FactsRow) throws -> (ImportedMessage, stars: Int) {
        guard let markup = TextMarkup(rawValue: try row.string("markup")) else {
            throw row.error("markup", "`markup` must be one of commonMark, commonMarkAutolinked, plain, slackMrkdwn, discord")
        }
        let message = ImportedMessage(
            platform: try row.platform(), conversationID: try row.string("conversation"), id: try row.string("id"), authorID: try row.optionalString("author"),
            authorName: try row.optionalString("authorName"), sentAt: try row.time("sentAt"), threadParentID: try row.optionalString("thread"),
            replyToID: try row.optionalString("replyTo"), fromBot: try row.bool("fromBot"), text: try row.string("text"), deleted: try row.bool("deleted"),
            markup: markup)
        return (message, try row.int("paidStars"))
    }

    /// The message a `totals.jsonl` or `reactions.jsonl` row is about.
    static func target(_ row: FactsRow) throws -> MessageTarget {
        MessageTarget(platform: try row.platform(), conversationID: try row.string("conversation"), messageID: try row.string("message"))
    }

    /// A `totals.jsonl` row: the bubble's emoji as settled, its count and first time.
    static func total(_ row: FactsRow) throws -> ReactionFact {
        let emoji = Emoji(
            key: try row.string("key"), display: try row.string("emoji"), name: try row.optionalString("name"), custom: try row.bool("custom"),
            image: try row.optionalString("image"))
        guard !emoji.key.isEmpty else { throw row.error("key", "`key` must not be empty") }
        return .total(
            target: try target(row), value: ReactionValue(emoji.key, style: .settled(emoji)), count: try row.int("count"), firstAt: try row.time("firstAt"))
    }

    /// A `reactions.jsonl` row: one listed reactor of a bubble (whose emoji its totals row gave).
    static func reaction(_ row: FactsRow) throws -> ReactionFact {
        let key = try row.string("key")
        let reactor = try row.string("reactor")
        guard !reactor.isEmpty else { throw row.error("reactor", "`reactor` must not be empty") }
        let emoji = Emoji(key: key, display: key, name: nil, custom: false, image: nil)
        return .add(
            target: try target(row), value: ReactionValue(key, style: .settled(emoji)), reactor: reactor, reactorName: try row.optionalString("reactorName"),
            at: try row.time("at"), ref: nil)
    }
}
