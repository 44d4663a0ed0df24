import Foundation
import XCTest

@testable import ReactionReportKit

/// Pins the HTML and Markdown for a small mixed fixture. Regenerate deliberately with
/// `UPDATE_GOLDEN=1 swift test --filter GoldenSiteTests`.
final class GoldenSiteTests: XCTestCase {
    let golden = TestSupport.testsFolder.appendingPathComponent("Golden")

    func site() throws -> [String: String] {
        let result = try TestSupport.settleFixtures([
            "pubnub/chat-history.json", "pubnub/events.jsonl", "stream/export.json",
            "cometchat/messages.json", "cometchat/reactions.json", "cometchat/events.json"
        ])
        var options = BuildOptions()
        options.viewer = "carol"
        options.title = "Golden fixture"
        options.countCap = 2
        return try MemoryWriter.render(result, options: options)
    }

    /// The weekly fixture around the 2026 daylight-saving change, reported in Europe/Berlin.
    func weeklySite() throws -> [String: String] { try Self.weeklyFixture() }

    /// The weekly fixture rendered with its options, changed by `configure` (the digest tests
    /// add a base URL and choose the formats).
    static func weeklyFixture(_ configure: (inout BuildOptions) -> Void = { _ in }) throws -> [String: String] {
        let result = try TestSupport.settleFixtures(["weekly/team.json", "weekly/ops.json"])
        var options = BuildOptions()
        options.title = "Weekly fixture"
        options.timezone = "Europe/Berlin"
        options.viewer = "ada"
        options.topN = 3
        configure(&options)
        return try MemoryWriter.render(result, options: options)
    }

    func testSiteMatchesGoldenFiles() throws {
        let files = try site()
        XCTAssertEqual(
            files.keys.filter { !$0.hasPrefix("weeks/") }.sorted(),
            [
                "assets/favicon.svg", "assets/style.css",
                "conversations/cometchat-launch/calendar.html", "conversations/cometchat-launch/index.html",
                "conversations/cometchat-launch/thread-4568b818181c952f.html",
                "conversations/pubnub-support/calendar.html", "conversations/pubnub-support/index.html",
                "conversations/stream-general/calendar.html", "conversations/stream-general/index.html",
                "conversations/stream-general/thread-08dba019181b0c9a.html",
                "data/cohorts.csv", "data/cohorts.json", "data/diagnostics.json", "data/messages.jsonl", "data/people.csv", "data/reactions.csv",
                "data/weeks.json",
                "feed.xml", "index.html",
                "people/0b4f0b5a.html", "people/0bb6f0d2.html", "people/15c34d3d.html", "people/4b04adcb.html", "people/54f7d6e6.html",
                "people/5db34d57.html", "people/65b2a7fd.html", "people/af3050bf.html", "people/ba01c295.html", "people/c301969b.html",
                "people/de77d70e.html", "people/f0af32be.html", "people/index.html",
                "robots.txt", "summary.md"
            ])
        // 2023-W46 to 2024-W43: the three weeks with messages (2023-W46, 2024-W16, 2024-W43)
        // have a page, a Markdown report and three digests; the two runs of empty weeks between
        // them (21 and 26 weeks) have none.
        XCTAssertEqual(files.keys.filter { $0.hasPrefix("weeks/") }.count, 5 * 3 + 1, "and weeks/reports.json")
        try compare(
            files,
            pinned: [
                "index.html", "summary.md", "conversations/stream-general/index.html", "conversations/pubnub-support/index.html",
                "data/messages.jsonl", "data/diagnostics.json", "people/index.html", "people/f0af32be.html",
                "people/c301969b.html", "people/4b04adcb.html"
            ])
    }

    func testWeeklyReportMatchesGoldenFiles() throws {
        let files = try weeklySite()
        XCTAssertEqual(
            files.keys.filter { $0.hasPrefix("weeks/") }.sorted(),
            ["2026-W12", "2026-W13", "2026-W14"].flatMap { week in
                [
                    "weeks/\(week)/digest.discord.json", "weeks/\(week)/digest.slack.json", "weeks/\(week)/digest.txt", "weeks/\(week)/index.html",
                    "weeks/\(week)/report.md"
                ]
            } + ["weeks/reports.json"])
        try compare(
            files,
            pinned: [
                "weeks/2026-W13/index.html", "weeks/2026-W13/report.md", "data/weeks.json", "data/reactions.csv", "feed.xml",
                "people/6b3b5bc5.html"
            ],
            prefix: "weekly__")
    }

    /// The gaps fixture in America/New_York (`PartialWeekTests`): a partial first and last week,
    /// a lone week without messages (its own report), sixteen in a row (none: one line in the
    /// list of weeks and in the navigation across them), and the daylight-saving changes of
    /// 2026 and 2027 in the times.
    func testGapsSiteMatchesGoldenFiles() throws {
        let files = try PartialWeekTests.site()
        XCTAssertEqual(
            files.keys.filter { $0.hasPrefix("weeks/") }.sorted(),
            ["2026-W43", "2026-W44", "2026-W45", "2026-W46", "2026-W47", "2027-W11", "2027-W12"].flatMap { week in
                [
                    "weeks/\(week)/digest.discord.json", "weeks/\(week)/digest.slack.json", "weeks/\(week)/digest.txt", "weeks/\(week)/index.html",
                    "weeks/\(week)/report.md"
                ]
            } + ["weeks/reports.json"])
        try compare(
            files,
            pinned: [
                "index.html", "summary.md", "feed.xml", "data/weeks.json", "conversations/stream-community/index.html",
                "weeks/2026-W43/report.md", "weeks/2026-W44/index.html", "weeks/2026-W46/report.md", "weeks/2026-W47/index.html",
                "weeks/2027-W11/report.md", "weeks/2027-W12/index.html", "weeks/2027-W12/report.md", "weeks/2027-W12/digest.slack.json",
                "weeks/2027-W12/digest.discord.json", "weeks/2027-W12/digest.txt", "weeks/reports.json", "people/0b4f0b5a.html"
            ],
            prefix: "gaps__")
    }

    func compare(_ files: [String: String], pinned: [String], prefix: String = "") throws {
        try Self.compare(files, pinned: pinned, prefix: prefix)
    }

    /// Compares each pinned file with `Golden/<prefix><path with / as __>`, or writes it there
    /// under `UPDATE_GOLDEN=1`.
    static func compare(_ files: [String: String], pinned: [String], prefix: String = "", file: StaticString = #filePath, line: UInt = #line) throws {
        let golden = TestSupport.testsFolder.appendingPathComponent("Golden")
        for name in pinned {
            let url = golden.appendingPathComponent(prefix + name.replacingOccurrences(of: "/", with: "__"))
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
                try XCTUnwrap(files[name], "\(name) was not written", file: file, line: line).write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: url, encoding: .utf8)
            XCTAssertEqual(files[name], expected, "\(name) differs from Golden/\(url.lastPathComponent)", file: file, line: line)
        }
    }

    func testRenderingTwiceIsByteIdentical() throws {
        XCTAssertEqual(try site(), try site())
        XCTAssertEqual(try weeklySite(), try weeklySite())
    }

    func testBuiltinTemplatesAreEmbeddedFromTemplatesFolder() throws {
        let folder = TestSupport.packageRoot.appendingPathComponent("Templates")
        let onDisk = try TestSupport.texts(in: folder)
        XCTAssertEqual(BuiltinTemplates.files, onDisk, "run: python3 Scripts/embed-templates.py")
    }
}
