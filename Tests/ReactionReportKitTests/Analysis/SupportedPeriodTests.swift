import Foundation
import XCTest

@testable import ReactionReportKit

/// The days and weeks a report's period may name, and the calendar at their ends in the time
/// zones farthest from UTC.
final class SupportedPeriodTests: XCTestCase {
    func testTheRangeAndItsEnds() {
        XCTAssertEqual(PeriodBound.supportedRange, "a day from 1678-01-01 to 2261-12-31 or a week from 1678-W01 to 2261-W52")
        let accepted = ["1678-01-01", "1678-W01", "2261-W52", "2261-12-31", "2026-W47"]
        let refused = ["1677-12-31", "1677-W52", "2262-01-01", "2262-W01", "0001-01-01", "9999-12-31", "9999-W52"]
        XCTAssertEqual(accepted.filter { PeriodBound.parse($0)!.isSupported }, accepted)
        XCTAssertEqual(refused.filter { PeriodBound.parse($0)!.isSupported }, [])
    }

    /// The weeks around both ends (the week holding 1678-01-01 starts in 1677, the week after
    /// 2261-12-31 ends in 2262) in the zones of the largest offsets, east and west.
    func testWeekStartsAtTheEndsOfTheRange() {
        for zone in ["Pacific/Kiritimati", "Etc/GMT+12", "Asia/Manila", "America/Sitka", "UTC"] {
            let calendar = WeekCalendar(zone)!
            for (first, last) in [(ISOWeek(year: 1677, week: 52), ISOWeek(year: 1678, week: 1)), (ISOWeek(year: 2261, week: 52), ISOWeek(year: 2262, week: 1))]
            {
                let range = WeekRange(from: first, through: last, calendar: calendar)
                XCTAssertEqual(range.starts.count, 3, zone)
                XCTAssertEqual(
                    range.starts.map { calendar.day(of: Timestamp(nanoseconds: $0 * 1_000_000_000, fractionDigits: 0)) },
                    [first.monday, last.monday, last.next.monday], zone)
            }
        }
    }

    /// A library caller's options are checked as the command line's are, before anything is read.
    func testABuildOfAPeriodOutsideTheRangeIsAConfigurationError() throws {
        var options = BuildOptions()
        options.until = .day(CivilDate(year: 9999, month: 12, day: 31))
        let build = ReportBuild(inputs: [TestSupport.fixtures.appendingPathComponent("pubnub/chat-history.json").path], options: options)
        XCTAssertThrowsError(try build.inspect()) { error in
            XCTAssertEqual((error as? ReportBuild.StepError)?.step, .filter)
            XCTAssertEqual(
                (error as? ReportBuild.StepError)?.underlying as? ConfigurationError,
                ConfigurationError(option: "until", reason: "9999-12-31 is outside the supported range: \(PeriodBound.supportedRange)"))
        }
        options.until = nil
        options.since = .week(ISOWeek(year: 1, week: 1))
        XCTAssertThrowsError(try ReportBuild(inputs: build.inputs, options: options).inspect()) { error in
            XCTAssertEqual(((error as? ReportBuild.StepError)?.underlying as? ConfigurationError)?.option, "since")
        }
    }
}
