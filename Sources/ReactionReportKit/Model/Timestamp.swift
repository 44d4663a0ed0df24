import ByteOutput

/// An instant with the precision its source gave, kept in nanoseconds since the Unix epoch.
///
/// The precision matters for output: a Slack `ts` prints six fraction digits, a PubNub
/// timetoken seven, a millisecond time three, and a Unix-seconds time none.
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Nanoseconds since 1970-01-01T00:00:00Z.
    public var nanoseconds: Int64
    /// Fraction digits the source carried (0...9), held in one byte: a timestamp is kept for
    /// every message, reaction and reactor, and an optional one fits in 10 bytes instead of 17.
    private var digits: Int8

    /// Fraction digits the source carried (0...9).
    public var fractionDigits: Int {
        get { Int(digits) }
        set { digits = Int8(max(0, min(9, newValue))) }
    }

    /// Creates a timestamp from nanoseconds and the source's precision.
    public init(nanoseconds: Int64, fractionDigits: Int) {
        self.nanoseconds = nanoseconds
        self.digits = Int8(max(0, min(9, fractionDigits)))
    }

    /// Whole seconds since the epoch (rounded down).
    public var seconds: Int64 {
        let quotient = nanoseconds / 1_000_000_000
        return nanoseconds % 1_000_000_000 < 0 ? quotient - 1 : quotient
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// Earlier first, what has no time last; nil where the two times do not decide (equal, or
    /// both missing), for orders that then fall back to something else.
    static func earlierFirst(_ a: Timestamp?, _ b: Timestamp?) -> Bool? {
        switch (a, b) {
        case let (x?, y?) where x != y: return x < y
        case (.some, .none): return true
        case (.none, .some): return false
        default: return nil
        }
    }
    public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.nanoseconds == rhs.nanoseconds }
    public func hash(into hasher: inout Hasher) { hasher.combine(nanoseconds) }

    /// Accepted range: years 1970 to 2200, so that a garbled number is reported, not printed.
    static let validRange: ClosedRange<Int64> = 0...7_258_118_400_000_000_000

    static func checked(_ nanoseconds: Int64, digits: Int) -> Timestamp? {
        validRange.contains(nanoseconds) ? Timestamp(nanoseconds: nanoseconds, fractionDigits: digits) : nil
    }

    /// Unix seconds.
    public static func unixSeconds(_ seconds: Int64) -> Timestamp? {
        let (value, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? nil : checked(value, digits: 0)
    }

    /// Unix milliseconds.
    public static func unixMilliseconds(_ milliseconds: Int64) -> Timestamp? {
        let (value, overflow) = milliseconds.multipliedReportingOverflow(by: 1_000_000)
        return overflow ? nil : checked(value, digits: 3)
    }

    /// A PubNub timetoken: 100-nanosecond ticks since the epoch, as decimal text.
    public static func timetoken(_ text: String) -> Timestamp? {
        guard let ticks = Int64(text) else { return nil }
        let (value, overflow) = ticks.multipliedReportingOverflow(by: 100)
        return overflow ? nil : checked(value, digits: 7)
    }

    /// Decimal seconds such as a Slack `ts` ("1459154014.000018") or Telegram's "1731874961",
    /// read on UTF-8 bytes (`DecimalText`: splitting by `Character` cost 7,000 instructions a
    /// message); the whole seconds as `Int64(_:)` reads them (a sign, then digits, so `-0.5`
    /// is half a second after the epoch).
    public static func decimalSeconds(_ text: String) -> Timestamp? {
        guard let parts = DecimalText.read(text, fractionLimit: 9), !parts.negative || parts.whole == 0 else { return nil }
        let digits = min(9, parts.fractionDigits)
        var nanos = parts.fraction
        for _ in digits..<9 { nanos *= 10 }
        let (base, overflow) = parts.whole.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carry) = base.addingReportingOverflow(nanos)
        return overflow || carry ? nil : checked(total, digits: digits)
    }

    /// RFC 3339 / ISO 8601 date-time, tolerant of 0 to 9 fraction digits and a missing offset
    /// (read as UTC): `2024-04-17T13:14:53.643826Z`, `2026-06-24T19:04:23.18+07:00`.
    public static func iso8601(_ text: String) -> Timestamp? {
        var reader = ISO8601Reader(text)
        return reader.read()
    }

    /// The UTC calendar date, the second of that day and the nanosecond of that second.
    var utc: (date: CivilDate, secondOfDay: Int64, nanosecond: Int64) {
        let secs = seconds
        let remainder = nanoseconds % 1_000_000_000
        let days = secs >= 0 ? secs / 86_400 : (secs - 86_399) / 86_400
        return (CivilDate(daysSinceEpoch: days), secs - days * 86_400, remainder < 0 ? remainder + 1_000_000_000 : remainder)
    }

    /// The RFC 3339 UTC text, with as many fraction digits as the source had.
    public var rfc3339: String {
        let utc = self.utc
        var out = ShortText()
        out.appendRFC3339(
            year: utc.date.year, month: utc.date.month, day: utc.date.day, secondOfDay: utc.secondOfDay,
            nanosecond: utc.nanosecond, fractionDigits: fractionDigits)
        return out.text
    }

    /// Appends `rfc3339`'s UTF-8 (ASCII) bytes, without building strings on the way.
    func appendRFC3339(to out: ByteBuffer) {
        let utc = self.utc
        out.appendRFC3339(
            year: utc.date.year, month: utc.date.month, day: utc.date.day, secondOfDay: utc.secondOfDay,
            nanosecond: utc.nanosecond, fractionDigits: fractionDigits)
    }
}

/// Zero-pads a non-negative number to `width` digits.
func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    let count = digits.utf8.count
    return count >= width ? digits : String(repeating: "0", count: width - count) + digits
}

/// A proleptic Gregorian calendar date, converted without Foundation (days since 1970-01-01).
public struct CivilDate: Sendable, Hashable, Comparable {
    public var year: Int64
    public var month: Int64
    public var day: Int64

    public init(year: Int64, month: Int64, day: Int64) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date of a day number (H. Hinnant's civil-from-days).
    public init(daysSinceEpoch: Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01 (H. Hinnant's days-from-civil).
    public var daysSinceEpoch: Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `YYYY-MM-DD`.
    public var isoText: String {
        var out = ShortText()
        out.appendISODate(year: year, month: month, day: day)
        return out.text
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    static func daysInMonth(_ year: Int64, _ month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Reads ISO 8601 date-times byte by byte.
struct ISO8601Reader {
    let bytes: [UInt8]
    var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    mutating func number(_ count: Int) -> Int64? {
        guard index + count <= bytes.count else { return nil }
        var value: Int64 = 0
        for _ in 0..<count {
            let byte = bytes[index]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
            index += 1
        }
        return value
    }

    mutating func expect(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func read() -> Timestamp? {
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
            let day = number(2), (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year, month)
        else { return nil }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t") || bytes[index] == 0x20 else {
            return index == bytes.count ? Timestamp.unixSeconds(CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400) : nil
        }
        index += 1
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2), hour < 24, minute < 60 else { return nil }
        var second: Int64 = 0
        if expect(UInt8(ascii: ":")) {
            guard let value = number(2), value <= 60 else { return nil }
            second = min(value, 59)
        }
        var nanos: Int64 = 0
        var digits = 0
        if expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) {
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                if digits < 9 {
                    nanos = nanos * 10 + Int64(bytes[index] - 0x30)
                    digits += 1
                }
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<9 { nanos *= 10 }
        }
        var offsetSeconds: Int64 = 0
        if index < bytes.count {
            if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
                guard let offsetHours = number(2), offsetHours < 24 else { return nil }
                _ = expect(UInt8(ascii: ":"))
                let offsetMinutes = number(2) ?? 0
                guard offsetMinutes < 60 else { return nil }
                offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
            }
        }
        guard index == bytes.count else { return nil }
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        // Years 0000 to 9999 fit in seconds; in nanoseconds only about 1678 to 2261 do.
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carry) = scaled.addingReportingOverflow(nanos)
        return overflow || carry ? nil : Timestamp.checked(total, digits: digits)
    }
}
