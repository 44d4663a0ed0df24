import XCTest

@testable import ReactionReportKit

/// Right-to-left text reads right: message texts and names carry `dir="auto"` (or sit in a
/// `<bdi>` inside other text; a "reacted by" list's names are isolated by the style sheet,
/// `unicode-bidi: plaintext`, the same rule without ten bytes a name), so an Arabic name or a Hebrew message is laid out by its own
/// direction and does not reorder the text around it.
final class TextDirectionTests: XCTestCase {
    func testNamesAndTextsTakeTheirOwnDirection() throws {
        let chat = #"""
            {"name": "דיון", "type": "private_group", "id": 7, "messages": [
             {"id": 1, "type": "message", "date": "2025-01-01T10:00:00", "date_unixtime": "1735725600", "from": "أحمد", "from_id": "user1",
              "text": "שלום עולם",
              "reactions": [{"type": "emoji", "count": 1, "emoji": "👍", "recent": [{"from": "سارة", "from_id": "user2", "date": "2025-01-01T10:05:00"}]}]},
             {"id": 2, "type": "message", "date": "2025-01-01T11:00:00", "date_unixtime": "1735729200", "from": "سارة", "from_id": "user2",
              "text": "reply", "reply_to_message_id": 1}
            ]}
            """#
        let files = try MemoryWriter.render(try TestSupport.settle([("chat.json", chat)]))
        let transcript = try XCTUnwrap(files.first { $0.key.hasSuffix("/index.html") && $0.key.hasPrefix("conversations/") }?.value)
        for expected in [
            #"<h1 dir="auto">דיון</h1>"#,
            #"<a class="author" href="../../people/ca71f603.html" dir="auto">أحمد</a>"#,
            #"<div class="text" dir="auto"><p>שלום עולם</p>"#,
            #"<li><a href="../../people/904cf720.html">سارة</a> <time"#,
            #"<bdi>أحمد</bdi>: “<bdi>שלום עולם</bdi>”</a>"#
        ] {
            XCTAssertTrue(transcript.contains(expected), expected)
        }
        let overview = try XCTUnwrap(files["index.html"])
        XCTAssertTrue(overview.contains(#".html" dir="auto">سارة</a> <span class="num">"#))
        XCTAssertTrue(overview.contains(#"dir="auto">דיון</a></td>"#))
        XCTAssertTrue(overview.contains(#".html" dir="auto">أحمد</a> in <a href="conversations/"#))
        // A person's page and the people index.
        XCTAssertTrue(try XCTUnwrap(files["assets/style.css"]).contains(".reacted-by li > a { unicode-bidi: plaintext; }"))
        let person = try XCTUnwrap(files.first { $0.key.hasPrefix("people/") && $0.value.contains("<h1><bdi>أحمد</bdi></h1>") })
        XCTAssertTrue(person.value.contains(#"dir="auto">سارة</a> <span class="num">1</span>"#), person.value)
        XCTAssertTrue(try XCTUnwrap(files["people/index.html"]).contains(#".html" dir="auto">أحمد</a>"#))
    }
}
