/// Reads one platform's exports and hands what it finds to the ledger.
public protocol Importer: Sendable {
    /// The platform this importer reads.
    var platform: Platform { get }
    /// The shapes it recognises, for `reaction-report formats`.
    var formats: [InputFormat] { get }
    /// The shape of `document`, when this importer can read it.
    func detect(_ document: InputDocument) -> InputFormat?
    /// Reads a document of a shape this importer detected.
    func read(_ document: InputDocument, as format: InputFormat, into sink: ImportSink) throws
}

/// One input shape: its name and how it is recognised.
public struct InputFormat: Sendable, Hashable {
    /// A stable identifier, e.g. `pubnub-history`.
    public var id: String
    public var platform: Platform
    /// What the shape is, in a few words.
    public var summary: String
    /// How the content gives it away.
    public var recognisedBy: String

    public init(id: String, platform: Platform, summary: String, recognisedBy: String) {
        self.id = id
        self.platform = platform
        self.summary = summary
        self.recognisedBy = recognisedBy
    }
}

/// A parsed input file: one JSON value, or the values of a JSON-lines file.
public struct InputDocument: Sendable {
    /// The file as the user named it (used in errors and diagnostics).
    public var name: String
    /// The top-level value of a JSON file, or an array of the lines of a JSON-lines file.
    public var root: JSONValue
    /// True for JSON lines.
    public var isLines: Bool

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
    /// content holds one value per line.
    /// - Parameter deferringArraysFrom: the size from which arrays are left unparsed until
    ///   iterated (`JSONValue.elements`); by default `deferredArrayBytes` in a file of at least
    ///   `largeDocumentBytes`, and none in a smaller file or in JSON lines.
    public static func parse(_ bytes: [UInt8], name: String, deferringArraysFrom: Int? = nil) throws -> InputDocument {
        if isJSONLines(bytes, name: name) {
            return InputDocument(name: name, root: .array(try JSONParser.parseLines(bytes, file: name)), isLines: true)
        }
        if let minimum = deferringArraysFrom ?? (bytes.count >= largeDocumentBytes ? deferredArrayBytes : nil) {
            return InputDocument(name: name, root: try JSONParser.parse(bytes, file: name, deferringArraysFrom: minimum), isLines: false)
        }
        return InputDocument(name: name, root: try JSONParser.parse(bytes, file: name), isLines: false)
    }

    /// True when `parse` reads the file as JSON lines: by its name, or by its content.
    static func isJSONLines(_ bytes: [UInt8], name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") || JSONParser.looksLikeJSONLines(bytes)
    }

    /// The first element of the top-level array, or of the array under one of `keys`.
    public func firstRecord(under keys: [String] = []) -> JSONValue? {
        if let elements = root.elements { return elements.first }
        for key in keys { if let elements = root[key]?.elements { return elements.first } }
        return nil
    }
}

/// Where an importer puts what it reads: the ledger, with the file's identity attached.
public struct ImportSink {
    let ledger: ReactionLedger
    /// The index of the file being read.
    public let file: Int
    /// The file's name, for diagnostics.
    public let fileName: String

    init(ledger: ReactionLedger, fileName: String) {
        self.ledger = ledger
        self.file = ledger.beginFile(fileName)
        self.fileName = fileName
    }

    public func message(_ message: ImportedMessage) { ledger.record(message) }
    public func reaction(_ fact: ReactionFact) { ledger.record(fact, file: file) }
    public func update(_ update: MessageUpdate) { ledger.record(update, file: file) }
    public func conversation(_ info: ConversationInfo) { ledger.record(info) }
    public func person(_ platform: Platform, id: String, name: String?) { ledger.recordPerson(platform: platform, id: id, name: name) }
    public func declareDirectory(for platform: Platform) { ledger.declareDirectory(for: platform) }
    /// Tells the ledger about how many more messages, and messages with reactions, to expect.
    public func expect(messages: Int, targets: Int) { ledger.expect(messages: messages, targets: targets) }

    /// Records a diagnostic about this file.
    public func diagnose(_ kind: Diagnostic.Kind, _ detail: String) {
        ledger.diagnose(Diagnostic(kind, file: fileName, detail))
    }

    /// Reads a time with `read`, diagnosing text that is present but unreadable.
    public func time(_ value: JSONValue?, what: String, _ read: (JSONValue) -> Timestamp?) -> Timestamp? {
        guard let value, !value.isNull else { return nil }
        if let time = read(value) { return time }
        diagnose(.unreadableTimestamp, "\(what): \(quoted(value.identifier ?? "non-text value"))")
        return nil
    }
}
