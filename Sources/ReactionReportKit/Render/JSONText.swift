/// Builds compact JSON text with keys in a fixed order: the one JSON encoder of the writer side.
public struct JSONText {
    public private(set) var text = ""

    public init() {}

    /// A JSON string literal. Works on UTF-8 bytes: most strings need no escape at all.
    public static func quote(_ value: String) -> String {
        let out = ByteBuffer(capacity: value.utf8.count + 2)
        appendQuoted(value, to: out)
        return out.text
    }

    /// Appends a JSON string literal for `value` to `out`.
    static func appendQuoted(_ value: String, to out: ByteBuffer) {
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
                let escape: StaticString?
                var width = 1
                switch byte {
                case 0x22: escape = #"\""#
                case 0x5C: escape = #"\\"#
                case 0x0A: escape = #"\n"#
                case 0x0D: escape = #"\r"#
                case 0x09: escape = #"\t"#
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#
                    width = 3
                case 0..<0x20, 0x7F:
                    // `\u00XX`, lower-case hex.
                    let hex: StaticString = "0123456789abcdef"
                    out.append(UnsafeBufferPointer(rebasing: bytes[clean..<index]))
                    out.append(literal: #"\u00"#)
                    out.append(hex.utf8Start[Int(byte >> 4)])
                    out.append(hex.utf8Start[Int(byte & 0xF)])
                    index += 1
                    clean = index
                    continue
                default:
                    escape = nil
                }
                if let escape {
                    out.append(UnsafeBufferPointer(rebasing: bytes[clean..<index]))
                    out.append(literal: escape)
                    index += width
                    clean = index
                } else {
                    index += 1
                }
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[clean..<bytes.count]))
            out.append(0x22)
        }
    }

    /// Appends a JSON string literal, or `null`.
    static func appendQuoted(_ value: String?, to out: ByteBuffer) {
        if let value { appendQuoted(value, to: out) } else { out.append(literal: "null") }
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
