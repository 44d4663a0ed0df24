/// Builds compact JSON text with keys in a fixed order: the one JSON encoder of the writer side.
public struct JSONText {
    public private(set) var text = ""

    public init() {}

    /// A JSON string literal. Works on UTF-8 bytes: most strings need no escape at all.
    public static func quote(_ value: String) -> String {
        var out = [UInt8]()
        appendQuoted(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends a JSON string literal for `value` to `out`.
    static func appendQuoted(_ value: String, to out: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes in
            out.append(0x22)
            var clean = 0
            var index = 0
            while index < bytes.count {
                // Eight bytes at a time while none is a control, a quote, a backslash, DEL or
                // non-ASCII (U+2028 and U+2029 are escaped).
                if index + 8 <= bytes.count {
                    let word = ByteWord.load(bytes, index)
                    if ByteWord.mayHoldBelow(word, 0x20) | ByteWord.mayHold(word, 0x22) | ByteWord.mayHold(word, 0x5C)
                        | ByteWord.mayHold(word, 0x7F) | (word & ByteWord.highs) == 0 {
                        index += 8
                        continue
                    }
                }
                let byte = bytes[index]
                let escape: [UInt8]?
                var width = 1
                switch byte {
                case 0x22: escape = [0x5C, 0x22]
                case 0x5C: escape = [0x5C, 0x5C]
                case 0x0A: escape = [0x5C, UInt8(ascii: "n")]
                case 0x0D: escape = [0x5C, UInt8(ascii: "r")]
                case 0x09: escape = [0x5C, UInt8(ascii: "t")]
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = Array((bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    width = 3
                case 0..<0x20, 0x7F:
                    let hex = Array("0123456789abcdef".utf8)
                    escape = [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                default:
                    escape = nil
                }
                if let escape {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[clean..<index]))
                    out.append(contentsOf: escape)
                    index += width
                    clean = index
                } else {
                    index += 1
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[clean..<bytes.count]))
            out.append(0x22)
        }
    }

    /// Appends a JSON string literal, or `null`.
    static func appendQuoted(_ value: String?, to out: inout [UInt8]) {
        if let value { appendQuoted(value, to: &out) } else { out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }
    }

    /// A JSON string or `null`.
    public static func quote(_ value: String?) -> String {
        value.map { quote($0) } ?? "null"
    }

    /// An object from ordered members whose values are already JSON text.
    public static func object(_ members: KeyValuePairs<String, String>) -> String {
        "{" + members.map { quote($0.key) + ":" + $0.value }.joined(separator: ",") + "}"
    }

    /// An object from ordered members whose values are already JSON text.
    public static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// An array of elements that are already JSON text.
    public static func array(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ",") + "]"
    }
}

extension Array where Element == UInt8 {
    /// Appends a literal's UTF-8 bytes in one copy (appending a string's UTF-8 view cost about
    /// 180 instructions for a short key).
    @inline(__always)
    mutating func append(literal text: StaticString) {
        // `withUTF8Buffer` serves a one-scalar literal too, which has no UTF-8 pointer.
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
