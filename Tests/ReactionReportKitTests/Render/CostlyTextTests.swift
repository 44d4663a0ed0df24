import XCTest

@testable import ReactionReportKit

/// Text that would cost libcmark hundreds of bytes a byte is shown plain (issue 26): which
/// texts pass the gate, what the plain HTML is, and what transcripts and rankings show of them.
/// What rendering such text costs a byte is measured by `Benchmarks/worst-text.sh`.
final class CostlyTextTests: XCTestCase {
    let megabyte = 1 << 20

    func testTheGateLetsProseAndFencedCodeThroughAndStopsRunsOfMarkup() {
        let message = String(repeating: "We shipped *it* today, see [the notes](https://example.org) & `code`.\n", count: 560)
        XCTAssertTrue(CommonMark.isAffordable(message), "Slack's longest message, 40,000 characters, of markup on every line")
        let prose = String(repeating: "We shipped it today; see the notes at example.org, and the code.\n", count: 45_000)
        XCTAssertTrue(CommonMark.isAffordable(prose), "2.9 MB of lines")
        let fenced = "```\n" + String(repeating: "if a[i] < b[j] && *p != '_' { x = y }\n", count: 60_000) + "```\n"
        XCTAssertTrue(CommonMark.isAffordable(fenced), "2.3 MB of code in a fence")
        XCTAssertTrue(CommonMark.isAffordable(String(repeating: "[", count: 3_000)), "short texts always pass")
        for pattern in ["[", "]", "<", "*a_", "`a", "a\n", "> ", "&amp;", "\\[", "!"] {
            XCTAssertFalse(CommonMark.isAffordable(String(repeating: pattern, count: 2 * megabyte / pattern.utf8.count)), pattern)
        }
        // The fence must be closed for what follows to count again.
        let unclosed = "```\n" + String(repeating: "[", count: 2 * megabyte)
        XCTAssertTrue(CommonMark.isAffordable(unclosed))
        let closed = "```\ncode\n```\n" + String(repeating: "[", count: 2 * megabyte)
        XCTAssertFalse(CommonMark.isAffordable(closed))
    }

    func testPlainHTMLEscapesJoinsLinesAndEndsParagraphsAtBlankLines() {
        XCTAssertEqual(
            CommonMark.plainHTML("  <b>one</b> & \"two\"  \nthree\r\n \n\n four's\n"),
            "<p>&lt;b&gt;one&lt;/b&gt; &amp; &quot;two&quot;<br />\nthree</p>\n<p>four&#39;s</p>\n")
        XCTAssertEqual(CommonMark.plainHTML(""), "")
        XCTAssertEqual(CommonMark.plainHTML("\n \n"), "")
        XCTAssertEqual(
            CommonMark.plainHTML("a &lt;b&gt; &amp;amp; &quot; &", keepingEntities: true), "<p>a &lt;b&gt; &amp;amp; &amp;quot; &amp;</p>\n")
    }

    /// A transcript shows a costly text as written, mentions unresolved; a ranking shows the
    /// start of a long text, and its excerpt comes from the text's start.
    func testTranscriptsAndRankingsOfCostlyText() {
        let markup = MessageMarkup(people: [.slack: ["U1": "Ada"]], conversations: [:])
        let costly = String(repeating: "<@U1> [&lt;", count: 200_000)
        let message = Self.slack(costly)
        let html = markup.html(message)
        XCTAssertEqual(html.utf8.count, 200_000 * "&lt;@U1&gt; [&lt;".utf8.count + "<p></p>\n".utf8.count)
        XCTAssertTrue(html.hasPrefix("<p>&lt;@U1&gt; [&lt;&lt;@U1&gt; [&lt;"), String(html.prefix(80)))
        let ranking = markup.rankingHTML(message)
        // 4,096 bytes: 372 times the 11 bytes, then a control cut open, shown as written.
        XCTAssertEqual(ranking, "<p>" + String(repeating: "@Ada [&lt;", count: 372) + "&lt;@U1 …</p>\n")
        XCTAssertEqual(markup.excerpt(message), String(repeating: "@Ada [<", count: 19) + "@Ada […")
        // Text that fits is rendered as before.
        let short = Self.slack("hi <@U1> *there*")
        XCTAssertEqual(markup.html(short), "<p>hi @Ada <strong>there</strong></p>\n")
        XCTAssertEqual(markup.rankingHTML(short), markup.html(short))
    }

    /// A Slack message of `text`.
    static func slack(_ text: String) -> MessageSummary {
        MessageSummary(
            message: ImportedMessage(platform: .slack, conversationID: "C1", id: "1", authorID: "U1", text: text, markup: .slackMrkdwn),
            conversationName: "general", reactions: [])
    }
}
