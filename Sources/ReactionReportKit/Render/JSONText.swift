/// Builds compact JSON text with keys in a fixed order: the one JSON encoder of the writer side.
public struct JSONText {
    public private(set) var text = ""

    public init() {}

    /// A JSON string literal.
    public static func quote(_ value: String) -> String {
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
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
