import ByteOutput
import Foundation
import ReactionReportKit

/// The small site that options and templates are tried on: a PubNub history of two channels
/// over four weeks, one of them empty (2024-W43 to 2024-W46), with reactions of several people,
/// a custom emoji name, markup and a link; built as the command line builds, but into memory.
enum FuzzSite {
    static let export = """
        [{"channel":"support","timetoken":"17300000000000000","uuid":"alice",
          "message":{"type":"text","text":"ship it? see https://example.org/a_(b) *now* <b>x</b> & co"},
          "actions":{"reactions":{"👍":[{"uuid":"bob","actionTimetoken":"17300000123450000"},
                                       {"uuid":"carol","actionTimetoken":"17300000234560000"}],
                                 "🎉":[{"uuid":"bob","actionTimetoken":"17300000345670000"}]}}},
         {"channel":"support","timetoken":"17307000000000000","uuid":"bob","message":"week two, `code` and _this_",
          "actions":{"reactions":{"❤️":[{"uuid":"alice","actionTimetoken":"17307000100000000"}],
                                 "partyparrot":[{"uuid":"carol","actionTimetoken":"17307000200000000"}],
                                 "👍🏽":[{"uuid":"U1","actionTimetoken":"17307000300000000"}]}}},
         {"channel":"general","timetoken":"17314000000000000","uuid":"carol","message":"week three",
          "actions":{"reactions":{"👍":[{"uuid":"alice","actionTimetoken":"17314000100000000"}]}}},
         {"channel":"general","timetoken":"17315000000000000","uuid":"U1","message":"hello from a bot"}]
        """

    /// The export's file, written once.
    static let path: String = {
        let path = FuzzTarget.folder + "/site.json"
        guard FileManager.default.createFile(atPath: path, contents: Data(export.utf8)) else { fatalError("cannot write \(path)") }
        return path
    }()

    /// The built-in templates.
    static let templates = try! TemplateSet.load()

    /// The steps of `build` up to the analysis (`ReportBuild.inspect`), then the rendering into
    /// memory. A configuration error (a time zone, a period) is an expected answer; any other
    /// failure is a finding.
    static func build(_ options: BuildOptions) {
        let outcome: ReportBuild.Outcome
        do {
            outcome = try ReportBuild(inputs: [path], options: options).inspect()
        } catch let error as ReportBuild.StepError where error.underlying is ConfigurationError {
            return
        } catch {
            fatalError("the small site failed with options: \(error)")
        }
        render(outcome, options: options, templates: templates)
    }

    /// Renders an outcome into memory, unless it has more than `weekLimit` weeks (a period
    /// reaching decades away). An error naming a template is an expected answer for the user's
    /// templates (a cycle the data does not end), a finding for the built-in ones.
    static func render(_ outcome: ReportBuild.Outcome, options: BuildOptions, templates: TemplateSet, ownTemplates: Bool = false) {
        guard outcome.analysis.weekly.weeks.count <= FuzzTarget.weekLimit else { return }
        do {
            try SiteRenderer(
                options: options, templates: templates, inputSummary: "1 file (PubNub)", calendar: outcome.analysis.calendar,
                palette: outcome.analysis.palette
            ).render(outcome.analysis, to: MemoryWriter())
        } catch is LocatedError where ownTemplates {
            return
        } catch {
            fatalError("rendering failed: \(error)")
        }
    }
}

/// Keeps nothing; checks that every path stays inside the site.
final class MemoryWriter: SiteWriter {
    func write(_ path: String, _ contents: ByteBuffer) throws { check(path) }

    func check(_ path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.hasPrefix("/") || parts.contains("..") || parts.contains("") || parts.contains(".") || path.utf8.contains(0) {
            fatalError("the site names a file outside itself: \(path)")
        }
    }
}
