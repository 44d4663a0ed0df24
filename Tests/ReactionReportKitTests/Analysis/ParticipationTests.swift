import Foundation
import XCTest

@testable import ReactionReportKit

/// Participation (issue 30, items 4 and 5) on the health fixture: Cy only reacts, the bot's
/// posts and reactions count for no one, Eve is away in 2026-W11 and W12 and returns in W13,
/// and the whole cohort of W10 is followed through the weeks after it.
final class ParticipationTests: XCTestCase {
    static func files(_ configure: (inout BuildOptions) -> Void = { _ in }) throws -> [String: String] {
        var options = BuildOptions()
        try ConfigurationFile.load(ResponsesTests.folder.appendingPathComponent("reaction-report.toml").path, into: &options)
        configure(&options)
        let outcome = try ReportBuild(inputs: [ResponsesTests.folder.appendingPathComponent("mattermost.jsonl").path], options: options).inspect()
        return try MemoryWriter.render(outcome.result, options: options)
    }

    /// The participation members of each week of `data/weeks.json`, in order.
    func participation(_ weeks: String) throws -> [String] {
        let keys = WeekFigure.all.filter { $0.section == .participation }.map(\.key)
        XCTAssertEqual(
            keys,
            [
                "activePeople", "postingPeople", "reactingOnlyPeople", "newPeople", "returningPeople", "corePeople", "regularPeople",
                "occasionalPeople", "observerPeople"
            ])
        return weeks.components(separatedBy: "\n").filter { $0.hasPrefix("{\"week\"") }.map { line in
            keys.map { key in
                let start = line.range(of: "\"\(key)\":")!.upperBound
                return String(line[start...].prefix { $0.isNumber })
            }.joined(separator: " ")
        }
    }

    func testWeeksCountWhoTookPart() throws {
        // W10: Ada, Bo, Dee, Eve post (Dee on Monday and Wednesday, the others on Monday), Cy
        // only reacts; the bot is nobody. W11: Eve is away; Dee has posted on 3 days in the
        // window (regular). W12: nobody. W13: Eve, Ada and Cy return; Ada's 3 posting days
        // (W10, W11, W13 Mondays) make her regular, Bo and Eve have 2.
        XCTAssertEqual(
            try participation(try XCTUnwrap(Self.files()["data/weeks.json"])),
            ["5 4 1 5 0 0 0 4 1", "4 3 1 0 0 0 1 3 1", "0 0 0 0 0 0 1 3 1", "3 2 1 0 3 0 2 2 1"])
        // Levels of the configuration: with regular from 2 days, Bo and Eve are regular in W13.
        let lenient = try Self.files { try? ConfigurationFile.apply("[engagementLevels]\ncore = 3\nregular = 2\n", file: "c.toml", to: &$0) }
        XCTAssertEqual(try participation(try XCTUnwrap(lenient["data/weeks.json"])).last, "3 2 1 0 3 2 2 0 1")
    }

    func testCohortsAndLevelsAreWritten() throws {
        let files = try Self.files()
        XCTAssertEqual(
            files["data/cohorts.json"],
            #"{"timezone":"UTC","weeksAfter":12,"cohorts":["# + "\n"
                + #"{"week":"2026-W10","people":5,"active":[4,0,3,null,null,null,null,null,null,null,null,null]}]}"# + "\n")
        XCTAssertEqual(
            files["data/cohorts.csv"],
            "week,people,week1,week2,week3,week4,week5,week6,week7,week8,week9,week10,week11,week12\r\n2026-W10,5,4,0,3,,,,,,,,,\r\n")
        let rows = try XCTUnwrap(files["data/people.csv"]).components(separatedBy: "\r\n").dropLast().map { $0.components(separatedBy: ",") }
        XCTAssertEqual(
            rows.map { "\($0[0]) \($0[1]) \($0[$0.count - 1])" },
            [
                "platform id level", "mattermost ada regular", "mattermost bo occasional", "mattermost ci ", "mattermost cy observer",
                "mattermost dee regular", "mattermost eve occasional"
            ])
    }

    func testEngagementLevelsMustBeOrdered() {
        var options = BuildOptions()
        for (text, message) in [
            ("[engagementLevels]\ncore = 3\nregular = 3\n", "c.toml:1:2: 'engagementLevels': core (3) must be above regular (3) and at most 28 days"),
            ("[engagementLevels]\nrare = 1\n", "c.toml:2:1: unknown key 'engagementLevels.rare': engagementLevels has core and regular"),
            ("[engagementLevels]\ncore = 0\n", "c.toml:2:8: 'engagementLevels.core' must be at least 1, not 0")
        ] {
            XCTAssertThrowsError(try ConfigurationFile.apply(text, file: "c.toml", to: &options), text) { XCTAssertEqual("\($0)", message, text) }
        }
    }
}
