import InputFiles
import ParallelWork
import XCTest

@testable import ReactionReportKit

/// Texts kept in the spill file come back byte for byte, from any thread, and a ledger's
/// messages read the same whether their texts were spilled or not.
final class TextSpillTests: XCTestCase {
    func testTextsComeBackAsKept() throws {
        let spill = try XCTUnwrap(TextSpill())
        // About 40 MB: more than the spill reads before it drops the pages it read.
        let texts = (0..<4_000).map { "message \($0): " + String(repeating: "é🙂x", count: ($0 % 300) * 10) }
        let references = try texts.map { try XCTUnwrap(spill.keep($0)) }
        XCTAssertEqual(references[3].length, texts[3].utf8.count)
        spill.seal()
        XCTAssertNil(spill.keep("after sealing"), "a sealed spill keeps nothing more")
        // Read back on both cores, often enough that pages are dropped and read again.
        let read = Concurrently.map(references.count) { spill.text(references[$0]) }
        XCTAssertEqual(read, texts)
        XCTAssertEqual(spill.text(references[0]), texts[0], "a text reads the same twice")
    }

    func testTooLongATextStaysWithTheCaller() throws {
        let spill = try XCTUnwrap(TextSpill())
        XCTAssertNil(spill.keep(String(repeating: "a", count: TextSpill.maximumLength + 1)))
        let empty = try XCTUnwrap(spill.keep(""))
        spill.seal()
        XCTAssertEqual(spill.text(empty), "")
    }

    func testLedgerMessagesReadTheirSpilledTexts() {
        let ledger = ReactionLedger()
        let long = "a message long enough to be kept in the spill file, with <b>markup</b> and ü"
        ledger.record(ImportedMessage(platform: .slack, conversationID: "C1", id: "1.0", text: long))
        ledger.record(ImportedMessage(platform: .slack, conversationID: "C1", id: "2.0", text: "short"))
        // A repeat with a text fills in an empty one, and does not replace a kept one.
        ledger.record(ImportedMessage(platform: .slack, conversationID: "C1", id: "3.0", text: ""))
        ledger.record(ImportedMessage(platform: .slack, conversationID: "C1", id: "3.0", text: long + " again"))
        ledger.record(ImportedMessage(platform: .slack, conversationID: "C1", id: "1.0", text: "other"))
        let result = ledger.summarize()
        XCTAssertEqual(result.messages.map(\.text), [long, "short", long + " again"])
        XCTAssertEqual(result.messages[0].message, ImportedMessage(platform: .slack, conversationID: "C1", id: "1.0", text: long))
    }
}
