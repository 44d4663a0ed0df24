import ByteOutput
import XCTest

@testable import ReactionReportKit

/// Times as the data files and pages write them.
final class TimestampTextTests: XCTestCase {
    func testTimesAreWrittenAsTheirText() {
        let times = [
            Timestamp(nanoseconds: 0, fractionDigits: 0), Timestamp(nanoseconds: 1_700_000_000_000_100_000, fractionDigits: 6),
            Timestamp(nanoseconds: 7_258_118_399_999_999_999, fractionDigits: 9), Timestamp(nanoseconds: -1, fractionDigits: 3)
        ]
        XCTAssertEqual(
            times.map(\.rfc3339),
            [
                "1970-01-01T00:00:00Z", "2023-11-14T22:13:20.000100Z", "2199-12-31T23:59:59.999999999Z",
                "1969-12-31T23:59:59.999Z"
            ])
        let buffer = ByteBuffer(capacity: 1)
        for time in times { time.appendRFC3339(to: buffer) }
        XCTAssertEqual(buffer.text, times.map(\.rfc3339).joined())
        XCTAssertEqual(CivilDate(year: 2026, month: 3, day: 9).isoText, "2026-03-09")
        XCTAssertEqual(CivilDate(year: -44, month: 3, day: 15).isoText, "0-44-03-15")
        XCTAssertEqual(TimeText.utc.display(times[1]), "2023-11-14 22:13 UTC")
        XCTAssertEqual(TimeText.utc.display(times[3]), "1969-12-31 23:59 UTC")
    }
}
