import XCTest

@testable import ReactionReportKit

/// Charts under a locale: the value axis and the shares in its digits and separators.
final class ChartLocaleTests: XCTestCase {
    func testAxesAndSharesAreWrittenInTheLocalesForms() throws {
        let (arabic, german) = (try XCTUnwrap(LocaleFormat(tag: "ar-EG")), try XCTUnwrap(LocaleFormat(tag: "de-DE")))
        XCTAssertEqual(
            ChartValueScale(maximum: 1_800, axis: .count, locale: german).ticks.map(\.label), ["0", "500", "1.000", "1.500", "2.000"])
        XCTAssertEqual(ChartValueScale(maximum: 180, axis: .count, locale: arabic).ticks.map(\.label), ["٠", "٥٠", "١٠٠", "١٥٠", "٢٠٠"])
        XCTAssertEqual(
            ChartValueScale(maximum: 0.0123, axis: .percent, locale: german).ticks.map(\.label), ["0\u{A0}%", "0,5\u{A0}%", "1\u{A0}%", "1,5\u{A0}%"])
        XCTAssertEqual(ChartValueScale(maximum: 0.0123, axis: .percent).ticks.map(\.label), ["0%", "0.5%", "1%", "1.5%"])
        let shares = ChartModel.shares(
            id: "e", title: "t", summary: "s", items: [(label: "👍", value: 1_234), (label: "🎉", value: 766)], otherLabel: "Other", locale: german)
        XCTAssertEqual(shares.table.map(\.value), ["1.234 (61,7\u{A0}%)", "766 (38,3\u{A0}%)"])
        XCTAssertEqual(shares.rows.map(\.valueText), ["61,7\u{A0}%", "38,3\u{A0}%"])
        XCTAssertEqual(shares.rows.first?.title, "👍: 1.234 of 2.000 reactions (61,7\u{A0}%)")
    }
}
