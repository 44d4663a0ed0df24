import ByteOutput
import Templates
import XCTest

@testable import ReactionReportKit

/// The chart view models: exact geometry for small inputs, axis rounding, label thinning,
/// shares with "other", empty input, and escaping through the `chart` partial.
final class ChartModelTests: XCTestCase {
    typealias Point = ChartModel.Point

    func weeks(_ values: [Double], unit: String = "reactions") -> [Point] {
        values.enumerated().map { index, value in
            let week = index + 1
            return (label: "2026-W" + (week < 10 ? "0" : "") + String(week), value: value, valueText: ChartModel.decimal(value) + " " + unit)
        }
    }

    // MARK: Columns

    func testThreeColumnsHaveExactGeometry() throws {
        let model = ChartModel.columns(id: "reactions", title: "Reactions per week", summary: "s", points: weeks([0, 5, 10]), unit: "Reactions")
        XCTAssertFalse(model.isEmpty)
        XCTAssertEqual(model.kind, .bars)
        XCTAssertEqual(model.templateValue["isBars"], .flag(true))
        XCTAssertEqual(model.templateValue["isLine"], .flag(false))
        XCTAssertEqual(model.templateValue["kind"], .text("bars"))
        XCTAssertEqual(model.viewBox, "0 0 640 240")
        XCTAssertEqual(model.width, "640")
        XCTAssertEqual(model.height, "240")

        // Gridlines at 0, 5 and 10; the gutter fits two characters: 14 + 2 × 12 = 38.
        let grid = model.gridlines
        XCTAssertEqual(grid.map(\.label), ["0", "5", "10"])
        XCTAssertEqual(grid.map(\.y), ["210", "110", "10"])
        XCTAssertEqual(grid.map(\.isBase), [true, false, false])
        XCTAssertEqual(Set(grid.map(\.x1)), ["38"])
        XCTAssertEqual(Set(grid.map(\.x2)), ["616"])
        XCTAssertEqual(Set(grid.map(\.labelX)), ["32"])

        // Plot 38…616 in three slots of 192.67; bars 64 wide, centred; 20 units per reaction.
        let columns = model.columns
        let bars = columns.compactMap(\.bar)
        XCTAssertEqual(bars.map(\.x), ["102.33", "295", "487.67"])
        XCTAssertEqual(bars.map(\.width), ["64", "64", "64"])
        XCTAssertEqual(bars.map(\.height), ["0", "100", "200"])
        XCTAssertEqual(bars.map(\.y), ["210", "110", "10"])
        XCTAssertEqual(columns.map(\.hitX), ["38", "230.67", "423.33"])
        XCTAssertEqual(Set(columns.map(\.hitWidth)), ["192.67"])
        XCTAssertEqual(Set(columns.map(\.hitY)), ["10"])
        XCTAssertEqual(Set(columns.map(\.hitHeight)), ["200"])
        XCTAssertEqual(columns.map(\.title), ["2026-W01: 0 reactions", "2026-W02: 5 reactions", "2026-W03: 10 reactions"])
        XCTAssertEqual(columns.map { $0.dot == nil }, [true, true, true])
        XCTAssertEqual(model.lineSegments, [])
        XCTAssertEqual(model.templateValue["line"], .list([]))
        XCTAssertEqual(columns[0].templateValue["dot"], .flag(false))

        let labels = model.xLabels
        XCTAssertEqual(labels.map(\.text), ["W01", "W02", "W03"])
        XCTAssertEqual(labels.map(\.x), ["134.33", "327", "519.67"])
        XCTAssertEqual(Set(labels.map(\.y)), ["230"])
        XCTAssertEqual(labels.map(\.minor), [false, false, false])

        XCTAssertEqual(model.tableValueHeading, "Reactions")
        XCTAssertEqual(model.tableLabelHeading, "Week")
        XCTAssertEqual(model.table.map(\.label), ["2026-W01", "2026-W02", "2026-W03"])
        XCTAssertEqual(model.table.map(\.value), ["0 reactions", "5 reactions", "10 reactions"])
    }

    func testOneColumnAndTinyValuesStayVisible() {
        let one = ChartModel.columns(id: "one", title: "t", summary: "s", points: weeks([3]), unit: "Reactions")
        let bar = one.columns[0].bar
        // Three steps of one reaction: 0, 1, 2, 3; a single column is 64 wide in the middle of 26…616.
        XCTAssertEqual(one.gridlines.map(\.label), ["0", "1", "2", "3"])
        XCTAssertEqual(bar?.x, "289")
        XCTAssertEqual(bar?.height, "200")

        let tiny = ChartModel.columns(id: "tiny", title: "t", summary: "s", points: weeks([1, 6000]), unit: "Reactions")
        let heights = tiny.columns.map { $0.bar?.height }
        XCTAssertEqual(heights, ["1", "200"], "a week with one reaction keeps a sliver")
    }

    func testGridlinesAreRoundNumbers() {
        func labels(_ maximum: Double, _ axis: ChartModel.Axis = .count) -> [String] {
            ChartValueScale(maximum: maximum, axis: axis).ticks.map(\.label)
        }
        XCTAssertEqual(labels(10), ["0", "5", "10"])
        XCTAssertEqual(labels(7), ["0", "2", "4", "6", "8"])
        XCTAssertEqual(labels(4), ["0", "1", "2", "3", "4"])
        XCTAssertEqual(labels(1), ["0", "1", "2"])
        XCTAssertEqual(labels(0), ["0", "1", "2"])
        XCTAssertEqual(labels(90), ["0", "25", "50", "75", "100"])
        XCTAssertEqual(labels(311), ["0", "100", "200", "300", "400"])
        XCTAssertEqual(labels(1250), ["0", "500", "1,000", "1,500"])
        XCTAssertEqual(ChartValueScale(maximum: 311, axis: .count).top, 400)
        for maximum in [1.0, 3, 9, 11, 19, 26, 49, 99, 101, 999, 123_456, 9_876_543] {
            let count = ChartValueScale(maximum: maximum, axis: .count).ticks.count
            XCTAssertTrue((3...5).contains(count), "\(maximum): \(count) gridlines")
            XCTAssertGreaterThanOrEqual(ChartValueScale(maximum: maximum, axis: .count).top, maximum)
        }
    }

    /// The axis reaches the largest count there is, so that one huge week is drawn to scale and
    /// the small ones keep their sliver.
    func testColumnsOfOneHugeAndManySmallValues() {
        let model = ChartModel.columns(id: "r", title: "t", summary: "s", points: weeks([Double(Int.max), 1, 2, 3, 4, 5]), unit: "Reactions")
        XCTAssertEqual(
            model.gridlines.map(\.label),
            [
                "0", "2,500,000,000,000,000,000", "5,000,000,000,000,000,000",
                "7,500,000,000,000,000,000", "10,000,000,000,000,000,000"
            ])
        let bars = model.columns.compactMap(\.bar)
        XCTAssertEqual(bars.map(\.height), ["184.47", "1", "1", "1", "1", "1"])
        // Anything larger is drawn at the top of an axis made for 2^63.
        XCTAssertEqual(ChartValueScale(maximum: 1e300, axis: .count).ticks.last?.label, "10,000,000,000,000,000,000")
        XCTAssertEqual(ChartValueScale(maximum: 1e300, axis: .percent).ticks.last?.label, "100000000000000000%")
        XCTAssertEqual(ChartValueScale(maximum: 0.0123, axis: .percent).ticks.map(\.label), ["0%", "0.5%", "1%", "1.5%"])
    }

    func testThirtyWeeksShowTenLabelsEndingWithTheLast() {
        let model = ChartModel.columns(id: "many", title: "t", summary: "s", points: weeks(Array(repeating: 4, count: 30)), unit: "Reactions")
        let labels = model.xLabels
        XCTAssertEqual(labels.map(\.text), ["W03", "W06", "W09", "W12", "W15", "W18", "W21", "W24", "W27", "W30"])
        // Every other label, counted back from the last, is hidden on narrow screens.
        XCTAssertEqual(labels.map(\.minor), [true, false, true, false, true, false, true, false, true, false])
        XCTAssertEqual(model.columns.count, 30)
    }

    /// Found looking at a site of real samples from 2016 to 2026: `W47` alone did not say which year.
    func testWeeksOfSeveralYearsCarryTheirYearInAtMostEightLabels() {
        let labels = (0..<30).map { n -> Point in
            let week = n < 10 ? "2025-W\(43 + n)" : String(format: "2026-W%02d", n - 9)
            return (week, 1, "1")
        }
        let model = ChartModel.columns(id: "years", title: "t", summary: "s", points: labels, unit: "Reactions")
        XCTAssertEqual(model.xLabels.map(\.text), ["W47 ’25", "W52 ’25", "W05 ’26", "W10 ’26", "W15 ’26", "W20 ’26"])
        for count in [9, 100, 546] {
            XCTAssertLessThanOrEqual(ChartModel.axisLabelIndexes(count: count, limit: 8).count, 8)
        }
    }

    func testAnyNumberOfPointsGetsAtMostTwelveLabels() {
        for count in [1, 2, 11, 12, 13, 23, 24, 100, 365, 500] {
            let chosen = ChartModel.axisLabelIndexes(count: count)
            XCTAssertLessThanOrEqual(chosen.count, 12, "\(count)")
            XCTAssertEqual(chosen.last?.index, count - 1, "\(count)")
            XCTAssertEqual(chosen.map(\.index), chosen.map(\.index).sorted(), "\(count)")
            if count <= 12 { XCTAssertEqual(chosen.count, count) }
            if count > 12 { XCTAssertGreaterThanOrEqual(chosen.count, 7, "\(count)") }
            let gaps = Set(zip(chosen.dropFirst(), chosen).map { $0.index - $1.index })
            XCTAssertLessThanOrEqual(gaps.count, 1, "evenly spaced for \(count)")
        }
        let big = ChartModel.columns(id: "big", title: "t", summary: "s", points: weeks((0..<500).map { Double($0 % 37) }), unit: "Reactions")
        XCTAssertEqual(big.columns.count, 500)
        XCTAssertEqual(big.xLabels.last?.text, "2026-W500", "not an ISO week, so shown as given")
    }

    // MARK: Line and percent axis

    func testRateLineOnAPercentAxis() {
        let points: [Point] = [("2026-W40", 0.1, "10.0%"), ("2026-W41", 0.35, "35.0%"), ("2026-W42", 0.62, "62.0%")]
        let model = ChartModel.line(id: "rate", title: "Reaction rate per week", summary: "s", points: points, unit: "Reaction rate")
        XCTAssertEqual(model.kind, .line)
        XCTAssertEqual(model.templateValue["isLine"], .flag(true))
        XCTAssertEqual(model.templateValue["isBars"], .flag(false))
        let grid = model.gridlines
        XCTAssertEqual(grid.map(\.label), ["0%", "20%", "40%", "60%", "80%"])
        XCTAssertEqual(grid.map(\.y), ["210", "160", "110", "60", "10"])
        // Gutter for three characters: 14 + 36 = 50; slots of 188.67 up to 616.
        XCTAssertEqual(Set(grid.map(\.x1)), ["50"])
        XCTAssertEqual(model.lineSegments, ["144.33,185 333,122.5 521.67,55"])
        XCTAssertEqual(model.templateValue["line"], .list([.object(["points": .text("144.33,185 333,122.5 521.67,55")])]))
        let dots = model.columns.compactMap(\.dot)
        XCTAssertEqual(dots.map(\.cx), ["144.33", "333", "521.67"])
        XCTAssertEqual(dots.map(\.cy), ["185", "122.5", "55"])
        XCTAssertEqual(model.columns.map { $0.bar == nil }, [true, true, true])
        XCTAssertEqual(model.columns.map(\.title), ["2026-W40: 10.0%", "2026-W41: 35.0%", "2026-W42: 62.0%"])
        XCTAssertEqual(model.xLabels.map(\.text), ["W40", "W41", "W42"])
    }

    func testPercentAxisSteps() {
        func labels(_ maximum: Double) -> [String] { ChartValueScale(maximum: maximum, axis: .percent).ticks.map(\.label) }
        XCTAssertEqual(labels(1), ["0%", "25%", "50%", "75%", "100%"])
        XCTAssertEqual(labels(0.3), ["0%", "10%", "20%", "30%"], "0.3 × 10,000 is not a hair above 3,000")
        XCTAssertEqual(labels(0.0075), ["0%", "0.2%", "0.4%", "0.6%", "0.8%"])
        XCTAssertEqual(labels(0.00015), ["0%", "0.01%", "0.02%"])
        XCTAssertEqual(labels(0), ["0%", "25%", "50%", "75%", "100%"], "a week of no reactions still gets a whole axis")
        XCTAssertEqual(ChartValueScale(maximum: 0.62, axis: .percent).top, 0.8)
    }

    func testManyPointsDrawTheLineWithoutDots() {
        let points = (0..<61).map { (label: "d\($0)", value: Double($0) / 100, valueText: "x") }
        let model = ChartModel.line(id: "r", title: "t", summary: "s", points: points, unit: "Rate")
        XCTAssertTrue(model.columns.allSatisfy { $0.dot == nil })
        XCTAssertEqual(model.lineSegments.map { $0.split(separator: " ").count }, [61])
    }

    // MARK: Shares

    let emoji: [(label: String, value: Int)] = [("😂", 10), ("👍", 50), ("🔥", 1), ("❤️", 30), ("🎉", 5), ("🚀", 1), ("👀", 3), ("🙈", 0)]

    func testSharesKeepTheTopItemsAndSumTheRestIntoOther() {
        let model = ChartModel.shares(id: "emoji", title: "Emoji share", summary: "s", items: emoji, otherLabel: "Other", limit: 3, total: 100)
        XCTAssertEqual(model.kind, .shares)
        XCTAssertEqual(model.templateValue["isShares"], .flag(true))
        let rows = model.rows
        XCTAssertEqual(rows.map(\.label), ["👍", "❤️", "😂", "Other"])
        XCTAssertEqual(rows.map(\.valueText), ["50.0%", "30.0%", "10.0%", "10.0%"])
        XCTAssertEqual(rows.map(\.isOther), [false, false, false, true])
        XCTAssertEqual(rows.map(\.title)[0], "👍: 50 of 100 reactions (50.0%)")
        XCTAssertEqual(rows.map(\.title)[3], "Other: 10 of 100 reactions (10.0%)")
        // Labels up to five characters ("Other"): 16 + 5 × 12 = 76; bars 640 − 76 − 80 = 484 at most.
        XCTAssertEqual(model.viewBox, "0 0 640 136")
        XCTAssertEqual(Set(rows.map(\.barX)), ["76"])
        XCTAssertEqual(Set(rows.map(\.labelX)), ["68"])
        XCTAssertEqual(rows.map(\.barWidth), ["484", "290.4", "96.8", "96.8"])
        XCTAssertEqual(rows.map(\.valueX), ["566", "372.4", "178.8", "178.8"])
        XCTAssertEqual(rows.map(\.hitY), ["4", "36", "68", "100"])
        XCTAssertEqual(rows.map(\.labelY), ["20", "52", "84", "116"])
        XCTAssertEqual(rows.map(\.barY), ["10", "42", "74", "106"])
        XCTAssertEqual(Set(rows.map(\.barHeight)), ["20"])
        XCTAssertEqual(model.table.map(\.value), ["50 (50.0%)", "30 (30.0%)", "10 (10.0%)", "10 (10.0%)"])
        XCTAssertEqual(model.tableLabelHeading, "Emoji")
    }

    func testSharesBreakTiesInInputOrderAndOmitAnEmptyOther() {
        let six = ChartModel.shares(id: "e", title: "t", summary: "s", items: emoji, otherLabel: "Other", limit: 6)
        XCTAssertEqual(six.rows.map(\.label), ["👍", "❤️", "😂", "🎉", "👀", "🔥", "Other"])
        XCTAssertEqual(six.rows.map(\.valueText).last, "1.0%")
        let all = ChartModel.shares(id: "e", title: "t", summary: "s", items: emoji, otherLabel: "Other", limit: 10)
        XCTAssertEqual(all.rows.map(\.label), ["👍", "❤️", "😂", "🎉", "👀", "🔥", "🚀"], "nothing left for other; zero counts left out")
        let long = ChartModel.shares(id: "e", title: "t", summary: "s", items: [(":a_very_long_custom_emoji:", 2)], otherLabel: "Other")
        XCTAssertEqual(long.rows.map(\.label), [":a_very_lon…"])
        XCTAssertEqual(long.table.map(\.label), [":a_very_long_custom_emoji:"])
    }

    /// The sum of one `Int.max` and small counts stops at `Int.max`: the rows past the limit
    /// still make the other row, summed from the items rather than from the whole.
    func testSharesOfOneHugeAndManySmallCounts() {
        let items = [("👍", Int.max)] + (1...8).map { ("e\($0)", $0) }
        let rows = ChartModel.shares(id: "e", title: "t", summary: "s", items: items, otherLabel: "Other", total: Int.max).rows
        XCTAssertEqual(
            rows.map(\.title),
            [
                "👍: 9,223,372,036,854,775,807 of 9,223,372,036,854,775,807 reactions (100.0%)",
                "e8: 8 of 9,223,372,036,854,775,807 reactions (0.0%)", "e7: 7 of 9,223,372,036,854,775,807 reactions (0.0%)",
                "e6: 6 of 9,223,372,036,854,775,807 reactions (0.0%)", "e5: 5 of 9,223,372,036,854,775,807 reactions (0.0%)",
                "e4: 4 of 9,223,372,036,854,775,807 reactions (0.0%)",
                "Other: 6 of 9,223,372,036,854,775,807 reactions (0.0%)"
            ])
        XCTAssertEqual(rows.map(\.barWidth), ["484", "1", "1", "1", "1", "1", "1"])
    }

    // MARK: Empty input

    func testEmptyInputGivesAnEmptyModelWithEveryKey() {
        let models = [
            ChartModel.columns(id: "a", title: "t", summary: "s", points: [], unit: "Reactions"),
            ChartModel.line(id: "b", title: "t", summary: "s", points: [], unit: "Rate"),
            ChartModel.shares(id: "c", title: "t", summary: "s", items: [], otherLabel: "Other"),
            ChartModel.shares(id: "d", title: "t", summary: "s", items: [("👍", 0)], otherLabel: "Other")
        ]
        for model in models {
            XCTAssertTrue(model.isEmpty)
            XCTAssertEqual(model.columns.count + model.rows.count + model.gridlines.count, 0)
        }
        let filled = [
            ChartModel.columns(id: "a", title: "t", summary: "s", points: weeks([1]), unit: "Reactions"),
            ChartModel.line(id: "b", title: "t", summary: "s", points: weeks([0.5]), unit: "Rate"),
            ChartModel.shares(id: "c", title: "t", summary: "s", items: [("👍", 1)], otherLabel: "Other")
        ]
        // The partial must never fall back to a same-named value of the page around it.
        let keys = [
            "id", "title", "summary", "kind", "isEmpty", "isBars", "isLine", "isShares", "viewBox", "width", "height",
            "gridlines", "xLabels", "columns", "line", "rows", "table", "tableLabelHeading", "tableValueHeading"
        ]
        for model in models + filled {
            XCTAssertEqual(keys.filter { model.templateValue[TemplateName($0)] == nil }, [], model.id)
        }
    }

    // MARK: Text

    func testSummaryNamesTheRangeAndTheHighestWeek() {
        let points: [Point] = [
            ("2026-W40", 200, "200 reactions"), ("2026-W45", 311, "311 reactions"), ("2026-W46", 311, "311 reactions"),
            ("2026-W47", 211, "211 reactions")
        ]
        XCTAssertEqual(
            ChartModel.summary("Reactions per week", points: points),
            "Reactions per week from 2026-W40 to 2026-W47; highest 311 reactions in 2026-W45")
        XCTAssertEqual(ChartModel.summary("Reactions per week", points: [points[0]]), "Reactions per week in 2026-W40: 200 reactions")
        XCTAssertEqual(ChartModel.summary("Reactions per week", points: []), "Reactions per week: no data")
    }

    func testNumbersHaveAtMostTwoDecimalsAndNoLocale() {
        XCTAssertEqual(ChartModel.decimal(0), "0")
        XCTAssertEqual(ChartModel.decimal(-0.001), "0")
        XCTAssertEqual(ChartModel.decimal(102.333333), "102.33")
        XCTAssertEqual(ChartModel.decimal(487.666666), "487.67")
        XCTAssertEqual(ChartModel.decimal(3.1), "3.1")
        XCTAssertEqual(ChartModel.decimal(0.05), "0.05")
        XCTAssertEqual(ChartModel.decimal(-2.5), "-2.5")
        XCTAssertEqual(ChartModel.decimal(1_234_567.891), "1234567.89")
        XCTAssertEqual(ChartModel.decimal(1e-7), "0")
        XCTAssertEqual(ChartModel.decimal(.infinity), "0")
        XCTAssertEqual(ChartModel.decimal(.nan), "0")
    }

    func testIdsAreMadeSafe() {
        let model = ChartModel.columns(id: "Reactions per week\" onload=\"x", title: "t", summary: "s", points: weeks([1]), unit: "R")
        XCTAssertEqual(model.id, "reactions-per-week-onload-x")
    }

    // MARK: Rendering

    static let hostile = #"<script>alert(1)</script>"'"#
    static let escaped = "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;"

    func render(_ model: ChartModel) throws -> String {
        try TemplateSet.load().renderHTML("chart", model.templateValue).text
    }

    func assertSafe(_ html: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(html.lowercased().contains("<script"), file: file, line: line)
        XCTAssertFalse(html.contains("'"), "the template has no apostrophes, so any would be user text", file: file, line: line)
        XCTAssertTrue(html.contains(Self.escaped), file: file, line: line)
        let unquoted = html.lowercased().replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
        XCTAssertNil(unquoted.range(of: #"<[^>]*\son[a-z]+\s*="#, options: .regularExpression), file: file, line: line)
    }

    func testColumnsRenderWithHostileLabelsEscaped() throws {
        let points: [Point] = [(Self.hostile, 5, Self.hostile), ("2026-W02", 10, "10 reactions")]
        let html = try render(ChartModel.columns(id: "reactions", title: Self.hostile, summary: Self.hostile, points: points, unit: Self.hostile))
        assertSafe(html)
        XCTAssertTrue(
            html.contains(
                #"<svg class="chart-svg" role="img" aria-labelledby="reactions-title reactions-desc" viewBox="0 0 640 240" width="640" height="240" focusable="false">"#
            ))
        XCTAssertTrue(html.contains(#"<title id="reactions-title">\#(Self.escaped)</title>"#))
        XCTAssertTrue(html.contains(#"<desc id="reactions-desc">\#(Self.escaped)</desc>"#))
        XCTAssertTrue(html.contains(#"<title>\#(Self.escaped): \#(Self.escaped)</title>"#))
        XCTAssertTrue(
            html.contains(
                #"<title>2026-W02: 10 reactions</title><rect class="chart-hit" x="327" y="10" width="289" height="200"/><rect class="chart-bar" x="439.5" y="10" width="64" height="200"/></g>"#
            ))
        XCTAssertTrue(html.contains(#"<line class="chart-base" x1="38" y1="210" x2="616" y2="210"/>"#))
        XCTAssertTrue(html.contains(#"<text x="32" y="110">5</text>"#))
        XCTAssertTrue(html.contains(#"<text x="471.5" y="230">W02</text>"#))
        XCTAssertTrue(html.contains(#"<tr><th scope="row">2026-W02</th><td>10 reactions</td></tr>"#))
        XCTAssertFalse(html.contains("<circle"))
        XCTAssertFalse(html.contains("<polyline"))
    }

    func testLineAndSharesRenderWithHostileLabelsEscaped() throws {
        let line = try render(ChartModel.line(id: "rate", title: Self.hostile, summary: "s", points: [(Self.hostile, 0.5, "50.0%")], unit: "Rate"))
        assertSafe(line)
        XCTAssertTrue(line.contains(#"<polyline class="chart-trend" points="333,43.33"/>"#))
        XCTAssertTrue(line.contains(#"<circle class="chart-point" cx="333" cy="43.33" r="4"/>"#))
        XCTAssertFalse(line.contains("chart-bar"))

        let shares = try render(
            ChartModel.shares(
                id: "emoji", title: "Emoji share", summary: Self.hostile,
                items: [(Self.hostile, 3), ("👍", 1)], otherLabel: Self.hostile, limit: 1))
        assertSafe(shares)
        XCTAssertTrue(shares.contains(#"<g class="chart-row chart-other"><title>\#(Self.escaped): 1 of 4 reactions (25.0%)</title>"#))
        XCTAssertTrue(shares.contains("&lt;script&gt;ale…</text>"), "the chart label is cut short, the title and table keep it whole")
        XCTAssertFalse(shares.contains("<line"))
    }

    func testEmptyChartRendersANoteInsteadOfADrawing() throws {
        let html = try render(ChartModel.columns(id: "none", title: "Reactions per week", summary: "s", points: [], unit: "Reactions"))
        XCTAssertEqual(
            html,
            """
            <div class="chart chart-bars">
            <p class="chart-title">Reactions per week</p>
            <p class="chart-empty">No data to chart yet.</p>
            </div>

            """)
    }

    func testRenderingIsByteIdentical() throws {
        let model = { ChartModel.columns(id: "r", title: "t", summary: "s", points: self.weeks((0..<40).map { Double($0 * 7 % 13) / 3 }), unit: "R") }
        XCTAssertEqual(try render(model()), try render(model()))
    }
}
