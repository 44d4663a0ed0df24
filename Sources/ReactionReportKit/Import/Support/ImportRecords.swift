/// What an importer reads from one file: messages, reaction facts and diagnostics, in reading
/// order. An `ImportSink` records them in the ledger at once; `ImportRecords` keeps them, so
/// that a file can be read on another thread and recorded afterwards, in file order.
protocol ImportRecorder {
    mutating func message(_ message: ImportedMessage)
    mutating func reaction(_ fact: ReactionFact)
    mutating func diagnose(_ kind: Diagnostic.Kind, _ detail: String, reactions: Int)
    /// Records what an audit of the file's reaction sites found.
    mutating func record(_ findings: ReactionAudit.Findings)
}

extension ImportRecorder {
    mutating func diagnose(_ kind: Diagnostic.Kind, _ detail: String) { diagnose(kind, detail, reactions: 0) }
}

extension ImportSink: ImportRecorder {}

/// Records kept in reading order, to be replayed into a sink.
struct ImportRecords: ImportRecorder, Sendable {
    enum Record: Sendable {
        case message(ImportedMessage)
        case reaction(ReactionFact)
        case diagnostic(Diagnostic.Kind, String, reactions: Int)
        case audit(ReactionAudit.Findings)
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
    mutating func diagnose(_ kind: Diagnostic.Kind, _ detail: String, reactions: Int) { records.append(.diagnostic(kind, detail, reactions: reactions)) }
    mutating func record(_ findings: ReactionAudit.Findings) { if !findings.isEmpty { records.append(.audit(findings)) } }

    /// Hands every record to `sink`, in the order it was read.
    func replay(into sink: ImportSink) {
        for record in records {
            switch record {
            case .message(let message): sink.message(message)
            case .reaction(let fact): sink.reaction(fact)
            case .diagnostic(let kind, let detail, let reactions): sink.diagnose(kind, detail, reactions: reactions)
            case .audit(let findings): sink.record(findings)
            }
        }
    }
}
