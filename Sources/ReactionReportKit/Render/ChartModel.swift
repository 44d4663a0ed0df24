/// View models for the inline SVG charts (product.md §5): reactions per week (columns), reaction
/// rate per week (a line with points) and emoji share (horizontal bars).
///
/// All geometry is computed here; `html/chart.mustache` only places the numbers. Every number
/// reaches the template as a string from `ChartModel.decimal`, so a page is byte-identical on
/// every run and machine. Every model carries every key the partial reads (with `false` or `[]`
/// where a part does not apply), so that, used inside a larger page, the partial never picks up
/// a value of the same name from the page around it.
///
/// The drawing is 640 user units wide and scales with the page (`width: 100%` in the
/// stylesheet); the stylesheet enlarges the text when the chart is narrow.
enum ChartModel {
    /// How values are read and how the value axis is labelled.
    enum Axis: Sendable {
        /// Counts: gridlines at whole numbers (0, 5, 10 …; 0, 25, 50 …), labelled `1,250`.
        case count
        /// Ratios from 0 to 1, labelled as percentages (0%, 25%, 50% …; down to steps of 0.01%).
        case percent
    }

    typealias Point = (label: String, value: Double, valueText: String)

    /// The drawing's size in user units.
    static let width = 640.0
    static let height = 240.0
    /// The plot area's top and bottom (the zero line).
    static let plotTop = 10.0
    static let plotBottom = 210.0
    /// Room right of the plot, so that the last axis label fits.
    static let rightMargin = 24.0
    /// Width per character of axis text, for sizing the label gutter. Generous: it allows for
    /// the larger text used on narrow screens.
    static let characterWidth = 12.0
    /// At most this many labels on the week axis.
    static let maxAxisLabels = 12
    /// At most this many when the labels carry their year.
    static let maxAxisLabelsWithYear = 8
    /// Above this many points the line chart draws no dots (they would merge into a band).
    static let maxDots = 60
    /// The widest a column gets, however few there are.
    static let maxColumnWidth = 64.0

    // MARK: - Series

    /// Vertical bars, one per point (a week), on a value axis with 3–5 round gridlines.
    /// - Parameters:
    ///   - id: the base of the element ids (`<id>-title`, `<id>-desc`); made safe with `Slug`.
    ///   - title: the chart's heading.
    ///   - summary: the text alternative, e.g. from `summary(_:points:)`.
    ///   - points: in axis order. `label` is the full name (`2026-W47`); on the axis an ISO week
    ///     is shortened to `W47`. `valueText` is what tooltips and the data table show.
    ///   - unit: what the values are, the heading of the data table's value column ("Reactions").
    ///   - axis: `.count` or `.percent` (values as ratios 0…1).
    ///   - labelHeading: the heading of the data table's label column.
    static func columns(id: String, title: String, summary: String, points: [Point], unit: String,
                        axis: Axis = .count, labelHeading: String = "Week") -> [String: Any] {
        series(kind: "bars", id: id, title: title, summary: summary, points: points, unit: unit, axis: axis, labelHeading: labelHeading)
    }

    /// A line through one point per week, with a dot on each point (up to 60 points), on a value
    /// axis with 3–5 round gridlines; parameters as for `columns`. Meant for the reaction rate,
    /// hence the percent axis by default.
    static func line(id: String, title: String, summary: String, points: [Point], unit: String,
                     axis: Axis = .percent, labelHeading: String = "Week") -> [String: Any] {
        series(kind: "line", id: id, title: title, summary: summary, points: points, unit: unit, axis: axis, labelHeading: labelHeading)
    }

    static func series(kind: String, id: String, title: String, summary: String, points: [Point], unit: String,
                       axis: Axis, labelHeading: String) -> [String: Any] {
        var model = base(kind: kind, id: id, title: title, summary: summary, isEmpty: points.isEmpty)
        model["tableLabelHeading"] = labelHeading
        model["tableValueHeading"] = unit
        model["table"] = points.map { ["label": $0.label, "value": $0.valueText] }
        guard !points.isEmpty else { return model }

        let values = points.map { $0.value.isFinite ? max(0, $0.value) : 0 }
        let scale = ChartValueScale(maximum: values.max() ?? 0, axis: axis)
        let left = 14 + characterWidth * Double(scale.ticks.map(\.label.count).max() ?? 1)
        let right = width - rightMargin
        let plotHeight = plotBottom - plotTop
        let slot = (right - left) / Double(points.count)

        model["viewBox"] = "0 0 \(decimal(width)) \(decimal(height))"
        model["width"] = decimal(width)
        model["height"] = decimal(height)
        model["gridlines"] = scale.ticks.map { tick -> [String: Any] in
            let y = plotBottom - tick.fraction * plotHeight
            return ["y": decimal(y), "x1": decimal(left), "x2": decimal(right), "labelX": decimal(left - 6),
                    "label": tick.label, "isBase": tick.fraction == 0]
        }
        // Weeks of more than one year carry their year (`W47 ’23`), in fewer, wider labels.
        let firstWeek = ISOWeek.parse(points[0].label), lastWeek = ISOWeek.parse(points[points.count - 1].label)
        let withYear = firstWeek != nil && lastWeek != nil && firstWeek!.year != lastWeek!.year
        model["xLabels"] = axisLabelIndexes(count: points.count, limit: withYear ? maxAxisLabelsWithYear : maxAxisLabels).map { entry -> [String: Any] in
            ["x": decimal(left + (Double(entry.index) + 0.5) * slot), "y": decimal(plotBottom + 20),
             "text": axisText(points[entry.index].label, withYear: withYear), "minor": entry.minor]
        }

        var linePoints: [String] = []
        model["columns"] = points.indices.map { index -> [String: Any] in
            var column: [String: Any] = [
                "title": points[index].label + ": " + points[index].valueText,
                "hitX": decimal(left + Double(index) * slot), "hitY": decimal(plotTop),
                "hitWidth": decimal(slot), "hitHeight": decimal(plotHeight),
                "bar": false, "dot": false,
            ]
            let center = left + (Double(index) + 0.5) * slot
            if kind == "bars" {
                let barWidth = min(slot * 0.7, maxColumnWidth)
                let barLength = barHeight(values[index], top: scale.top, plotHeight: plotHeight)
                column["bar"] = ["x": decimal(center - barWidth / 2), "y": decimal(plotBottom - barLength),
                                 "width": decimal(barWidth), "height": decimal(barLength)]
            } else {
                let y = plotBottom - min(1, values[index] / scale.top) * plotHeight
                linePoints.append(decimal(center) + "," + decimal(y))
                if points.count <= maxDots { column["dot"] = ["cx": decimal(center), "cy": decimal(y)] }
            }
            return column
        }
        if kind == "line" { model["line"] = ["points": linePoints.joined(separator: " ")] }
        return model
    }

    /// A bar's height: proportional, but at least 1 unit for any value above zero, so that a
    /// small week still shows.
    static func barHeight(_ value: Double, top: Double, plotHeight: Double) -> Double {
        guard value > 0 else { return 0 }
        return min(plotHeight, max(1, value / top * plotHeight))
    }

    /// Which points get an axis label: all of them up to `maxAxisLabels`, else every k-th
    /// counted back from the last, so the last is always labelled. With more than six labels,
    /// every other one (again counted from the last) is `minor`: narrow screens hide those.
    static func axisLabelIndexes(count: Int, limit: Int = maxAxisLabels) -> [(index: Int, minor: Bool)] {
        guard count > 0 else { return [] }
        let stride = count <= limit ? 1 : (count - 1 + limit - 2) / (limit - 1)
        let indexes = Array(Swift.stride(from: count - 1, through: 0, by: -stride).reversed())
        return indexes.enumerated().map { offset, index in
            (index, indexes.count > 6 && (indexes.count - 1 - offset) % 2 == 1)
        }
    }

    /// The axis form of a point label: `2026-W47` becomes `W47` (`W47 ’26` with the year);
    /// anything longer than ten characters is cut short (the tooltip and the table keep it whole).
    static func axisText(_ label: String, withYear: Bool = false) -> String {
        if let week = ISOWeek.parse(label) {
            return "W" + label.suffix(2) + (withYear ? " \u{2019}" + String(String(week.year).suffix(2)) : "")
        }
        return shorten(label, to: 10)
    }

    static func shorten(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    // MARK: - Shares

    /// Row height, bar thickness and the room kept for the percentage right of each bar.
    static let shareRowHeight = 32.0
    static let shareBarHeight = 20.0
    static let shareValueRoom = 80.0
    /// Row labels longer than this are cut short on the chart.
    static let shareLabelLimit = 12

    /// Horizontal bars, one per item, each with its percentage of the total; the largest items
    /// first, and the rest summed into a last row named `otherLabel`.
    /// - Parameters:
    ///   - items: labels (emoji) and counts, in any order; zero and negative counts are left out.
    ///   - otherLabel: the name of the row that sums everything beyond `limit` (and the
    ///     difference to `total`); the row appears only when that sum is above zero.
    ///   - limit: how many items get their own row.
    ///   - total: the whole the shares are of, when `items` is only part of it (a top-N list);
    ///     by default the sum of the items.
    ///   - unit: what the counts are, for the tooltips ("👍: 120 of 265 reactions (45.3%)").
    ///   - labelHeading: the heading of the data table's label column.
    static func shares(id: String, title: String, summary: String, items: [(label: String, value: Int)], otherLabel: String,
                       limit: Int = 6, total: Int? = nil, unit: String = "reactions", labelHeading: String = "Emoji") -> [String: Any] {
        let kept = items.enumerated().filter { $0.element.value > 0 }.sorted { a, b in
            a.element.value != b.element.value ? a.element.value > b.element.value : a.offset < b.offset
        }.map(\.element)
        // Sums stop at `Int.max` (`Int.addingClamped`), so the rest is summed from what it
        // holds, the items past the limit and the part of `total` no item names, rather than
        // taken from a whole that may have stopped at `Int.max`.
        let sum = kept.reduce(0) { $0.addingClamped($1.value) }
        let whole = max(sum, total ?? 0)
        var rows = Array(kept.prefix(max(0, limit))).map { (label: $0.label, value: $0.value, isOther: false) }
        let rest = kept.dropFirst(max(0, limit)).reduce(whole - sum) { $0.addingClamped($1.value) }
        if rest > 0 { rows.append((otherLabel, rest, true)) }

        var model = base(kind: "shares", id: id, title: title, summary: summary, isEmpty: rows.isEmpty)
        model["tableLabelHeading"] = labelHeading
        model["tableValueHeading"] = "Share"
        model["table"] = rows.map { row -> [String: Any] in
            ["label": row.label, "value": NumberText.integer(row.value) + " (" + NumberText.percent(Double(row.value) / Double(whole)) + ")"]
        }
        guard !rows.isEmpty else { return model }

        let labelWidth = 16 + characterWidth * Double(rows.map { min($0.label.count, shareLabelLimit) }.max() ?? 1)
        let barRoom = width - labelWidth - shareValueRoom
        let largest = Double(rows.map(\.value).max() ?? 1)
        let drawingHeight = 8 + shareRowHeight * Double(rows.count)
        model["viewBox"] = "0 0 \(decimal(width)) \(decimal(drawingHeight))"
        model["width"] = decimal(width)
        model["height"] = decimal(drawingHeight)
        model["rows"] = rows.enumerated().map { index, row -> [String: Any] in
            let top = 4 + shareRowHeight * Double(index)
            let middle = top + shareRowHeight / 2
            let length = max(1, Double(row.value) / largest * barRoom)
            let percent = NumberText.percent(Double(row.value) / Double(whole))
            return [
                "title": "\(row.label): \(NumberText.integer(row.value)) of \(NumberText.integer(whole)) \(unit) (\(percent))",
                "isOther": row.isOther,
                "hitY": decimal(top), "hitWidth": decimal(width), "hitHeight": decimal(shareRowHeight),
                "label": shorten(row.label, to: shareLabelLimit), "labelX": decimal(labelWidth - 8), "labelY": decimal(middle),
                "barX": decimal(labelWidth), "barY": decimal(middle - shareBarHeight / 2),
                "barWidth": decimal(length), "barHeight": decimal(shareBarHeight),
                "valueX": decimal(labelWidth + length + 6), "valueText": percent,
            ]
        }
        return model
    }

    // MARK: - Shared parts

    /// The keys every model has.
    static func base(kind: String, id: String, title: String, summary: String, isEmpty: Bool) -> [String: Any] {
        [
            "id": Slug.make(id), "title": title, "summary": summary, "kind": kind,
            "isEmpty": isEmpty, "isBars": kind == "bars", "isLine": kind == "line", "isShares": kind == "shares",
            "viewBox": "0 0 0 0", "width": "0", "height": "0",
            "gridlines": [[String: Any]](), "xLabels": [[String: Any]](), "columns": [[String: Any]](),
            "line": false, "rows": [[String: Any]](),
            "table": [[String: Any]](), "tableLabelHeading": "", "tableValueHeading": "",
        ]
    }

    /// A text alternative for a series: "Reactions per week from 2026-W40 to 2026-W47; highest
    /// 311 reactions in 2026-W45" (the first week with the highest value).
    static func summary(_ subject: String, points: [Point]) -> String {
        guard let first = points.first, let last = points.last else { return subject + ": no data" }
        var best = first
        for point in points.dropFirst() where point.value > best.value { best = point }
        if points.count == 1 { return "\(subject) in \(first.label): \(first.valueText)" }
        return "\(subject) from \(first.label) to \(last.label); highest \(best.valueText) in \(best.label)"
    }

    /// A number with at most two decimals and no trailing zeros (`12`, `12.5`, `12.34`, `-3`):
    /// no locale, no exponent. Rounds half away from zero; non-finite values give `0`.
    static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        guard abs(hundredths) < 9e15 else { return hundredths < 0 ? "-90000000000000" : "90000000000000" }
        let magnitude = Int64(hundredths).magnitude
        var text = (hundredths < 0 ? "-" : "") + String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            text += fraction % 10 == 0 ? "." + String(fraction / 10) : (fraction < 10 ? ".0" : ".") + String(fraction)
        }
        return text
    }
}

/// The value axis: a round step (1, 2, 5, 10, 20, 25, 50, 100 …) chosen so that the largest
/// value fits in at most four steps, giving 3–5 gridlines from zero.
///
/// Steps and ticks are counted in `UInt`, whose range holds four steps above any `Int`: the
/// largest count there is, 9,223,372,036,854,775,807, gets gridlines up to
/// 10,000,000,000,000,000,000 in steps of 2,500,000,000,000,000,000.
struct ChartValueScale {
    struct Tick {
        /// Where the tick sits, from 0 (the zero line) to 1 (the top of the plot).
        var fraction: Double
        var label: String
    }

    var ticks: [Tick]
    /// The value at the top of the plot, in the values' own units (a ratio for `.percent`).
    var top: Double

    /// The largest value an axis is made for, in units: 2^63, the largest `Int` as a `Double`.
    /// A larger value (only a ratio far beyond 100 % could be) is drawn at the top.
    static let largestUnits = 0x1p63

    init(maximum: Double, axis: ChartModel.Axis) {
        // Steps are whole numbers of the smallest unit: 1 for counts, 0.01% for percentages.
        let unitsPerValue = axis == .percent ? 10_000.0 : 1.0
        var largest = maximum.isFinite ? maximum * unitsPerValue : 0
        if !(largest > 0) { largest = axis == .percent ? 10_000 : 1 }
        largest = min(largest, Self.largestUnits)
        let step = Self.step(for: largest)
        let intervals = UInt(max(2, Self.stepsNeeded(largest, step)))
        ticks = (0...intervals).map { index in
            let units = index * step
            let label: String
            switch axis {
            case .count:
                label = NumberText.integer(magnitude: units)
            case .percent:
                label = Self.percentLabel(units)
            }
            return Tick(fraction: Double(index) / Double(intervals), label: label)
        }
        top = Double(intervals * step) / unitsPerValue
    }

    /// A percent tick from its hundredths of a percent, with no trailing zeros (`25%`, `0.2%`,
    /// `0.01%`): `ChartModel.decimal` of it, in integers, so that any tick is exact.
    static func percentLabel(_ units: UInt) -> String {
        let fraction = units % 100
        let decimals = fraction == 0 ? "" : fraction % 10 == 0 ? "." + String(fraction / 10) : (fraction < 10 ? ".0" : ".") + String(fraction)
        return String(units / 100) + decimals + "%"
    }

    /// Steps of `step` needed to reach `largest`, ignoring floating-point dust above a whole step.
    static func stepsNeeded(_ largest: Double, _ step: UInt) -> Double {
        (largest / Double(step) - 1e-9).rounded(.up)
    }

    /// The smallest round step with which `largest` (at most `largestUnits`) fits in four steps.
    static func step(for largest: Double) -> UInt {
        var decade: UInt = 1
        while true {
            let candidates: [UInt] = decade == 1 ? [1, 2, 5] : [decade, 2 * decade, decade / 2 * 5, 5 * decade]
            for step in candidates where stepsNeeded(largest, step) <= 4 { return step }
            // 10^18 is the last decade whose steps a `UInt` holds; its 2.5 × 10^18 fits 2^63.
            guard decade < UInt.max / 100 else { return 5 * decade }
            decade *= 10
        }
    }
}
