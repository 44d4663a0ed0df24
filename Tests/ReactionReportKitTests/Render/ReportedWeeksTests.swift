import XCTest

@testable import ReactionReportKit

/// Which weeks get a report of their own: those with messages, and a single empty week between
/// two that have them; runs of empty weeks, and empty weeks at the ends, are gaps.
final class ReportedWeeksTests: XCTestCase {
    /// Weeks from 2026-W01 with these numbers of messages.
    func weeks(_ messages: [Int]) -> [WeeklyReport.Week] {
        var week = ISOWeek(year: 2026, week: 1)
        return messages.map { count in
            var entry = WeeklyReport.Week(week: week, start: 0, end: 0)
            entry.figures.messages = count
            week = week.next
            return entry
        }
    }

    func testLoneEmptyWeeksKeepTheirReportAndRunsAreGaps() {
        let weeks = weeks([0, 3, 0, 2, 0, 0, 1, 0])
        let reported = ReportedWeeks(weeks)
        XCTAssertEqual(reported.indexes, [1, 2, 3, 6])
        XCTAssertEqual(reported.gaps, [0..<1, 4..<6, 7..<8])
        XCTAssertEqual(reported.latest, 6)
        XCTAssertEqual(
            reported.gaps.map { ReportedWeeks.gapText(weeks, $0, locale: .standard) },
            [
                "no messages in 2026-W01", "no messages from 2026-W05 to 2026-W06 (2 weeks)", "no messages in 2026-W08"
            ])
        XCTAssertEqual(ReportedWeeks.gapText(weeks, 4..<6, capitalized: true, locale: .standard), "No messages from 2026-W05 to 2026-W06 (2 weeks)")
        // The navigation crosses a gap to the nearest week with a report, and names the gap.
        XCTAssertTrue(reported.previous(6) == (3, 4..<6))
        XCTAssertTrue(reported.next(3) == (6, 4..<6))
        XCTAssertTrue(reported.next(2) == (3, 3..<3))
        XCTAssertTrue(reported.previous(1) == (nil, 0..<1))
        XCTAssertTrue(reported.next(6) == (nil, 7..<8))
        XCTAssertEqual(ReportedWeeks([]).indexes, [])
        XCTAssertEqual(ReportedWeeks(self.weeks([0])).gaps, [0..<1])
        XCTAssertEqual(ReportedWeeks(self.weeks([1, 0, 0, 0, 1])).gaps, [1..<4])
    }
}
