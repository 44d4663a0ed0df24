/// Numbers, dates and times written as text straight into a `ByteBuffer`, without building a
/// string on the way (a data file writes several per message).
extension ByteBuffer {
    /// An integer in decimal digits, as `String(value)` writes it.
    @inlinable @inline(__always)
    public func append(decimal value: Int) {
        appendWriting(upTo: Digits.room) { Digits.write(Int64(value), width: 1, to: $0) }
    }

    /// `value` in decimal digits, zero-padded on the left to `width` (0 to 20) bytes, as
    /// left-padding `String(value)` with zeros gives it: a minus sign counts towards the width,
    /// and the zeros go before it (`0-5` for -5 to width 3).
    public func appendPadded(_ value: Int64, width: Int) {
        precondition(width >= 0 && width <= Digits.room, "a width of 0 to 20")
        appendWriting(upTo: Digits.room) { Digits.write(value, width: width, to: $0) }
    }

    /// A calendar date as `YYYY-MM-DD` (each part zero-padded, the year to four digits).
    public func appendISODate(year: Int64, month: Int64, day: Int64) {
        appendWriting(upTo: Digits.dateRoom) { Digits.writeDate(year, month, day, to: $0) }
    }

    /// A UTC date and time as RFC 3339 text, `YYYY-MM-DDThh:mm:ss[.f…]Z`.
    /// - Parameters:
    ///   - secondOfDay: seconds since midnight (0 to 86,399).
    ///   - nanosecond: nanoseconds into the second (0 to 999,999,999).
    ///   - fractionDigits: fraction digits written (0 to 9): the nanoseconds cut, not rounded.
    public func appendRFC3339(year: Int64, month: Int64, day: Int64, secondOfDay: Int64, nanosecond: Int64, fractionDigits: Int) {
        appendWriting(upTo: Digits.dateTimeRoom) {
            Digits.writeDateTime(year, month, day, secondOfDay, nanosecond, fractionDigits, to: $0)
        }
    }
}

/// The digit writers behind `ByteBuffer` and `ShortText`: each writes at a pointer into room
/// the caller made and returns how many bytes it wrote.
@usableFromInline
enum Digits {
    /// The most bytes `write` writes: 19 digits and a sign, or a width of 20.
    @inlinable static var room: Int { 20 }
    /// The most bytes `writeDate` writes.
    @inlinable static var dateRoom: Int { 3 * room + 2 }
    /// The most bytes `writeDateTime` writes: a date, `T`, `hh:mm:ss`, a fraction and `Z`.
    @inlinable static var dateTimeRoom: Int { dateRoom + 1 + 8 + 10 + 1 }

    /// Writes `value` zero-padded to `width` (0 to 20, not checked) at `out`; returns how many
    /// bytes.
    @inlinable @inline(__always)
    static func write(_ value: Int64, width: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if value >= 0, value < 100, width == 2 {
            out[0] = UInt8(ascii: "0") + UInt8(value / 10)
            out[1] = UInt8(ascii: "0") + UInt8(value % 10)
            return 2
        }
        return writeAnyWidth(value, width: width, to: out)
    }

    /// `write` for any value and width: digits from the right into a small buffer, then as many
    /// zeros as the width asks first.
    @inlinable @inline(__always)
    static func writeAnyWidth(_ value: Int64, width: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &digits) { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            var rest = value.magnitude
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            // A sign counts towards the width and the zeros go before it.
            let sign = value < 0 ? 1 : 0
            var count = 0
            for _ in 0..<max(0, width - sign - (buffer.count - start)) {
                out[count] = UInt8(ascii: "0")
                count += 1
            }
            if sign == 1 {
                out[count] = UInt8(ascii: "-")
                count += 1
            }
            (out + count).update(from: buffer.baseAddress! + start, count: buffer.count - start)
            return count + buffer.count - start
        }
    }

    /// `YYYY-MM-DD` at `out` (at most `dateRoom` bytes).
    @usableFromInline
    static func writeDate(_ year: Int64, _ month: Int64, _ day: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var count = write(year, width: 4, to: out)
        out[count] = UInt8(ascii: "-")
        count += 1
        count += write(month, width: 2, to: out + count)
        out[count] = UInt8(ascii: "-")
        count += 1
        return count + write(day, width: 2, to: out + count)
    }

    /// RFC 3339 UTC text at `out` (at most `dateTimeRoom` bytes).
    @usableFromInline
    static func writeDateTime(
        _ year: Int64, _ month: Int64, _ day: Int64, _ secondOfDay: Int64, _ nanosecond: Int64,
        _ fractionDigits: Int, to out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        precondition(
            (0..<86_400).contains(secondOfDay) && (0..<1_000_000_000).contains(nanosecond) && (0...9).contains(fractionDigits),
            "a second of the day, a nanosecond of the second and 0 to 9 fraction digits")
        var count = writeDate(year, month, day, to: out)
        out[count] = UInt8(ascii: "T")
        count += 1
        count += write(secondOfDay / 3600, width: 2, to: out + count)
        out[count] = UInt8(ascii: ":")
        count += 1
        count += write(secondOfDay / 60 % 60, width: 2, to: out + count)
        out[count] = UInt8(ascii: ":")
        count += 1
        count += write(secondOfDay % 60, width: 2, to: out + count)
        if fractionDigits > 0 {
            var fraction = nanosecond
            for _ in fractionDigits..<9 { fraction /= 10 }
            out[count] = UInt8(ascii: ".")
            count += 1
            count += write(fraction, width: fractionDigits, to: out + count)
        }
        out[count] = UInt8(ascii: "Z")
        return count + 1
    }
}
