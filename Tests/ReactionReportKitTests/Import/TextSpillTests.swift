import ParallelWork
import XCTest

@testable import InputFiles
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

    /// Pages are let go by the 64 kB blocks the reads map, not by the bytes they read: a short
    /// text read in each of 300 blocks maps 300 blocks, as many as reading every text does.
    func testPagesAreDroppedByTheBlocksReadsMap() throws {
        // 64 bytes a text, 1,024 a block, 300 blocks.
        let texts = (0..<300 * 1_024).map { String(format: "%063d", $0) + "." }
        func spill() throws -> (TextSpill, [TextSpill.Reference]) {
            let spill = try XCTUnwrap(TextSpill())
            let references = try texts.map { try XCTUnwrap(spill.keep($0)) }
            spill.seal()
            return (spill, references)
        }
        let (scattered, scatteredReferences) = try spill()
        for block in 0..<300 { XCTAssertEqual(scattered.text(scatteredReferences[block * 1_024]), texts[block * 1_024]) }
        XCTAssertEqual(scattered.drops.load(ordering: .relaxed), 2, "300 blocks mapped: dropped at 128 and at 256")
        let (whole, wholeReferences) = try spill()
        for reference in wholeReferences { _ = whole.text(reference) }
        XCTAssertEqual(whole.drops.load(ordering: .relaxed), 2)
        // Read again, a block already read since the last drop maps nothing more.
        for index in 256 * 1_024..<300 * 1_024 { _ = whole.text(wholeReferences[index]) }
        XCTAssertEqual(whole.drops.load(ordering: .relaxed), 2)
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
