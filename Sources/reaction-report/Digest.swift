import ArgumentParser
import Foundation
import ReactionReportKit
import WebhookPost

/// Which digest of a built site: `-o` and `--week`, shared by `digest` and `post`.
struct DigestChoice: ParsableArguments {
    @Option(name: .shortAndLong, help: "Folder of the built site.")
    var output = "Output"

    @Option(name: .long, help: ArgumentHelp("ISO week (YYYY-Www) whose digest to use. Default: the site's latest week.", valueName: "week"))
    var week: String?

    func validate() throws {
        if let week, ISOWeek.parse(week) == nil {
            throw ValidationError("--week '\(week)' is not an ISO week (YYYY-Www, such as 2026-W47)")
        }
    }

    /// The digest file in `format`; an error naming the path when it is missing.
    func locate(_ format: DigestFile.Format) throws -> DigestFile {
        try DigestFile.locate(site: output, week: week.flatMap(ISOWeek.parse), format: format)
    }
}

struct Digest: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a week's digest of a built site (written by `build` beside each weekly report).")

    @OptionGroup var choice: DigestChoice

    @Option(name: .long, help: "Digest to print: slack (Block Kit JSON), discord (webhook JSON) or text.")
    var format = DigestFile.Format.text

    func run() throws {
        FileHandle.standardOutput.write(Data(try choice.locate(format).read()))
    }
}

extension DigestFile.Format: ExpressibleByArgument {}
