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
                "assets/style.css", "conversations/cometchat-launch/index.html", "conversations/pubnub-support/index.html",
                "conversations/stream-general/index.html", "data/diagnostics.json", "data/messages.jsonl", "data/people.csv", "data/reactions.csv",
                "data/weeks.json",
                "feed.xml", "index.html", "summary.md"
            ])
        // 2023-W46 to 2024-W43, every week with a page, a Markdown report and three digests.
        XCTAssertEqual(files.keys.filter { $0.hasPrefix("weeks/") }.count, 5 * 50)
        try compare(
            files,
            pinned: [
                "index.html", "summary.md", "conversations/stream-general/index.html", "conversations/pubnub-support/index.html",
                "data/messages.jsonl", "data/diagnostics.json"
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
            })
        try compare(
            files, pinned: ["weeks/2026-W13/index.html", "weeks/2026-W13/report.md", "data/weeks.json", "data/reactions.csv", "feed.xml"],
            prefix: "weekly__")
    }

    func compare(_ files: [String: String], pinned: [String], prefix: String = "") throws {
        for name in pinned {
            let url = golden.appendingPathComponent(prefix + name.replacingOccurrences(of: "/", with: "__"))
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
                try files[name]!.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: url, encoding: .utf8)
            XCTAssertEqual(files[name], expected, "\(name) differs from Golden/\(url.lastPathComponent)")
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
