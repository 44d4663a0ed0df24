import XCTest

@testable import ReactionReportKit

/// Right-to-left text reads right: message texts and names carry `dir="auto"` (or sit in a
/// `<bdi>` inside other text), so an Arabic name or a Hebrew message is laid out by its own
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
            #"<span class="author" title="user1" dir="auto">أحمد</span>"#,
            #"<div class="text" dir="auto"><p>שלום עולם</p>"#,
            #"<li><bdi>سارة</bdi> <time"#,
            #"<bdi>أحمد</bdi>: “<bdi>שלום עולם</bdi>”</a>"#
        ] {
            XCTAssertTrue(transcript.contains(expected), expected)
        }
        let overview = try XCTUnwrap(files["index.html"])
        XCTAssertTrue(overview.contains(#"<span class="person" dir="auto">سارة</span>"#))
        XCTAssertTrue(overview.contains(#"dir="auto">דיון</a></td>"#))
        XCTAssertTrue(overview.contains(#"<span class="author" dir="auto">أحمد</span> in <a href="conversations/"#))
    }
}
