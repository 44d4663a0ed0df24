import XCTest
@testable import ReactionReportKit

final class EmojiResolverTests: XCTestCase {
    let resolver = EmojiResolver()

    func describe(_ raw: String, _ style: ReactionValue.Style = .emojiOrName, resolver: EmojiResolver? = nil) -> String {
        guard let emoji = (resolver ?? self.resolver).resolve(ReactionValue(raw, style: style)) else { return "nil" }
        return "\(emoji.key)|\(emoji.display)|\(emoji.name ?? "-")|\(emoji.custom ? "custom" : "standard")"
    }

    func testVariationSelectorsDoNotChangeTheKey() {
        XCTAssertEqual(describe("❤"), "❤|❤️|red heart|standard")
        XCTAssertEqual(describe("❤️"), "❤|❤️|red heart|standard")
        XCTAssertEqual(describe("🏳️‍🌈"), "🏳‍🌈|🏳️‍🌈|rainbow flag|standard")
    }

    func testShortcodesAndSkinTones() {
        XCTAssertEqual(describe("+1", .shortcode), "👍|👍|thumbs up|standard")
        XCTAssertEqual(describe("thumbsup", .shortcode), "👍|👍|thumbs up|standard")
        XCTAssertEqual(describe("+1::skin-tone-2", .shortcode), "👍🏻|👍🏻|thumbs up: light skin tone|standard")
        XCTAssertEqual(describe(":joy:"), "😂|😂|face with tears of joy|standard")
        XCTAssertEqual(describe("botman", .shortcode), ":botman:|:botman:|botman|custom")
    }

    func testStreamDefaultTypesAndAppNames() {
        XCTAssertEqual(describe("like"), "👍|👍|thumbs up|standard")
        XCTAssertEqual(describe("love"), "❤|❤️|red heart|standard")
        XCTAssertEqual(describe("haha"), "😂|😂|face with tears of joy|standard")
        XCTAssertEqual(describe("wow"), "😮|😮|face with open mouth|standard")
        XCTAssertEqual(describe("sad"), "😔|😔|pensive face|standard")
        XCTAssertEqual(describe("angry"), "😠|😠|angry face|standard")
        XCTAssertEqual(describe("smiley_face"), ":smiley_face:|:smiley_face:|smiley_face|custom")
        XCTAssertEqual(describe(":reaction"), ":reaction:|:reaction:|reaction|custom")
    }

    func testAliasesAndMergedSkinTones() {
        let custom = EmojiResolver(aliases: ["ship": "🚢", "parrot": "https://example.org/parrot.gif"], mergeSkinTones: true)
        XCTAssertEqual(describe("ship", resolver: custom), "🚢|🚢|ship|standard")
        XCTAssertEqual(custom.resolve(ReactionValue("parrot"))?.image, "https://example.org/parrot.gif")
        XCTAssertEqual(describe("👍🏽", resolver: custom), "👍|👍|thumbs up|standard")
        XCTAssertEqual(describe("+1::skin-tone-4", .shortcode, resolver: custom), "👍|👍|thumbs up|standard")
    }

    func testEmptyValuesAreInvalid() {
        XCTAssertEqual(describe(""), "nil")
        XCTAssertEqual(describe(" \n"), "nil")
        XCTAssertEqual(describe("::"), "nil")
    }
}
