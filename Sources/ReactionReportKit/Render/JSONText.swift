/// Builds compact JSON text with keys in a fixed order: the one JSON encoder of the writer side.
public struct JSONText {
    public private(set) var text = ""

    public init() {}

    /// A JSON string literal. Works on UTF-8 bytes: most strings need no escape at all.
    public static func quote(_ value: String) -> String {
        var value = value
        return value.withUTF8 { bytes in
            var needsEscape = false
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F
                || (byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)) {
                needsEscape = true
                break
            }
            guard needsEscape else {
                var out = [UInt8]()
                out.reserveCapacity(bytes.count + 2)
                out.append(0x22)
                out.append(contentsOf: bytes)
                out.append(0x22)
                return String(decoding: out, as: UTF8.self)
            }
            var out = [UInt8]()
            out.reserveCapacity(bytes.count + 16)
            out.append(0x22)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x22: out += [0x5C, 0x22]
                case 0x5C: out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, UInt8(ascii: "n")]
                case 0x0D: out += [0x5C, UInt8(ascii: "r")]
                case 0x09: out += [0x5C, UInt8(ascii: "t")]
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    out += Array((bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    index += 2
                case 0..<0x20, 0x7F:
                    let hex = Array("0123456789abcdef".utf8)
                    out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                default:
                    out.append(byte)
                }
                index += 1
            }
            out.append(0x22)
            return String(decoding: out, as: UTF8.self)
        }
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
