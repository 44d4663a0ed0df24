import XCTest
@testable import ReactionReportKit

/// The escaping loops pass over plain text eight bytes at a time; on generated text with
/// special characters at every offset they give what a character-by-character escaper gives.
final class EscapingTests: XCTestCase {
    static let alphabet: [String] = ["a", "b", "Z", "0", " ", "&", "<", ">", "\"", "'", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}",
                                     "\u{7F}", "é", "❤️", "\u{2028}", "\u{2029}", "👍🏽", "—"]

    static func generated(_ count: Int) -> [String] {
        var generator = SplitMix(seed: 5)
        return (0..<count).map { _ in
            let length = Int(generator.next() % 40)
            return (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
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
            HTMLEscaping.append(text, to: out)
            XCTAssertEqual(out.text, reference(text), text.debugDescription)
        }
    }

    func testJSONQuotingMatchesAPerCharacterEscaper() {
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
                        out += "\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2)
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
        for text in Self.generated(5_000) + [String(repeating: "plain text ", count: 9), "0123456\"", "01234567\\", "012345678\u{7F}"] {
            XCTAssertEqual(JSONText.quote(text), reference(text), text.debugDescription)
        }
    }
}

final class TextExcerptTests: XCTestCase {
    func testExcerptsAreOneTrimmedLineCutAtTheLimit() {
        XCTAssertEqual(TextExcerpt.make("ship it today", deleted: false), "ship it today")
        XCTAssertEqual(TextExcerpt.make("  ship it\ttoday\n\nplease  ", deleted: false), "ship it today please")
        XCTAssertEqual(TextExcerpt.make("é\r\nà", deleted: false), "é à")
        XCTAssertEqual(TextExcerpt.make("", deleted: true), "(deleted message)")
        XCTAssertEqual(TextExcerpt.make(" \n ", deleted: false), "(no text)")
        let long = String(repeating: "abcd ", count: 40)
        XCTAssertEqual(TextExcerpt.make(long, deleted: false), String(repeating: "abcd ", count: 28).dropLast() + "…")
        XCTAssertEqual(TextExcerpt.make(String(repeating: "x", count: 140), deleted: false), String(repeating: "x", count: 140))
        XCTAssertEqual(TextExcerpt.make(String(repeating: "x", count: 141), deleted: false), String(repeating: "x", count: 139) + "…")
        XCTAssertEqual(TextExcerpt.make(String(repeating: "❤️", count: 141), deleted: false), String(repeating: "❤️", count: 139) + "…")
    }
}
