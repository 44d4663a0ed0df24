/// Something odd in the input: counted and shown, never a crash. `--strict` fails on any.
public struct Diagnostic: Sendable, Equatable {
    /// The kinds of oddity the tool reports.
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        case reactionWithoutMessage = "reaction-without-message"
        case duplicateAdd = "duplicate-add"
        case removalWithoutAdd = "removal-without-add"
        case invalidReaction = "invalid-reaction"
        case reactorsExceedCount = "reactors-exceed-count"
        case unknownUser = "unknown-user"
        case unreadableTimestamp = "unreadable-timestamp"
        case ambiguousMessage = "ambiguous-message"
        case skippedRecord = "skipped-record"
        case skippedFile = "skipped-file"

        /// A plain-language label for reports.
        public var label: String {
            switch self {
            case .reactionWithoutMessage: return "reactions for a message not in the input"
            case .duplicateAdd: return "duplicate reaction adds"
            case .removalWithoutAdd: return "removals with no matching add"
            case .invalidReaction: return "empty or invalid reaction values"
            case .reactorsExceedCount: return "reactor lists longer than the platform's count"
            case .unknownUser: return "users missing from the export's user list"
            case .unreadableTimestamp: return "timestamps that could not be read"
            case .ambiguousMessage: return "reactions matching more than one message"
            case .skippedRecord: return "records of an unexpected shape, skipped"
            case .skippedFile: return "files of no known format, skipped"
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

    public init(_ kind: Kind, file: String?, _ detail: String) {
        self.kind = kind
        self.file = file
        self.detail = detail
    }

    /// `file: detail` for printing.
    public var text: String { file.map { "\($0): \(detail)" } ?? detail }
}

/// Diagnostics counted by kind, with the first few of each kept as examples.
public struct DiagnosticLog: Sendable {
    /// How many examples of each kind are kept.
    public static let examplesPerKind = 20

    public private(set) var counts: [Diagnostic.Kind: Int] = [:]
    public private(set) var examples: [Diagnostic.Kind: [Diagnostic]] = [:]

    public init() {}

    public mutating func append(_ diagnostic: Diagnostic) {
        counts[diagnostic.kind, default: 0] += 1
        if examples[diagnostic.kind, default: []].count < Self.examplesPerKind {
            examples[diagnostic.kind, default: []].append(diagnostic)
        }
    }

    /// The same counts, with examples that no longer quote the input (they may name people).
    func withheld() -> DiagnosticLog {
        var log = self
        log.examples = examples.mapValues { list in
            list.map { Diagnostic($0.kind, file: $0.file, "details withheld: the report is anonymized") }
        }
        return log
    }

    /// Total number of diagnostics.
    public var total: Int { counts.values.reduce(0, +) }

    /// Kinds present, in a fixed order.
    public var kinds: [Diagnostic.Kind] { counts.keys.sorted() }
}
