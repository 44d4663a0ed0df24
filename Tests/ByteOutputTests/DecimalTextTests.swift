import XCTest

@testable import ByteOutput

/// Decimal text read whole, in parts.
final class DecimalTextTests: XCTestCase {
    func parts(_ negative: Bool, _ whole: Int64, _ fraction: Int64, _ digits: Int) -> DecimalText.Parts {
        DecimalText.Parts(negative: negative, whole: whole, fraction: fraction, fractionDigits: digits)
    }

    func testSignWholeAndFraction() {
        XCTAssertEqual(DecimalText.read("1459154014.000018", fractionLimit: 9), parts(false, 1_459_154_014, 18, 6))
        XCTAssertEqual(DecimalText.read("+5", fractionLimit: 9), parts(false, 5, 0, 0))
        XCTAssertEqual(DecimalText.read("-0.5", fractionLimit: 9), parts(true, 0, 5, 1))
        XCTAssertEqual(DecimalText.read("0001.1234567891", fractionLimit: 9), parts(false, 1, 123_456_789, 10))
        XCTAssertEqual(DecimalText.read("7.123", fractionLimit: 0), parts(false, 7, 0, 3))
        XCTAssertEqual(DecimalText.read("9223372036854775807", fractionLimit: 9), parts(false, Int64.max, 0, 0))
    }

    func testAnythingElseIsNil() {
        for text in ["", "+", "-", ".5", "5.", "1.2.3", "1..2", "1x", "1.x", " 1", "1 ", "1e3", "٣", "9223372036854775808", "1.23x456"] {
            XCTAssertNil(DecimalText.read(text, fractionLimit: 9), text)
        }
    }
}
