/// Something odd in the input: counted and shown, never a crash. `--strict` fails on any.
public struct Diagnostic: Sendable, Equatable {
    /// The kinds of oddity the tool reports.
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        case unreadReactions = "unread-reactions"
        case reactionWithoutMessage = "reaction-without-message"
        case duplicateAdd = "duplicate-add"
        case removalWithoutAdd = "removal-without-add"
        case invalidReaction = "invalid-reaction"
        case invalidCount = "invalid-count"
        case reactorsExceedCount = "reactors-exceed-count"
        case unknownUser = "unknown-user"
        case unreadableTimestamp = "unreadable-timestamp"
        case ambiguousMessage = "ambiguous-message"
        case missingMedia = "missing-media"
        case skippedRecord = "skipped-record"
        case skippedFile = "skipped-file"
        case unconfiguredActionType = "unconfigured-action-type"
        case removedByNewerCopy = "removed-by-newer-copy"
        case deletedInNewerCopy = "deleted-in-newer-copy"
        case invalidPoll = "invalid-poll"

        /// A plain-language label for reports.
        public var label: String {
            switch self {
            case .unreadReactions: return "reactions in members no importer reads"
            case .reactionWithoutMessage: return "reactions for a message not in the input"
            case .duplicateAdd: return "duplicate reaction adds"
            case .removalWithoutAdd: return "removals with no matching add"
            case .invalidReaction: return "empty or invalid reaction values"
            case .invalidCount: return "reaction counts that are not whole numbers in range"
            case .reactorsExceedCount: return "reactor lists longer than the platform's count"
            case .unknownUser: return "users missing from the export's user list"
            case .unreadableTimestamp: return "timestamps that could not be read"
            case .ambiguousMessage: return "reactions matching more than one message"
            case .missingMedia: return "media files the export names but does not hold"
            case .skippedRecord: return "records of an unexpected shape, skipped"
            case .skippedFile: return "files or archive entries not read"
            case .unconfiguredActionType: return "message action types counted as nothing"
            case .removedByNewerCopy: return "files whose newer copies of messages lack reactions older copies have"
            case .deletedInNewerCopy: return "files whose newer copies of messages show them deleted"
            case .invalidPoll: return "polls or votes of an unexpected shape, read as far as they go"
            }
        }

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public var kind: Kind
    /// The input file, when one is to blame.
    public var file: String?
    /// What exactly was found, naming the message, reaction or user.
    public var detail: String
    /// The platform whose reactions the diagnostic is about, when it is about some.
    public var platform: Platform?
    /// How many reactions of the input this diagnostic names as not counted (0 when it loses
    /// none: a duplicate, an unknown user, a time that could not be read…).
    public var reactions: Int

    public init(_ kind: Kind, file: String?, _ detail: String, platform: Platform? = nil, reactions: Int = 0) {
        self.kind = kind
        self.file = file
        self.detail = detail
        self.platform = platform
        self.reactions = reactions
    }

    /// `file: detail` for printing.
    public var text: String { file.map { "\($0): \(detail)" } ?? detail }
}

/// Diagnostics counted by kind, with the first few of each kept as examples, and the reactions
/// they name as not counted, by platform.
public struct DiagnosticLog: Sendable {
    /// How many examples of each kind are kept.
    public static let examplesPerKind = 20

    public private(set) var counts: [Diagnostic.Kind: Int] = [:]
    public private(set) var examples: [Diagnostic.Kind: [Diagnostic]] = [:]
    /// Reactions named as not counted, by platform (diagnostics about a file of no known
    /// platform are under nil).
    public private(set) var uncounted: [Platform?: Int] = [:]

    public init() {}

    public mutating func append(_ diagnostic: Diagnostic) {
        counts[diagnostic.kind, default: 0] += 1
        if diagnostic.reactions > 0 {
            uncounted[diagnostic.platform, default: 0] = uncounted[diagnostic.platform, default: 0].addingClamped(diagnostic.reactions)
        }
        if examples[diagnostic.kind, default: []].count < Self.examplesPerKind {
            examples[diagnostic.kind, default: []].append(diagnostic)
        }
    }

    /// Counts `count` more diagnostics of `kind` whose examples are not kept (the log already
    /// holds as many as it keeps), naming `reactions` reactions of `platform` as not counted.
    public mutating func append(_ kind: Diagnostic.Kind, count: Int, platform: Platform?, reactions: Int) {
        guard count > 0 else { return }
        counts[kind, default: 0] += count
        if reactions > 0 { uncounted[platform, default: 0] = uncounted[platform, default: 0].addingClamped(reactions) }
    }

    /// True while examples of `kind` are still kept: a caller may leave a long detail unwritten
    /// when it is not.
    public func keepsExamples(of kind: Diagnostic.Kind) -> Bool {
        (examples[kind]?.count ?? 0) < Self.examplesPerKind
    }

    /// Diagnostics of `kind` beyond the examples kept.
    public func unshown(_ kind: Diagnostic.Kind) -> Int {
        (counts[kind] ?? 0) - (examples[kind]?.count ?? 0)
    }

    /// The same counts, with examples that no longer quote the input (they may name people).
    func withheld() -> DiagnosticLog {
        var log = self
        log.examples = examples.mapValues { list in
            list.map { Diagnostic($0.kind, file: $0.file, "details withheld: the report is anonymized", platform: $0.platform, reactions: $0.reactions) }
        }
        return log
    }

    /// Total number of diagnostics.
    public var total: Int { counts.values.reduce(0, +) }

    /// Kinds present, in a fixed order.
    public var kinds: [Diagnostic.Kind] { counts.keys.sorted() }
}
