/// How pages, Markdown and digests write dates and numbers: the report's `locale`
/// (configuration `locale`, `--locale`), or `standard` when none is set.
///
/// `standard` writes what the report always wrote (`12,345`, `45.2%`, `2025-03-03`, `March
/// 2025`), through `NumberText` and ISO dates. A locale writes the CLDR's forms for it
/// (`de-DE`: `1.234`, `45,2 %`, `3. März 2025`, `03.03.2025, 14:05`), with the digits of its
/// default numbering system (`ar-EG`: `١٬٢٣٤`). The report's words stay English.
public struct LocaleFormat: Sendable {
    /// The locale's data, behind one reference, so that copying a format (every page model
    /// holds one) retains one object, not the data's dozen arrays; nil for `standard`.
    private let box: Box?

    /// The locale's data; nil for `standard`.
    var data: LocaleData? { box?.data }

    /// Whether this is `standard`, the report's own forms: a test the per-message paths make.
    var isStandard: Bool { box == nil }

    private final class Box: Sendable {
        let data: LocaleData
        init(_ data: LocaleData) { self.data = data }
    }

    /// No locale: the report's own forms.
    public static let standard = LocaleFormat(data: nil)

    /// The locale named `tag` (`de-DE`, `de_de`: case and separator ignored), or nil when the
    /// table has no such locale.
    public init?(tag: String) {
        let wanted = Self.canonical(tag)
        guard let found = LocaleData.all.first(where: { Self.canonical($0.tag) == wanted }) else { return nil }
        box = Box(found)
    }

    private init(data: LocaleData?) { box = data.map(Box.init) }

    /// The tags of every locale known, sorted.
    public static var tags: [String] { LocaleData.all.map(\.tag) }

    /// The locale named `tag`, or an error naming the closest known ones (or all of them).
    public static func named(_ tag: String) throws(UnknownLocale) -> LocaleFormat {
        guard let format = LocaleFormat(tag: tag) else { throw UnknownLocale(tag: tag) }
        return format
    }

    private static func canonical(_ tag: String) -> String { tag.lowercased().replacingOccurrences(of: "_", with: "-") }

    /// The locale's tag (`de-DE`); nil for `standard`.
    public var tag: String? { data?.tag }

    /// The `lang` of the page's `<html>`: the locale's tag, `en` for `standard`.
    public var htmlLanguage: String { data?.tag ?? "en" }

    /// The CSS `list-style-type` that numbers a page's lists (rankings) in the locale's digits
    /// (`arabic-indic` for ٠١٢, `persian` for ۰۱۲); nil where its digits are ASCII.
    public var listStyle: String? {
        switch data?.digits {
        case "٠١٢٣٤٥٦٧٨٩": "arabic-indic"
        case "۰۱۲۳۴۵۶۷۸۹": "persian"
        default: nil
        }
    }

    // MARK: Numbers

    /// `12,345` / `12.345` / `١٢٬٣٤٥`.
    public func integer(_ value: Int) -> String {
        guard let data else { return NumberText.integer(value) }
        return (value < 0 ? data.minus : "") + integer(magnitude: value.magnitude)
    }

    /// `12,345 reactions`: a count with its (English) noun, as `NumberText.counted`.
    public func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        integer(count) + " " + (count == 1 ? noun : plural ?? noun + "s")
    }

    /// A magnitude grouped as the locale groups (`1.234.567`; `12,34,567` in India).
    func integer(magnitude: UInt) -> String {
        guard let data else { return NumberText.integer(magnitude: magnitude) }
        let digits = Array(String(magnitude))
        var groups: [String] = []
        var end = digits.count
        var size = data.grouping.0
        while end > 0 {
            let start = size > 0 ? max(0, end - size) : 0
            groups.insert(String(digits[start..<end]), at: 0)
            end = start
            size = data.grouping.1
        }
        return native(groups.joined(separator: data.group))
    }

    /// `limit` as the figures show it (`1.000.000.000`).
    var limitText: String { integer(magnitude: UInt(NumberText.limit)) }

    /// `1.25` / `1,25`: as `NumberText.decimal`, in the locale's forms.
    func decimal(_ value: Double) -> String {
        guard let data else { return NumberText.decimal(value) }
        guard !value.isNaN else { return "–" }
        let hundredths = (abs(value) * 100).rounded()
        guard let digits = fixedPoint(hundredths, decimals: 2) else { return (value < 0 ? "under " + data.minus : "over ") + limitText }
        return (value < 0 && hundredths > 0 ? data.minus : "") + digits
    }

    /// `45.2%` / `45,2 %` / `٤٥٫٢٪؜`: as `NumberText.percent`, in the locale's forms.
    func percent(_ ratio: Double) -> String {
        guard let data else { return NumberText.percent(ratio) }
        guard !ratio.isNaN else { return "–" }
        let tenths = (abs(ratio) * 1000).rounded()
        guard let digits = fixedPoint(tenths, decimals: 1) else {
            return (ratio < 0 ? "under " + data.minus : "over ") + percentText(limitText)
        }
        return (ratio < 0 && tenths > 0 ? data.minus : "") + percentText(digits)
    }

    /// `+25.0%` / `−10.0%`: a change's percentage, signed (as `ChangeText.signedPercent`).
    func signedPercent(_ ratio: Double) -> String {
        guard let data else { return ChangeText.signedPercent(ratio) }
        guard !ratio.isNaN else { return "–" }
        let sign = ratio < 0 ? data.minus : data.plus
        guard let digits = fixedPoint((abs(ratio) * 1000).rounded(), decimals: 1) else {
            return (ratio < 0 ? "under " : "over ") + sign + percentText(limitText)
        }
        return sign + percentText(digits)
    }

    /// Digits with the locale's percent sign around them.
    func percentText(_ number: String) -> String {
        guard let data else { return number + "%" }
        return data.percentBefore + number + data.percentAfter
    }

    /// A whole, non-negative number of tenths or hundredths with that many decimals (`12,5`);
    /// nil above `NumberText.limit`.
    func fixedPoint(_ scaled: Double, decimals: Int) -> String? {
        guard let data else { return NumberText.fixedPoint(scaled, decimals: decimals) }
        let unit = decimals == 1 ? 10 : 100
        guard scaled <= NumberText.limit * Double(unit) else { return nil }
        let whole = Int(scaled)
        return integer(magnitude: UInt(whole / unit)) + data.decimal + native(pad(Int64(whole % unit), decimals))
    }

    /// `text` with its ASCII digits written in the locale's digits.
    func native(_ text: String) -> String {
        guard let digits = data?.digits.map(Array.init) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count * 2)
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x30, scalar.value <= 0x39 {
                out.append(digits[Int(scalar.value - 0x30)])
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// A `locale` the table does not hold.
public struct UnknownLocale: Error, Equatable, CustomStringConvertible {
    /// The tag as given.
    public var tag: String

    /// The error for `tag`.
    public init(tag: String) { self.tag = tag }

    /// `unknown locale "de-DX"; did you mean "de-DE"? (known: ar, ar-EG, …)`.
    public var description: String {
        let closest = NameSuggestions.closest(to: tag, among: LocaleFormat.tags)
        let question = closest.isEmpty ? "" : "; did you mean " + NameSuggestions.alternatives(closest.map { "\"\($0)\"" }) + "?"
        return "unknown locale \"\(tag)\"\(question) (known: " + LocaleFormat.tags.joined(separator: ", ") + ")"
    }
}
