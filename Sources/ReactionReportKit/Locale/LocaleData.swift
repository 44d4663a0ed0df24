/// One locale's dates and numbers, from the Unicode CLDR (`LocaleTable+Data.swift`, generated
/// by `Scripts/generate-locale-table.py`): names, patterns compiled into pieces, separators and
/// digits.
struct LocaleData: Sendable {
    /// A part of a date or time pattern.
    enum DatePiece: Sendable, Equatable {
        case text(String)
        case year
        case monthNumber(padded: Bool, standalone: Bool)
        case monthName(short: Bool, standalone: Bool)
        case day(padded: Bool)
        case weekday(short: Bool)
        case hour12(padded: Bool)
        case hour24(padded: Bool)
        case minute
        case dayPeriod
    }

    /// `de-DE`.
    let tag: String
    /// Whether the locale's script is written right to left.
    let rightToLeft: Bool
    /// The ten digits of the locale's default numbering system; nil for 0–9.
    let digits: String?
    /// The decimal separator (`,`).
    let decimal: String
    /// The grouping separator (`.`, a narrow no-break space in French).
    let group: String
    /// Digits in the first group and in each group after it: (3, 3), or (3, 2) in India.
    let grouping: (Int, Int)
    /// What comes before and after the number of a percentage (`""`, `"\u{A0}%"`).
    let percentBefore: String
    let percentAfter: String
    /// The signs of a signed number.
    let plus: String
    let minus: String
    /// Month names, January first: in a date, alone (a heading), and short.
    let months: [String]
    let shortMonths: [String]
    let standaloneMonths: [String]
    let shortStandaloneMonths: [String]
    /// Weekday names, Monday first.
    let weekdays: [String]
    let shortWeekdays: [String]
    /// AM and PM.
    let dayPeriods: (String, String)
    /// `Montag, 3. März 2025`.
    let fullDate: [DatePiece]
    /// `3. März 2025`.
    let longDate: [DatePiece]
    /// `03.03.2025`.
    let mediumDate: [DatePiece]
    /// `März 2025`.
    let monthYear: [DatePiece]
    /// `14:05`.
    let shortTime: [DatePiece]
    /// How a date and a time are joined: text before, between and after them, and which comes first.
    let dateTime: (String, String, String, dateFirst: Bool)
}
