import ByteOutput
import XCTest

/// The escaping loops pass over plain text eight bytes at a time; on generated text with
/// special characters at every offset they give what a character-by-character escaper gives.
final class EscapingTests: XCTestCase {
    static let alphabet: [String] = [
        "a", "b", "Z", "0", " ", "&", "<", ">", "\"", "'", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}",
        "\u{7F}", "é", "❤️", "\u{2028}", "\u{2029}", "👍🏽", "—", ","
    ]

    /// Texts of 0 to 39 pieces of the alphabet, the same every run.
    static func generated(_ count: Int) -> [String] {
        var state: UInt64 = 5
        func next() -> UInt64 {
            // SplitMix64.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return (0..<count).map { _ in
            let length = Int(next() % 40)
            return (0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }.joined()
        }
    }

    func testHTMLEscapingMatchesAPerCharacterEscaper() {
        func reference(_ text: String) -> String {
            var out = ""
            for character in text.unicodeScalars {
                switch character {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&#39;"
                default: out.unicodeScalars.append(character)
                }
            }
            return out
        }
        for text in Self.generated(5_000) + [String(repeating: "plain text ", count: 9), "0123456&", "01234567&", "012345678<"] {
            let out = ByteBuffer(capacity: 16)
            out.appendHTMLEscaped(text)
            XCTAssertEqual(out.text, reference(text), text.debugDescription)
        }
    }

    func testJSONStringsMatchAPerCharacterEscaper() {
        func reference(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
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
                        out += "\\u00" + (hex.count < 2 ? "0" : "") + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
        for text in Self.generated(5_000) + [String(repeating: "plain text ", count: 9), "0123456\"", "01234567\\", "012345678\u{7F}"] {
            let out = ByteBuffer(capacity: 16)
            out.appendJSONString(text)
            XCTAssertEqual(out.text, reference(text), text.debugDescription)
        }
    }

    func testCSVFieldsAreQuotedOnlyWhenTheyMustBe() {
        let out = ByteBuffer(capacity: 1)
        for field in ["plain", "", "a,b", #"say "hi""#, "two\nlines", "cr\r", "é ❤️"] {
            out.appendCSVField(field)
            out.append(0x7C)
        }
        XCTAssertEqual(out.text, "plain||\"a,b\"|\"say \"\"hi\"\"\"|\"two\nlines\"|\"cr\r\"|é ❤️|")
    }
}
