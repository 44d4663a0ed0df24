import XCTest

@testable import ReactionReportKit

/// Text from an export, written for Slack, Discord and plain text: inert, on one line, cut
/// between characters.
final class DigestDialectTests: XCTestCase {
    let hostile = "<!channel> <@U1|ada> @here *b* _i_ ~s~ `c` & [x](https://e.example/) <https://e.example|y> javascript:alert(1)"

    func testSlackEscapesControlsStyleMarksAndMentions() {
        XCTAssertEqual(
            DigestDialect.slack.inert(hostile),
            "&lt;!channel&gt; &lt;@\u{2060}U1|ada&gt; @\u{2060}here \u{2217}b\u{2217} \u{02CD}i\u{02CD} \u{223C}s\u{223C} \u{02CB}c\u{02CB} &amp; "
                + "[x](https:\u{2060}//e.example/) &lt;https:\u{2060}//e.example|y&gt; javascript:alert(1)")
        // A `>` that starts a text would quote the line.
        XCTAssertEqual(DigestDialect.slack.inert("> quoted ＞ too"), "\u{00AD}&gt; quoted ＞ too")
        XCTAssertEqual(DigestDialect.slack.inert("＊full＿width｀"), "\u{FE61}full\u{2E0F}width\u{02CB}")
        // The header's plain text keeps its style marks.
        XCTAssertEqual(DigestDialect.slackPlainText.inert("a_b *c* <!here> & @everyone"), "a_b *c* &lt;!here&gt; &amp; @\u{2060}everyone")
    }

    func testDiscordEscapesMarkdownMentionsAndLinks() {
        XCTAssertEqual(
            DigestDialect.discord.inert(hostile),
            #"\<!channel\> \<@"# + "\u{200B}" + #"U1\|ada\> @"# + "\u{200B}" + #"here \*b\* \_i\_ \~s\~ \`c\` & \[x\]\(https\://e.example/\) "#
                + #"\<https\://e.example\|y\> javascript:alert\(1\)"#)
        XCTAssertEqual(
            DigestDialect.discord.inert(#"<@&42> <#7> @everyone \o/ ||spoiler||"#),
            #"\<@"# + "\u{200B}" + #"&42\> \<#7\> @"# + "\u{200B}" + #"everyone \\o/ \|\|spoiler\|\|"#)
        // Headings, subtext and lists start a line; elsewhere these are text.
        XCTAssertEqual(DigestDialect.discord.inert("# big"), ##"\# big"##)
        XCTAssertEqual(DigestDialect.discord.inert("-# small - x"), #"\-# small - x"#)
        XCTAssertEqual(DigestDialect.discord.inert("+ item"), #"\+ item"#)
        XCTAssertEqual(DigestDialect.discord.inert("12. item 3. x"), #"12\. item 3. x"#)
        XCTAssertEqual(DigestDialect.discord.inert("1.50 · 7."), "1.50 · 7.")
        XCTAssertEqual(DigestDialect.discord.inert("7."), #"7\."#)
        XCTAssertEqual(DigestDialect.discord.inert("> quote"), #"\> quote"#)
    }

    func testPlainTextOnlyGuardsTheAtSign() {
        XCTAssertEqual(DigestDialect.plain.inert("<!here> *x* @channel"), "<!here> *x* @\u{2060}channel")
    }

    func testTextIsFlattenedWithoutControlsOrBidirectionalFormatting() {
        XCTAssertEqual(DigestDialect.flatten("  a\n\tb\r\n c\u{0}\u{1B}[31md\u{7F}\u{85}e\u{2028}f  "), "a b c[31md e f")
        XCTAssertEqual(DigestDialect.flatten("abc\u{202E}fed\u{202C} \u{2067}x\u{2069} \u{200F}y"), "abcfed x \u{200F}y")
        // A combining mark at the start would join the digest's text before it.
        XCTAssertEqual(DigestDialect.flatten("\u{0301}x"), "\u{00A0}\u{0301}x")
        // A prepended concatenation mark at the end would join the text after it.
        XCTAssertEqual(DigestDialect.flatten("x\u{0600}"), "x\u{0600}\u{00A0}")
        XCTAssertEqual(DigestDialect.flatten(" \n "), "")
    }

    func testEachPlatformCountsAsItCountsItsLimits() {
        // 👍 is one code point and two UTF-16 code units; the family is five code points.
        XCTAssertEqual(DigestDialect.slack.length("a👍"), 3)
        XCTAssertEqual(DigestDialect.discord.length("a👍"), 2)
        XCTAssertEqual(DigestDialect.discord.length("👨‍👩‍👧"), 5)
        XCTAssertEqual(DigestDialect.plain.length("👨‍👩‍👧"), 1)
    }

    func testACutFallsBetweenCharactersAndEndsWithAnEllipsis() {
        XCTAssertEqual(DigestDialect.slack.fit("short", 5), "short")
        XCTAssertEqual(DigestDialect.slack.fit("shorts", 5), "shor…")
        // `&amp;` is never cut: with the ellipsis it does not fit.
        XCTAssertEqual(DigestDialect.slack.fit("a&b", 5), "a…")
        XCTAssertEqual(DigestDialect.slack.fit("a&bc", 7), "a&amp;…")
        XCTAssertEqual(DigestDialect.discord.fit("a*b", 3), "a…")
        // An emoji sequence is one character: kept whole or left out.
        XCTAssertEqual(DigestDialect.discord.fit("ab👨‍👩‍👧cd", 7), "ab…")
        XCTAssertEqual(DigestDialect.discord.fit("ab👨‍👩‍👧cd", 8), "ab👨‍👩‍👧…")
        XCTAssertEqual(DigestDialect.slack.fit("ab👍cd", 4), "ab…")
        // No space before the ellipsis.
        XCTAssertEqual(DigestDialect.plain.fit("one two three", 5), "one…")
        XCTAssertEqual(DigestDialect.plain.fit("anything", 0), "")
    }
}
