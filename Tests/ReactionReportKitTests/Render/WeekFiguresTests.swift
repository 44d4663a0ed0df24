import Foundation
import XCTest

@testable import ReactionReportKit

/// `WeekFigure.all` is the one list of weekly figures: every entry is written where it is
/// marked (a week's and a group's object in `data/weeks.json`, the week reports' rows, the
/// digests, the overview's totals), and `sql/figures.json` is the list as data.
final class WeekFiguresTests: XCTestCase {
    /// Two weeks of a Telegram chat with replies: W10 has two messages with reactions (first after 300 s and 79,200 s), one a
    /// reply; W11 one reply to a message of W10, by its own author.
    static let chat = #"""
        {"name": "team", "type": "private_group", "id": 7, "messages": [
         {"id": 1, "type": "message", "date": "2025-03-03T10:00:00", "date_unixtime": "1740996000", "from": "Ada", "from_id": "user1",
          "text": "hello",
          "reactions": [{"type": "emoji", "count": 3, "emoji": "👍", "recent": [{"from": "Bo", "from_id": "user2", "date": "2025-03-03T10:05:00"}]}]},
         {"id": 2, "type": "message", "date": "2025-03-03T11:00:00", "date_unixtime": "1740999600", "from": "Bo", "from_id": "user2",
          "text": "hi", "reply_to_message_id": 1,
          "reactions": [{"type": "emoji", "count": 2, "emoji": "❤", "recent": [{"from": "Ada", "from_id": "user1", "date": "2025-03-04T09:00:00"}]}]},
         {"id": 3, "type": "message", "date": "2025-03-11T08:30:00", "date_unixtime": "1741681800", "from": "Ada", "from_id": "user1",
          "text": "again", "reply_to_message_id": 1}
        ]}
        """#

    /// The chat's site in UTC, with one group of every conversation, and its analysis.
    func site() throws -> (files: [String: String], analysis: Analysis) {
        var options = BuildOptions()
        options.title = "Figures"
        options.timezone = "UTC"
        options.groups = [ConversationGroup(name: "Everyone", members: ["*"])]
        var result = try TestSupport.settle([("chat.json", Self.chat)], options: options)
        result.leftOutOfRankings = RankingExclusions.people(in: result, options: options)
        let analysis = Analysis(result, options: options, calendar: WeekCalendar("UTC")!)
        return (try MemoryWriter.render(result, options: options), analysis)
    }

    /// The lines of `text` from the one after `start` up to the first empty line.
    func lines(_ text: String, after start: String) throws -> [String] {
        let all = text.components(separatedBy: "\n")
        let first = try XCTUnwrap(all.firstIndex(of: start), "no line \(start)")
        return Array(all[(first + 1)...].prefix { !$0.isEmpty })
    }

    func testTheWeeksFiguresAreWrittenExactly() throws {
        let weeks = try XCTUnwrap(try site().files["data/weeks.json"]).components(separatedBy: "\n")
        XCTAssertEqual(weeks.count, 4)
        XCTAssertTrue(
            weeks[2].hasPrefix(
                #"{"week":"2025-W11","start":"2025-03-10T00:00:00+00:00","end":"2025-03-17T00:00:00+00:00","partial":true,"days":2,"#
                    + #""messages":1,"reactedMessages":0,"reactions":0,"reactors":0,"posters":1,"medianSecondsToFirstReaction":null,"#
                    + #""newReactors":0,"replies":1,"medianSecondsToFirstReply":null,"answerableMessages":1,"answeredMessages":0,"#
                    + #""medianSecondsToFirstResponse":null,"p90SecondsToFirstResponse":null,"questions":0,"answeredQuestions":0,"#
                    + #""medianSecondsToFirstQuestionResponse":null,"p90SecondsToFirstQuestionResponse":null,"unansweredQuestions":0,"#
                    // Ada posts (on a second day of the 28: occasional, as Bo, who posted and reacted in W10).
                    + #""activePeople":1,"postingPeople":1,"reactingOnlyPeople":0,"newPeople":0,"returningPeople":0,"corePeople":0,"#
                    + #""regularPeople":0,"occasionalPeople":2,"observerPeople":0,"positiveReactions":0,"negativeReactions":0,"#
                    + #""topMessages":[]"#), weeks[2])
        XCTAssertTrue(
            weeks[1].hasSuffix(
                #""groups":[{"name":"Everyone","messages":2,"reactedMessages":2,"reactions":5,"reactors":2,"posters":2,"#
                    + #""medianSecondsToFirstReaction":39750,"newReactors":2,"replies":1,"medianSecondsToFirstReply":3600,"#
                    // Ada's message: Bo reacted after 300 s (and replied after 3,600 s); Bo's: Ada reacted after 79,200 s.
                    + #""answerableMessages":2,"answeredMessages":2,"medianSecondsToFirstResponse":39750,"p90SecondsToFirstResponse":79200,"#
                    + #""questions":0,"answeredQuestions":0,"medianSecondsToFirstQuestionResponse":null,"#
                    // 👍 3 and ❤ 2: all positive.
                    + #""p90SecondsToFirstQuestionResponse":null,"unansweredQuestions":0,"positiveReactions":5,"negativeReactions":0}]},"#),
            weeks[1])
    }

    func testEveryFigureIsWrittenWhereItIsMarked() throws {
        let (files, analysis) = try site()
        let weeksLines = try XCTUnwrap(files["data/weeks.json"]).components(separatedBy: "\n")
        let changes = ChangeText(locale: .standard)
        for (index, week) in analysis.weekly.weeks.enumerated() {
            let name = week.week.description
            let now = week.figures
            let before = index > 0 ? analysis.weekly.weeks[index - 1].figures : nil
            // weeks.json: the week's figures after `days`, in the list's order; the group's after its name.
            let written = WeekFigure.written(in: .week).map { "\"\($0.key)\":\($0.json(now))" }.joined(separator: ",")
            XCTAssertTrue(weeksLines[index + 1].contains(",\"days\":\(week.days),\(written),\"topMessages\":"), name)
            let group = try XCTUnwrap(week.groups.first)
            let groupWritten = WeekFigure.written(in: .group).map { "\"\($0.key)\":\($0.json(group.figures))" }.joined(separator: ",")
            XCTAssertTrue(weeksLines[index + 1].contains("\"groups\":[{\"name\":\"Everyone\",\(groupWritten)}]"), name)

            // The week report's rows (the report has replies: every row is shown), in the list's
            // order, table by table: figures, responsiveness, participation, mood.
            let sections: [WeekFigure.Section] = [.engagement, .responsiveness, .participation, .mood]
            let tables = sections.map { section in WeekFigure.all.filter { $0.row != .never && $0.section == section } }
            XCTAssertEqual(tables.map(\.count).reduce(0, +), WeekFigure.all.count)
            func previous(_ figure: WeekFigure) -> String { before.map { figure.text($0, .standard) } ?? "–" }
            func change(_ figure: WeekFigure) -> String {
                changes.partial(analysis.weekly.weeks, at: index)?.text ?? figure.change(now, before, changes).text
            }
            let markdown = try XCTUnwrap(files["weeks/\(name)/report.md"])
            // The first four tables of four columns are those of the sections.
            let markdownTables = markdown.components(separatedBy: "|---|---:|---:|---:|").dropFirst().prefix(sections.count).map {
                "|---|---:|---:|---:|" + $0
            }
            XCTAssertEqual(markdownTables.count, sections.count, name)
            for (table, figures) in zip(markdownTables, tables) {
                XCTAssertEqual(
                    try lines(table, after: "|---|---:|---:|---:|"),
                    figures.map { "| \($0.label) | \($0.text(now, .standard)) | \(previous($0)) | \(change($0)) |" }, name)
            }
            let html = try XCTUnwrap(files["weeks/\(name)/index.html"])
            let htmlTables = html.components(separatedBy: "<table class=\"figures\">").dropFirst().map { $0.components(separatedBy: "</table>")[0] }
            XCTAssertEqual(
                htmlTables.map { $0.components(separatedBy: "<th scope=\"row\">").dropFirst().map { String($0.prefix { $0 != "<" }) } },
                tables.map { $0.map(\.label) }, name)
            // The digest's figures: the figures table's rows, from the first on, then the other
            // sections' rows marked for the digests.
            let digest = try XCTUnwrap(files["weeks/\(name)/digest.txt"]).components(separatedBy: "\n")
            let first = try XCTUnwrap(digest.firstIndex { $0.hasPrefix(tables[0][0].label + ": ") }, name)
            let others = tables.dropFirst().flatMap { $0.filter(\.inDigest) }
            XCTAssertEqual(
                Array(digest[first...].prefix { !$0.isEmpty }),
                (tables[0] + others).map { "\($0.label): \($0.text(now, .standard)) · \(change($0))" }, name)
            XCTAssertEqual(
                others.map(\.key),
                ["responseRate", "unansweredQuestions", "activePeople", "reactingOnlyPeople", "newPeople", "positiveShare", "negativeShare"])
        }
        // The overview's totals: the figures marked for it, then the conversations and weeks.
        XCTAssertEqual(
            try lines(XCTUnwrap(files["summary.md"]), after: "|---|---:|"),
            WeekFigure.all.compactMap { figure in figure.overviewLabel.map { "| \($0) | \(figure.text(analysis.overview.figures, .standard)) |" } }
                + ["| Conversations | 1 |", "| Weeks | 2 |"])
    }

    /// `sql/figures.json` is `WeekFigure.all` as data; `UPDATE_GOLDEN=1` writes it again.
    func testFiguresFileIsTheList() throws {
        let url = TestSupport.packageRoot.appendingPathComponent("sql/figures.json")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try WeekFigure.dataFile.write(to: url, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(
            try String(contentsOf: url, encoding: .utf8), WeekFigure.dataFile,
            "sql/figures.json differs from WeekFigure.all: UPDATE_GOLDEN=1 swift test --filter WeekFiguresTests writes it")
    }
}
