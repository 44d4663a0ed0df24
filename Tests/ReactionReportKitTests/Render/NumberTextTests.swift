import XCTest

@testable import ReactionReportKit

/// Numbers on pages: percentages and averages printed whole up to 1,000,000,000 and bounded
/// beyond it; changes between any two counts.
final class NumberTextTests: XCTestCase {
    func testPercentagesAndAveragesUpToTheLimitAndBeyond() {
        XCTAssertEqual(NumberText.integer(Int.min), "-9,223,372,036,854,775,808")
        XCTAssertEqual(NumberText.integer(magnitude: UInt.max), "18,446,744,073,709,551,615")
        XCTAssertEqual(NumberText.decimal(1_000_000_000), "1000000000.00")
        XCTAssertEqual(NumberText.decimal(1_000_000_000.01), "over 1,000,000,000")
        XCTAssertEqual(NumberText.decimal(Double(Int.max)), "over 1,000,000,000")
        XCTAssertEqual(NumberText.decimal(-Double(Int.max)), "under -1,000,000,000")
        XCTAssertEqual(NumberText.decimal(-2.5), "-2.50")
        XCTAssertEqual(NumberText.decimal(.infinity), "over 1,000,000,000")
        XCTAssertEqual(NumberText.decimal(.nan), "–")
        XCTAssertEqual(NumberText.percent(10_000_000), "1000000000.0%")
        XCTAssertEqual(NumberText.percent(10_000_000.001), "over 1,000,000,000%")
        XCTAssertEqual(NumberText.percent(Double(Int.max)), "over 1,000,000,000%")
        XCTAssertEqual(NumberText.percent(-Double(Int.max)), "under -1,000,000,000%")
        XCTAssertEqual(NumberText.percent(-0.0125), "-1.3%", "was -1.-3%")
        XCTAssertEqual(NumberText.percent(-0.0001), "0.0%")
        XCTAssertEqual(NumberText.percent(.nan), "–")
    }

    func testChangesBetweenAnyTwoCounts() {
        func text(_ change: FigureChange) -> String { "\(change.text) | \(change.description)" }
        XCTAssertEqual(
            text(ChangeText(locale: .standard).count(Int.max, 1)), "▲ 9,223,372,036,854,775,806 (over +1,000,000,000%) | up 9,223,372,036,854,775,806 from 1")
        XCTAssertEqual(text(ChangeText(locale: .standard).count(10_000_001, 1)), "▲ 10,000,000 (+1000000000.0%) | up 10,000,000 from 1")
        XCTAssertEqual(text(ChangeText(locale: .standard).count(10_000_002, 1)), "▲ 10,000,001 (over +1,000,000,000%) | up 10,000,001 from 1")
        XCTAssertEqual(
            text(ChangeText(locale: .standard).count(1, Int.max)),
            "▼ 9,223,372,036,854,775,806 (−100.0%) | down 9,223,372,036,854,775,806 from 9,223,372,036,854,775,807")
        XCTAssertEqual(text(ChangeText(locale: .standard).count(Int.max, 0)), "new | new: none the week before")
        // Counts of any sign: the difference of Int.min and Int.max is exact.
        XCTAssertEqual(
            text(ChangeText(locale: .standard).count(Int.min, Int.max)),
            "▼ 18,446,744,073,709,551,615 (−200.0%) | down 18,446,744,073,709,551,615 from 9,223,372,036,854,775,807")
        XCTAssertEqual(
            text(ChangeText(locale: .standard).count(Int.max, Int.min)),
            "▲ 18,446,744,073,709,551,615 (+200.0%) | up 18,446,744,073,709,551,615 from -9,223,372,036,854,775,808")
        XCTAssertEqual(
            text(ChangeText(locale: .standard).count(Int.min, 1)), "▼ 9,223,372,036,854,775,809 (under −1,000,000,000%) | down 9,223,372,036,854,775,809 from 1"
        )
        XCTAssertEqual(
            text(ChangeText(locale: .standard).ratio(Double(Int.max), 0.5, known: true, knownBefore: true)),
            "▲ over 1,000,000,000 (over +1,000,000,000%) | up over 1,000,000,000")
        XCTAssertEqual(text(ChangeText(locale: .standard).ratio(.nan, 0.5, known: true, knownBefore: true)), "– | no ratio to compare")
        XCTAssertEqual(
            text(ChangeText(locale: .standard).rate(Double(Int.max), 0, known: true, knownBefore: true)),
            "▲ over 1,000,000,000 pts | up over 1,000,000,000 percentage points")
        XCTAssertEqual(text(ChangeText(locale: .standard).rate(.nan, 0, known: true, knownBefore: true)), "– | no rate to compare")
        XCTAssertEqual(ChangeText.signedPercent(.nan), "–")
    }
}
