import XCTest

@testable import ReactionReportKit

/// Sites of counts no export can give once the ledger has checked them, from summaries made
/// directly: the build finishes, sums stop at `Int.max`, and percentages and averages beyond
/// 1,000,000,000 read `over 1,000,000,000`.
final class HugeCountTests: XCTestCase {
    /// The lines of `text` that start with `prefix`.
    func lines(_ text: String?, _ prefix: String) -> [String] {
        (text ?? "").split(whereSeparator: \.isNewline).filter { $0.hasPrefix(prefix) }.map(String.init)
    }

    /// The rows of the Markdown table under `heading`.
    func table(_ text: String?, _ heading: String) -> [String] {
        let section = (text ?? "").components(separatedBy: "\n## ").first { $0.hasPrefix(heading + "\n") } ?? ""
        return section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Emoji |") && !$0.hasPrefix("| # |") }.map(String.init)
    }

    /// Five weeks: 1 reaction; 10^18 on one message; none; `Int.max` and 1 on one message (its
    /// total stops at `Int.max`); `Int.max / 2` on each of three messages (the week's sum stops).
    /// The first message is on a Monday and the last ones on a Sunday, so that the data covers
    /// every week whole and each is compared with the week before.
    static func hugeWeeks() throws -> [String: String] {
        let (message, half) = (DirectSummaries.message, DirectSummaries.half)
        return try DirectSummaries.site([
            message("m1", "2026-03-02T10:00:00Z", [("👍", 1)]),
            message("m2", "2026-03-10T10:00:00Z", [("👍", 1_000_000_000_000_000_000)]),
            message("m3", "2026-03-17T10:00:00Z", []),
            message("m4", "2026-03-24T10:00:00Z", [("👍", Int.max), ("❤️", 1)]),
            message("m5", "2026-04-05T10:00:00Z", [("😂", half)]),
            message("m6", "2026-04-05T11:00:00Z", [("😂", half)]),
            message("m7", "2026-04-05T12:00:00Z", [("😂", half)])
        ])
    }

    func testWeekOverWeekChangesFromOneAndFromZeroToHuge() throws {
        let files = try Self.hugeWeeks()
        XCTAssertEqual(
            lines(files["weeks/2026-W11/report.md"], "| Reac"),
            [
                "| Reacted messages | 1 | 1 | = 0 (0.0%) |",
                "| Reaction rate | 100.0% | 100.0% | = 0.0 pts |",
                "| Reactions | 1,000,000,000,000,000,000 | 1 | ▲ 999,999,999,999,999,999 (over +1,000,000,000%) |",
                "| Reactions per message | over 1,000,000,000 | 1.00 | ▲ over 1,000,000,000 (over +1,000,000,000%) |"
            ])
        XCTAssertEqual(
            lines(files["weeks/2026-W12/report.md"], "| Reac"),
            [
                "| Reacted messages | 0 | 1 | ▼ 1 (−100.0%) |",
                "| Reaction rate | 0.0% | 100.0% | ▼ 100.0 pts |",
                "| Reactions | 0 | 1,000,000,000,000,000,000 | ▼ 1,000,000,000,000,000,000 (−100.0%) |",
                "| Reactions per message | 0.00 | over 1,000,000,000 | ▼ over 1,000,000,000 (−100.0%) |"
            ])
        // From none: `new`, and no percentage of zero.
        XCTAssertEqual(
            lines(files["weeks/2026-W13/report.md"], "| Reac"),
            [
                "| Reacted messages | 1 | 0 | new |",
                "| Reaction rate | 100.0% | 0.0% | ▲ 100.0 pts |",
                "| Reactions | 9,223,372,036,854,775,807 | 0 | new |",
                "| Reactions per message | over 1,000,000,000 | 0.00 | ▲ over 1,000,000,000 |"
            ])
        // Three times Int.max / 2 stops at Int.max: no change from the week before.
        XCTAssertEqual(
            lines(files["weeks/2026-W14/report.md"], "| Reac"),
            [
                "| Reacted messages | 3 | 1 | ▲ 2 (+200.0%) |",
                "| Reaction rate | 100.0% | 100.0% | = 0.0 pts |",
                "| Reactions | 9,223,372,036,854,775,807 | 9,223,372,036,854,775,807 | = 0 (0.0%) |",
                "| Reactions per message | over 1,000,000,000 | over 1,000,000,000 | ▼ over 1,000,000,000 (−66.7%) |"
            ])
        XCTAssertTrue(
            files["weeks/2026-W11/index.html"]!.contains(
                #"<tr><th scope="row">Reactions</th><td class="num">1,000,000,000,000,000,000</td><td class="num">1</td><td class="num"><span class="change good" title="up 999,999,999,999,999,999 from 1">▲ 999,999,999,999,999,999 (over +1,000,000,000%)</span></td></tr>"#
            ))
        XCTAssertEqual(
            table(files["weeks/2026-W13/report.md"], "Top emoji"),
            [
                "| 👍 | 👍 | 9,223,372,036,854,775,807 | 100.0% |",
                "| ❤️ | ❤ | 1 | 0.0% |"
            ])
        XCTAssertEqual(
            table(files["weeks/2026-W13/report.md"], "Palette usage"),
            [
                "| 👍 | 👍 | 9,223,372,036,854,775,807 | 100.0% |", "| ❤️ | ❤ | 1 | 0.0% |", "| 😂 | face with tears of joy | 0 | 0.0% |",
                "| 😲 | astonished face | 0 | 0.0% |", "| 😢 | crying face | 0 | 0.0% |", "| 🔥 | fire | 0 | 0.0% |", "| … | Off the palette | 0 | 0.0% |"
            ])
        XCTAssertEqual(table(files["weeks/2026-W14/report.md"], "Top receivers"), ["| 1 | Ada | 9,223,372,036,854,775,807 |"], "three times Int.max / 2")
    }

    func testOverviewDataFilesAndFeedOfHugeCounts() throws {
        let files = try Self.hugeWeeks()
        let summary = files["summary.md"]
        XCTAssertEqual(
            lines(summary, "| Reac"),
            [
                "| Reacted messages | 6 |", "| Reaction rate | 85.7% |", "| Reactions | 9,223,372,036,854,775,807 |", "| Reactors | 0 |"
            ])
        // One author a week, no listed reactors, no question: 1 active, 0 unanswered.
        XCTAssertEqual(
            lines(summary, "| [2026-W1"),
            [
                "| [2026-W14](weeks/2026-W14/index.html) | 2026-03-30 | 3 | 100.0% | 9,223,372,036,854,775,807 | = 0 (0.0%) | 1 | 0 |",
                "| [2026-W13](weeks/2026-W13/index.html) | 2026-03-23 | 1 | 100.0% | 9,223,372,036,854,775,807 | new | 1 | 0 |",
                "| [2026-W12](weeks/2026-W12/index.html) | 2026-03-16 | 1 | 0.0% | 0 | ▼ 1,000,000,000,000,000,000 (−100.0%) | 1 | 0 |",
                "| [2026-W11](weeks/2026-W11/index.html) | 2026-03-09 | 1 | 100.0% | 1,000,000,000,000,000,000 | ▲ 999,999,999,999,999,999 (over +1,000,000,000%) | 1 | 0 |",
                "| [2026-W10](weeks/2026-W10/index.html) | 2026-03-02 | 1 | 100.0% | 1 | – | 1 | 0 |"
            ])
        // Both 👍 and 😂 stop at Int.max: each is 100.0% of a total that stopped there too.
        XCTAssertEqual(
            table(summary, "Top emoji"),
            [
                "| 👍 | 👍 | 9,223,372,036,854,775,807 | 100.0% |", "| 😂 | 😂 | 9,223,372,036,854,775,807 | 100.0% |", "| ❤️ | ❤ | 1 | 0.0% |"
            ])
        XCTAssertEqual(lines(summary, "| [general]"), ["| [general](conversations/slack-general/index.html) | Slack | 7 | 6 | 9,223,372,036,854,775,807 |"])
        XCTAssertEqual(
            table(summary, "Top messages"),
            [
                "| 1 | [message m4](conversations/slack-general/index.html#m-m4) | Ada | general | 👍 99+ · ❤️ 1 |",
                "| 2 | [message m5](conversations/slack-general/index.html#m-m5) | Ada | general | 😂 99+ |",
                "| 3 | [message m6](conversations/slack-general/index.html#m-m6) | Ada | general | 😂 99+ |",
                "| 4 | [message m7](conversations/slack-general/index.html#m-m7) | Ada | general | 😂 99+ |",
                "| 5 | [message m2](conversations/slack-general/index.html#m-m2) | Ada | general | 👍 99+ |",
                "| 6 | [message m1](conversations/slack-general/index.html#m-m1) | Ada | general | 👍 1 |"
            ])
        XCTAssertEqual(
            files["conversations/slack-general/index.html"]!.split(separator: "\n").filter { $0.hasPrefix("<p class=\"lede\">") },
            [
                "<p class=\"lede\">7 messages · 9,223,372,036,854,775,807 reactions · <span class=\"dates\">2026-03-02 – 2026-04-05</span> · <a href=\"calendar.html\">Calendar</a></p>"
            ])

        let weeks = files["data/weeks.json"] ?? ""
        XCTAssertTrue(weeks.contains(#""week":"2026-W13","#))
        XCTAssertEqual(
            weeks.components(separatedBy: #""reactions":9223372036854775807"#).count - 1, 5,
            "W13 and W14, m4 in W13's top messages, the conversation in each")
        XCTAssertTrue(weeks.contains(#""topEmoji":[{"key":"😂","count":9223372036854775807}]"#))
        XCTAssertEqual(
            lines(files["data/messages.jsonl"], #"{"platform":"slack","conversation":{"id":"C1","name":"general"},"id":"m4""#)
                .map { $0.components(separatedBy: #""reactionCount":"#)[1].prefix(20) }, ["9223372036854775807,"])
        XCTAssertEqual(
            lines(files["data/reactions.csv"], "2026-W13").map { $0.split(separator: ",", omittingEmptySubsequences: false)[12] }, ["9223372036854775807", "1"])

        XCTAssertEqual(lines(files["feed.xml"], "<title>Week 2026-W11"), ["<title>Week 2026-W11: 1,000,000,000,000,000,000 reactions on 1 message</title>"])
        XCTAssertTrue(
            files["feed.xml"]!.contains(
                "<summary>1 message, 1 with reactions (100.0%), 1,000,000,000,000,000,000 reactions (▲ 999,999,999,999,999,999 (over +1,000,000,000%) against the week before) from 0 people.</summary>"
            ))
    }

    func testReactionsChartScalesToTheLargestCount() throws {
        let index = try XCTUnwrap(try Self.hugeWeeks()["index.html"])
        let chart = try XCTUnwrap(index.components(separatedBy: #"id="reactions-chart-title""#).dropFirst().first?.components(separatedBy: "</svg>").first)
        let labels = chart.components(separatedBy: "</text>").dropLast().compactMap { $0.components(separatedBy: ">").last }
        XCTAssertEqual(
            labels,
            [
                "0", "2,500,000,000,000,000,000", "5,000,000,000,000,000,000", "7,500,000,000,000,000,000",
                "10,000,000,000,000,000,000", "W10", "W11", "W12", "W13", "W14"
            ])
        let heights = chart.components(separatedBy: #"class="chart-bar""#).dropFirst().map { $0.components(separatedBy: #"height=""#)[1].prefix { $0 != "\"" } }
        XCTAssertEqual(heights, ["1", "20", "0", "184.47", "184.47"])
    }

    /// 10^9, the largest count the ledger keeps, on each of 10,000 messages: every figure exact,
    /// and an average of exactly 1,000,000,000 still printed whole; a hair above it is not. The
    /// two weeks are whole (Monday to Sunday), so the second is compared with the first.
    func testABillionOnEachOfTenThousandMessages() throws {
        let many = (0..<10_000).map { n in
            DirectSummaries.message("a\(n)", "2026-03-02T10:00:00Z", [("👍", 1_000_000_000)])
        }
        let files = try DirectSummaries.site(many + [DirectSummaries.message("b", "2026-03-15T10:00:00Z", [("👍", 1_000_000_000), ("❤️", 1)])])
        XCTAssertEqual(
            lines(files["weeks/2026-W10/report.md"], "| Reactions"),
            [
                "| Reactions | 10,000,000,000,000 | – | – |",
                "| Reactions per message | 1000000000.00 | – | – |"
            ])
        XCTAssertEqual(
            lines(files["weeks/2026-W11/report.md"], "| Reactions"),
            [
                "| Reactions | 1,000,000,001 | 10,000,000,000,000 | ▼ 9,998,999,999,999 (−100.0%) |",
                "| Reactions per message | over 1,000,000,000 | 1000000000.00 | ▲ 1.00 (+0.0%) |"
            ])
        XCTAssertEqual(lines(files["summary.md"], "| Reactions"), ["| Reactions | 10,001,000,000,001 |"])
        XCTAssertEqual(table(files["weeks/2026-W10/report.md"], "Top emoji"), ["| 👍 | 👍 | 10,000,000,000,000 | 100.0% |"])
        XCTAssertTrue(files["conversations/slack-general/index.html"]!.contains("10,001 messages · 10,001,000,000,001 reactions"))
    }
}
