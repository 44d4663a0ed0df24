import ByteOutput
import Templates
import XCTest

@testable import ReactionReportKit

/// Ranking excerpts are made from the text as people read it in the app, are cut without
/// breaking a URL or an emoji, and stay inert in the Markdown reports.
final class ReadableExcerptTests: XCTestCase {
    let markup = MessageMarkup(
        people: [.slack: ["U17KXSB7W": "Ada Okafor"], .discord: ["123": "Bo Lind"]],
        conversations: [.slack: ["C1": "general"], .discord: ["456": "help"]])

    func message(_ text: String, _ kind: TextMarkup, platform: Platform = .slack) -> MessageSummary {
        MessageSummary(
            message: ImportedMessage(platform: platform, conversationID: "C1", id: "1", authorID: "U1", text: text, markup: kind),
            conversationName: "general", reactions: [])
    }

    func excerpt(_ text: String, _ kind: TextMarkup, platform: Platform = .slack) -> String {
        TextExcerpt.make(markup.readableText(message(text, kind, platform: platform)), deleted: false)
    }

    func testSlackExcerptsShowNamesLabelsAndEmoji() {
        let text =
            "<@U17KXSB7W|handle> and <@U9|bo> see <#C1|general>, <#C2> and <https://example.com/a?b=1&amp;c=2|the notes> or "
            + "<https://example.com/b>, <mailto:a@example.com|mail us> &lt;tag&gt; &amp; *ship* _it_ :rocket: :+1::skin-tone-2: "
            + ":simple_smile: :partyparrot: <!here> <!subteam^S1|@team>\nnext line"
        XCTAssertEqual(
            markup.readableText(message(text, .slackMrkdwn)),
            "@Ada Okafor and @bo see #general, #C2 and the notes or https://example.com/b, mail us <tag> & ship it 🚀 👍🏻 🙂 "
                + ":partyparrot: @here @team\nnext line")
        XCTAssertEqual(
            excerpt(text, .slackMrkdwn),
            "@Ada Okafor and @bo see #general, #C2 and the notes or https://example.com/b, mail us <tag> & ship it 🚀 👍🏻 🙂 "
                + ":partyparrot: @here @team next…")
    }

    func testDiscordExcerptsShowNamesAndCustomEmoji() {
        let text = "<@123> <@!124> in <#456>: <:partyparrot:789> <a:dance:790> <@&5> **bold** &amp;"
        XCTAssertEqual(excerpt(text, .discord, platform: .discord), "@Bo Lind @124 in #help: :partyparrot: :dance: @role **bold** &amp;")
        // Markdown and plain text are read as written.
        XCTAssertEqual(excerpt("*so* <@U1> :rocket:", .commonMark), "*so* <@U1> :rocket:")
        XCTAssertEqual(excerpt("*so* <@U1> :rocket:", .plain), "*so* <@U1> :rocket:")
    }

    /// A cut that would fall inside a URL falls before it; a URL with nothing before it is
    /// kept whole; a cut after a URL is an ordinary cut.
    func testCutsNeverBreakAURL() {
        let words = String(repeating: "x", count: 130)
        XCTAssertEqual(excerpt(words + " <https://example.com/a/long/path> end", .slackMrkdwn), words + "…")
        XCTAssertEqual(TextExcerpt.make(words + " see https://example.com/a/long/path end", deleted: false), words + " see…")
        let long = "https://example.com/" + String(repeating: "a", count: 200)
        XCTAssertEqual(TextExcerpt.make(long + " tail", deleted: false), long + "…")
        XCTAssertEqual(TextExcerpt.make(long, deleted: false), long)
        XCTAssertEqual(
            TextExcerpt.make("see https://e.example/a " + String(repeating: "y", count: 200), deleted: false),
            "see https://e.example/a " + String(repeating: "y", count: 139 - 24) + "…")
        // The URL ends before trailing punctuation: a cut on the punctuation is outside it.
        let upToURL = String(repeating: "z", count: 118) + " https://e.example/"
        XCTAssertEqual(upToURL.count, 137)
        XCTAssertEqual(TextExcerpt.make(upToURL + "... and more", deleted: false), upToURL + "..…")
    }

    /// The limit counts what people see: a shortcode is one emoji, a family one grapheme.
    func testCutsNeverBreakAnEmoji() {
        let words = String(repeating: "a", count: 137)
        XCTAssertEqual(excerpt(words + " :rocket: and more", .slackMrkdwn), words + " 🚀…")
        let family = "👩‍👩‍👧‍👦"
        XCTAssertEqual(
            excerpt(String(repeating: "b", count: 138) + family + "cd", .discord, platform: .discord),
            String(repeating: "b", count: 138) + family + "…")
        XCTAssertEqual(
            excerpt(String(repeating: "c", count: 137) + " :+1::skin-tone-6: x", .slackMrkdwn),
            String(repeating: "c", count: 137) + " 👍🏿…")
    }

    /// In the Markdown reports the excerpt is the text of a link in a table row: nothing in it
    /// ends the link or the cell, adds markup, HTML, a line or a mention.
    func testHostileExcerptsStayInertInMarkdown() throws {
        let text = "] (javascript:alert(1)) | &lt;script&gt;alert(1)&lt;/script&gt; `code` \\ [x](data:text/html,y) <!here> @here\nnext"
        let shown = excerpt(text, .slackMrkdwn)
        XCTAssertEqual(shown, "] (javascript:alert(1)) | <script>alert(1)</script> `code` \\ [x](data:text/html,y) @here @here next")
        let row: TemplateObject = [
            "rank": .number(1), "excerpt": .text(shown), "link": .text("conversations/general/index.html#m-1"),
            "author": .text("Ada"), "conversation": .text("general"), "bubblesText": .text("👍 1")
        ]
        let summary = try TemplateSet.load().renderMarkdown("summary", ["hasTopMessages": .flag(true), "topMessages": .list([.object(row)])]).text
        let line = summary.split(separator: "\n").first { $0.hasPrefix("| 1 |") }.map(String.init)
        XCTAssertEqual(
            line,
            #"| 1 | [\] (javascript:alert(1)) \| &lt;script&gt;alert(1)&lt;/script&gt; \`code\` \\ \[x\](data:text/html,y) @here @here next](conversations/general/index.html#m-1) | Ada | general | 👍 1 |"#
        )
        // Read as Markdown, the cell is one link, to the message, showing the excerpt as text.
        let cell = try XCTUnwrap(line?.dropFirst("| 1 | ".count).components(separatedBy: " | Ada | ").first)
        XCTAssertEqual(
            CommonMark.html(cell),
            #"<p><a href="conversations/general/index.html#m-1">] (javascript:alert(1)) | &lt;script&gt;alert(1)&lt;/script&gt; `code` \ [x](data:text/html,y) @here @here next</a></p>"#
                + "\n")
    }
}
