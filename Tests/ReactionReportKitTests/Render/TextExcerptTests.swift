import XCTest

@testable import ReactionReportKit

final class TextExcerptTests: XCTestCase {
    func testExcerptsAreOneTrimmedLineCutAtTheLimit() {
        XCTAssertEqual(TextExcerpt.make("ship it today", deleted: false), "ship it today")
        XCTAssertEqual(TextExcerpt.make("  ship it\ttoday\n\nplease  ", deleted: false), "ship it today please")
        XCTAssertEqual(TextExcerpt.make("é\r\nà", deleted: false), "é à")
        XCTAssertEqual(TextExcerpt.make("", deleted: true), "(deleted message)")
        XCTAssertEqual(TextExcerpt.make(" \n ", deleted: false), "(no text)")
        let long = String(repeating: "abcd ", count: 40)
        XCTAssertEqual(TextExcerpt.make(long, deleted: false), String(repeating: "abcd ", count: 28).dropLast() + "…")
        XCTAssertEqual(TextExcerpt.make(String(repeating: "x", count: 140), deleted: false), String(repeating: "x", count: 140))
        XCTAssertEqual(TextExcerpt.make(String(repeating: "x", count: 141), deleted: false), String(repeating: "x", count: 139) + "…")
        XCTAssertEqual(TextExcerpt.make(String(repeating: "❤️", count: 141), deleted: false), String(repeating: "❤️", count: 139) + "…")
    }
}
