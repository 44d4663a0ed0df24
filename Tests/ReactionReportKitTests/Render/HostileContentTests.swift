import CCmark
import Foundation
import XCTest

@testable import ReactionReportKit
@testable import Templates

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Script, event handlers and `javascript:` links in message text, user names and conversation
/// names never reach a page unescaped.
final class HostileContentTests: XCTestCase {
    static let payload = #"<script>alert(1)</script><img src=x onerror=alert(2)>"' onmouseover="alert(3)"</title></style>{{x}}"#

    func hostileSite() throws -> [String: String] {
        let p = JSONText.quote(Self.payload)
        let stream = """
            {"channels":[{"channel":{"id":"evil","type":"messaging","cid":"messaging:evil","name":\(p)},
             "messages":[
              {"id":"h1","text":\(JSONText.quote("[click](javascript:alert(4)) ![img](javascript:alert(5)) <a href=\"javascript:alert(6)\">x</a> [d](data:text/html,hi) " + Self.payload)),
               "user":{"id":"u1","name":\(p)},"created_at":"2024-01-01T00:00:00Z",
               "reaction_counts":{"like":2,\(p):1},
               "latest_reactions":[{"type":"like","user_id":"u2","user":{"id":"u2","name":\(p)}},{"type":\(p),"user_id":\(p)}]}]}]}
            """
        let result = try TestSupport.settle([("evil.json", stream)])
        var options = BuildOptions()
        options.title = Self.payload
        options.aliases = ["like": "javascript:alert(7)"]
        options.viewer = "u2"
        return try MemoryWriter.render(result, options: options)
    }

    func testNoPayloadReachesAPageUnescaped() throws {
        let files = try hostileSite()
        let pages = files.filter { $0.key.hasSuffix(".html") || $0.key.hasSuffix(".xml") }
        XCTAssertEqual(
            pages.keys.sorted(),
            [
                "conversations/stream-script-alert-1-script-img-src-x-onerror-alert-2-onmou/calendar.html",
                "conversations/stream-script-alert-1-script-img-src-x-onerror-alert-2-onmou/index.html", "feed.xml", "index.html", "people/0aa19451.html",
                "people/8962496b.html", "people/f6f95eb8.html", "people/index.html", "weeks/2024-W01/index.html"
            ])
        for (name, html) in pages {
            let lower = html.lowercased()
            XCTAssertFalse(lower.contains("<script"), name)
            XCTAssertFalse(lower.contains("<img src=x"), name)
            XCTAssertNil(lower.range(of: #"(href|src|action|formaction)\s*=\s*["']?\s*(javascript|data|vbscript):"#, options: .regularExpression), name)
            XCTAssertFalse(lower.contains("</title></style>"), name)
            // With quoted attribute values removed, no tag may carry an event-handler attribute.
            let unquoted = lower.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
            XCTAssertNil(unquoted.range(of: #"<[^>]*\son[a-z]+\s*="#, options: .regularExpression), name)
            XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), name)
        }
    }

    /// Every Markdown file, rendered by libcmark with raw HTML allowed (`cmark --unsafe`),
    /// shows user text as text: no tag and no unsafe link comes from it.
    func testMarkdownRenderedUnsafeHasNoHTMLFromUserText() throws {
        let files = try hostileSite()
        let markdown = files.filter { $0.key.hasSuffix(".md") }
        XCTAssertEqual(markdown.keys.sorted(), ["summary.md", "weeks/2024-W01/report.md"])
        for (name, text) in markdown {
            let html = text.withCString { source -> String in
                let rendered = cmark_markdown_to_html(source, strlen(source), CMARK_OPT_UNSAFE)!
                defer { free(rendered) }
                return String(cString: rendered)
            }
            let lower = html.lowercased()
            XCTAssertFalse(lower.contains("<script"), name)
            XCTAssertFalse(lower.contains("<img"), name)
            XCTAssertFalse(lower.contains("</title>"), name)
            XCTAssertNil(lower.range(of: #"href\s*=\s*"(javascript|data|vbscript):"#, options: .regularExpression), name)
            XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), name)
            // Every table row keeps its cells: a `|` in user text does not add columns.
            for table in html.components(separatedBy: "<table>").dropFirst() {
                let body = table.components(separatedBy: "</table>")[0]
                let header = body.components(separatedBy: "</tr>")[0].components(separatedBy: "<th").count
                for row in body.components(separatedBy: "<tr>").dropFirst(2) {
                    XCTAssertEqual(row.components(separatedBy: "<td").count, header, "\(name): \(row)")
                }
            }
        }
    }

    func testFeedIsWellFormedAtomWithEscapedTitles() throws {
        let feed = try XCTUnwrap(hostileSite()["feed.xml"])
        let checker = AtomChecker()
        let parser = XMLParser(data: Data(feed.utf8))
        parser.delegate = checker
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertEqual(checker.root, "feed")
        XCTAssertEqual(checker.namespace, "http://www.w3.org/2005/Atom")
        XCTAssertEqual(checker.feedChildren, ["title", "id", "updated", "author", "generator", "link", "entry"])
        XCTAssertEqual(checker.entryChildren, [["title", "id", "link", "updated", "summary"]])
        XCTAssertEqual(checker.texts["title"]?.first, Self.payload + ": weekly reactions")
    }

    func testMarkdownSummaryEscapesUserText() throws {
        let summary = try XCTUnwrap(hostileSite()["summary.md"])
        XCTAssertFalse(summary.contains("<script"))
        XCTAssertFalse(summary.contains("<img"))
        XCTAssertTrue(summary.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        // Table rows stay rows: a `|` in user text is escaped; line breaks become spaces.
        XCTAssertEqual(MarkdownEscaping.escape("a|b\nc"), #"a\|b c"#)
        XCTAssertEqual(
            MarkdownEscaping.escape("# 2026-11-14 *x* [l](u) `c` ~s~ a_b <b>&"),
            ##"\# 2026-11-14 \*x\* \[l\](u) \`c\` \~s\~ a\_b &lt;b&gt;&amp;"##)
        XCTAssertEqual(MarkdownEscaping.escape("12. item"), #"12\. item"#)
        XCTAssertEqual(MarkdownEscaping.escape("- item + 3.5"), #"\- item + 3.5"#)
    }

    func testMessageHTMLKeepsSafeLinksAndShowsRawHTMLAsText() {
        XCTAssertEqual(
            CommonMark.html("[docs](https://example.org) and [x](javascript:alert(1)) <b>hi</b>"),
            "<p><a href=\"https://example.org\">docs</a> and <a href=\"\">x</a> &lt;b&gt;hi&lt;/b&gt;</p>\n")
        XCTAssertEqual(CommonMark.html("<div onclick=\"x()\">block</div>"), "<p>&lt;div onclick=&quot;x()&quot;&gt;block&lt;/div&gt;</p>\n")
        // An image without a source it may load shows its description as text: an empty `src`
        // is invalid HTML and a broken image to the reader.
        XCTAssertEqual(CommonMark.html("![i](data:image/png;base64,AAA) ![j](pic.png)"), "<p>i <img src=\"pic.png\" alt=\"j\" /></p>\n")
        XCTAssertEqual(
            CommonMark.html("![none]() ![mail](mailto:a@b.c) ![**bold** alt](javascript:x) after"),
            "<p>none mail <strong>bold</strong> alt after</p>\n")
        XCTAssertEqual(CommonMark.html("![outer ![inner](javascript:y)](data:x)"), "<p>outer inner</p>\n")
    }

    func testURLPolicy() {
        XCTAssertTrue(URLPolicy.isSafe("https://x.org/a"))
        XCTAssertTrue(URLPolicy.isSafe("mailto:a@b.c"))
        XCTAssertTrue(URLPolicy.isSafe("media/a.png"))
        XCTAssertTrue(URLPolicy.isSafe("#frag"))
        XCTAssertFalse(URLPolicy.isSafe("JavaScript:alert(1)"))
        XCTAssertFalse(URLPolicy.isSafe(" javascript:alert(1)"))
        XCTAssertFalse(URLPolicy.isSafe("data:text/html,x"))
        XCTAssertFalse(URLPolicy.isSafe("//evil.example/x"))
        XCTAssertFalse(URLPolicy.isSafeImage("mailto:a@b.c"))
    }

    func testSlugsAndAnchorsAreSafe() {
        XCTAssertEqual(Slug.make("../../etc/passwd"), "etc-passwd")
        XCTAssertEqual(Slug.make("CON"), "con")
        XCTAssertEqual(Slug.make("🎉"), "x")
        XCTAssertEqual(Slug.anchor(forMessage: "$ev/../x:y"), "m-_24ev_2F.._2Fx_3Ay")
        XCTAssertEqual(
            Slug.assign([(key: "1", platform: "slack", name: "General"), (key: "2", platform: "slack", name: "general")]),
            ["1": "slack-general", "2": "slack-general-2"])
    }

    /// Every name a hostile export can give a conversation becomes one portable path component
    /// (platform prefix, so never a reserved device name; at most 60 bytes), unique even where
    /// names differ only in case or Unicode normalisation.
    func testConversationPathsArePortableAndUnique() {
        let long = String(repeating: "ab", count: 150)
        let names = ["../../x", "/etc/passwd", "CON", "a/b", "A/B", long, "Caf\u{E9}", "Cafe\u{301}", ".", "..", "", "nul\u{0}x", "aux.txt"]
        let slugs = Slug.assign(names.enumerated().map { (key: String($0.offset), platform: "discord", name: $0.element) })
        XCTAssertEqual(
            names.indices.map { slugs[String($0)]! },
            [
                "discord-x", "discord-etc-passwd", "discord-con", "discord-a-b", "discord-a-b-2",
                "discord-" + String(long.prefix(52)), "discord-caf", "discord-cafe", "discord", "discord-2", "discord-3",
                "discord-nul-x", "discord-aux-txt"
            ])
        XCTAssertEqual(Set(slugs.values.map { $0.lowercased() }).count, names.count)
    }
}

/// Records the element structure of an Atom document.
final class AtomChecker: NSObject, XMLParserDelegate {
    var root: String?
    var namespace: String?
    var feedChildren: [String] = []
    var entryChildren: [[String]] = []
    var texts: [String: [String]] = [:]
    private var path: [String] = []
    private var text = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if path.isEmpty {
            root = name
            namespace = attributes["xmlns"]
        } else if path == ["feed"] {
            if feedChildren.last != name { feedChildren.append(name) }
            if name == "entry" { entryChildren.append([]) }
        } else if path == ["feed", "entry"] {
            entryChildren[entryChildren.count - 1].append(name)
        }
        path.append(name)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if path.count == 2 { texts[name, default: []].append(text) }
        path.removeLast()
    }
}
