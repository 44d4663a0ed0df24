import XCTest
@testable import ReactionReportKit

final class CometChatImporterTests: XCTestCase {
    let files = ["cometchat/messages.json", "cometchat/reactions.json", "cometchat/events.json"]

    func testMessagesReactionsAndEventsJoinByMessageID() throws {
        let result = try TestSupport.settleFixtures(files)
        XCTAssertEqual(result.messages.map(\.id), ["101", "102"])
        XCTAssertEqual(result.messages[0].conversationName, "Launch")
        XCTAssertEqual(result.messages[0].authorName, "Ada Okafor")
        // 🎉: summary count 3, bo and cy listed; ❤️ summary 1 matches cy's ❤ (no FE0F).
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["🎉 3 [bo,cy] incomplete", "❤ 1 [cy] complete"])
        // ada's 👍 is removed by an event listed before its add.
        XCTAssertEqual(TestSupport.reactions(result.messages[1]), ["👀 1 [cy] complete"])
        XCTAssertEqual(result.messages[1].threadParentID, "101")
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testTheOrderOfFilesDoesNotMatter() throws {
        let forward = TestSupport.lines(try TestSupport.settleFixtures(files))
        let ledger = ReactionLedger()
        let run = ImportRun(importers: ImportRun.standardImporters())
        for path in files.reversed() { _ = try run.read(try TestSupport.fixture(path), name: path, into: ledger) }
        XCTAssertEqual(TestSupport.lines(ledger.summarize()), forward)
    }
}
