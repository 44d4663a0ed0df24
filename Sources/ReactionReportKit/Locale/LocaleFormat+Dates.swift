/// Dates in the locale's forms; `standard` keeps the report's ISO dates and English names.
extension LocaleFormat {
    /// `2025-03-03`; `3. März 2025` (de-DE), `2025年3月3日` (ja-JP). Its spaces are no-break
    /// spaces, so that a date never breaks across lines, as an ISO date never does.
    func longDate(_ day: CivilDate) -> String {
        guard let data else { return day.isoText }
        return Self.unbroken(write(data.longDate, day, secondOfDay: 0))
    }

    /// `text` with its spaces made no-break spaces.
    static func unbroken(_ text: String) -> String { text.replacingOccurrences(of: " ", with: "\u{A0}") }

    /// `Monday, 2025-03-03`; `Montag, 3. März 2025` (de-DE).
    func fullDate(_ day: CivilDate) -> String {
        guard let data else { return weekday(day) + ", " + day.isoText }
        return write(data.fullDate, day, secondOfDay: 0)
    }

    /// The days from `first` to `last`: `2024-04-17 – 2024-05-02`, or one day alone.
    func dayRange(_ first: CivilDate, _ last: CivilDate) -> String {
        first == last ? longDate(first) : longDate(first) + " – " + longDate(last)
    }

    /// `March 2025`; `März 2025` (de-DE), `2025年3月` (ja-JP).
    func monthYear(year: Int64, month: Int64) -> String {
        guard let data else { return Self.englishMonths[Int(month) - 1] + " \(year)" }
        return write(data.monthYear, CivilDate(year: year, month: month, day: 1), secondOfDay: 0)
    }

    /// `Wednesday`; `Mittwoch` (de-DE).
    func weekday(_ day: CivilDate) -> String {
        (data?.weekdays ?? Self.englishWeekdays)[Self.weekdayIndex(day)]
    }

    /// A local date and time for a locale, as its medium date and short time joined
    /// (`03.03.2025, 14:05`); nil for `standard`, whose form `TimeText` writes.
    func dateTime(_ day: CivilDate, secondOfDay: Int64) -> String? {
        guard let data else { return nil }
        let date = write(data.mediumDate, day, secondOfDay: secondOfDay)
        let time = write(data.shortTime, day, secondOfDay: secondOfDay)
        let glue = data.dateTime
        return glue.0 + (glue.dateFirst ? date : time) + glue.1 + (glue.dateFirst ? time : date) + glue.2
    }

    /// A local time of day as the locale's short time (`14:05` in de-DE, `2:05 PM` in en-US);
    /// nil for `standard`, whose form `TimeText` writes.
    func shortTime(secondOfDay: Int64) -> String? {
        guard let data else { return nil }
        return write(data.shortTime, CivilDate(year: 1970, month: 1, day: 1), secondOfDay: secondOfDay)
    }

    static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"
    ]
    static let englishWeekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// Monday 0 … Sunday 6.
    static func weekdayIndex(_ day: CivilDate) -> Int {
        // 1970-01-01 was a Thursday, the fourth day of an ISO week.
        let days = day.daysSinceEpoch + 3
        return Int(((days % 7) + 7) % 7)
    }

    /// A pattern's pieces for a day and a second of it.
    private func write(_ pieces: [LocaleData.DatePiece], _ day: CivilDate, secondOfDay: Int64) -> String {
        guard let data else { return "" }
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case .year: out += native(String(day.year))
            case .monthNumber(let padded, _): out += native(padded ? pad(day.month, 2) : String(day.month))
            case .monthName(let short, let standalone):
                let names = standalone ? (short ? data.shortStandaloneMonths : data.standaloneMonths) : (short ? data.shortMonths : data.months)
                out += names[Int(day.month) - 1]
            case .day(let padded): out += native(padded ? pad(day.day, 2) : String(day.day))
            case .weekday(let short): out += (short ? data.shortWeekdays : data.weekdays)[Self.weekdayIndex(day)]
            case .hour12(let padded):
                let hour = secondOfDay / 3600 % 12 == 0 ? 12 : secondOfDay / 3600 % 12
                out += native(padded ? pad(hour, 2) : String(hour))
            case .hour24(let padded): out += native(padded ? pad(secondOfDay / 3600, 2) : String(secondOfDay / 3600))
            case .minute: out += native(pad(secondOfDay / 60 % 60, 2))
            case .dayPeriod: out += secondOfDay < 43_200 ? data.dayPeriods.0 : data.dayPeriods.1
            }
        }
        return out
    }
}
