import ByteOutput

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

    /// Appends a JSON string literal for `value` to `out` (`ByteBuffer.appendJSONString`).
    static func appendQuoted(_ value: String, to out: ByteBuffer) {
        out.appendJSONString(value)
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
