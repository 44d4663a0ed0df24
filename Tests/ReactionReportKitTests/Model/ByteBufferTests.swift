import XCTest
@testable import ReactionReportKit

/// The output buffer every page and data file is written into, and the number writers that
/// write into it in place.
final class ByteBufferTests: XCTestCase {
    func testAppendsGrowAndKeepEverything() {
        let buffer = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<300 {
            let piece = Array("piece \(round) ".utf8)
            piece.withUnsafeBufferPointer { buffer.append($0) }
            expected += piece
            buffer.append(UInt8(round % 256))
            expected.append(UInt8(round % 256))
            buffer.append(literal: "é")
            expected += Array("é".utf8)
            buffer.append("ü\(round)")
            expected += Array("ü\(round)".utf8)
            buffer.append(decimal: round - 150)
            expected += Array(String(round - 150).utf8)
        }
        XCTAssertEqual(buffer.bytes, expected)
        XCTAssertEqual(buffer.count, expected.count)
        XCTAssertEqual(buffer[buffer.count - 1], expected.last)
    }

    func testInsertMovesWhatFollows() {
        let buffer = ByteBuffer(capacity: 4)
        buffer.append("line one\nline two")
        buffer.insert(Array("  ".utf8), at: 9)
        buffer.insert([], at: 0)
        buffer.insert(Array(">".utf8), at: 0)
        XCTAssertEqual(buffer.text, ">line one\n  line two")
        XCTAssertEqual(buffer.withContents { $0.count }, 20)
    }

    func testDecimalsAndPaddingMatchTheStringForms() {
        let values: [Int64] = [0, 1, 9, 10, 99, 100, 999, 1_000, 12_345, 999_999_999, Int64.max, -1, -9, -10, -123, Int64.min + 1]
        for value in values {
            for width in [1, 2, 4, 9] {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { room in
                    let count = writePadded(value, width, to: room.baseAddress!)
                    XCTAssertEqual(String(decoding: UnsafeBufferPointer(rebasing: room[..<count]), as: UTF8.self), pad(value, width), "\(value) to \(width)")
                }
            }
            let buffer = ByteBuffer()
            buffer.append(decimal: Int(value))
            XCTAssertEqual(buffer.text, String(value))
        }
    }

    func testTimesAreWrittenAsTheirText() {
        let times = [Timestamp(nanoseconds: 0, fractionDigits: 0), Timestamp(nanoseconds: 1_700_000_000_000_100_000, fractionDigits: 6),
                     Timestamp(nanoseconds: 7_258_118_399_999_999_999, fractionDigits: 9), Timestamp(nanoseconds: -1, fractionDigits: 3)]
        XCTAssertEqual(times.map(\.rfc3339), ["1970-01-01T00:00:00Z", "2023-11-14T22:13:20.000100Z", "2199-12-31T23:59:59.999999999Z",
                                              "1969-12-31T23:59:59.999Z"])
        let buffer = ByteBuffer(capacity: 1)
        for time in times { time.appendRFC3339(to: buffer) }
        XCTAssertEqual(buffer.text, times.map(\.rfc3339).joined())
        XCTAssertEqual(CivilDate(year: 2026, month: 3, day: 9).isoText, "2026-03-09")
        XCTAssertEqual(TimeText.display(times[1]), "2023-11-14 22:13 UTC")
    }
}
