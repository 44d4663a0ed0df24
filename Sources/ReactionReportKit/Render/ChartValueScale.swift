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

    /// The axis for values up to `maximum`, labelled in `locale`'s forms.
    init(maximum: Double, axis: ChartModel.Axis, locale: LocaleFormat = .standard) {
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
                label = locale.integer(magnitude: units)
            case .percent:
                label = Self.percentLabel(units, locale: locale)
            }
            return Tick(fraction: Double(index) / Double(intervals), label: label)
        }
        top = Double(intervals * step) / unitsPerValue
    }

    /// A percent tick from its hundredths of a percent, with no trailing zeros (`25%`, `0.2%`,
    /// `0.01%`; `0,2 %` in `de-DE`): `ChartModel.decimal` of it, in integers, so that any tick
    /// is exact.
    static func percentLabel(_ units: UInt, locale: LocaleFormat = .standard) -> String {
        let fraction = units % 100
        let decimals = fraction == 0 ? "" : fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        guard let data = locale.data else { return String(units / 100) + (decimals.isEmpty ? "" : "." + decimals) + "%" }
        return locale.percentText(locale.integer(magnitude: units / 100) + (decimals.isEmpty ? "" : data.decimal + locale.native(decimals)))
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
