import ProgramRunner
import XCTest
@testable import ReactionReportKit

final class CommonMarkTests: XCTestCase {
    func testPlainLinesSkipLibcmarkWithTheSameHTML() {
        XCTAssertEqual(CommonMark.html("ship it today, thanks"), "<p>ship it today, thanks</p>\n")
        XCTAssertEqual(CommonMark.plainParagraph("say \"hi\" (now) 100% it's #1 ~ok~ ❤️"), "<p>say &quot;hi&quot; (now) 100% it's #1 ~ok~ ❤️</p>\n")
        // Anything that can mean CommonMark goes to libcmark.
        for text in ["1. first", "- item", "# title", "a *b*", "a_b", "a & b", "a <b>", "a\nb", "a\tb", "a ", "`a`", "a [b]", "a \\b", " a", "❤️ a"] {
            XCTAssertNil(CommonMark.plainParagraph(text), text)
        }
    }

    /// Random lines over an alphabet of CommonMark's special characters, letters and
    /// non-ASCII text: wherever the plain path answers, it answers what libcmark renders.
    func testThePlainPathAgreesWithLibcmarkOnGeneratedText() {
        var generator = SplitMix(seed: 20261123)
        let alphabet: [String] = [
            "a", "Z", "q", "1", "0", " ", " ", " ", ".", ",", "!", "?", "\"", "'", "#", "-", "+", "=", ":", ";",
            "(", ")", "{", "}", "/", "|", "~", "^", "$", "%", "@", "*", "_", "`", "[", "]", "<", ">", "&",
            "\\", "\n", "\t", "é", "❤️", "👍🏽", "\u{A0}", "\u{2028}", "日本"
        ]
        var plain = 0
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 24) + 1
            var text = ["a", "B", "x"][Int(generator.next() % 3)]
            for _ in 0..<length { text += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            guard let fast = CommonMark.plainParagraph(text) else { continue }
            plain += 1
            XCTAssertEqual(fast, CommonMark.cmarkHTML(text), text.debugDescription)
        }
        XCTAssertGreaterThan(plain, 1_000)
    }
}
