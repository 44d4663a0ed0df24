import XCTest

@testable import ByteOutput

/// The output buffer every page and data file is written into, and the number and time writers
/// that write into it in place.
final class ByteBufferTests: XCTestCase {
    func testAppendsGrowAndKeepEverything() {
        let buffer = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<300 {
            let piece = Array("piece \(round) ".utf8)
            buffer.append(piece)
            expected += piece
            buffer.append(piece, 2..<piece.count)
            expected += piece[2...]
            buffer.append(UInt8(round % 256))
            expected.append(UInt8(round % 256))
            buffer.append(literal: "é")
            expected += Array("é".utf8)
            buffer.append("ü\(round)")
            expected += Array("ü\(round)".utf8)
            buffer.append(decimal: round - 150)
            expected += Array(String(round - 150).utf8)
            buffer.append(ByteBuffer("+"))
            expected += Array("+".utf8)
        }
        XCTAssertEqual(buffer.bytes, expected)
        XCTAssertEqual(buffer.count, expected.count)
        XCTAssertEqual(buffer[buffer.count - 1], expected.last)
        XCTAssertEqual(ByteBuffer(expected).bytes, expected)
        XCTAssertEqual(ByteBuffer("").count, 0)
        XCTAssertTrue(ByteBuffer([]).isEmpty)
    }

    func testInsertMovesWhatFollows() {
        let buffer = ByteBuffer(capacity: 4)
        buffer.append("line one\nline two")
        buffer.insert(Array("  ".utf8), at: 9)
        buffer.insert([], at: 0)
        buffer.insert(Array(">".utf8), at: 0)
        XCTAssertEqual(buffer.text, ">line one\n  line two")
        XCTAssertEqual(buffer.count, 20)
    }

    /// `String(value)` left-padded with zeros to `width`, as the writers pad.
    static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.utf8.count)) + digits
    }

    func testDecimalsAndPaddingMatchTheStringForms() {
        let values: [Int64] = [0, 1, 9, 10, 99, 100, 999, 1_000, 12_345, 999_999_999, Int64.max, -1, -9, -10, -123, Int64.min + 1, Int64.min]
        for value in values {
            for width in [0, 1, 2, 3, 4, 9, 20] {
                let buffer = ByteBuffer(capacity: 1)
                buffer.appendPadded(value, width: width)
                XCTAssertEqual(buffer.text, Self.padded(value, width), "\(value) to \(width)")
                var short = ShortText()
                short.appendPadded(value, width: width)
                XCTAssertEqual(short.text, Self.padded(value, width), "\(value) to \(width)")
            }
            let buffer = ByteBuffer()
            buffer.append(decimal: Int(value))
            XCTAssertEqual(buffer.text, String(value))
        }
    }

    func testDatesAndTimesAreWrittenAsRFC3339() {
        let buffer = ByteBuffer(capacity: 1)
        buffer.appendISODate(year: 2026, month: 3, day: 9)
        buffer.append(0x20)
        buffer.appendISODate(year: 12, month: 11, day: 30)
        buffer.append(0x20)
        buffer.appendRFC3339(year: 2023, month: 11, day: 14, secondOfDay: 80_000, nanosecond: 100_000, fractionDigits: 6)
        buffer.append(0x20)
        buffer.appendRFC3339(year: 2199, month: 12, day: 31, secondOfDay: 86_399, nanosecond: 999_999_999, fractionDigits: 9)
        buffer.append(0x20)
        buffer.appendRFC3339(year: 1970, month: 1, day: 1, secondOfDay: 0, nanosecond: 999_999_999, fractionDigits: 0)
        buffer.append(0x20)
        buffer.appendRFC3339(year: 1969, month: 12, day: 31, secondOfDay: 86_399, nanosecond: 999_000_000, fractionDigits: 3)
        XCTAssertEqual(
            buffer.text, "2026-03-09 0012-11-30 2023-11-14T22:13:20.000100Z 2199-12-31T23:59:59.999999999Z 1970-01-01T00:00:00Z 1969-12-31T23:59:59.999Z")
    }

    func testShortTextWritesWhatTheBufferWrites() {
        var short = ShortText()
        short.appendISODate(year: 2026, month: 11, day: 3)
        short.append(0x20)
        short.appendRFC3339(year: 2026, month: 11, day: 3, secondOfDay: 50_700, nanosecond: 123_456_789, fractionDigits: 7)
        short.append(literal: " UTC ✓")
        XCTAssertEqual(short.text, "2026-11-03 2026-11-03T14:05:00.1234567Z UTC ✓")
        XCTAssertEqual(short.count, short.text.utf8.count)
        XCTAssertEqual(ShortText().text, "")
    }
}
