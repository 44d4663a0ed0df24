import XCTest

@testable import ReactionReportKit

/// The charts over weeks the data does not cover whole and weeks without messages.
extension ChartModelTests {
    /// The line stops over points without a value (weeks without messages have no rate) and
    /// starts again after them; a point alone between two such stretches keeps its dot however
    /// many points there are. Partial weeks are marked in both kinds of chart, and a point
    /// without a value is never the highest.
    func testTheLineStopsWhereThereIsNoRateAndPartialWeeksAreMarked() throws {
        let points: [Point] = [
            ("2026-W40", 0.5, "50.0%"), ("2026-W41", 0.25, "25.0%"), ("2026-W42", .nan, "no messages"), ("2026-W43", 1, "100.0%"),
            ("2026-W44", .nan, "no messages"), ("2026-W45", 0.5, "50.0%")
        ]
        let model = ChartModel.line(id: "rate", title: "Rate", summary: "s", points: points, unit: "Rate", partial: [0, 5])
        XCTAssertEqual(model.lineSegments.map { $0.split(separator: " ").count }, [2, 1, 1])
        XCTAssertEqual(model.columns.map { $0.dot != nil }, [true, true, false, true, false, true])
        XCTAssertEqual(model.columns.map(\.partial), [true, false, false, false, false, true])
        let html = try render(model)
        XCTAssertEqual(html.components(separatedBy: #"<polyline class="chart-trend""#).count - 1, 3)
        XCTAssertEqual(html.components(separatedBy: #"<g class="chart-col chart-partial">"#).count - 1, 2)
        XCTAssertEqual(
            ChartModel.summary("Rate", points: [("2026-W39", .nan, "no messages")] + points), "Rate from 2026-W39 to 2026-W45; highest 100.0% in 2026-W43")
        // Among more points than get dots, only the lone one keeps its dot.
        let many = (0..<70).map { index -> Point in
            (label: "d\(index)", value: index == 10 || (30..<35).contains(index) ? 0.5 : .nan, valueText: "x")
        }
        let sparse = ChartModel.line(id: "r", title: "t", summary: "s", points: many, unit: "Rate")
        XCTAssertEqual(sparse.columns.indices.filter { sparse.columns[$0].dot != nil }, [10])
        XCTAssertEqual(sparse.lineSegments.map { $0.split(separator: " ").count }, [1, 5])
        let bars = ChartModel.columns(id: "b", title: "t", summary: "s", points: weeks([1, 2, 3]), unit: "Reactions", partial: [2])
        XCTAssertEqual(bars.columns.map(\.partial), [false, false, true])
        XCTAssertEqual(try render(bars).components(separatedBy: #"<g class="chart-col chart-partial">"#).count - 1, 1)
    }
}
