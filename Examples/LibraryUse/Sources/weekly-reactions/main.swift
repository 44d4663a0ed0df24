// Reads chat exports with ReactionReportKit and prints each week's reactions and its top
// emoji, then builds the full site: the library's public API, used as a Swift program would.
//
//     swift run weekly-reactions EXPORT… [--site FOLDER]
import Foundation
import ReactionReportKit

var arguments = Array(CommandLine.arguments.dropFirst())
var site: String?
if let flag = arguments.firstIndex(of: "--site"), flag + 1 < arguments.count {
    site = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: weekly-reactions EXPORT… [--site FOLDER]\n".utf8))
    exit(1)
}

var options = BuildOptions()
options.timezone = "Europe/Berlin"
options.includeDirectMessages = true
let report = ReportBuild(inputs: arguments, options: options)
do {
    let outcome = try site.map { try report.build(output: $0) } ?? report.inspect()
    let analysis = outcome.analysis
    print("\(analysis.overview.messages) messages, \(analysis.overview.reactions) reactions from \(outcome.files.count) input file(s)")
    for week in analysis.weekly.weeks {
        let emoji = week.topEmoji.prefix(3).map { "\($0.emoji.display) \($0.count)" }.joined(separator: ", ")
        print("\(week.week): \(week.figures.reactions) reactions on \(week.figures.messages) messages" + (emoji.isEmpty ? "" : "; top: " + emoji))
    }
    if let site { print("Wrote \(outcome.filesWritten) files into \(site)") }
} catch let error as ReportBuild.StepError {
    FileHandle.standardError.write(Data("weekly-reactions: \(error)\n".utf8))
    exit(2)
}
