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

    /// Slack's own names from before its 2018 emoji update, in real 2015-2018 exports.
    func testSlackLegacyNamesResolveToTheEmojiSlackShowed() {
        XCTAssertEqual(describe("simple_smile", .shortcode), "🙂|🙂|slightly smiling face|standard")
        XCTAssertEqual(describe("white_square", .shortcode), "⬜|⬜|white large square|standard")
        XCTAssertEqual(describe(":black_square:"), "⬛|⬛|black large square|standard")
        let markup = MessageMarkup(people: [:], conversations: [:])
        XCTAssertEqual(markup.shortcodesToEmoji("ok :simple_smile: :white_square:"), "ok 🙂 ⬜")
    }

    /// Every legacy row resolves, as a reaction and in text, to its own emoji, which is a
    /// standard emoji of the table; none shadows an iamcal name.
    func testEveryLegacyNameResolves() {
        let legacy = EmojiTable.rows(EmojiTable.slackLegacyRows)
        let iamcal = Set(EmojiTable.rows(EmojiTable.shortcodeRows).map(\.0))
        XCTAssertEqual(legacy.count, 3)
        let markup = MessageMarkup(people: [:], conversations: [:])
        for (name, emoji) in legacy {
            XCTAssertFalse(iamcal.contains(name), name)
            XCTAssertNotNil(EmojiTable.standard.entries[emoji.withoutVariationSelectors], name)
            XCTAssertEqual(resolver.resolve(ReactionValue(name, style: .shortcode))?.display, emoji, name)
            XCTAssertEqual(resolver.resolve(ReactionValue(name, style: .shortcode))?.custom, false, name)
            XCTAssertEqual(markup.shortcodesToEmoji(":\(name):"), emoji, name)
        }
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
