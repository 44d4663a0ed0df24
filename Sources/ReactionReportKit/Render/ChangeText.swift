import Templates

/// A figure's change against the week before, as the figures table, the list of weeks and the
/// feed show it.
struct FigureChange: TemplateRepresentable, Equatable {
    /// `▲ 12 (+25.0%)`, `= 0`, `new`, `–`, `partial week, 3 of 7 days`.
    var text: String
    /// `up`, `down`, `same`, `new`, `none` (no week before) or `partial` (this week or the week
    /// before is partial, `ChangeText.partial`), for the ▲/▼.
    var direction: String
    /// The colour of the change: `good` (more engagement, faster reactions), `bad`, or `neutral`.
    var tone: String
    /// The change in words, for a tooltip: `up 3 from 12`.
    var description: String
    /// `text` in two phrases (`lead` and `detail` to the templates) that a narrow page may put on
    /// two lines, `partial week,` and `2 of 7 days`, where it has two; nil otherwise.
    var phrases: [String]? = nil

    var templateValue: TemplateObject {
        [
            "text": .text(text), "direction": .text(direction), "tone": .text(tone), "description": .text(description),
            "hasPhrases": .flag(phrases != nil), "lead": .text(phrases?.first ?? ""), "detail": .text(phrases?.last ?? "")
        ]
    }
}

/// The week-over-week changes of counts, rates, ratios and durations, their numbers in
/// `locale`'s forms.
struct ChangeText {
    let locale: LocaleFormat

    /// A change, its tone taken from its direction; `lowerIsBetter` for figures such as the time
    /// to the first reaction.
    static func model(_ text: String, _ direction: String, _ description: String, lowerIsBetter: Bool = false) -> FigureChange {
        let tone: String
        switch direction {
        case "up": tone = lowerIsBetter ? "bad" : "good"
        case "down": tone = lowerIsBetter ? "good" : "bad"
        case "new": tone = "good"
        default: tone = "neutral"
        }
        return FigureChange(text: text, direction: direction, tone: tone, description: description)
    }

    static var none: FigureChange { model("–", "none", "no earlier week to compare with") }

    /// What every change of week `index` says instead of a comparison when the data does not
    /// cover the whole of it (`partial week, 3 of 7 days`) or of the week before (`week before
    /// partial, 4 of 7 days`): a week of three days is not a fall, nor the week after it a rise.
    /// Nil when the two weeks are compared.
    func partial(_ weeks: [WeeklyReport.Week], at index: Int) -> FigureChange? {
        if weeks[index].partial {
            let days = weeks[index].days
            return FigureChange(
                text: locale.native("partial week, \(days) of 7 days"), direction: "partial", tone: "neutral",
                description: "the data covers \(days) of this week's 7 days, so it is not compared with another week",
                phrases: ["partial week,", locale.native("\(days) of 7 days")])
        }
        guard index > 0, weeks[index - 1].partial else { return nil }
        let days = weeks[index - 1].days
        return FigureChange(
            text: locale.native("week before partial, \(days) of 7 days"), direction: "partial", tone: "neutral",
            description: "the data covers \(days) of the week before's 7 days, so this week is not compared with it",
            phrases: ["week before partial,", locale.native("\(days) of 7 days")])
    }

    /// Counts: `▲ 12 (+25.0%)`, `▼ 3 (−10.0%)`, `= 0`, or `new` when the week before had none.
    /// The difference of any two counts is exact (a `UInt` holds it); its percentage reads
    /// `over +1,000,000,000%` beyond the limit of `NumberText`. A negative count before (which
    /// only a summary made outside the ledger has) is compared by its size.
    func count(_ now: Int, _ before: Int?) -> FigureChange {
        guard let before else { return Self.none }
        if before == 0 { return now == 0 ? Self.model("= " + locale.integer(0), "same", "no change") : Self.model("new", "new", "new: none the week before") }
        if now == before { return Self.model("= " + locale.integer(0) + " (" + locale.percent(0) + ")", "same", "no change") }
        let up = now > before
        // Two's complement: the wrapped difference, read unsigned, is the exact one.
        let delta = up ? UInt(bitPattern: now &- before) : UInt(bitPattern: before &- now)
        let ratio = Double(delta) / Double(before.magnitude)
        let percent = locale.signedPercent(up ? ratio : -ratio)
        let arrow = up ? "▲" : "▼"
        return Self.model(
            "\(arrow) \(locale.integer(magnitude: delta)) (\(percent))", up ? "up" : "down",
            "\(up ? "up" : "down") \(locale.integer(magnitude: delta)) from \(locale.integer(before))")
    }

    /// A rate, compared in percentage points: `▲ 2.5 pts`.
    func rate(_ now: Double, _ before: Double?, known: Bool, knownBefore: Bool) -> FigureChange {
        guard let before else { return Self.none }
        guard knownBefore else {
            return known ? Self.model("new", "new", "new: no messages the week before") : Self.model("= " + locale.integer(0), "same", "no change")
        }
        guard known else { return Self.model("–", "none", "no messages this week") }
        let tenths = ((now - before) * 1000).rounded()
        guard !tenths.isNaN else { return Self.model("–", "none", "no rate to compare") }
        if tenths == 0 { return Self.model("= " + (locale.fixedPoint(0, decimals: 1) ?? "") + " pts", "same", "no change") }
        let magnitude = locale.fixedPoint(abs(tenths), decimals: 1) ?? "over " + locale.limitText
        return Self.model(
            "\(tenths > 0 ? "▲" : "▼") \(magnitude) pts", tenths > 0 ? "up" : "down",
            "\(tenths > 0 ? "up" : "down") \(magnitude) percentage points")
    }

    /// A ratio such as reactions per message: `▲ 0.25 (+10.0%)`.
    func ratio(_ now: Double, _ before: Double?, known: Bool, knownBefore: Bool) -> FigureChange {
        guard let before else { return Self.none }
        guard knownBefore else {
            return known ? Self.model("new", "new", "new: no messages the week before") : Self.model("= " + locale.integer(0), "same", "no change")
        }
        guard known else { return Self.model("–", "none", "no messages this week") }
        let hundredths = ((now - before) * 100).rounded()
        guard !hundredths.isNaN else { return Self.model("–", "none", "no ratio to compare") }
        if hundredths == 0 { return Self.model("= " + (locale.fixedPoint(0, decimals: 2) ?? ""), "same", "no change") }
        let magnitude = locale.fixedPoint(abs(hundredths), decimals: 2) ?? "over " + locale.limitText
        let percent = before == 0 ? "" : " (\(locale.signedPercent((now - before) / abs(before))))"
        return Self.model(
            "\(hundredths > 0 ? "▲" : "▼") \(magnitude)\(percent)", hundredths > 0 ? "up" : "down",
            "\(hundredths > 0 ? "up" : "down") \(magnitude)")
    }

    /// A duration: `▼ 2 min 10 s` (shorter is down).
    func duration(_ now: Int64?, _ before: Int64??) -> FigureChange {
        guard let before else { return Self.none }
        guard let now else { return Self.model("–", "none", "no reaction times this week") }
        guard let earlier = before else { return Self.model("new", "new", "new: no reaction times the week before") }
        let delta = now - earlier
        if delta == 0 { return Self.model(locale.native("= 0 s"), "same", "no change") }
        let text = DurationText.make(abs(delta), locale)
        return Self.model("\(delta > 0 ? "▲" : "▼") \(text)", delta > 0 ? "up" : "down", "\(delta > 0 ? "longer" : "shorter") by \(text)", lowerIsBetter: true)
    }

    /// `+25.0%` / `−10.0%` (a true minus sign); `over +1,000,000,000%` /
    /// `under −1,000,000,000%` beyond the limit of `NumberText`.
    static func signedPercent(_ ratio: Double) -> String {
        guard !ratio.isNaN else { return "–" }
        let sign = ratio < 0 ? "−" : "+"
        guard let digits = NumberText.fixedPoint((abs(ratio) * 1000).rounded(), decimals: 1) else {
            return (ratio < 0 ? "under " : "over ") + sign + NumberText.limitText + "%"
        }
        return sign + digits + "%"
    }
}

/// Durations for people: `45 s`, `5 min 40 s`, `2 h 5 min`, `3 d 4 h`.
enum DurationText {
    /// The duration with its digits in `locale`'s.
    static func make(_ seconds: Int64, _ locale: LocaleFormat) -> String {
        locale.native(make(seconds))
    }

    static func make(_ seconds: Int64) -> String {
        let s = max(0, seconds)
        if s < 60 { return "\(s) s" }
        if s < 3600 { return s % 60 == 0 ? "\(s / 60) min" : "\(s / 60) min \(s % 60) s" }
        if s < 86_400 { return s / 60 % 60 == 0 ? "\(s / 3600) h" : "\(s / 3600) h \(s / 60 % 60) min" }
        return s / 3600 % 24 == 0 ? "\(s / 86_400) d" : "\(s / 86_400) d \(s / 3600 % 24) h"
    }
}
