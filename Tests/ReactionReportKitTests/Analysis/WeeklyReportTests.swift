import Foundation
import XCTest

@testable import ReactionReportKit

final class WeeklyReportTests: XCTestCase {
    func testISOWeeksAroundNewYear() {
        func week(_ text: String) -> String { ISOWeek(containing: CivilDate.parse(text)!).description }
        XCTAssertEqual(week("2026-11-16"), "2026-W47")
        XCTAssertEqual(week("2026-11-22"), "2026-W47")
        XCTAssertEqual(week("2026-12-31"), "2026-W53")
        XCTAssertEqual(week("2027-01-03"), "2026-W53")
        XCTAssertEqual(week("2027-01-04"), "2027-W01")
        XCTAssertEqual(week("2024-12-30"), "2025-W01")
        XCTAssertEqual(week("2021-01-03"), "2020-W53")
        XCTAssertEqual(ISOWeek.parse("2026-W53")?.monday.isoText, "2026-12-28")
        XCTAssertEqual(ISOWeek.parse("2025-W01")?.monday.isoText, "2024-12-30")
        XCTAssertNil(ISOWeek.parse("2025-W53"))
        XCTAssertNil(ISOWeek.parse("2025-W00"))
        XCTAssertNil(ISOWeek.parse("2025-W1"))
        XCTAssertEqual(ISOWeek.parse("2026-W52")?.next.description, "2026-W53")
        XCTAssertEqual(ISOWeek.parse("2026-W53")?.next.description, "2027-W01")
        XCTAssertEqual(ISOWeek.parse("2027-W01")?.previous.description, "2026-W53")
        XCTAssertEqual(PeriodBound.parse("2026-02-29"), nil)
        XCTAssertEqual(PeriodBound.parse("2028-02-29"), .day(CivilDate(year: 2028, month: 2, day: 29)))
        XCTAssertEqual(PeriodBound.parse("2026-W47")?.dayAfter.isoText, "2026-11-23")
    }

    func testWeeksAcrossDaylightSavingChangesInBerlin() {
        let berlin = WeekCalendar("Europe/Berlin")!
        let spring = WeekRange(from: ISOWeek(year: 2026, week: 13), through: ISOWeek(year: 2026, week: 14), calendar: berlin)
        XCTAssertEqual(
            spring.starts.map { berlin.localText(seconds: $0) },
            ["2026-03-23T00:00:00+01:00", "2026-03-30T00:00:00+02:00", "2026-04-06T00:00:00+02:00"])
        XCTAssertEqual((spring.starts[1] - spring.starts[0]) / 3600, 167)
        let autumn = WeekRange(from: ISOWeek(year: 2026, week: 43), through: ISOWeek(year: 2026, week: 43), calendar: berlin)
        XCTAssertEqual(autumn.starts.map { berlin.localText(seconds: $0) }, ["2026-10-19T00:00:00+02:00", "2026-10-26T00:00:00+01:00"])
        XCTAssertEqual((autumn.starts[1] - autumn.starts[0]) / 3600, 169)
        // Sunday 23:30 summer time is still week 13; Monday 00:30 is week 14.
        XCTAssertEqual(spring.index(of: Timestamp.iso8601("2026-03-29T21:30:00Z")!), 0)
        XCTAssertEqual(spring.index(of: Timestamp.iso8601("2026-03-29T22:30:00Z")!), 1)
        XCTAssertEqual(spring.index(of: Timestamp.iso8601("2026-03-22T22:59:59Z")!), nil)
        XCTAssertEqual(spring.index(of: Timestamp.iso8601("2026-03-22T23:00:00Z")!), 0)
        // In UTC both are week 13.
        XCTAssertEqual(WeekCalendar("UTC")!.week(of: Timestamp.iso8601("2026-03-29T22:30:00Z")!).description, "2026-W13")
        XCTAssertEqual(WeekCalendar("America/St_Johns")!.localText(seconds: 0), "1969-12-31T20:30:00-03:30")
        XCTAssertNil(WeekCalendar("Mars/Olympus_Mons"))
    }

    static func weeklyFixture() throws -> LedgerResult {
        try TestSupport.settleFixtures(["weekly/team.json", "weekly/ops.json"])
    }

    func testWeeklyFiguresInBerlin() throws {
        let result = try Self.weeklyFixture()
        let resolver = EmojiResolver()
        let palette = ["👍", "❤️", "😂", "🎉"].compactMap { resolver.resolve(ReactionValue($0)) }
        let report = WeeklyReport(messages: result.messages, calendar: WeekCalendar("Europe/Berlin")!, topN: 2, palette: palette)
        XCTAssertEqual(report.weeks.map(\.week.description), ["2026-W12", "2026-W13", "2026-W14"])
        XCTAssertEqual(report.weeks.map { $0.messages.map { result.messages[$0].id } }, [["m1", "m2"], ["m3", "o1", "m4", "m5"], ["m6"]])
        let w13 = report.weeks[1]
        var expected = Engagement()
        expected.messages = 4
        expected.reactedMessages = 3
        expected.reactions = 6
        expected.reactors = 4  // bob, cy, dan, ada
        expected.posters = 4  // ada, bob, cy, dan
        expected.medianSecondsToFirstReaction = 300  // 60, 300, 1800
        expected.newReactors = 2  // dan and ada; bob and cy reacted in week 12
        // All four post (ada, bob and cy were active in week 12, dan is new); over weeks 12
        // and 13 ada and bob posted on 2 days, cy and dan on 1: all occasional.
        expected.participation = Participation.Figures(active: 4, posting: 4, reactingOnly: 0, new: 1, returning: 0, levels: [0, 0, 4, 0])
        XCTAssertEqual(w13.figures, expected)
        XCTAssertEqual(w13.topMessages.map { result.messages[$0].id }, ["m3", "o1"])  // o1 and m4 tie on 1 reaction and 1 reactor: o1 is earlier
        XCTAssertEqual(w13.topEmoji.map { "\($0.emoji.key) \($0.count)" }, ["👍 4", "🔥 1"])  // ties by code point: U+1F525 before U+1F602
        XCTAssertEqual(w13.palette.map { "\($0.emoji.display) \($0.count)" }, ["👍 4", "❤️ 0", "😂 1", "🎉 0"])
        XCTAssertEqual(w13.offPalette.map { "\($0.emoji.key) \($0.count)" }, ["🔥 1"])
        XCTAssertEqual(w13.topReactors.map { "\($0.id) \($0.count)" }, ["ada 2", "bob 2"])  // ada: 😂 on m4 and 👍 on o1
        XCTAssertEqual(w13.topReceivers.map { "\($0.id) \($0.count)" }, ["ada 4", "bob 1"])
        XCTAssertEqual(
            w13.conversations.map { "\($0.name) \($0.figures.messages) \($0.figures.reactions) new \($0.figures.newReactors)" },
            ["Team 3 5 new 2", "Ops 1 1 new 1"])
        let w12 = report.weeks[0].figures
        XCTAssertEqual([w12.messages, w12.reactedMessages, w12.reactions, w12.reactors, w12.posters, w12.newReactors], [2, 1, 2, 2, 2, 2])
        XCTAssertEqual(w12.medianSecondsToFirstReaction, 120)
        // Week 14 lists Ops with zeros: it had messages the week before.
        XCTAssertEqual(report.weeks[2].conversations.map { "\($0.name) \($0.figures.messages)" }, ["Team 1", "Ops 0"])
        XCTAssertEqual(report.weeks[2].figures.medianSecondsToFirstReaction, 600)

        // In UTC, Monday 00:30 Berlin time is still Sunday: two weeks.
        let utc = WeeklyReport(messages: result.messages, calendar: WeekCalendar("UTC")!, topN: 2)
        XCTAssertEqual(utc.weeks.map { "\($0.week) \($0.figures.messages)" }, ["2026-W12 2", "2026-W13 5"])
    }

    func testEmptyWeeksBetweenAppearWithZerosAndSinceWidensTheRange() throws {
        let result = try TestSupport.settle([
            (
                "gap.json",
                #"""
                {"channel":{"cid":"messaging:gap","name":"Gap"},"messages":[
                  {"id":"a","text":"first","created_at":"2026-01-05T10:00:00Z","user":{"id":"u"}},
                  {"id":"b","text":"later","created_at":"2026-01-26T10:00:00Z","user":{"id":"u"},"latest_reactions":[{"type":"like","user_id":"v","created_at":"2026-01-26T10:00:05Z"}]}]}
                """#
            )
        ])
        let report = WeeklyReport(messages: result.messages, calendar: WeekCalendar("UTC")!, topN: 3, first: ISOWeek(year: 2025, week: 52))
        XCTAssertEqual(
            report.weeks.map { "\($0.week) \($0.figures.messages) \($0.figures.reactions)" },
            ["2025-W52 0 0", "2026-W01 0 0", "2026-W02 1 0", "2026-W03 0 0", "2026-W04 0 0", "2026-W05 1 1"])
        XCTAssertNil(report.weeks[3].figures.medianSecondsToFirstReaction)
        XCTAssertEqual(report.weeks[5].figures.medianSecondsToFirstReaction, 5)
    }

    func testSinceAndUntilCutMessagesInTheTimeZone() throws {
        let result = try Self.weeklyFixture()
        var options = BuildOptions()
        options.since = PeriodBound.parse("2026-W13")
        options.until = PeriodBound.parse("2026-03-29")
        let berlin = MessageFilter.apply(result, options: options, calendar: WeekCalendar("Europe/Berlin")!)
        XCTAssertEqual(berlin.messages.map(\.id), ["m3", "o1", "m4", "m5"])
        let utc = MessageFilter.apply(result, options: options, calendar: WeekCalendar("UTC")!)
        XCTAssertEqual(utc.messages.map(\.id), ["m3", "o1", "m4", "m5", "m6"])
        options.since = nil
        options.until = nil
        options.excludeConversations = ["OPS"]
        XCTAssertEqual(MessageFilter.apply(result, options: options).messages.map(\.id), ["m1", "m2", "m3", "m4", "m5", "m6"])
        options.excludeConversations = []
        options.includeConversations = ["messaging:ops"]
        XCTAssertEqual(MessageFilter.apply(result, options: options).messages.map(\.id), ["o1"])
    }
}
