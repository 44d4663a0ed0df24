import Foundation
import XCTest

@testable import ReactionReportKit

/// Reaction mood (issue 30, item 6): the polarity table, its configuration, the weekly counts
/// and the messages whose reactions disagree most.
final class MoodTests: XCTestCase {
    func testThePolarityOfEmojiFollowsTheTable() {
        let mood = Mood(PolarityTable(), resolver: EmojiResolver())
        func polarity(_ value: String) -> String {
            guard let emoji = EmojiResolver().resolve(ReactionValue(value)) else { return "none" }
            return "\(mood.polarity(of: emoji))"
        }
        XCTAssertEqual(
            ["👍", "👍🏽", "+1", "thumbsdown", "❤", "❤️", "👀", "🤔", ":partyparrot:"].map(polarity),
            ["positive", "positive", "positive", "negative", "positive", "positive", "neutral", "neutral", "neutral"])
        var table = PolarityTable()
        table.positive = [":partyparrot:"]
        table.negative = ["eyes"]
        let custom = Mood(table, resolver: EmojiResolver())
        XCTAssertEqual(
            ["👍", ":partyparrot:", "👀"].map { "\(custom.polarity(of: EmojiResolver().resolve(ReactionValue($0))!))" },
            ["neutral", "positive", "negative"])
    }

    /// docs/cli.md prints the default table; it must be the code's.
    func testTheDocumentedTableIsTheDefault() throws {
        let docs = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        func listed(_ kind: String) throws -> [String] {
            let start = try XCTUnwrap(docs.range(of: "- \(kind): "), kind).upperBound
            let text = docs[start...].components(separatedBy: "\n- ")[0].components(separatedBy: "\n\n")[0]
            return text.split(whereSeparator: \.isWhitespace).map(String.init)
        }
        XCTAssertEqual(try listed("positive"), PolarityTable.defaultPositive)
        XCTAssertEqual(try listed("negative"), PolarityTable.defaultNegative)
    }

    func testTheMostDisagreedOnComeFirst() {
        // The smaller side first, then more of the two, then the earlier message.
        let ranked = Mood.mostDisagreed([(0, 10, 1), (1, 3, 3), (2, 2, 5), (3, 5, 2), (4, 1, 1), (5, 3, 4)], limit: 4)
        XCTAssertEqual(ranked, [5, 1, 2, 3])
    }

    func testPolarityConfiguration() throws {
        var options = BuildOptions()
        try ConfigurationFile.apply("[polarity]\npositive = [\"🚀\"]\nnegative = [\"🐛\", \"👎\"]\n", file: "c.toml", to: &options)
        XCTAssertEqual(options.polarity.positive, ["🚀"])
        XCTAssertEqual(options.polarity.negative, ["🐛", "👎"])
        for (text, message) in [
            ("[polarity]\npositive = [\"👍\"]\nnegative = [\"👍\"]\n", #"c.toml:1:2: 'polarity': "👍" is both positive and negative"#),
            ("[polarity]\nneutral = [\"👀\"]\n", "c.toml:2:1: unknown key 'polarity.neutral': polarity has positive and negative")
        ] {
            XCTAssertThrowsError(try ConfigurationFile.apply(text, file: "c.toml", to: &options), text) { XCTAssertEqual("\($0)", message, text) }
        }
    }

    /// W10: 7 reactions, 6 positive (four 👍, 🎉, 👌), 👀 neutral; W11: 7, of which 👍 ×3 and
    /// 🚀 positive, 👎 ×2 negative, 🤔 neutral, on "Standup at 7am", the one message of both kinds.
    func testWeeksCountPositiveAndNegativeReactions() throws {
        let files = try ParticipationTests.files()
        let weeks = try XCTUnwrap(files["data/weeks.json"]).components(separatedBy: "\n").filter { $0.hasPrefix("{\"week\"") }
        XCTAssertEqual(
            weeks.map { line in
                ["reactions", "positiveReactions", "negativeReactions"].map { key in
                    String(line[line.range(of: "\"\(key)\":")!.upperBound...].prefix { $0.isNumber })
                }.joined(separator: " ")
            }, ["7 6 0", "7 4 2", "0 0 0", "2 1 0"])  // W13: ❤️ positive, 👋 neutral
        let report = try XCTUnwrap(files["weeks/2026-W11/report.md"])
        XCTAssertTrue(report.contains("| Negative share | 28.6% | 0.0% | ▲ 28.6 pts |\n"), report)
        XCTAssertTrue(report.contains("| 1 | [Standup at 7am from now on.]("), report)
        let page = try XCTUnwrap(files["weeks/2026-W11/index.html"])
        // A rise in negative reactions is bad news.
        XCTAssertTrue(
            page.contains(#"<tr><th scope="row">Negative reactions</th><td class="num">2</td><td class="num">0</td><td class="num"><span class="change bad""#),
            page)
        XCTAssertTrue(try XCTUnwrap(files["index.html"]).contains(#"<dt>Negative</dt><dd><span class="polarity-emoji" title="thumbs down">👎</span> "#))
    }
}
