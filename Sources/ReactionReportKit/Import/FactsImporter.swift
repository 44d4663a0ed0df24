/// Reads facts tables (`data/facts/` of a build with `--format facts`, docs/facts.md) back into
/// the ledger, so that a build from them makes the report they were written from: the facts are
/// a lossless record of the settled report. A folder holding the tables is read whole, as a
/// workspace: the short tables (the report, people, conversations, diagnostics, tallies) and
/// the media first, then the messages, the totals and the reactions, parsed on every core and
/// recorded in that order, each message's bubbles in their order and reactors earliest first,
/// so that the ledger settles them as before.
public struct FactsImporter: WorkspaceImporter {
    /// The tables a folder must hold to be read as facts.
    static let requiredTables: Set<String> = [
        "report.jsonl", "messages.jsonl", "totals.jsonl", "reactions.jsonl", "people.jsonl", "conversations.jsonl"
    ]
    /// The tables of rows about messages, in the order they are recorded.
    static let messageTables = ["messages.jsonl", "totals.jsonl", "reactions.jsonl"]

    /// The one shape: a folder of facts tables, whose rows name their own platforms.
    public static let format = InputFormat(
        id: "facts", platform: .pubnub, summary: "facts tables of a report (reaction-report build --format facts: data/facts/)",
        recognisedBy: "a folder holding report.jsonl, messages.jsonl, totals.jsonl, reactions.jsonl, people.jsonl and conversations.jsonl",
        anyPlatform: true, statement: .messagesWithReactions)

    /// A placeholder: every row names its platform (`InputFormat.anyPlatform`).
    public var platform: Platform { Self.format.platform }
    /// `facts`, for `--input-format`.
    public var inputName: String { Self.format.id }
    /// The one shape, `format`.
    public var formats: [InputFormat] { [Self.format] }

    /// An importer of facts tables.
    public init() {}

    /// Nothing is shared by the tables' parsing but their names.
    public struct Workspace: Sendable {}

    /// The rows of one table of messages, as the ledger takes them.
    public struct FileRecords: WorkspaceFileRecords {
        var messages: [ImportedMessage] = []
        var updates: [MessageUpdate] = []
        var facts: [ReactionFact] = []
        /// The messages of `messages.jsonl`.
        public var messageCount: Int { messages.count }
        /// None: the totals and reactions name messages recorded before them.
        public var targetCount: Int { 0 }
    }

    /// The folders holding every required table.
    public func workspaceRoots(in names: [String]) -> [String] {
        var tables: [String: Set<String>] = [:]
        for name in names {
            let slash = name.lastIndex(of: "/")
            let (folder, file) = slash.map { (String(name[..<$0]), String(name[name.index(after: $0)...])) } ?? ("", name)
            if Self.requiredTables.contains(file) { tables[folder, default: []].insert(file) }
        }
        return tables.filter { $0.value == Self.requiredTables }.keys.sorted()
    }

    /// Reads the short tables and the media, and lists the tables of messages.
    public func openWorkspace(_ tree: InputTree, root: String, sink: (String) -> ImportSink) throws -> WorkspaceContents<Workspace> {
        let prefix = root.isEmpty ? "" : root + "/"
        let inside = tree.names.filter { $0.hasPrefix(prefix) }
        func table(_ name: String) throws -> (FactsLines, ImportSink)? {
            guard tree.contains(prefix + name) else { return nil }
            return (try FactsLines(try tree.contents(of: prefix + name), file: tree.display(prefix + name)), sink(prefix + name))
        }
        // The folder has every required table (`workspaceRoots`).
        let (report, reportSink) = try table("report.jsonl")!
        var carried = try FactsImporter.report(report)
        try FactsImporter.people(try table("people.jsonl")!, into: &carried)
        carried.conversations = try FactsImporter.conversations(try table("conversations.jsonl")!)
        // Every shard of a build reads the whole input, and finds the same diagnostics: they
        // are recorded once.
        let ledger = reportSink.ledger
        let sameBuild = ledger.hasCarried && carried.shard != nil && ledger.carried.shard?.count == carried.shard?.count
        if !sameBuild, let diagnostics = try table("diagnostics.jsonl") { try FactsImporter.diagnostics(diagnostics) }
        if let tallies = try table("tallies.jsonl") { carried.tallies = try FactsImporter.tallies(tallies.0) }
        for name in inside where name.hasPrefix(prefix + "media/") {
            reportSink.media(String(name.dropFirst(prefix.count)), try tree.contents(of: name))
        }
        reportSink.ledger.carry(carried)
        return WorkspaceContents(workspace: Workspace(), files: Self.messageTables.map { prefix + $0 }, consumed: Set(inside))
    }

    /// Parses one table of messages, totals or reactions, row by row.
    public func parse(_ bytes: [UInt8], file: WorkspaceFile, in workspace: Workspace) throws -> FileRecords {
        let lines = try FactsLines(bytes, file: file.displayName)
        var records = FileRecords()
        for index in lines.rows.indices {
            let row = try lines.row(index)
            if file.name.hasSuffix("messages.jsonl") {
                let (message, stars) = try Self.message(row)
                records.messages.append(message)
                if stars > 0 {
                    let target = MessageTarget(platform: message.platform, conversationID: message.conversationID, messageID: message.id)
                    records.updates.append(.paidStars(target: target, stars: stars))
                }
            } else if file.name.hasSuffix("totals.jsonl") {
                records.facts.append(try Self.total(row))
            } else {
                records.facts.append(try Self.reaction(row))
            }
        }
        return records
    }

    /// Records a table's rows in their order.
    public func record(_ records: FileRecords, file: WorkspaceFile, in workspace: Workspace, into sink: ImportSink) -> [Never] {
        for message in records.messages { sink.message(message) }
        for update in records.updates { sink.update(update) }
        for fact in records.facts { sink.reaction(fact) }
        return []
    }

    /// Nothing is left for the end.
    public func finish(_ leftovers: [Never], in workspace: Workspace, sink: (String) -> ImportSink) {}
}
