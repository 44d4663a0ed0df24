/// A short text (a time, a date) built in place on the stack and made a `String` once: the
/// writers of `ByteBuffer` without its two allocations, for the strings of view models.
///
/// Holds at most 128 bytes; each write asks for the most it could need first, and asking for
/// more than is left stops the program.
public struct ShortText {
    /// The capacity in bytes.
    @inlinable public static var capacity: Int { 128 }

    @usableFromInline var storage:
        (
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
        )
    @usableFromInline var used: Int

    @inlinable @inline(__always)
    public init() {
        storage = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        used = 0
    }

    /// How many bytes the text holds.
    @inlinable public var count: Int { used }

    /// The bytes as UTF-8 text (ill-formed sequences repaired, as `String(decoding:as:)` does).
    @inlinable @inline(__always)
    public var text: String {
        var storage = storage
        let count = used
        return withUnsafeMutableBytes(of: &storage) { raw in
            String(decoding: UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<count]), as: UTF8.self)
        }
    }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        appendWriting(upTo: 1) { out in
            out[0] = byte
            return 1
        }
    }

    /// A literal's UTF-8 bytes.
    @inlinable @inline(__always)
    public mutating func append(literal text: StaticString) {
        text.withUTF8Buffer { bytes in
            appendWriting(upTo: bytes.count) { out in
                if let source = bytes.baseAddress { out.update(from: source, count: bytes.count) }
                return bytes.count
            }
        }
    }

    /// As `ByteBuffer.appendPadded(_:width:)`.
    @inlinable @inline(__always)
    public mutating func appendPadded(_ value: Int64, width: Int) {
        precondition(width >= 0 && width <= Digits.room, "a width of 0 to 20")
        appendWriting(upTo: Digits.room) { Digits.write(value, width: width, to: $0) }
    }

    /// As `ByteBuffer.appendISODate(year:month:day:)`.
    @inlinable @inline(__always)
    public mutating func appendISODate(year: Int64, month: Int64, day: Int64) {
        appendWriting(upTo: Digits.dateRoom) { Digits.writeDate(year, month, day, to: $0) }
    }

    /// As `ByteBuffer.appendRFC3339(year:month:day:secondOfDay:nanosecond:fractionDigits:)`.
    @inlinable @inline(__always)
    public mutating func appendRFC3339(year: Int64, month: Int64, day: Int64, secondOfDay: Int64, nanosecond: Int64, fractionDigits: Int) {
        appendWriting(upTo: Digits.dateTimeRoom) {
            Digits.writeDateTime(year, month, day, secondOfDay, nanosecond, fractionDigits, to: $0)
        }
    }

    /// A local date and time as RFC 3339 text with its offset from UTC,
    /// `YYYY-MM-DDThh:mm:ss[.f…]±hh:mm`, `Z` for an offset of zero: the parts are the local
    /// time's, as in `appendRFC3339(year:month:day:secondOfDay:nanosecond:fractionDigits:)`.
    /// - Parameter offsetMinutes: the offset in whole minutes, less than 100 hours either way.
    @inlinable @inline(__always)
    public mutating func appendRFC3339(
        year: Int64, month: Int64, day: Int64, secondOfDay: Int64, nanosecond: Int64, fractionDigits: Int, offsetMinutes: Int64
    ) {
        precondition(abs(offsetMinutes) < 6_000, "an offset of less than 100 hours")
        appendWriting(upTo: Digits.dateTimeRoom + 5) { out in
            // The UTC form ends in `Z`, which the offset replaces.
            let count = Digits.writeDateTime(year, month, day, secondOfDay, nanosecond, fractionDigits, to: out)
            guard offsetMinutes != 0 else { return count }
            out[count - 1] = offsetMinutes < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            let hours = Digits.write(abs(offsetMinutes) / 60, width: 2, to: out + count)
            out[count + hours] = UInt8(ascii: ":")
            return count + hours + 1 + Digits.write(abs(offsetMinutes) % 60, width: 2, to: out + count + hours + 1)
        }
    }

    @inlinable @inline(__always)
    mutating func appendWriting(upTo room: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        precondition(room <= Self.capacity - used, "a ShortText holds at most 128 bytes")
        let start = used
        let written = withUnsafeMutableBytes(of: &storage) { raw in
            write(raw.bindMemory(to: UInt8.self).baseAddress! + start)
        }
        precondition(written >= 0 && written <= room, "wrote outside the room it asked for")
        used += written
    }
}
