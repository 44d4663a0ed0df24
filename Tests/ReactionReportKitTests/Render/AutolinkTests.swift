import XCTest

@testable import ReactionReportKit

/// Bare http(s) URLs are links where the platform's apps link them (Discord, Telegram, Matrix,
/// Mattermost), ending where GFM's extended autolinks end, and nothing else becomes a link.
final class AutolinkTests: XCTestCase {
    /// The HTML of each message of the inputs, as a transcript page shows it.
    func pages(_ files: [(String, String)]) throws -> [String] {
        let (_, result) = try TestSupport.settleDetecting(files)
        let markup = MessageMarkup(people: result.people, conversations: [:])
        return result.messages.map(markup.html)
    }

    func testDiscordLinksBareURLsButNotCodeOrOtherSchemes() throws {
        let content = #"see https://example.com/a_(b)), (https://example.org/x). `https://code.example/` javascript:alert(1) data:text/html,x <@5>"#
        let export =
            #"{"guild":{"id":"1","name":"g"},"channel":{"id":"2","type":"GuildTextChat","name":"c"},"messages":[{"id":"10","timestamp":"2024-05-01T10:00:00+00:00","content":"#
            + JSONText.quote(content) + #","author":{"id":"5","name":"bo"}}]}"#
        XCTAssertEqual(
            try pages([("discord.json", export)]),
            [
                #"<p>see <a href="https://example.com/a_(b)">https://example.com/a_(b)</a>), (<a href="https://example.org/x">https://example.org/x</a>). <code>https://code.example/</code> javascript:alert(1) data:text/html,x @bo</p>"#
                    + "\n"
            ])
    }

    func testTelegramLinksBareURLsInPlainText() throws {
        let export = #"""
            {"name":"Notes","type":"private_group","id":5,"messages":[
              {"id":1,"type":"message","date_unixtime":"1735812000","from":"Ada","from_id":"user1","text":"read https://example.com/docs?page=2&x=1, then \"https://example.org/q\"!\n<script>https://x.example/</script> javascript:alert(1)"}
            ]}
            """#
        XCTAssertEqual(
            try pages([("result.json", export)]),
            [
                #"<p>read <a href="https://example.com/docs?page=2&amp;x=1">https://example.com/docs?page=2&amp;x=1</a>, then &quot;<a href="https://example.org/q">https://example.org/q</a>&quot;!<br />"#
                    + "\n" + #"&lt;script&gt;<a href="https://x.example/">https://x.example/</a>&lt;/script&gt; javascript:alert(1)</p>"# + "\n"
            ])
    }

    func testMatrixLinksBareURLsInPlainText() throws {
        let events =
            #"[{"type":"m.room.message","event_id":"$1","room_id":"!r:example.org","sender":"@a:example.org","origin_server_ts":1700000001000,"content":{"body":"wiki: HTTPS://Example.com/Page_(disambiguation) and https://example.com/a)b) ok? xhttps://no.example data:image/png;base64,AA"}}]"#
        XCTAssertEqual(
            try pages([("room.json", events)]),
            [
                #"<p>wiki: <a href="HTTPS://Example.com/Page_(disambiguation)">HTTPS://Example.com/Page_(disambiguation)</a> and <a href="https://example.com/a)b">https://example.com/a)b</a>) ok? xhttps://no.example data:image/png;base64,AA</p>"#
                    + "\n"
            ])
    }

    func testMattermostLinksBareURLsOutsideCodeAndLinks() throws {
        let jsonl =
            [
                #"{"type":"version","version":1}"#,
                #"{"type":"team","team":{"name":"t","display_name":"T"}}"#,
                #"{"type":"channel","channel":{"team":"t","name":"c","display_name":"C","type":"O"}}"#,
                #"{"type":"user","user":{"username":"ada","teams":[{"name":"t","channels":[{"name":"c"}]}]}}"#,
                #"{"type":"post","post":{"team":"t","channel":"c","user":"ada","message":"ship https://example.com/r/1.\n\n    https://block.example/\n\n[docs](https://docs.example/) and <https://angle.example/> https://a_b.example_c/ `https://code.example/`","create_at":1553165193242,"reactions":null}}"#
            ].joined(separator: "\n") + "\n"
        let (_, result) = try TestSupport.settleDetecting([("export.jsonl", jsonl)])
        XCTAssertEqual(result.messages.map(\.markup), [.commonMarkAutolinked])
        XCTAssertEqual(
            result.messages.map(MessageMarkup(people: [:], conversations: [:]).html),
            [
                #"<p>ship <a href="https://example.com/r/1">https://example.com/r/1</a>.</p>"# + "\n"
                    + "<pre><code>https://block.example/\n</code></pre>\n"
                    + #"<p><a href="https://docs.example/">docs</a> and <a href="https://angle.example/">https://angle.example/</a> https://a_b.example_c/ <code>https://code.example/</code></p>"#
                    + "\n"
            ])
    }

    /// Slack writes every link as `<url>`; PubNub, Stream and CometChat text stays as it was.
    func testOtherPlatformsLinkNothingBare() {
        XCTAssertFalse(TextMarkup.slackMrkdwn.linksBareURLs)
        XCTAssertFalse(TextMarkup.commonMark.linksBareURLs)
        XCTAssertEqual(CommonMark.html("see https://example.com"), "<p>see https://example.com</p>\n")
        XCTAssertEqual(CommonMark.html("see https://example.com", autolink: true), #"<p>see <a href="https://example.com">https://example.com</a></p>"# + "\n")
    }

    /// A URL that tries to close its attribute stays inside it.
    func testQuotesInAURLStayInsideTheAttribute() {
        XCTAssertEqual(
            CommonMark.html(#"x https://x.example/"onmouseover="alert(1)'a y"#, autolink: true),
            #"<p>x <a href="https://x.example/%22onmouseover=%22alert(1)&#x27;a">https://x.example/&quot;onmouseover=&quot;alert(1)'a</a> y</p>"# + "\n")
    }

    /// Where URLs end, by GFM's extended autolink rules, on bytes.
    func testURLEnds() {
        func urls(_ text: String) -> [String] {
            let bytes = Array(text.utf8)
            return BareURLs.byteRanges(in: text).map { String(decoding: bytes[$0], as: UTF8.self) }
        }
        XCTAssertEqual(urls("a https://x.example/p?q=1!?.,:*_~'\" b"), ["https://x.example/p?q=1"])
        XCTAssertEqual(
            urls("(https://x.example/a_(b)c) https://x.example/((a)) https://x.example/a))"),
            ["https://x.example/a_(b)c", "https://x.example/((a))", "https://x.example/a"])
        XCTAssertEqual(urls("https://x.example/&copy; https://x.example/a;"), ["https://x.example/", "https://x.example/a"])
        XCTAssertEqual(
            urls("https://x.example/<b> http://localhost:8080/ https://ünï.example/ü"),
            ["https://x.example/", "http://localhost:8080/", "https://ünï.example/ü"])
        XCTAssertEqual(
            urls("xhttp://x.example 1https://y.example ftp://z.example https://-x.example https:// https://a.b_c.d/"),
            ["https://y.example"])
        XCTAssertEqual(urls("https://a_b.c.d.e.f.g.h.i.j.k.l.m/"), ["https://a_b.c.d.e.f.g.h.i.j.k.l.m/"])
        XCTAssertFalse(BareURLs.mayContain("no scheme: here//"))
        XCTAssertTrue(BareURLs.mayContain("x https://"))
    }
}
