/// Decimal numbers read from text such as a Slack `ts` (`1459154014.000018`), on the string's
/// UTF-8 bytes in place: walking a `String.UTF8View` cost about 15 instructions a byte, and
/// such times are read for every message. The one reader in this module, kept beside the
/// writers so that code reading bytes through pointers stays in one place.
public enum DecimalText {
    /// The parts of `[+|-]digits[.digits]`.
    public struct Parts: Equatable, Sendable {
        /// Whether the text starts with `-`.
        public var negative: Bool
        /// The whole part, as `Int64(_:)` reads its digits.
        public var whole: Int64
        /// The first `fractionLimit` digits after the point, as an integer (`000018` is 18).
        public var fraction: Int64
        /// How many digits follow the point, all of them (0 without a point).
        public var fractionDigits: Int
    }

    /// Reads `text` whole: an optional sign, at least one digit, then optionally a point and at
    /// least one digit. Nil for anything else, and for a whole part beyond `Int64`.
    /// - Parameter fractionLimit: how many fraction digits to read into `fraction` (0 to 18);
    ///   those after are checked but not read.
    public static func read(_ text: String, fractionLimit: Int) -> Parts? {
        precondition(fractionLimit >= 0 && fractionLimit <= 18, "0 to 18 fraction digits")
        return UTF8Bytes.withBytes(of: text) { bytes -> Parts? in
            var index = 0
            var negative = false
            if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
                negative = first == UInt8(ascii: "-")
                index = 1
            }
            let wholeStart = index
            var whole: Int64 = 0
            while index < bytes.count, bytes[index] != UInt8(ascii: ".") {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                let (times, overflow) = whole.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times.addingReportingOverflow(Int64(digit))
                guard !overflow, !carry else { return nil }
                whole = sum
                index += 1
            }
            guard index > wholeStart else { return nil }
            var fraction: Int64 = 0
            var digits = 0
            if index < bytes.count {
                index += 1
                guard index < bytes.count else { return nil }
                while index < bytes.count {
                    let digit = bytes[index] &- 0x30
                    guard digit < 10 else { return nil }
                    if digits < fractionLimit { fraction = fraction * 10 + Int64(digit) }
                    digits += 1
                    index += 1
                }
            }
            return Parts(negative: negative, whole: whole, fraction: fraction, fractionDigits: digits)
        }
    }
}
