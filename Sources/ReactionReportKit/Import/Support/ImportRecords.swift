/// What an importer reads from one file: messages, reaction facts and diagnostics, in reading
/// order. An `ImportSink` records them in the ledger at once; `ImportRecords` keeps them, so
/// that a file can be read on another thread and recorded afterwards, in file order.
protocol ImportRecorder {
    mutating func message(_ message: ImportedMessage)
    mutating func reaction(_ fact: ReactionFact)
    mutating func diagnose(_ kind: Diagnostic.Kind, _ detail: String)
}

extension ImportSink: ImportRecorder {}

/// Records kept in reading order, to be replayed into a sink.
struct ImportRecords: ImportRecorder, @unchecked Sendable {
    enum Record {
        case message(ImportedMessage)
        case reaction(ReactionFact)
        case diagnostic(Diagnostic.Kind, String)
    }

    private(set) var records: [Record] = []
    /// Messages kept, and runs of reaction facts about one message (about the number of
    /// messages with reactions): what a workspace's first files tell of the ledger's size.
    private(set) var messageCount = 0
    private(set) var targetCount = 0
    private var lastTarget: MessageTarget?

    mutating func message(_ message: ImportedMessage) {
        messageCount += 1
        records.append(.message(message))
    }

    mutating func reaction(_ fact: ReactionFact) {
        if case .add(let target, _, _, _, _, _) = fact, target != lastTarget { (targetCount, lastTarget) = (targetCount + 1, target) }
        if case .total(let target, _, _, _) = fact, target != lastTarget { (targetCount, lastTarget) = (targetCount + 1, target) }
        records.append(.reaction(fact))
    }
    mutating func diagnose(_ kind: Diagnostic.Kind, _ detail: String) { records.append(.diagnostic(kind, detail)) }

    /// Hands every record to `sink`, in the order it was read.
    func replay(into sink: ImportSink) {
        for record in records {
            switch record {
            case .message(let message): sink.message(message)
            case .reaction(let fact): sink.reaction(fact)
            case .diagnostic(let kind, let detail): sink.diagnose(kind, detail)
            }
        }
    }
}
