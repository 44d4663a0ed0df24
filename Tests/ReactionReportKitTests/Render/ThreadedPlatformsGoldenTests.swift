import Foundation
import XCTest

@testable import ReactionReportKit

/// Pins the archive's pages for the platforms with threads or replies that the other golden
/// sites do not cover (Slack, Discord, Matrix, Mattermost, Telegram): for each, a calendar, a
/// first transcript page whose thread root says how many replies it has, a later page where the
/// conversation has one, the thread page, and a person's page. Two messages a page, so that
/// the fixtures' small conversations have several pages. Regenerate deliberately with
/// `UPDATE_GOLDEN=1 swift test --filter ThreadedPlatformsGoldenTests`.
final class ThreadedPlatformsGoldenTests: XCTestCase {
    static let inputs = [
        "slack/workspace", "discord/zulip-fixture__dce_2026_general_100.json", "discord/old-format.json", "matrix/room.json",
        "mattermost/zulip-fixture__mattermost_bulk_export.jsonl", "telegram/single-chat.json"
    ]

    func site() throws -> [String: String] {
        var options = BuildOptions()
        options.title = "Threads fixture"
        options.pageSize = 2
        let inputs = Self.inputs.map { TestSupport.fixtures.appendingPathComponent($0).path }
        let outcome = try ReportBuild(inputs: inputs, options: options).inspect()
        return try MemoryWriter.render(outcome.result, options: options)
    }

    func testThreadsCalendarsPagesAndPeopleOfEveryThreadedPlatform() throws {
        let files = try site()
        XCTAssertEqual(
            files.keys.filter { $0.contains("/thread-") }.sorted(),
            [
                "conversations/discord-announcements/thread-6232bfaf89b18685.html", "conversations/discord-general/thread-82c061c398de1559.html",
                "conversations/matrix-lumen-dev/thread-f2a908d8f884f34d.html",
                "conversations/mattermost-dumbledores-army/thread-a55d711346305b51.html",
                "conversations/slack-general/thread-82d48e09e50bba7a.html", "conversations/telegram-lumen-dev/thread-4568b918181c96e2.html"
            ])
        try GoldenSiteTests.compare(
            files,
            pinned: [
                "people/index.html",
                "conversations/slack-general/calendar.html", "conversations/slack-general/index.html",
                "conversations/slack-general/thread-82d48e09e50bba7a.html", "people/c4029b6d.html",
                "conversations/discord-general/calendar.html", "conversations/discord-general/index.html",
                "conversations/discord-general/page-2.html", "conversations/discord-general/thread-82c061c398de1559.html",
                "people/62afcb6a.html",
                "conversations/matrix-lumen-dev/calendar.html", "conversations/matrix-lumen-dev/index.html",
                "conversations/matrix-lumen-dev/page-2.html", "conversations/matrix-lumen-dev/thread-f2a908d8f884f34d.html",
                "people/eefb61f9.html",
                "conversations/mattermost-dumbledores-army/calendar.html", "conversations/mattermost-dumbledores-army/index.html",
                "conversations/mattermost-dumbledores-army/page-2.html",
                "conversations/mattermost-dumbledores-army/thread-a55d711346305b51.html", "people/f10510f5.html",
                "conversations/telegram-lumen-dev/calendar.html", "conversations/telegram-lumen-dev/index.html",
                "conversations/telegram-lumen-dev/page-2.html", "conversations/telegram-lumen-dev/thread-4568b918181c96e2.html",
                "people/10cc9d1a.html"
            ],
            prefix: "threads__")
    }
}
