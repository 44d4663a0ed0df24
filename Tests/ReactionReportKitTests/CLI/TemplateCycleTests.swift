import Foundation
import XCTest

@testable import ReactionReportKit

/// Templates that include themselves, run through the built program: a cycle of partial tags
/// outside sections is an error at load time, one inside sections that the data does not end is
/// an error when rendering goes too deep; neither is a crash, and neither writes anything.
final class TemplateCycleTests: XCTestCase {
    /// A workspace whose `tpl/html/` holds `files`, with an index page that includes `a`.
    func workspace(_ files: [String: String]) throws -> URL {
        let folder = try CLIRunner.workspace()
        let templates = ["index.mustache": "{{> head}}\n<main>\n  {{> a}}\n</main>\n{{> foot}}\n"].merging(files) { $1 }
        for (name, text) in templates {
            let url = folder.appendingPathComponent("tpl/html/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    func build(in folder: URL) throws -> CLIRunner.Run {
        let run = try CLIRunner.run(["build", "in", "-o", "out", "--templates", "tpl"], in: folder)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        XCTAssertEqual(run.stdout, "")
        return run
    }

    static let advice =
        "each includes the next outside any section, so rendering would never end "
        + "(a template may include itself only inside a section, whose data ends the recursion)"

    func testATemplateIncludingItselfIsAnErrorAtItsTag() throws {
        let run = try build(in: try workspace(["a.mustache": "<ul>\n  <li>{{title}} {{> a}}</li>\n</ul>\n"]))
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "reaction-report: error: render: tpl/html/a.mustache:2:21: partial cycle a → a: \(Self.advice)\n")
    }

    func testTemplatesIncludingEachOtherAreAnErrorNamingTheCycle() throws {
        let folder = try workspace([
            "a.mustache": "{{#topMessages}}{{> b}}{{/topMessages}}\n{{> b}}\n", "b.mustache": "<p>\n{{> c}}\n</p>\n",
            "c.mustache": "  {{>a}}\n"
        ])
        let run = try build(in: folder)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "reaction-report: error: render: tpl/html/a.mustache:2:5: partial cycle a → b → c → a: \(Self.advice)\n")
    }

    /// Inside a section the cycle is allowed (the data may end it, as in the Mustache spec); a
    /// section that finds the same list at every depth does not, and rendering stops with an error.
    func testACycleTheDataDoesNotEndStopsTheRender() throws {
        let folder = try workspace(["a.mustache": "{{#topMessages}}\n  {{> b}}\n{{/topMessages}}\n", "b.mustache": "<li>{{> a}}</li>"])
        let run = try build(in: folder)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.stderr,
            "reaction-report: error: render: tpl/html/a.mustache:2:7: partial cycle a → b → a went 256 sections and partials deep: "
                + "the data does not end it (a section inside the cycle finds the same list, or true, at every depth)\n")
    }
}
