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

    /// CometChat's Reactions extension (before reactions were built in) keeps each message's
    /// reactions in its metadata, by emoji and user; a summary count that is not a count is named.
    func testReactionsOfTheLegacyExtension() throws {
        let messages = #"""
            {"data":[
              {"id":"7","conversationId":"group_g","receiverType":"group","receiver":"g","sender":"ada","sentAt":1700000000,"data":{"text":"hi"},
               "metadata":{"@injected":{"extensions":{"reactions":{"👍":{"bo":{"name":"Bo Lind","avatar":"https://x/b.png"},"cy":{"name":"Cy"}},"😂":{"bo":{"name":"Bo Lind"}}}}}}},
              {"id":"8","conversationId":"group_g","receiverType":"group","receiver":"g","sender":"bo","sentAt":1700000100,
               "data":{"text":"ok","metadata":{"@injected":{"extensions":{"reactions":{"🎉":{"ada":{"name":"Ada"}}}}}}},
               "reactions":[{"reaction":"❤️","count":-2}]}
            ]}
            """#
        let result = try TestSupport.settle([("legacy.json", messages)])
        XCTAssertEqual(result.messages.map(TestSupport.reactions), [["👍 2 [bo,cy] complete", "😂 1 [bo] complete"], ["🎉 1 [ada] complete"]])
        XCTAssertEqual(result.messages[0].reactions[0].reactors.map(\.name), ["Bo Lind", "Cy"])
        XCTAssertEqual(result.diagnostics.examples[.invalidCount]?.map(\.detail), [#"message 8: the count of "❤️" (-2 is negative) is not used"#])
        XCTAssertEqual(result.tallies[.cometchat], ReactionTally(read: 5, counted: 4, diagnosed: 1))
        XCTAssertEqual(TestSupport.diagnostics(result), ["invalid-count": 1])
    }
}
