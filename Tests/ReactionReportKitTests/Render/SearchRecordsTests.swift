import ByteOutput
import ProgramRunner
import XCTest

@testable import ReactionReportKit

/// The search index's records (one per message: its anchor, its plain text, its filters) and
/// the build's refusal to start without Pagefind.
final class SearchRecordsTests: XCTestCase {
    /// The records of the demo's Slack export.
    static func records() throws -> SearchRecords {
        let input = ProgramRunner.packageRoot.appendingPathComponent("Examples/slack").path
        let analysis = try ReportBuild(inputs: [input], options: BuildOptions()).inspect().analysis
        let renderer = SiteRenderer(options: BuildOptions(), templates: try TemplateSet.load(), inputSummary: "", calendar: analysis.calendar)
        return SearchRecords(layout: analysis.layout, markup: renderer.markup(analysis.result), calendar: analysis.calendar)
    }

    func testARecordIsTheMessagesAnchorPlainTextAndFilters() throws {
        let records = try Self.records()
        XCTAssertEqual(records.count, 19)
        XCTAssertEqual(
            records.record(0),
            SearchRecord(
                url: "conversations/slack-general/index.html#m-1793606414.202551",
                content:
                    "Morning all 👋 Lumen 3.0 ships on Tuesday Nov 17. The plan, owners and the support rota are in the launch doc.",
                title: "Ada in general, 2026-11-02 08:00 UTC", conversation: "general", author: "Ada", emoji: ["👍", "❤️"],
                week: "2026-W45"))
    }

    func testTheServiceRecordEscapesFilterValuesForPagefindsLabels() {
        let record = SearchRecord(
            url: "conversations/c/page-2.html#m-1", content: "<b>hi</b> & \"you\"", title: "<i>Eve</i> in c", conversation: "c&d",
            author: "<img src=x onerror=alert(1)>", emoji: ["👍", ":party\"parrot:"], week: "2026-W01")
        XCTAssertEqual(
            record.json(index: 3),
            #"{"type":"AddRecord","index_id":3,"url":"conversations/c/page-2.html#m-1","content":"<b>hi</b> & \"you\"","language":"en","meta":{"title":"<i>Eve</i> in c"},"filters":{"conversation":["c&amp;d"],"author":["&lt;img src=x onerror=alert(1)&gt;"],"emoji":["👍",":party&quot;parrot:"],"week":["2026-W01"]}}"#
        )
        var bare = record
        bare.emoji = []
        bare.week = ""
        XCTAssertEqual(
            bare.json(index: 0),
            #"{"type":"AddRecord","index_id":0,"url":"conversations/c/page-2.html#m-1","content":"<b>hi</b> & \"you\"","language":"en","meta":{"title":"<i>Eve</i> in c"},"filters":{"conversation":["c&amp;d"],"author":["&lt;img src=x onerror=alert(1)&gt;"]}}"#
        )
    }

    func testMissingPagefindNamesThePinnedInstallCommand() {
        XCTAssertThrowsError(try Pagefind.locate(path: "/nonexistent")) { error in
            XCTAssertEqual(
                "\(error)",
                "search needs Pagefind, found neither as `pagefind` on the PATH nor as `python3 -m pagefind`; install it with python3 -m pip install 'pagefind[bin]==1.5.2'"
            )
        }
    }

    /// Pagefind asked for by name and not installed: nothing is written. (Under `auto` the
    /// builtin index is written instead: `SearchEngineTests`.)
    func testABuildWithPagefindAskedForButMissingWritesNothing() throws {
        let folder = try CLIRunner.workspace()
        let run = try CLIRunner.run(
            ["build", "in", "-o", "out", "--search", "--search-engine", "pagefind"], in: folder, environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr,
            "Error: search needs Pagefind, found neither as `pagefind` on the PATH nor as `python3 -m pagefind`; install it with python3 -m pip install 'pagefind[bin]==1.5.2'\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    func testTheIndexIsTheSitesOwnAndGoesWithTheNextBuildWithoutSearch() throws {
        let folder = try CLIRunner.workspace()
        let site = folder.appendingPathComponent("out")
        let first = try CLIRunner.run(["build", "in", "-o", "out", "--search", "--quiet"], in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        let manifest = try String(contentsOf: site.appendingPathComponent(".reaction-report/manifest"), encoding: .utf8)
        let indexed = try TestSupport.files(in: site.appendingPathComponent("pagefind")).keys.map { "pagefind/" + $0 }.sorted()
        // A fragment per message (7), Pagefind's scripts, styles, WebAssembly, entry, meta, index and filters.
        XCTAssertEqual(indexed.filter { $0.hasPrefix("pagefind/fragment/") }.count, 7)
        let folders = ["pagefind/fragment/", "pagefind/index/", "pagefind/filter/"]
        XCTAssertEqual(indexed.filter { path in !folders.contains { path.hasPrefix($0) } }.count, 13)
        XCTAssertEqual(indexed.filter { !manifest.contains($0 + "\n") }, [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.appendingPathComponent("search.html").path))
        let second = try CLIRunner.run(["build", "in", "-o", "out", "--quiet"], in: folder)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("pagefind").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("search.html").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("assets/search.js").path))
    }
}
