import Foundation
import ReactionReportKit

/// What the commands print.
enum Console {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Diagnostics on stderr: a count per kind and the first examples.
    static func printDiagnostics(_ log: DiagnosticLog, examples: Int = 3) {
        guard log.total > 0 else { return }
        error("reaction-report: \(log.total) diagnostic(s):")
        for kind in log.kinds {
            error("  \(log.counts[kind]!) \(kind.label) [\(kind.rawValue)]")
            for diagnostic in (log.examples[kind] ?? []).prefix(examples) {
                error("    - \(diagnostic.text)")
            }
        }
    }
}
