import XCTest

@testable import ReactionReportKit

/// An export whose every name, text and reaction is an attack on a chat app: mentions of every
/// kind, links, `javascript:` URLs, JSON and markup breakers, control characters and bidi
/// overrides. Its digests parse as JSON, keep their limits, and ping and link nobody.
final class DigestHostileTests: XCTestCase {
    static let mentions = "@here @channel @everyone <!channel> <!here> <!everyone> <@U123> <@U9|bo> <#C1|general> <!subteam^S1> <@&42> <@!7> <#99>"
    static let links = "[click](javascript:alert(1)) <https://evil.example|safe> javascript:alert(2) https://evil.example/x"
    static let breakers = "> quote \"q\" \\ \nline2\u{7}\u{1B}[31m \u{202E}desrever\u{202C} *bold* _it_ ~s~ `code` ||spoiler|| # head -# sub"

    func digests() throws -> [DigestFormat: String] {
        let q: (String) -> String = { JSONText.quote($0) }
        let export = """
            {"channels":[{"channel":{"id":"evil","type":"messaging","cid":"messaging:evil","name":\(q("<!channel> #general\n<#C1> @everyone"))},
             "messages":[
              {"id":"h1","text":\(q(Self.mentions)),"user":{"id":"u1","name":\(q("<@U123> @here \"Ada\"\t\\o/ \u{202E}kcab"))},"created_at":"2024-01-02T00:00:00Z",
               "reaction_counts":{"like":2,"<!channel>":1,"[x](https://evil.example)":1},
               "latest_reactions":[
                {"type":"like","user_id":"u2","user":{"id":"u2","name":\(q("@channel <@U9> *Bo*"))}},
                {"type":"like","user_id":"u3","user":{"id":"u3","name":"Cy"}}]},
              {"id":"h2","text":\(q(Self.links)),"user":{"id":"u3","name":"Cy"},"created_at":"2024-01-02T00:01:00Z","reaction_counts":{"like":3}},
              {"id":"h3","text":\(q(Self.breakers)),"user":{"id":"u3","name":"Cy"},"created_at":"2024-01-02T00:02:00Z","reaction_counts":{"like":2},"latest_reactions":[
                {"type":"like","user_id":"u3","user":{"id":"u3","name":"Cy"}}]}]}]}
            """
        let result = try TestSupport.settle([("evil.json", export)])
        var options = BuildOptions()
        options.title = "Pulse <!here> @everyone"
        options.baseURL = "https://reports.example.org/pulse"
        let files = try MemoryWriter.render(result, options: options)
        return try Dictionary(uniqueKeysWithValues: DigestFormat.allCases.map { ($0, try XCTUnwrap(files[$0.path(week: "2024-W01")])) })
    }

    func testSlackPingsAndLinksNobody() throws {
        var texts: [String] = []
        XCTAssertEqual(try DigestPayloadCheck.slack(try digests()[.slack]!, texts: &texts), [])
        for text in texts {
            XCTAssertNil(text.range(of: #"@(here|channel|everyone)"#, options: .regularExpression), text)
            XCTAssertNil(text.range(of: #"[\u0000-\u0009\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]"#, options: .regularExpression), text)
            // Every `<` opens one of our links.
            for link in text.components(separatedBy: "<").dropFirst() {
                XCTAssertTrue(link.hasPrefix("https://reports.example.org/pulse/"), link)
            }
        }
        let conversation = "&lt;!channel&gt; #general &lt;#C1&gt; @\u{2060}everyone"
        let page = "https://reports.example.org/pulse/conversations/stream-channel-general-c1-everyone/index.html"
        XCTAssertEqual(
            texts.filter { $0.range(of: #"^\*\d\.\* "#, options: .regularExpression) != nil },
            [
                "*1.* @\u{2060}here @\u{2060}channel @\u{2060}everyone &lt;!channel&gt; &lt;!here&gt; &lt;!everyone&gt; &lt;@\u{2060}U123&gt; &lt;@\u{2060}U9|bo&gt; "
                    + "&lt;#C1|general&gt; &lt;!subteam^S1&gt; &lt;@\u{2060}&amp;42&gt; &lt;@\u{2060}!7&gt; &lt;#99&gt;\n"
                    + "👍 2 · :&lt;!channel&gt;: 1 · :[x](https:\u{2060}//evil.example): 1 — &lt;@\u{2060}U123&gt; @\u{2060}here \"Ada\" \\o/ kcab in "
                    + conversation + " · <" + page + "#m-h1|view message>",
                "*2.* [click](javascript:alert(1)) &lt;https:\u{2060}//evil.example|safe&gt; javascript:alert(2) https:\u{2060}//evil.example/x\n"
                    + "👍 3 — Cy in " + conversation + " · <" + page + "#m-h2|view message>",
                "*3.* \u{00AD}&gt; quote \"q\" \\ line2[31m desrever ∗bold∗ ˍitˍ ∼s∼ ˋcodeˋ ||spoiler|| # head -# sub\n"
                    + "👍 2 — Cy in " + conversation + " · <" + page + "#m-h3|view message>"
            ])
        XCTAssertEqual(texts[1], "Pulse &lt;!here&gt; @\u{2060}everyone · Week 2024-W01")
        XCTAssertTrue(texts.contains("*Top emoji*\n👍 7 · :&lt;!channel&gt;: 1 · :[x](https:\u{2060}//evil.example): 1"), "\(texts)")
        XCTAssertTrue(texts.contains("*Top reactors*\n1. Cy — 2\n2. @\u{2060}channel &lt;@\u{2060}U9&gt; ∗Bo∗ — 1"), "\(texts)")
    }

    func testDiscordPingsAndLinksNobody() throws {
        var texts: [String] = []
        let payload = try digests()[.discord]!
        XCTAssertEqual(try DigestPayloadCheck.discord(payload, texts: &texts), [])
        for text in texts {
            XCTAssertNil(text.range(of: #"@(here|channel|everyone)"#, options: .regularExpression), text)
            XCTAssertNil(text.range(of: #"[\u0000-\u0009\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]"#, options: .regularExpression), text)
            // Every `<`, `[`, `]`, `(`, `)`, `*` and `|` of the export is escaped; the links are ours.
            XCTAssertNil(text.range(of: #"(^|[^\\])[<|]"#, options: .regularExpression), text)
            for link in text.components(separatedBy: "](").dropFirst() {
                XCTAssertTrue(link.hasPrefix("https://reports.example.org/pulse/"), link)
            }
        }
        XCTAssertEqual(texts[0], #"**Pulse \<!here\> @"# + "\u{200B}" + #"everyone** · Week 2024-W01 · 2024-01-01 to 2024-01-07 \(UTC\)"#)
        let z = "\u{200B}"
        let conversation = #"\<!channel\> #general \<#C1\> @"# + z + "everyone"
        let page = "https://reports.example.org/pulse/conversations/stream-channel-general-c1-everyone/index.html"
        let top = try XCTUnwrap(texts.firstIndex(of: "Top messages"))
        XCTAssertEqual(
            texts[top + 1].components(separatedBy: "\n"),
            [
                #"**1\.** @"# + z + "here @" + z + "channel @" + z + #"everyone \<!channel\> \<!here\> \<!everyone\> \<@"# + z + #"U123\> \<@"# + z
                    + #"U9\|bo\> \<#C1\|general\> \<!subteam^S1\> \<@"# + z + #"&42\> \<@"# + z + #"!7\> \<#99\>"#,
                #"👍 2 · :\<!channel\>: 1 · :\[x\]\(https\://evil.example\): 1 — \<@"# + z + "U123\\> @" + z + #"here "Ada" \\o/ kcab in "# + conversation
                    + " · [view message](" + page + "#m-h1)",
                #"**2\.** \[click\]\(javascript:alert\(1\)\) \<https\://evil.example\|safe\> javascript:alert\(2\) https\://evil.example/x"#,
                "👍 3 — Cy in " + conversation + " · [view message](" + page + "#m-h2)",
                #"**3\.** \> quote "q" \\ line2\[31m desrever \*bold\* \_it\_ \~s\~ \`code\` \|\|spoiler\|\| # head -# sub"#,
                "👍 2 — Cy in " + conversation + " · [view message](" + page + "#m-h3)"
            ])
        XCTAssertTrue(payload.hasSuffix("\"allowed_mentions\":{\"parse\":[]}}\n"))
    }

    func testTheTextDigestHasNoControlsAndNoBareMentions() throws {
        let text = try digests()[.text]!
        XCTAssertNil(text.range(of: #"@(here|channel|everyone)"#, options: .regularExpression), text)
        XCTAssertNil(text.range(of: #"[\u0000-\u0009\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]"#, options: .regularExpression), text)
        XCTAssertTrue(text.hasPrefix("Pulse <!here> @\u{2060}everyone · Week 2024-W01\n"), text)
    }
}
