import Foundation
import XCTest

@testable import ReactionReportKit

/// A templates folder overrides built-in templates by path and adds partials of its own; a
/// partial tag naming a template found nowhere stops the build before anything is written.
final class TemplateSetTests: XCTestCase {
    /// A templates folder holding `files` (path under the folder → text).
    func templatesFolder(_ files: [String: String]) throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    func testAFolderAddsPartialsOfItsOwn() throws {
        let folder = try templatesFolder([
            // The built-in footer, overridden to include two partials only this folder has.
            "html/foot.mustache": "<footer>{{> my-footer}}</footer>\n{{> partials/credits}}\n</body>\n</html>\n",
            "html/my-footer.mustache": "Made by us from {{inputSummary}}.",
            "html/partials/credits.mustache": "<p>Credits: {{siteTitle}}</p>\n",
            "markdown/summary.mustache": "# {{siteTitle}}\n{{> sign-off}}\n",
            "markdown/sign-off.mustache": "Signed, {{siteTitle}}.\n",
            "html/.my-footer.mustache.swp": "{{> not-read}}",
            "html/notes.txt": "{{> not-read}}"
        ])
        let result = try TestSupport.settleFixtures(["pubnub/chat-history.json"])
        var options = BuildOptions()
        options.title = "Partials & co"
        let writer = MemoryWriter()
        try SiteRenderer(options: options, templates: try TemplateSet.load(overrideFolder: folder.path), inputSummary: "1 file")
            .render(Analysis(result, options: options, calendar: WeekCalendar("UTC")!), to: writer)
        let index = try XCTUnwrap(writer.files["index.html"])
        XCTAssertTrue(index.hasSuffix("<footer>Made by us from 1 file.</footer>\n<p>Credits: Partials &amp; co</p>\n</body>\n</html>\n"), index)
        XCTAssertEqual(writer.files["summary.md"], "# Partials &amp; co\nSigned, Partials &amp; co.\n")
    }

    func testAPartialFoundNowhereIsAnErrorAtItsTag() throws {
        let folder = try templatesFolder(["html/index.mustache": "{{> head}}\n<main>\n  {{> my-footer}}\n"])
        XCTAssertThrowsError(try TemplateSet.load(overrideFolder: folder.path)) { error in
            XCTAssertEqual(
                "\(error)",
                folder.path + "/html/index.mustache:3:7: {{> my-footer}} names no template: there is no "
                    + "html/my-footer.mustache in \(folder.path) or among the built-in templates")
        }
        // An HTML partial does not serve Markdown templates.
        let markdown = try templatesFolder(["html/sign-off.mustache": "x", "markdown/week.mustache": "{{> sign-off}}"])
        XCTAssertThrowsError(try TemplateSet.load(overrideFolder: markdown.path)) { error in
            XCTAssertEqual(
                "\(error)",
                markdown.path + "/markdown/week.mustache:1:5: {{> sign-off}} names no template: there is no "
                    + "markdown/sign-off.mustache in \(markdown.path) or among the built-in templates")
        }
    }

    func testAnEmptyTemplateIsReadAsNothingAndOtherBytesAreRefused() throws {
        let folder = try templatesFolder(["html/foot.mustache": "<footer>{{> my-footer}}</footer>\n", "html/my-footer.mustache": ""])
        let result = try TestSupport.settleFixtures(["pubnub/chat-history.json"])
        let writer = MemoryWriter()
        try SiteRenderer(options: BuildOptions(), templates: try TemplateSet.load(overrideFolder: folder.path), inputSummary: "1 file")
            .render(Analysis(result, options: BuildOptions(), calendar: WeekCalendar("UTC")!), to: writer)
        XCTAssertTrue(try XCTUnwrap(writer.files["index.html"]).hasSuffix("</section>\n<footer></footer>\n"), writer.files["index.html"] ?? "")
        try Data([0x7B, 0x7B, 0xFF, 0x7D, 0x7D]).write(to: folder.appendingPathComponent("html/my-footer.mustache"))
        XCTAssertThrowsError(try TemplateSet.load(overrideFolder: folder.path)) { error in
            XCTAssertEqual("\(error)", folder.path + "/html/my-footer.mustache: cannot be read as UTF-8 text")
        }
    }

    func testTooDeepNamesTheCycleOrTheEndsOfTheChain() {
        XCTAssertEqual(
            TemplateSet.tooDeep(["a", "b", "a"]),
            "partial cycle a → b → a went 256 sections and partials deep: the data does not end it "
                + "(a section inside the cycle finds the same list, or true, at every depth)")
        XCTAssertEqual(
            TemplateSet.tooDeep(["index"] + (0...127).map { "p\($0)" }),
            "partials index → p0 → p1 → … → p125 → p126 → p127 nest sections and partials more than 256 deep: include fewer templates in one another")
    }

    func testABuildWithAPartialFoundNowhereWritesNothing() throws {
        let folder = try templatesFolder(["html/foot.mustache": "{{> gone}}"])
        let output = try TestSupport.temporaryFolder().appendingPathComponent("Out")
        let build = ReportBuild(inputs: [TestSupport.fixtures.appendingPathComponent("pubnub/chat-history.json").path], options: BuildOptions())
        XCTAssertThrowsError(try build.build(output: output.path, templatesFolder: folder.path)) { error in
            XCTAssertEqual((error as? ReportBuild.StepError)?.step, .render)
            XCTAssertEqual(((error as? ReportBuild.StepError)?.underlying as? LocatedError)?.file, folder.path + "/html/foot.mustache")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
    }
}
