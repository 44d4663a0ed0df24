import ByteOutput

/// The times pages show, in the report's time zone: the text a reader sees, labelled with its
/// offset from UTC, and the `datetime` attribute of its `<time>` element, the same instant as
/// RFC 3339 text with that offset.
///
/// The label is the offset, never a zone's abbreviation: abbreviations are missing for most
/// zones (ICU names Europe/Berlin's `GMT+1`) and ambiguous where they exist (`IST`). An offset of
/// zero reads `UTC`, so a report in UTC shows `2026-11-03 14:05 UTC`, and a report in
/// America/New_York `2026-11-16 09:30 UTC−05:00` (a true minus sign) in winter and
/// `2026-07-06 09:30 UTC−04:00` in summer.
///
/// With a locale (`locale`), the date and time are the locale's medium date and short time
/// (`03.03.2025, 14:05 UTC+01:00` in de-DE), the offset label kept.
struct TimeText: Sendable {
    let calendar: WeekCalendar
    /// How dates and numbers are written: the report's `locale`, passed on from here to every
    /// page model that writes one.
    var locale = LocaleFormat.standard

    /// Times in UTC.
    static let utc = TimeText(calendar: WeekCalendar("UTC")!)

    /// The local date, second of the day and nanosecond of that second of an instant, and the
    /// offset (seconds) that made them. In seconds, so that no time near the ends of 64-bit
    /// nanoseconds overflows.
    func local(_ time: Timestamp) -> (date: CivilDate, secondOfDay: Int64, nanosecond: Int64, offset: Int64) {
        let offset = calendar.offset(atSeconds: time.seconds)
        let seconds = time.seconds + offset
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let remainder = time.nanoseconds % 1_000_000_000
        return (CivilDate(daysSinceEpoch: days), seconds - days * 86_400, remainder < 0 ? remainder + 1_000_000_000 : remainder, offset)
    }

    /// `2026-11-03 14:05 UTC`, `2026-11-16 09:30 UTC−05:00`, `2026-03-29 14:05 UTC+05:45`; an
    /// offset of seconds (Monrovia's −00:44:30 until 1972) shows them too.
    func display(_ time: Timestamp) -> String {
        let local = local(time)
        if let localized = locale.dateTime(local.date, secondOfDay: local.secondOfDay) {
            return localized + " " + locale.native(Self.zoneLabel(local.offset))
        }
        var out = ShortText()
        out.appendISODate(year: local.date.year, month: local.date.month, day: local.date.day)
        out.append(UInt8(ascii: " "))
        Self.appendClock(local.secondOfDay, to: &out)
        out.append(literal: " UTC")
        Self.appendOffset(local.offset, to: &out)
        return out.text
    }

    /// The time of day, `14:05` (the locale's short time with `locale`), for a transcript, where
    /// the day's heading above gives the date and the page's footer the time zone. In a zone
    /// whose clocks change, the offset follows (`01:30 UTC−04:00`, `01:30 UTC−05:00`: the hour
    /// a change of daylight-saving time repeats reads twice otherwise).
    func clock(_ time: Timestamp) -> String {
        let local = local(time)
        let clock =
            locale.shortTime(secondOfDay: local.secondOfDay)
            ?? {
                var out = ShortText()
                Self.appendClock(local.secondOfDay, to: &out)
                return out.text
            }()
        guard calendar.fixedOffset == nil else { return clock }
        return clock + " " + locale.native(Self.zoneLabel(local.offset))
    }

    /// `14:05`: hours and minutes of a second of the day, 24-hour.
    private static func appendClock(_ secondOfDay: Int64, to out: inout ShortText) {
        out.appendPadded(secondOfDay / 3600, width: 2)
        out.append(UInt8(ascii: ":"))
        out.appendPadded(secondOfDay / 60 % 60, width: 2)
    }

    /// `UTC`, `UTC−05:00`: the label of an offset.
    private static func zoneLabel(_ offset: Int64) -> String {
        var label = ShortText()
        label.append(literal: "UTC")
        appendOffset(offset, to: &label)
        return label.text
    }

    /// `−05:00`, `+05:45`, `−00:44:30`; nothing for an offset of zero.
    private static func appendOffset(_ offset: Int64, to out: inout ShortText) {
        guard offset != 0 else { return }
        if offset < 0 { out.append(literal: "−") } else { out.append(UInt8(ascii: "+")) }
        let magnitude = abs(offset)
        out.appendPadded(magnitude / 3600, width: 2)
        out.append(UInt8(ascii: ":"))
        out.appendPadded(magnitude / 60 % 60, width: 2)
        if magnitude % 60 != 0 {
            out.append(UInt8(ascii: ":"))
            out.appendPadded(magnitude % 60, width: 2)
        }
    }

    /// The `datetime` attribute of a `<time>` element: the local time of `display` as RFC 3339
    /// text with its offset (`2026-11-16T09:30:00-05:00`; `Z` where the offset is zero, so a
    /// report in UTC writes `2023-11-14T22:13:20.123Z`), with at most three fraction digits.
    /// HTML's date and time strings allow one to three; a PubNub timetoken carries seven and a
    /// Slack `ts` six, which the data files keep. The fraction is cut, not rounded: the
    /// attribute then never names a later second, minute or day than the source (rounding
    /// 23:59:59.9996 would move it to the next day, away from the text shown beside it, which
    /// cuts too), and it reads as the data files' time with its last digits dropped. An offset
    /// of seconds, which HTML cannot write, gives the UTC form.
    func attribute(_ time: Timestamp) -> String {
        let digits = min(3, time.fractionDigits)
        let local = local(time)
        guard local.offset % 60 == 0 else { return Timestamp(nanoseconds: time.nanoseconds, fractionDigits: digits).rfc3339 }
        var out = ShortText()
        out.appendRFC3339(
            year: local.date.year, month: local.date.month, day: local.date.day, secondOfDay: local.secondOfDay, nanosecond: local.nanosecond,
            fractionDigits: digits, offsetMinutes: local.offset / 60)
        return out.text
    }
}
