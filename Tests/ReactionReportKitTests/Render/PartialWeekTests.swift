import Foundation
import XCTest

@testable import ReactionReportKit

/// Weeks the data does not cover whole (the first and the last, and those cut by `--since` and
/// `--until`): `data/weeks.json` says how many days each covers, and no page, feed entry or
/// digest shows the change of a partial week, or of the week after one, as a fall or a rise.
///
/// The fixture, read in America/New_York: its first message is on Thursday 2026-10-22 (week 43
/// covers 4 days), its last on Tuesday 2027-03-23 (2027-W12 covers 2), with complete weeks
/// between (2026-W45 compared with 2026-W44 as usual).
final class PartialWeekTests: XCTestCase {
    /// The fixture's site in America/New_York, its period filtered as a build filters it.
    static func site(_ configure: (inout BuildOptions) -> Void = { _ in }) throws -> [String: String] {
        var options = BuildOptions()
        options.timezone = "America/New_York"
        configure(&options)
        let result = MessageFilter.apply(
            try TestSupport.settleFixtures(["gaps/community.json"]), options: options, calendar: try XCTUnwrap(WeekCalendar(options.timezone)))
        return try MemoryWriter.render(result, options: options)
    }

    /// `week partial|whole days` of every week of `data/weeks.json`.
    static func coverage(_ files: [String: String]) throws -> [String] {
        let text = try XCTUnwrap(files["data/weeks.json"])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let weeks = try XCTUnwrap(json["weeks"] as? [[String: Any]])
        return weeks.map { "\($0["week"]!) \($0["partial"] as? Bool == true ? "partial" : "whole") \($0["days"] ?? "none")" }
    }

    func testWeeksJSONSaysHowManyDaysOfEachWeekTheDataCovers() throws {
        let files = try Self.site()
        // The two keys come after `end`, the others as they were.
        XCTAssertTrue(
            try XCTUnwrap(files["data/weeks.json"]).hasPrefix(
                #"{"timezone":"America/New_York","weeks":["# + "\n"
                    + #"{"week":"2026-W43","start":"2026-10-19T00:00:00-04:00","end":"2026-10-26T00:00:00-04:00","partial":true,"days":4,"#
                    + #""messages":2,"reactedMessages":2,"reactions":3,"reactors":3,"posters":2,"medianSecondsToFirstReaction":750,"#))
        let weeks = try Self.coverage(files)
        XCTAssertEqual(weeks.count, 23)
        XCTAssertEqual(Array(weeks.prefix(3)), ["2026-W43 partial 4", "2026-W44 whole 7", "2026-W45 whole 7"])
        XCTAssertEqual(weeks.dropFirst().dropLast().filter { !$0.hasSuffix("whole 7") }, [])
        XCTAssertEqual(weeks.last, "2027-W12 partial 2")
        // A bound before the first message covers no day of its weeks; one that cuts the
        // messages (until Tuesday 2027-03-16: the last message left is Monday's) makes the week
        // it cuts partial.
        let cut = try Self.coverage(
            try Self.site { options in
                options.since = .day(CivilDate(year: 2026, month: 10, day: 10))
                options.until = .day(CivilDate(year: 2027, month: 3, day: 16))
            }
        )
        XCTAssertEqual(Array(cut.prefix(3)), ["2026-W41 partial 0", "2026-W42 partial 0", "2026-W43 partial 4"])
        XCTAssertEqual(cut.last, "2027-W11 partial 1")
    }

    func testAPartialWeekAndTheWeekAfterItShowNoChange() throws {
        let files = try Self.site()
        let last = try XCTUnwrap(files["weeks/2027-W12/report.md"])
        XCTAssertTrue(
            last.contains(
                "> Partial week: the data covers 2 of its 7 days (2027-03-22 to 2027-03-23), so it is not compared with another week.\n\n"
                    + "| Figure | This week | Week before | Change |\n|---|---:|---:|---:|\n"
                    + "| Messages | 1 | 2 | partial week, 2 of 7 days |\n| Reacted messages | 1 | 2 | partial week, 2 of 7 days |\n"
                    + "| Reaction rate | 100.0% | 100.0% | partial week, 2 of 7 days |\n| Reactions | 1 | 4 | partial week, 2 of 7 days |\n"),
            last)
        XCTAssertTrue(
            last.contains("| [Community](../../conversations/stream-community/index.html) | Stream Chat | 1 | 100.0% | 1 | partial week, 2 of 7 days | 1 |"))
        let html = try XCTUnwrap(files["weeks/2027-W12/index.html"])
        XCTAssertTrue(
            html.contains(
                #"<tr><th scope="row">Reactions</th><td class="num">1</td><td class="num">4</td><td class="num"><span class="change neutral" "#
                    + #"title="the data covers 2 of this week&#39;s 7 days, so it is not compared with another week">"#
                    + #"<span class="phrase">partial week,</span> <span class="phrase">2 of 7 days</span></span></td></tr>"#
            ))
        XCTAssertFalse(html.contains("▼"))
        let first = try XCTUnwrap(files["weeks/2026-W43/report.md"])
        XCTAssertTrue(first.contains("| Messages | 2 | – | partial week, 4 of 7 days |"), first)
        let second = try XCTUnwrap(files["weeks/2026-W44/report.md"])
        XCTAssertTrue(
            second.contains(
                "> The week before is partial (the data covers 4 of its 7 days), so this week is not compared with it.\n\n"),
            second)
        XCTAssertTrue(second.contains("| Messages | 4 | 2 | week before partial, 4 of 7 days |"), second)
        // Two complete weeks are compared as ever: a real fall is shown as one.
        let third = try XCTUnwrap(files["weeks/2026-W45/report.md"])
        XCTAssertTrue(third.contains("| Messages | 2 | 4 | ▼ 2 (−50.0%) |"), third)
        XCTAssertFalse(third.contains("partial"))
    }

    func testTheOverviewFeedAndDigestsMarkPartialWeeks() throws {
        let files = try Self.site()
        let summary = try XCTUnwrap(files["summary.md"])
        // The last two columns: people active (posted or reacted), unanswered questions.
        for row in [
            "| [2027-W12](weeks/2027-W12/index.html) | 2027-03-22 | 1 | 100.0% | 1 | partial week, 2 of 7 days | 2 | 0 |",
            "| [2026-W45](weeks/2026-W45/index.html) | 2026-11-02 | 2 | 50.0% | 4 | ▼ 1 (−20.0%) | 5 | 0 |",
            "| [2026-W44](weeks/2026-W44/index.html) | 2026-10-26 | 4 | 75.0% | 5 | week before partial, 4 of 7 days | 4 | 0 |",
            "| [2026-W43](weeks/2026-W43/index.html) | 2026-10-19 | 2 | 100.0% | 3 | partial week, 4 of 7 days | 3 | 0 |"
        ] {
            XCTAssertTrue(summary.contains(row + "\n"), row)
        }
        let index = try XCTUnwrap(files["index.html"])
        XCTAssertTrue(index.contains("<title>2027-W12: 1 reaction (partial week, 2 of 7 days)</title>"))
        let feed = try XCTUnwrap(files["feed.xml"])
        XCTAssertTrue(
            feed.contains(
                "<title>Week 2027-W12: 1 reaction on 1 message (partial week, 2 of 7 days)</title>\n"), feed)
        XCTAssertTrue(feed.contains("1 reaction (partial week, 2 of 7 days: not compared) from 1 person."))
        XCTAssertTrue(feed.contains("5 reactions (week before partial, 4 of 7 days: not compared) from 3 people."))
        XCTAssertEqual(
            try XCTUnwrap(files["weeks/2027-W12/digest.txt"]).split(separator: "\n").prefix(5),
            [
                "Reaction report · Week 2027-W12", "2027-03-22 to 2027-03-28 (America/New_York)",
                "Partial week: the data covers 2 of its 7 days (2027-03-22 to 2027-03-23), so it is not compared with another week.",
                "Messages: 1 · partial week, 2 of 7 days", "Reacted messages: 1 · partial week, 2 of 7 days"
            ])
        let slack = try XCTUnwrap(files["weeks/2027-W12/digest.slack.json"])
        XCTAssertTrue(slack.contains(#"*Reactions*\n1 · partial week, 2 of 7 days"#), slack)
        XCTAssertTrue(slack.contains(#"{"type":"context","elements":[{"type":"mrkdwn","text":"Partial week: the data covers 2 of its 7 days"#), slack)
        let discord = try XCTUnwrap(files["weeks/2027-W12/digest.discord.json"])
        XCTAssertTrue(
            discord.contains(#""description":"2027-03-22 to 2027-03-28 \\(America/New\\_York\\)\nPartial week: the data covers 2 of its 7 days"#), discord)
        XCTAssertFalse(discord.contains("▼"))
    }
}

extension PartialWeekTests {
    /// A week without a message that still gets its report (a gap too short to fold) says so
    /// in its Markdown as on its page.
    func testAQuietWeekSaysSoOnItsPageAndInItsMarkdown() throws {
        let files = try Self.site()
        let quiet = try Self.quietWeeks(files)
        XCTAssertFalse(quiet.isEmpty)
        for week in quiet {
            let page = try XCTUnwrap(files["weeks/\(week)/index.html"], week)
            XCTAssertTrue(page.contains(#"<p class="note">No messages were sent this week.</p>"#), week)
            let markdown = try XCTUnwrap(files["weeks/\(week)/report.md"], week)
            XCTAssertTrue(markdown.contains("\n> No messages were sent this week.\n\n| Figure |"), markdown)
        }
    }

    /// The weeks of `data/weeks.json` without a message that have a report of their own.
    static func quietWeeks(_ files: [String: String]) throws -> [String] {
        let text = try XCTUnwrap(files["data/weeks.json"])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let weeks = try XCTUnwrap(json["weeks"] as? [[String: Any]])
        return weeks.filter { $0["messages"] as? Int == 0 }.compactMap { $0["week"] as? String }
            .filter { files["weeks/\($0)/report.md"] != nil }
    }
}
