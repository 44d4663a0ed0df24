import Foundation

/// ISO weeks and days in one IANA time zone: where a week starts and ends as an instant, and
/// which week an instant falls in, correct across daylight-saving changes (a week holding one
/// is 167 or 169 hours long).
public struct WeekCalendar: Sendable {
    /// The name the user gave (`UTC`, `Europe/Berlin`), as written to `data/weeks.json`.
    public let name: String
    let zone: TimeZone
    /// The offset of a zone that never changes it (`UTC`, `Etc/GMT+5`), which then needs no
    /// lookup per instant; nil for a zone with transitions.
    let fixedOffset: Int64?

    /// Nil when `name` is not an IANA time zone.
    public init?(_ name: String) {
        guard let zone = TimeZone(identifier: name) else { return nil }
        self.name = name
        self.zone = zone
        fixedOffset = zone.nextDaylightSavingTimeTransition(after: .distantPast) == nil ? Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 0))) : nil
    }

    /// The offset from UTC, in seconds, at an instant.
    public func offset(atSeconds seconds: Int64) -> Int64 {
        fixedOffset ?? Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
    }

    /// The local day of an instant.
    public func day(of time: Timestamp) -> CivilDate { day(atSeconds: time.seconds) }

    /// The local day of an instant given in Unix seconds.
    func day(atSeconds seconds: Int64) -> CivilDate {
        let local = seconds + offset(atSeconds: seconds)
        return CivilDate(daysSinceEpoch: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    }

    /// The week of an instant.
    public func week(of time: Timestamp) -> ISOWeek { ISOWeek(containing: day(of: time)) }

    /// The instant (Unix seconds) at which local `date` begins. Where midnight does not exist
    /// (a zone that springs forward at 00:00), the first instant of the day after the gap.
    public func start(of date: CivilDate) -> Int64 {
        let local = date.daysSinceEpoch * 86_400
        // Two passes find the offset in force at local midnight; the earlier of two candidates
        // wins when the clock falls back across it.
        let first = local - offset(atSeconds: local)
        let second = local - offset(atSeconds: first)
        let candidate = min(first, second)
        return day(atSeconds: candidate) == date ? candidate : max(first, second)
    }

    /// RFC 3339 local time with offset, such as `2026-11-16T00:00:00+01:00` (`Z` never used, so
    /// the offset is always explicit).
    public func localText(seconds: Int64) -> String {
        let offset = offset(atSeconds: seconds)
        let local = seconds + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let second = local - days * 86_400
        let magnitude = abs(offset)
        return CivilDate(daysSinceEpoch: days).isoText + "T" + pad(second / 3600, 2) + ":" + pad(second / 60 % 60, 2) + ":" + pad(second % 60, 2)
            + (offset < 0 ? "-" : "+") + pad(magnitude / 3600, 2) + ":" + pad(magnitude / 60 % 60, 2)
    }
}

/// Consecutive ISO weeks with their boundaries as instants, for assigning many times quickly
/// (a binary search instead of a time-zone lookup per message).
public struct WeekRange: Sendable {
    public let weeks: [ISOWeek]
    /// `starts[i]` is where `weeks[i]` begins (Unix seconds); the last element ends the range.
    public let starts: [Int64]

    /// Every week from `first` to `last`, both included.
    public init(from first: ISOWeek, through last: ISOWeek, calendar: WeekCalendar) {
        var weeks: [ISOWeek] = []
        var week = first
        while week <= last {
            weeks.append(week)
            week = week.next
        }
        self.weeks = weeks
        self.starts = (weeks.map(\.monday) + [week.monday]).map(calendar.start(of:))
    }

    /// The index of the week holding `time`, or nil outside the range.
    public func index(of time: Timestamp) -> Int? {
        let seconds = time.seconds
        guard let first = starts.first, seconds >= first, seconds < starts[starts.count - 1] else { return nil }
        var low = 0, high = starts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= seconds { low = middle } else { high = middle }
        }
        return low
    }
}
