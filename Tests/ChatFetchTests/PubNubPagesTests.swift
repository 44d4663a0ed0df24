import JSONReader
import XCTest

@testable import ChatFetch

/// PubNub's answers read and checked: a page that is not the one asked for is asked for again.
final class PubNubPagesTests: XCTestCase {
    func problem(_ text: String, channel: String = "general", start: Int64 = 100, end: Int64? = 10) -> String? {
        do {
            _ = try PubNubPages.history(Array(text.utf8), channel: channel, start: start, end: end)
            return nil
        } catch {
            return error.reason
        }
    }

    func testAHistoryPageIsRead() throws {
        let text =
            #"{"status":200,"channels":{"general":[{"timetoken":"11","message":"a"},{"timetoken":12345678901234567,"uuid":"u"}]},"#
            + #""more":{"start":"11","max":25}}"#
        let page = try PubNubPages.history(Array(text.utf8), channel: "general", start: 12_345_678_901_234_568, end: 10)
        XCTAssertEqual(page.timetokens, [11, 12_345_678_901_234_567])
        XCTAssertEqual(page.moreStart, 11)
        XCTAssertEqual(
            page.items.map { JSONWriting.bytes($0) }.map { String(decoding: $0, as: UTF8.self) },
            [
                #"{"timetoken":"11","message":"a"}"#, #"{"timetoken":12345678901234567,"uuid":"u"}"#
            ])
        // No messages at all: an empty page.
        XCTAssertEqual(try PubNubPages.history(Array(#"{"status":200,"channels":{}}"#.utf8), channel: "general", start: 100, end: nil).items.count, 0)
    }

    func testPagesThatAreNotTheOnesAskedFor() {
        XCTAssertEqual(problem(#"{"channels":{"general":[{"timetoken":"100"}]}}"#), "messages outside the range asked for")
        XCTAssertEqual(problem(#"{"channels":{"general":[{"timetoken":"9"}]}}"#), "messages outside the range asked for")
        XCTAssertEqual(problem(#"{"channels":{"General":[{"timetoken":"50"}]}}"#), "messages of another channel")
        XCTAssertEqual(problem(#"{"channels":{"general":[{"message":"no timetoken"}]}}"#), "a message without a timetoken")
        XCTAssertEqual(problem(#"{"status":200,"error":true,"channels":{}}"#), "an error in a page of status 200")
        XCTAssertEqual(problem(#"{"channels":{"general":[{"timetoken":"50"}"#), "JSON that does not parse")
        XCTAssertEqual(problem(#"{"status":200}"#), "an answer without \"channels\"")
    }

    func testAnActionsPageIsReadAndChecked() throws {
        let text = #"{"status":200,"data":[{"type":"reaction","value":"👍","uuid":"u","actionTimetoken":"15","messageTimetoken":"12"}]}"#
        let page = try PubNubPages.actions(Array(text.utf8), start: 16, end: 15)
        XCTAssertEqual(page.actions, [PubNubAction(messageTimetoken: 12, actionTimetoken: 15, uuid: "u", type: "reaction", value: "👍")])
        XCTAssertNil(page.moreStart)
        XCTAssertThrowsError(try PubNubPages.actions(Array(text.utf8), start: 15, end: nil)) {
            XCTAssertEqual(($0 as? PageProblem)?.reason, "message actions outside the range asked for")
        }
    }
}
