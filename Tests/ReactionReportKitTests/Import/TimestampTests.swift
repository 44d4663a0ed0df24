import XCTest

@testable import ReactionReportKit

final class TimestampTests: XCTestCase {
    func testTimetokensAre100NanosecondTicks() {
        XCTAssertEqual(Timestamp.timetoken("15610547826970040")?.rfc3339, "2019-06-20T18:19:42.6970040Z")
        XCTAssertEqual(Timestamp.timetoken("17300000123450000")?.rfc3339, "2024-10-27T03:33:32.3450000Z")
        XCTAssertNil(Timestamp.timetoken("1e17"))
    }

    func testSlackTimestampsKeepMicroseconds() {
        XCTAssertEqual(Timestamp.decimalSeconds("1700000000.000100")?.rfc3339, "2023-11-14T22:13:20.000100Z")
        XCTAssertEqual(Timestamp.decimalSeconds("1731874961")?.rfc3339, "2024-11-17T20:22:41Z")
        XCTAssertNil(Timestamp.decimalSeconds("17x"))
        XCTAssertNil(Timestamp.decimalSeconds("9223372036.999999999"))
    }

    /// The edges of the decimal reader, read as `Int64(_:)` reads the whole seconds.
    func testDecimalSecondsEdges() {
        XCTAssertEqual(Timestamp.decimalSeconds("+5")?.rfc3339, "1970-01-01T00:00:05Z")
        XCTAssertEqual(Timestamp.decimalSeconds("-0.5")?.rfc3339, "1970-01-01T00:00:00.5Z")
        XCTAssertEqual(Timestamp.decimalSeconds("0001.1234567891")?.rfc3339, "1970-01-01T00:00:01.123456789Z")
        for text in ["", "-1", ".5", "5.", "+", "1.2.3", "1..2", "1x", "1.x", " 1", "1 ", "1e3", "٣", "99999999999999999999"] {
            XCTAssertNil(Timestamp.decimalSeconds(text), text)
        }
    }

    func testISO8601VariantsFromStreamAndDiscord() {
        XCTAssertEqual(Timestamp.iso8601("2024-04-17T13:14:53.643826Z")?.rfc3339, "2024-04-17T13:14:53.643826Z")
        XCTAssertEqual(Timestamp.iso8601("2020-08-17T13:15:27.5564Z")?.rfc3339, "2020-08-17T13:15:27.5564Z")
        XCTAssertEqual(Timestamp.iso8601("2026-06-24T19:04:23.18+07:00")?.rfc3339, "2026-06-24T12:04:23.18Z")
        XCTAssertEqual(Timestamp.iso8601("2026-06-24T21:07:18.5322821+07:00")?.rfc3339, "2026-06-24T14:07:18.5322821Z")
        XCTAssertEqual(Timestamp.iso8601("2024-11-17T21:22:41")?.rfc3339, "2024-11-17T21:22:41Z")
        XCTAssertEqual(Timestamp.iso8601("2024-02-29T00:00:00-0130")?.rfc3339, "2024-02-29T01:30:00Z")
        XCTAssertNil(Timestamp.iso8601("2023-02-29T00:00:00Z"))
        XCTAssertNil(Timestamp.iso8601("2024-04-17T25:00:00Z"))
        XCTAssertNil(Timestamp.iso8601("yesterday"))
    }

    /// Found by the fuzzer: a year whose nanoseconds do not fit in 64 bits stopped the build
    /// with an arithmetic overflow instead of being reported as a bad time.
    func testFarYearsAreInvalidNotAnOverflow() {
        XCTAssertNil(Timestamp.iso8601("6697-03-23T08:06:00Z"))
        XCTAssertNil(Timestamp.iso8601("9999-12-31T23:59:59.999999999Z"))
        XCTAssertNil(Timestamp.iso8601("9999-12-31"))
        XCTAssertNil(Timestamp.iso8601("0000-01-01T00:00:00+23:59"))
        XCTAssertEqual(Timestamp.iso8601("2199-12-31")?.rfc3339, "2199-12-31T00:00:00Z")
    }

    func testUnixSecondsAndMilliseconds() {
        XCTAssertEqual(Timestamp.unixSeconds(1_700_000_000)?.rfc3339, "2023-11-14T22:13:20Z")
        XCTAssertEqual(Timestamp.unixMilliseconds(1_553_165_193_242)?.rfc3339, "2019-03-21T10:46:33.242Z")
        XCTAssertNil(Timestamp.unixSeconds(Int64.max))
    }

    func testTextAtTheEdgesOfTheRange() {
        XCTAssertEqual(Timestamp(nanoseconds: 0, fractionDigits: 0).rfc3339, "1970-01-01T00:00:00Z")
        XCTAssertEqual(Timestamp(nanoseconds: -1, fractionDigits: 9).rfc3339, "1969-12-31T23:59:59.999999999Z")
        XCTAssertEqual(Timestamp(nanoseconds: Int64.min, fractionDigits: 3).rfc3339, "1677-09-21T00:12:43.145Z")
        XCTAssertEqual(Timestamp(nanoseconds: Int64.max, fractionDigits: 7).rfc3339, "2262-04-11T23:47:16.8547758Z")
        XCTAssertEqual(TimeText.utc.display(Timestamp(nanoseconds: Int64.max, fractionDigits: 7)), "2262-04-11 23:47 UTC")
        XCTAssertEqual(TimeText.utc.display(Timestamp(nanoseconds: 9 * 3_600_000_000_000 + 5 * 60_000_000_000, fractionDigits: 0)), "1970-01-01 09:05 UTC")
        XCTAssertEqual(CivilDate(year: 2026, month: 3, day: 9).isoText, "2026-03-09")
    }
}
