import InputFiles
import JSONReader

/// Reads one platform's exports and hands what it finds to the ledger. An importer has one of
/// two shapes: a `DocumentImporter` reads one file at a time, recognised by its content; a
/// `WorkspaceImporter` reads a multi-file export whole from a folder or archive. `ImportRun`
/// finds the inputs, picks the importer and drives it.
public protocol Importer: Sendable {
    /// The platform this importer reads.
    var platform: Platform { get }
    /// The shapes it recognises, for `reaction-report formats`.
    var formats: [InputFormat] { get }
    /// What `--input-format` names it by: its platform's id, or the name of a format of every
    /// platform (`facts`).
    var inputName: String { get }
}

extension Importer {
    /// The platform's id.
    public var inputName: String { platform.rawValue }
}

/// An importer of single documents: each input file is parsed, offered to every document
/// importer in turn, and read by the first that recognises it.
public protocol DocumentImporter: Importer {
    /// The shape of `document`, when this importer can read it.
    func detect(_ document: InputDocument) -> InputFormat?
    /// Reads a document of a shape this importer detected.
    func read(_ document: InputDocument, as format: InputFormat, into sink: ImportSink) throws
}

/// One input shape: its name, how it is recognised, and where its importer reads reactions.
public struct InputFormat: Sendable, Hashable {
    /// A stable identifier, e.g. `pubnub-history`.
    public var id: String
    public var platform: Platform
    /// What the shape is, in a few words.
    public var summary: String
    /// How the content gives it away.
    public var recognisedBy: String
    /// The records and members the importer reads reactions from; any other member that may
    /// hold reactions is named in a diagnostic.
    public var reactionMembers: ReactionMembers
    /// True for a shape whose records name their own platforms (facts tables): `platform` is
    /// then a placeholder.
    public var anyPlatform: Bool
    /// What a file of this shape states of its messages' reactions when it was taken, which
    /// decides how its facts are weighed against newer and older copies (`Statement`).
    public var statement: Statement
    /// The top-level member that gives when the file was taken, besides `fetchedAt` (which any
    /// document may have): DiscordChatExporter's `exportedAt`.
    public var snapshotTimeMember: String?

    public init(
        id: String, platform: Platform, summary: String, recognisedBy: String, reactionMembers: ReactionMembers = .none, anyPlatform: Bool = false,
        statement: Statement = .events, snapshotTimeMember: String? = nil
    ) {
        self.id = id
        self.platform = platform
        self.summary = summary
        self.recognisedBy = recognisedBy
        self.reactionMembers = reactionMembers
        self.anyPlatform = anyPlatform
        self.statement = statement
        self.snapshotTimeMember = snapshotTimeMember
    }

    /// The platform's name, or "every platform" for a shape whose records name their own.
    public var platformName: String { anyPlatform ? "every platform" : platform.displayName }
}

/// A parsed input file: one JSON value, or the values of a JSON-lines file.
public struct InputDocument: Sendable {
    /// The file as the user named it (used in errors and diagnostics).
    public var name: String
    /// The top-level value of a JSON file, or an array of the lines of a JSON-lines file.
    public var root: JSONValue
    /// True for JSON lines (and for several JSON values one after another).
    public var isLines: Bool
    /// The members that may hold reactions, when `parse` collected them.
    public internal(set) var reactionSites: ReactionSites?
    /// The document as UTF-8 (in memory, or the mapped file), kept while it is read when its
    /// reaction sites were collected, so that an unread site can be located and measured.
    var bytes = InputBytes()

    public init(name: String, root: JSONValue, isLines: Bool) {
        self.name = name
        self.root = root
        self.isLines = isLines
    }

    /// Files from this size on are parsed with their large arrays deferred (a single-file
    /// export of a million messages would otherwise be one tree about as large as the ledger).
    public static let largeDocumentBytes = 16 << 20
    /// In a large file, arrays from this size on are deferred: read element by element.
    public static let deferredArrayBytes = 64 << 10

    /// Parses bytes as JSON, or as JSON lines when the name ends in `.jsonl`/`.ndjson` or the
    /// content holds one value per line, or several JSON values one after another (objects
    /// saved pretty-printed, one after the other). UTF-16 and UTF-32 with a byte-order mark are
    /// converted first.
    /// - Parameters:
    ///   - deferringArraysFrom: the size from which arrays are left unparsed until iterated
    ///     (`JSONValue.elements`); by default `deferredArrayBytes` in a file of at least
    ///     `largeDocumentBytes`, and none in a smaller file. JSON lines are one deferred array
    ///     of lines when this is given or the file is that large (`parseLinesDeferred`).
    ///   - collectingReactionSites: find the members that may hold reactions as the file is
    ///     read (`reactionSites`), and keep the bytes to locate them.
    public static func parse(
        _ bytes: [UInt8], name: String, deferringArraysFrom: Int? = nil,
        collectingReactionSites: Bool = false
    ) throws -> InputDocument {
        try parse(InputBytes(bytes), name: name, deferringArraysFrom: deferringArraysFrom, collectingReactionSites: collectingReactionSites)
    }

    /// Parses an input's bytes, held in memory or a mapped file, as `parse(_:name:…)` does an
    /// array: a mapped file is read where it lies (deferred arrays and `reactionSites` keep it),
    /// never copied; only text in UTF-16 or UTF-32 is converted into memory.
    public static func parse(
        _ bytes: InputBytes, name: String, deferringArraysFrom: Int? = nil,
        collectingReactionSites: Bool = false
    ) throws -> InputDocument {
        let bytes = try TextEncoding.utf8(bytes, file: name)
        let rule: MemberRule? = collectingReactionSites ? .reactionSites : nil
        var document: InputDocument
        var sites: ReactionSites?
        // A large JSON-lines file (an event log) is checked whole, then its lines are parsed
        // one at a time as an importer walks them: never held as values.
        let deferLines = deferringArraysFrom != nil || bytes.count >= largeDocumentBytes
        if isJSONLines(bytes, name: name) {
            (document, sites) = try parseLines(bytes, name: name, deferred: deferLines, noting: rule)
        } else {
            do {
                let minimum = deferringArraysFrom ?? (bytes.count >= largeDocumentBytes ? deferredArrayBytes : nil)
                let parsed = try JSONParser.parse(bytes, file: name, deferringArraysFrom: minimum, noting: rule)
                document = InputDocument(name: name, root: parsed.value, isLines: false)
                sites = parsed.noted
            } catch let error as LocatedError where error.reason == JSONParser.textAfterValue {
                // Several values, each over several lines: read as JSON lines. When they are not,
                // the error is the one found further into the file.
                do {
                    (document, sites) = try parseLines(bytes, name: name, deferred: deferLines, noting: rule)
                } catch let sequenceError as LocatedError {
                    let further = (sequenceError.line ?? 0, sequenceError.column ?? 0) > (error.line ?? 0, error.column ?? 0)
                    throw further ? sequenceError : error
                }
            }
        }
        if collectingReactionSites {
            document.reactionSites = sites
            document.bytes = bytes
        }
        return document
    }

    /// A JSON-lines document: its lines parsed into an array, or, `deferred`, checked and left
    /// in the bytes as one deferred array (`JSONParser.parseLinesDeferred`).
    private static func parseLines(
        _ bytes: InputBytes, name: String, deferred: Bool, noting rule: MemberRule?
    ) throws -> (InputDocument, ReactionSites?) {
        if deferred {
            let lines = try JSONParser.parseLinesDeferred(bytes, file: name, noting: rule)
            return (InputDocument(name: name, root: lines.value, isLines: true), lines.noted)
        }
        let lines = try JSONParser.parseLines(bytes, file: name, noting: rule)
        return (InputDocument(name: name, root: .array(lines.values), isLines: true), lines.noted)
    }

    /// True when `parse` reads the file as JSON lines: by its name, or by its content.
    static func isJSONLines(_ bytes: InputBytes, name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") || JSONParser.looksLikeJSONLines(bytes)
    }

    /// The first element of the top-level array, or of the array under one of `keys`.
    public func firstRecord(under keys: [String] = []) -> JSONValue? {
        if let elements = root.elements { return elements.first }
        for key in keys { if let elements = root[key]?.elements { return elements.first } }
        return nil
    }

    /// The reactions in members that `format`'s importer does not read, with the first
    /// `describing` of them located.
    func unreadReactions(readBy members: ReactionMembers, describing limit: Int) -> ReactionAudit.Findings {
        guard let reactionSites, !reactionSites.isEmpty else { return ReactionAudit.Findings() }
        return ReactionAudit.unread(reactionSites, in: bytes, isLines: isLines, members: members, describing: limit)
    }
}

/// Where an importer puts what it reads: the ledger, with the file's identity attached.
public struct ImportSink {
    let ledger: ReactionLedger
    /// The index of the file being read.
    public let file: Int
    /// The file's name, for diagnostics.
    public let fileName: String
    /// The platform of the file's format, whose reactions its diagnostics are about.
    public let platform: Platform?
    /// Where the file was read from, to read the files it names (nil for bytes from elsewhere).
    public let origin: InputOrigin?

    /// A sink for the file `fileName` of `snapshot` (nil: one of its own, of no known time),
    /// which states `statement` of its messages' reactions.
    init(
        ledger: ReactionLedger, fileName: String, platform: Platform?, origin: InputOrigin? = nil, snapshot: Int32? = nil,
        statement: InputFormat.Statement = .events
    ) {
        self.ledger = ledger
        self.file = ledger.beginFile(fileName, snapshot: snapshot, statement: statement)
        self.fileName = fileName
        self.platform = platform
        self.origin = origin
    }

    /// Says that the file's message copies state nothing of their reactions, although its
    /// format may (a PubNub history page fetched without actions): they decide text and
    /// deletion only. Called before the file's first message.
    func statesNoReactions() { ledger.statesNothing(file) }

    /// Keeps a file for the site (`media/…`, from the site's root).
    func media(_ path: String, _ bytes: [UInt8]) { ledger.recordMedia(path, bytes) }

    public func message(_ message: ImportedMessage) { ledger.record(message, file: file) }
    public func reaction(_ fact: ReactionFact) { ledger.record(fact, file: file) }
    public func update(_ update: MessageUpdate) { ledger.record(update, file: file) }
    public func conversation(_ info: ConversationInfo) { ledger.record(info) }
    /// Records a poll: its own figures, never reactions.
    public func poll(_ poll: Poll) { ledger.record(poll) }
    public func person(_ platform: Platform, id: String, name: String?) { ledger.recordPerson(platform: platform, id: id, name: name) }
    public func declareDirectory(for platform: Platform) { ledger.declareDirectory(for: platform, file: fileName) }
    /// Records a message action of a type that is neither a reaction nor one the importer uses
    /// (PubNub's `emotion` of an app that stores its reactions so), for the notice naming it.
    public func unconfiguredAction(type: String, value: String) {
        ledger.noteUnconfiguredAction(type: type, value: value, file: fileName)
    }
    /// Records that the platform marks a user as a bot.
    public func bot(_ platform: Platform, id: String) { ledger.recordBot(platform: platform, id: id) }

    /// Records a diagnostic about this file; `reactions` is how many reactions of the input it
    /// names as not counted.
    public func diagnose(_ kind: Diagnostic.Kind, _ detail: String, reactions: Int = 0) {
        ledger.diagnose(Diagnostic(kind, file: fileName, detail, platform: platform, reactions: reactions))
    }

    /// Reads a time with `read`, diagnosing text that is present but unreadable.
    public func time(_ value: JSONValue?, what: String, _ read: (JSONValue) -> Timestamp?) -> Timestamp? {
        guard let value, !value.isNull else { return nil }
        if let time = read(value) { return time }
        diagnose(.unreadableTimestamp, "\(what): \(quoted(value.identifier ?? "non-text value"))")
        return nil
    }

    /// Names the reactions of `document` in members its importer does not read (by `members`).
    func diagnoseUnreadReactions(in document: InputDocument, readBy members: ReactionMembers) {
        record(document.unreadReactions(readBy: members, describing: DiagnosticLog.examplesPerKind))
    }

    /// Records what an audit found: a diagnostic for each site described, a count for the rest.
    func record(_ findings: ReactionAudit.Findings) {
        for unread in findings.described { diagnose(.unreadReactions, unread.detail, reactions: unread.reactions) }
        ledger.diagnose(.unreadReactions, count: findings.more, platform: platform, reactions: findings.moreReactions)
    }
}
