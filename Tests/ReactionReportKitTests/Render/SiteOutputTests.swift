import ByteOutput
import ProgramRunner
import XCTest

@testable import ReactionReportKit

/// The outputs of the site are one list: each says how many files it writes, and writes that
/// many; the build's count and its progress come from the same list.
final class SiteOutputTests: XCTestCase {
    /// Counts what an output writes.
    final class CountingWriter: SiteWriter {
        var paths: [String] = []
        var expected: Int?
        func write(_ path: String, _ contents: ByteBuffer) throws { paths.append(path) }
        func expect(_ total: Int) { expected = total }
    }

    /// The demo's exports (eight platforms, two custom emoji images), analysed.
    static func demo() throws -> (Analysis, BuildOptions) {
        var options = BuildOptions()
        options.formats = [.html, .markdown, .json, .facts]
        let outcome = try ReportBuild(inputs: [ProgramRunner.packageRoot.appendingPathComponent("Examples").path], options: options).inspect()
        return (outcome.analysis, options)
    }

    func testEveryOutputWritesAsManyFilesAsItSays() throws {
        let (analysis, all) = try Self.demo()
        let kinds: [[BuildOptions.OutputFormat]] = [[.html, .markdown, .json, .facts], [.html], [.markdown], [.json], [.facts], [.json, .facts]]
        for formats in kinds {
            var options = all
            options.formats = Set(formats)
            let renderer = SiteRenderer(options: options, templates: try TemplateSet.load(), inputSummary: "demo", calendar: analysis.calendar)
            let outputs = renderer.outputs(analysis)
            for output in outputs {
                let writer = CountingWriter()
                try output.write?(writer)
                for page in output.pages { writer.paths.append(try page().path) }
                XCTAssertEqual(writer.paths.count, output.files, "\(formats) \(output.name)")
                XCTAssertEqual(Set(writer.paths).count, writer.paths.count, "\(formats) \(output.name): a path twice")
            }
            let site = CountingWriter()
            try renderer.render(analysis, to: site)
            XCTAssertEqual(site.expected, site.paths.count, "\(formats)")
            XCTAssertEqual(site.expected, outputs.reduce(0) { $0 + $1.files })
        }
    }

    func testTheOutputsOfEveryFormatInWritingOrder() throws {
        let (analysis, options) = try Self.demo()
        let renderer = SiteRenderer(options: options, templates: try TemplateSet.load(), inputSummary: "demo", calendar: analysis.calendar)
        XCTAssertEqual(
            renderer.outputs(analysis).map { "\($0.name) \($0.files)" },
            [
                "media 2", "data files 7", "polls 0", "facts tables 10", "list of weekly reports 1", "assets 2", "transcripts 6",
                "calendars 6", "threads 4", "people 37", "weekly reports 15", "feed 1", "overview 1", "robots.txt 1", "summary 1"
            ])
    }
}
