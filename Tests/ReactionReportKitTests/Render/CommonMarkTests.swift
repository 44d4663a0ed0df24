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

/// A small seeded generator (SplitMix64), so generated cases are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
