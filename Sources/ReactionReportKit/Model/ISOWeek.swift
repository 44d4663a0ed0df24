/// An ISO 8601 week: weeks start on Monday, and week 1 is the week holding the year's first
/// Thursday, so 2026-12-31 is in 2026-W53 and 2027-01-01 (a Friday) too.
public struct ISOWeek: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The ISO week-numbering year (differs from the calendar year around New Year).
    public var year: Int64
    /// 1...53.
    public var week: Int64

    public init(year: Int64, week: Int64) {
        self.year = year
        self.week = week
    }

    /// The week holding `date`.
    public init(containing date: CivilDate) {
        let days = date.daysSinceEpoch
        // 1970-01-01 was a Thursday; weekday 1 = Monday … 7 = Sunday.
        let weekday = Self.weekday(days)
        let thursday = CivilDate(daysSinceEpoch: days - weekday + 4)
        year = thursday.year
        week = (thursday.daysSinceEpoch - CivilDate(year: thursday.year, month: 1, day: 1).daysSinceEpoch) / 7 + 1
    }

    /// 1 = Monday … 7 = Sunday for a day number.
    static func weekday(_ days: Int64) -> Int64 {
        let remainder = (days + 3) % 7
        return (remainder < 0 ? remainder + 7 : remainder) + 1
    }

    /// The Monday that starts the week.
    public var monday: CivilDate {
        let january4 = CivilDate(year: year, month: 1, day: 4).daysSinceEpoch
        let firstMonday = january4 - Self.weekday(january4) + 1
        return CivilDate(daysSinceEpoch: firstMonday + (week - 1) * 7)
    }

    /// The following week.
    public var next: ISOWeek { ISOWeek(containing: CivilDate(daysSinceEpoch: monday.daysSinceEpoch + 7)) }
    /// The week before.
    public var previous: ISOWeek { ISOWeek(containing: CivilDate(daysSinceEpoch: monday.daysSinceEpoch - 7)) }

    /// `2026-W47`.
    public var description: String { pad(year, 4) + "-W" + pad(week, 2) }

    /// Reads `YYYY-Www` (`2026-W47`); nil for anything else or a week the year does not have.
    public static func parse(_ text: String) -> ISOWeek? {
        let bytes = Array(text.utf8)
        guard bytes.count == 8, bytes[4] == UInt8(ascii: "-"), bytes[5] == UInt8(ascii: "W") || bytes[5] == UInt8(ascii: "w"),
            let year = Int64(String(decoding: bytes[0..<4], as: UTF8.self)), year >= 1,
            let week = Int64(String(decoding: bytes[6..<8], as: UTF8.self)), week >= 1, bytes[6...7].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return nil }
        let candidate = ISOWeek(year: year, week: week)
        return ISOWeek(containing: candidate.monday) == candidate ? candidate : nil
    }

    public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool { (lhs.year, lhs.week) < (rhs.year, rhs.week) }
}

extension CivilDate {
    /// Reads `YYYY-MM-DD`; nil for anything else or a day the month does not have.
    public static func parse(_ text: String) -> CivilDate? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || ($0.element >= 0x30 && $0.element <= 0x39) }),
            let year = Int64(String(decoding: bytes[0..<4], as: UTF8.self)),
            let month = Int64(String(decoding: bytes[5..<7], as: UTF8.self)),
            let day = Int64(String(decoding: bytes[8..<10], as: UTF8.self)),
            (1...12).contains(month), day >= 1, day <= daysInMonth(year, month)
        else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }
}

/// One end of `--since` / `--until`: a day or an ISO week, in the report's time zone.
public enum PeriodBound: Sendable, Hashable, CustomStringConvertible {
    case day(CivilDate)
    case week(ISOWeek)

    /// Reads `YYYY-MM-DD` or `YYYY-Www`.
    public static func parse(_ text: String) -> PeriodBound? {
        if let date = CivilDate.parse(text) { return .day(date) }
        if let week = ISOWeek.parse(text) { return .week(week) }
        return nil
    }

    /// The first day the bound covers.
    public var firstDay: CivilDate {
        switch self {
        case .day(let date): return date
        case .week(let week): return week.monday
        }
    }

    /// The day after the last day the bound covers (an `--until` bound includes its whole day or week).
    public var dayAfter: CivilDate {
        switch self {
        case .day(let date): return CivilDate(daysSinceEpoch: date.daysSinceEpoch + 1)
        case .week(let week): return CivilDate(daysSinceEpoch: week.monday.daysSinceEpoch + 7)
        }
    }

    public var description: String {
        switch self {
        case .day(let date): return date.isoText
        case .week(let week): return week.description
        }
    }

    /// The days a period may cover: a report's times are nanoseconds since 1970 in 64 bits,
    /// 1677-09-21 to 2262-04-11, and a bound turns into the start of its week (up to six days
    /// before it) and of the week after (up to seven days after), each moved by the time
    /// zone's offset (under a day); whole years with more than three months to spare.
    public static let supportedDays = CivilDate(year: 1678, month: 1, day: 1)...CivilDate(year: 2261, month: 12, day: 31)

    /// The first and last weeks wholly within `supportedDays`.
    public static let supportedWeeks: ClosedRange<ISOWeek> = {
        let first = ISOWeek(containing: supportedDays.lowerBound), last = ISOWeek(containing: supportedDays.upperBound)
        let lastSunday = CivilDate(daysSinceEpoch: last.monday.daysSinceEpoch + 6)
        return (first.monday < supportedDays.lowerBound ? first.next : first)...(supportedDays.upperBound < lastSunday ? last.previous : last)
    }()

    /// The supported bounds, as errors name them: "a day from 1678-01-01 to 2261-12-31 or a
    /// week from 1678-W01 to 2261-W52".
    public static let supportedRange =
        "a day from \(supportedDays.lowerBound.isoText) to \(supportedDays.upperBound.isoText)"
        + " or a week from \(supportedWeeks.lowerBound) to \(supportedWeeks.upperBound)"

    /// True when every day the bound covers is in `supportedDays`.
    public var isSupported: Bool {
        Self.supportedDays.contains(firstDay) && Self.supportedDays.contains(CivilDate(daysSinceEpoch: dayAfter.daysSinceEpoch - 1))
    }
}
