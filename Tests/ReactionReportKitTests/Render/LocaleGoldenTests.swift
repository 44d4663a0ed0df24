import Foundation
import XCTest

@testable import ReactionReportKit

/// Pins the pages, Markdown and digests of two small sites built with a `locale`: the weekly
/// fixture in de-DE, and a right-to-left chat (Hebrew and Arabic names and texts) in ar-EG,
/// whose digits are Arabic-Indic, in Africa/Cairo. Regenerate deliberately with
/// `UPDATE_GOLDEN=1 swift test --filter LocaleGoldenTests`.
final class LocaleGoldenTests: XCTestCase {
    let golden = TestSupport.testsFolder.appendingPathComponent("Golden")

    static let rightToLeftChat = #"""
        {"name": "דיון", "type": "private_group", "id": 7, "messages": [
         {"id": 1, "type": "message", "date": "2025-03-03T10:00:00", "date_unixtime": "1740996000", "from": "أحمد", "from_id": "user1",
          "text": "שלום עולם, 1234 אנשים",
          "reactions": [{"type": "emoji", "count": 1234, "emoji": "👍", "recent": [{"from": "سارة", "from_id": "user2", "date": "2025-03-03T10:05:00"}]}]},
         {"id": 2, "type": "message", "date": "2025-03-03T11:00:00", "date_unixtime": "1740999600", "from": "سارة", "from_id": "user2",
          "text": "مرحبا بالعالم", "reply_to_message_id": 1,
          "reactions": [{"type": "emoji", "count": 2, "emoji": "❤", "recent": [{"from": "أحمد", "from_id": "user1", "date": "2025-03-04T09:00:00"}]}]},
         {"id": 3, "type": "message", "date": "2025-03-11T08:30:00", "date_unixtime": "1741681800", "from": "أحمد", "from_id": "user1",
          "text": "עוד הודעה", "reply_to_message_id": 1}
        ]}
        """#

    func rightToLeftSite() throws -> [String: String] {
        var options = BuildOptions()
        options.title = "ארכיון"
        options.timezone = "Africa/Cairo"
        options.locale = try LocaleFormat.named("ar-EG")
        options.viewer = "user2"
        return try MemoryWriter.render(try TestSupport.settle([("chat.json", Self.rightToLeftChat)], options: options), options: options)
    }

    func testGermanWeeklySiteMatchesGoldenFiles() throws {
        let files = try GoldenSiteTests.weeklyFixture { $0.locale = try! LocaleFormat.named("de-DE") }
        try compare(
            files,
            pinned: [
                "index.html", "summary.md", "weeks/2026-W13/index.html", "weeks/2026-W13/report.md", "weeks/2026-W13/digest.txt",
                "weeks/2026-W13/digest.slack.json", "weeks/2026-W13/digest.discord.json", "conversations/stream-team/index.html",
                "conversations/stream-team/calendar.html"
            ],
            prefix: "locale-de__")
        XCTAssertTrue(files["weeks/2026-W13/index.html"]!.hasPrefix("<!DOCTYPE html>\n<html lang=\"de-DE\">\n"))
    }

    func testRightToLeftSiteMatchesGoldenFiles() throws {
        let files = try rightToLeftSite()
        let pages = files.keys.filter { $0.hasSuffix(".html") }.sorted()
        try compare(files, pinned: pages + ["summary.md", "weeks/2025-W10/report.md", "weeks/2025-W10/digest.txt"], prefix: "locale-ar__")
        // Every page names the time zone, and every time on it is in that zone (Cairo: UTC+02:00).
        for page in pages {
            let html = files[page]!
            XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"ar-EG\">\n"), page)
            XCTAssertTrue(html.contains("Times and weeks are in Africa/Cairo."), page)
            let times = html.components(separatedBy: "<time datetime=\"").dropFirst().map { String($0.prefix(while: { $0 != "\"" })) }
            for time in times where time.contains("T") {
                XCTAssertTrue(time.hasSuffix("+02:00"), "\(page): \(time)")
            }
        }
    }

    func compare(_ files: [String: String], pinned: [String], prefix: String) throws {
        for name in pinned {
            let url = golden.appendingPathComponent(prefix + name.replacingOccurrences(of: "/", with: "__"))
            let text = try XCTUnwrap(files[name], name)
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
                try text.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            XCTAssertEqual(text, try String(contentsOf: url, encoding: .utf8), "\(name) differs from Golden/\(url.lastPathComponent)")
        }
    }
}
