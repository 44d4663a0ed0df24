import ByteOutput
import Foundation
import ReactionReportKit

/// An export through format detection (or, for bytes that start as a zip archive does, the
/// archive reader and the workspace importers), every importer, the ledger, and the site
/// renderer writing into memory.
enum FuzzExport {
    static let templates = try! TemplateSet.load()
    static let options: BuildOptions = {
        var options = BuildOptions()
        options.includeDirectMessages = true
        // People left out of rankings and groups with patterns, so that those paths see the input too.
        options.excludePeople = ["U1", "alice"]
        options.groups = [ConversationGroup(name: "g", members: ["*a*", "general"]), ConversationGroup(name: "all", members: ["*"])]
        return options
    }()

    /// A zip archive (a Slack workspace export) is read from a file, as the command line would.
    static let zipPath = FuzzTarget.folder + "/input.zip"

    static func run(_ bytes: [UInt8]) {
        let ledger = ReactionLedger()
        let run = ImportRun(importers: ImportRun.standardImporters())
        do {
            if bytes.starts(with: [0x50, 0x4B]) {
                try Data(bytes).write(to: URL(fileURLWithPath: zipPath))
                defer { unlink(zipPath) }
                _ = try run.read([zipPath], into: ledger)
            } else {
                _ = try run.read(bytes, name: "fuzz.json", into: ledger)
            }
        } catch is LocatedError {
            return
        } catch {
            fatalError("an input gave an error that is not an input error: \(error)")
        }
        var result = ledger.summarize()
        result.leftOutOfRankings = RankingExclusions.people(in: result, options: options)
        do {
            let analysis = Analysis(result, options: options, calendar: WeekCalendar("UTC")!)
            // A report of more than `weekLimit` weeks (two times a century apart) is read, settled
            // and analysed but not rendered: its thousands of empty week pages take seconds, with
            // the code its first weeks already ran, and the corpus kept 155 such inputs, whose
            // replay under the sanitizer took all of a 15-minute run.
            guard analysis.weekly.weeks.count <= FuzzTarget.weekLimit else { return }
            try SiteRenderer(options: options, templates: templates, inputSummary: "fuzz").render(analysis, to: MemoryWriter())
        } catch {
            fatalError("rendering failed: \(error)")
        }
    }
}
