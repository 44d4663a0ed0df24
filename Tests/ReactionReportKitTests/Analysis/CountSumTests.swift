import XCTest

@testable import ReactionReportKit

/// Sums of counts after the ledger stop at the ends of `Int` instead of trapping.
final class CountSumTests: XCTestCase {
    let half = DirectSummaries.half

    func testAddingInPlaceIsClamped() {
        var sum = Int.max - 1
        sum.addClamped(2)
        XCTAssertEqual(sum, Int.max)
        var negative = Int.min + 1
        negative.addClamped(-2)
        XCTAssertEqual(negative, Int.min)
    }

    /// A pair's counts keep 32 bits each and stop at their largest rather than wrap.
    func testPairCountsStopAtTheirLargest() {
        var pair = PairCounts()
        pair.add(onBotMessage: true)
        pair.add(onBotMessage: false)
        XCTAssertEqual([pair.count, pair.onBotMessages, pair.ranked(skippingBotMessages: true)], [2, 1, 1])
        for _ in 0..<30 { pair.add(pair) }
        XCTAssertEqual([pair.count, pair.onBotMessages], [1 << 31, 1 << 30])
        pair.add(pair)
        XCTAssertEqual([pair.count, pair.onBotMessages], [4_294_967_295, 1 << 31])
        pair.add(onBotMessage: true)
        XCTAssertEqual([pair.count, pair.onBotMessages, pair.ranked(skippingBotMessages: true)], [4_294_967_295, (1 << 31) + 1, (1 << 31) - 2])
    }

    func testAMessagesTotalIsClamped() {
        XCTAssertEqual(DirectSummaries.message("m", "2026-03-03T10:00:00Z", [("👍", Int.max), ("❤️", 1)]).reactionCount, Int.max)
        XCTAssertEqual(DirectSummaries.message("m", "2026-03-03T10:00:00Z", [("👍", Int.min), ("❤️", -1)]).reactionCount, Int.min)
        XCTAssertEqual(DirectSummaries.message("m", "2026-03-03T10:00:00Z", [("👍", 3), ("❤️", 4)]).reactionCount, 7)
    }

    /// Int.max / 2 on each of three messages, one week, one conversation, one author.
    func testOverviewAndWeekSumsStopAtIntMax() {
        let messages = (1...3).map { DirectSummaries.message("m\($0)", "2026-03-0\($0 + 2)T10:00:00Z", [("😂", half)]) }
        let overview = Overview(messages: messages, topN: 2)
        XCTAssertEqual([overview.messages, overview.reactedMessages, overview.reactions], [3, 3, Int.max])
        XCTAssertEqual(overview.conversations.map(\.reactions), [Int.max])
        XCTAssertEqual(overview.topEmoji.map { "\($0.emoji.key) \($0.count)" }, ["😂 \(Int.max)"])
        XCTAssertEqual(overview.topMessages, [0, 1])

        let report = WeeklyReport(messages: messages, calendar: WeekCalendar("UTC")!, topN: 2)
        let week = report.weeks[0]
        XCTAssertEqual(report.weeks.map(\.week.description), ["2026-W10"])
        XCTAssertEqual([week.figures.messages, week.figures.reactedMessages, week.figures.reactions], [3, 3, Int.max])
        XCTAssertEqual(week.figures.reactionsPerMessage, Double(Int.max) / 3)
        XCTAssertEqual(week.conversations.map(\.figures.reactions), [Int.max])
        XCTAssertEqual(week.topEmoji.map(\.count), [Int.max])
        XCTAssertEqual(week.topReceivers.map { "\($0.id) \($0.count)" }, ["U1 \(Int.max)"])
    }

    /// Negative counts (which only a summary made outside the ledger has) stop at Int.min.
    func testNegativeCountsStopAtIntMin() {
        let messages = (1...2).map { DirectSummaries.message("m\($0)", "2026-03-0\($0 + 2)T10:00:00Z", [("👍", Int.min)]) }
        let overview = Overview(messages: messages, topN: 2)
        XCTAssertEqual([overview.reactedMessages, overview.reactions], [0, Int.min])
        XCTAssertEqual(overview.topEmoji.map(\.count), [Int.min])
        XCTAssertEqual(WeeklyReport(messages: messages, calendar: WeekCalendar("UTC")!, topN: 2).weeks[0].figures.reactions, Int.min)
    }
}
