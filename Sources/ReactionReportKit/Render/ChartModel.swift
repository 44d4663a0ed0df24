/// View models for the inline SVG charts (product.md §5): reactions per week (columns), reaction
/// rate per week (a line with points) and emoji share (horizontal bars).
///
/// All geometry is computed here; `html/chart.mustache` only places the numbers. Every number
/// is held as a string from `ChartModel.decimal`, so a page is byte-identical on every run and
/// machine. The template sees every name the partial reads (`false` or `[]` where a part does not
/// apply: `ChartModel+Template.swift`), so that, used inside a larger page, the partial never
/// picks up a value of the same name from the page around it.
///
/// The drawing is 640 user units wide and scales with the page (`width: 100%` in the
/// stylesheet); the stylesheet enlarges the text when the chart is narrow.
struct ChartModel {
    /// How values are read and how the value axis is labelled.
    enum Axis: Sendable {
        /// Counts: gridlines at whole numbers (0, 5, 10 …; 0, 25, 50 …), labelled `1,250`.
        case count
        /// Ratios from 0 to 1, labelled as percentages (0%, 25%, 50% …; down to steps of 0.01%).
        case percent
    }

    /// What the chart draws: columns, a line, or horizontal share bars.
    enum Kind: String {
        case bars, line, shares
    }

    typealias Point = (label: String, value: Double, valueText: String)

    /// A gridline of the value axis, with its label left of the plot.
    struct Gridline {
        var y, x1, x2, labelX, label: String
        /// The zero line.
        var isBase: Bool
    }

    /// A label under the week axis; narrow screens hide the `minor` ones.
    struct AxisLabel {
        var x, y, text: String
        var minor: Bool
    }

    /// One point of a series: the area that shows its tooltip, and its bar or its dot.
    struct Column {
        var title, hitX, hitY, hitWidth, hitHeight: String
        var bar: Bar?
        var dot: Dot?
        /// A week the data does not cover whole: drawn apart (`chart-partial`).
        var partial = false
    }

    struct Bar {
        var x, y, width, height: String
    }

    struct Dot {
        var cx, cy: String
    }

    /// One item of a shares chart: its label, its bar and its percentage.
    struct ShareRow {
        var title: String
        /// The row summing everything beyond the items shown.
        var isOther: Bool
        var hitY, hitWidth, hitHeight: String
        var label, labelX, labelY: String
        var barX, barY, barWidth, barHeight: String
        var valueX, valueText: String
    }

    /// A row of the data table that stands in for the drawing.
    struct TableRow {
        var label, value: String
    }

    /// The base of the element ids (`<id>-title`, `<id>-desc`), made safe with `Slug`.
    var id: String
    var title: String
    /// The text alternative.
    var summary: String
    var kind: Kind
    /// No data: the partial says so instead of drawing.
    var isEmpty: Bool
    var viewBox = "0 0 0 0"
    var width = "0"
    var height = "0"
    var gridlines: [Gridline] = []
    var xLabels: [AxisLabel] = []
    var columns: [Column] = []
    /// The line's stretches (`x,y x,y …` each), for a line chart with data: the line stops at a
    /// point without a value (not a number: a week without messages has no reaction rate).
    var lineSegments: [String] = []
    var rows: [ShareRow] = []
    var table: [TableRow] = []
    var tableLabelHeading = ""
    var tableValueHeading = ""

    /// A chart with nothing drawn yet.
    init(kind: Kind, id: String, title: String, summary: String, isEmpty: Bool) {
        self.id = Slug.make(id)
        self.title = title
        self.summary = summary
        self.kind = kind
        self.isEmpty = isEmpty
    }

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
    ///   - partial: the indexes of the points whose weeks the data does not cover whole.
    static func columns(
        id: String, title: String, summary: String, points: [Point], unit: String,
        axis: Axis = .count, labelHeading: String = "Week", partial: Set<Int> = [], locale: LocaleFormat = .standard
    ) -> ChartModel {
        series(
            kind: .bars, id: id, title: title, summary: summary, points: points, unit: unit, axis: axis, labelHeading: labelHeading,
            partial: partial, locale: locale)
    }

    /// A line through one point per week, with a dot on each point (up to 60 points), on a value
    /// axis with 3–5 round gridlines; parameters as for `columns`. Meant for the reaction rate,
    /// hence the percent axis by default. A point whose value is not a number has no dot, and
    /// the line stops there and starts again after it.
    static func line(
        id: String, title: String, summary: String, points: [Point], unit: String,
        axis: Axis = .percent, labelHeading: String = "Week", partial: Set<Int> = [], locale: LocaleFormat = .standard
    ) -> ChartModel {
        series(
            kind: .line, id: id, title: title, summary: summary, points: points, unit: unit, axis: axis, labelHeading: labelHeading,
            partial: partial, locale: locale)
    }

    static func series(
        kind: Kind, id: String, title: String, summary: String, points: [Point], unit: String,
        axis: Axis, labelHeading: String, partial: Set<Int>, locale: LocaleFormat
    ) -> ChartModel {
        var model = ChartModel(kind: kind, id: id, title: title, summary: summary, isEmpty: points.isEmpty)
        model.tableLabelHeading = labelHeading
        model.tableValueHeading = unit
        model.table = points.map { TableRow(label: $0.label, value: $0.valueText) }
        guard !points.isEmpty else { return model }

        let values = points.map { $0.value.isFinite ? max(0, $0.value) : 0 }
        let scale = ChartValueScale(maximum: values.max() ?? 0, axis: axis, locale: locale)
        let left = 14 + characterWidth * Double(scale.ticks.map(\.label.count).max() ?? 1)
        let right = width - rightMargin
        let plotHeight = plotBottom - plotTop
        let slot = (right - left) / Double(points.count)

        model.viewBox = "0 0 \(decimal(width)) \(decimal(height))"
        model.width = decimal(width)
        model.height = decimal(height)
        model.gridlines = scale.ticks.map { tick in
            let y = plotBottom - tick.fraction * plotHeight
            return Gridline(
                y: decimal(y), x1: decimal(left), x2: decimal(right), labelX: decimal(left - 6),
                label: tick.label, isBase: tick.fraction == 0)
        }
        // Weeks of more than one year carry their year (`W47 ’23`), in fewer, wider labels.
        let firstWeek = ISOWeek.parse(points[0].label), lastWeek = ISOWeek.parse(points[points.count - 1].label)
        let withYear = firstWeek != nil && lastWeek != nil && firstWeek!.year != lastWeek!.year
        model.xLabels = axisLabelIndexes(count: points.count, limit: withYear ? maxAxisLabelsWithYear : maxAxisLabels).map { entry in
            AxisLabel(
                x: decimal(left + (Double(entry.index) + 0.5) * slot), y: decimal(plotBottom + 20),
                text: axisText(points[entry.index].label, withYear: withYear), minor: entry.minor)
        }

        // The line's current stretch: its points, and the index of its first.
        var segment: [String] = []
        var segmentStart = 0
        // A stretch of one point draws no line: its dot shows it, however many points there are.
        var lone: [Int] = []
        func endSegment() {
            if segment.count == 1 { lone.append(segmentStart) }
            if !segment.isEmpty { model.lineSegments.append(segment.joined(separator: " ")) }
            segment = []
        }
        model.columns = points.indices.map { index in
            var column = Column(
                title: points[index].label + ": " + points[index].valueText,
                hitX: decimal(left + Double(index) * slot), hitY: decimal(plotTop),
                hitWidth: decimal(slot), hitHeight: decimal(plotHeight), partial: partial.contains(index))
            let center = left + (Double(index) + 0.5) * slot
            if kind == .bars {
                let barWidth = min(slot * 0.7, maxColumnWidth)
                let barLength = barHeight(values[index], top: scale.top, plotHeight: plotHeight)
                column.bar = Bar(
                    x: decimal(center - barWidth / 2), y: decimal(plotBottom - barLength),
                    width: decimal(barWidth), height: decimal(barLength))
            } else if points[index].value.isNaN {
                endSegment()
            } else {
                let y = plotBottom - min(1, values[index] / scale.top) * plotHeight
                if segment.isEmpty { segmentStart = index }
                segment.append(decimal(center) + "," + decimal(y))
                column.dot = Dot(cx: decimal(center), cy: decimal(y))
            }
            return column
        }
        endSegment()
        if points.count > maxDots {
            let kept = Set(lone)
            for index in model.columns.indices where !kept.contains(index) { model.columns[index].dot = nil }
        }
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
    static func shares(
        id: String, title: String, summary: String, items: [(label: String, value: Int)], otherLabel: String,
        limit: Int = 6, total: Int? = nil, unit: String = "reactions", labelHeading: String = "Emoji",
        locale: LocaleFormat = .standard
    ) -> ChartModel {
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

        var model = ChartModel(kind: .shares, id: id, title: title, summary: summary, isEmpty: rows.isEmpty)
        model.tableLabelHeading = labelHeading
        model.tableValueHeading = "Share"
        model.table = rows.map { row in
            TableRow(label: row.label, value: locale.integer(row.value) + " (" + locale.percent(Double(row.value) / Double(whole)) + ")")
        }
        guard !rows.isEmpty else { return model }

        let labelWidth = 16 + characterWidth * Double(rows.map { min($0.label.count, shareLabelLimit) }.max() ?? 1)
        let barRoom = width - labelWidth - shareValueRoom
        let largest = Double(rows.map(\.value).max() ?? 1)
        let drawingHeight = 8 + shareRowHeight * Double(rows.count)
        model.viewBox = "0 0 \(decimal(width)) \(decimal(drawingHeight))"
        model.width = decimal(width)
        model.height = decimal(drawingHeight)
        model.rows = rows.enumerated().map { index, row in
            let top = 4 + shareRowHeight * Double(index)
            let middle = top + shareRowHeight / 2
            let length = max(1, Double(row.value) / largest * barRoom)
            let percent = locale.percent(Double(row.value) / Double(whole))
            return ShareRow(
                title: "\(row.label): \(locale.integer(row.value)) of \(locale.integer(whole)) \(unit) (\(percent))",
                isOther: row.isOther,
                hitY: decimal(top), hitWidth: decimal(width), hitHeight: decimal(shareRowHeight),
                label: shorten(row.label, to: shareLabelLimit), labelX: decimal(labelWidth - 8), labelY: decimal(middle),
                barX: decimal(labelWidth), barY: decimal(middle - shareBarHeight / 2),
                barWidth: decimal(length), barHeight: decimal(shareBarHeight),
                valueX: decimal(labelWidth + length + 6), valueText: percent)
        }
        return model
    }

    // MARK: - Text

    /// A text alternative for a series: "Reactions per week from 2026-W40 to 2026-W47; highest
    /// 311 reactions in 2026-W45" (the first week with the highest value).
    static func summary(_ subject: String, points: [Point]) -> String {
        guard let first = points.first, let last = points.last else { return subject + ": no data" }
        // A point without a value (not a number) is never the highest.
        var best = points.first { !$0.value.isNaN } ?? first
        for point in points where point.value > best.value { best = point }
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
