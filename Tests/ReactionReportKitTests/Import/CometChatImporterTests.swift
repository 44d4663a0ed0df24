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
        XCTAssertEqual(
            result.diagnostics.examples[.invalidCount]?.map(\.detail),
            [#"message 8: the count of "❤️" at $.data[1].reactions[0].count (-2 is negative) is not used"#])
        XCTAssertEqual(result.tallies[.cometchat], ReactionTally(read: 5, counted: 4, diagnosed: 1))
        XCTAssertEqual(TestSupport.diagnostics(result), ["invalid-count": 1])
    }

    /// Reaction summaries and the Reactions extension's map of the wrong types are named with
    /// the file, the message and the JSON path, and the reactions they hold are counted as read
    /// and not counted.
    func testReactionsOfTheWrongTypeAreNamedWithTheirPaths() throws {
        let messages = #"""
            {"data":[
              {"id":"1","conversationId":"group_g","receiverType":"group","receiver":"g","sender":"ada","sentAt":1700000000,"data":{"text":"map"},
               "reactions":{"👍":3}},
              {"id":"2","conversationId":"group_g","receiverType":"group","receiver":"g","sender":"ada","sentAt":1700000060,"data":{"text":"text","reactions":"👍"}},
              {"id":"3","conversationId":"group_g","receiverType":"group","receiver":"g","sender":"ada","sentAt":1700000120,"data":{"text":"parts"},
               "reactions":["🔥",{"reaction":{"emoji":"🎉"},"count":2},{"reaction":"❤","count":[1]},{"reaction":"👀","count":1}]},
              {"id":"4","conversationId":"group_g","receiverType":"group","receiver":"g","sender":"ada","sentAt":1700000180,"data":{"text":"list"},
               "metadata":{"@injected":{"extensions":{"reactions":["👍"]}}}},
              {"id":"5","conversationId":"group_g","receiverType":"group","receiver":"g","sender":"ada","sentAt":1700000240,"data":{"text":"users"},
               "metadata":{"@injected":{"extensions":{"reactions":{"👍":["bo","cy"],"😂":{"bo":{}}}}}}}
            ]}
            """#
        let result = try TestSupport.settle([("shapes.json", messages)])
        func examples(_ kind: Diagnostic.Kind) -> [String] {
            (result.diagnostics.examples[kind] ?? []).map { "\($0.text) [\($0.reactions)]" }
        }
        XCTAssertEqual(
            examples(.skippedRecord),
            [
                "shapes.json: message 1: $.data[0].reactions is an object, not an array; 3 reaction(s) not counted [3]",
                "shapes.json: message 2: $.data[1].data.reactions is a string, not an array; 1 reaction(s) not counted [1]",
                "shapes.json: message 4: $.data[3].metadata.@injected.extensions.reactions is an array, not an object; 1 reaction(s) not counted [1]"
            ])
        XCTAssertEqual(
            examples(.invalidReaction),
            [
                "shapes.json: message 3: $.data[2].reactions[0] is a string, not an object; 1 reaction(s) not counted [1]",
                "shapes.json: message 3: $.data[2].reactions[1].reaction is an object, not a string; 2 reaction(s) not counted [2]",
                #"shapes.json: message 5: $.data[4].metadata.@injected.extensions.reactions["👍"] is an array, not an object; 2 reaction(s) not counted [2]"#
            ])
        XCTAssertEqual(
            examples(.invalidCount), [#"shapes.json: message 3: the count of "❤" at $.data[2].reactions[2].count (an array is not a number) is not used [1]"#])
        XCTAssertEqual(TestSupport.diagnostics(result), ["skipped-record": 3, "invalid-reaction": 3, "invalid-count": 1])
        XCTAssertEqual(result.messages.map(TestSupport.reactions), [[], [], ["👀 1 [] incomplete"], [], ["😂 1 [bo] complete"]])
        // Counted: 1 + 1; named: 3 + 1 + 1 (members), 1 + 2 + 2 (parts), 1 (count).
        XCTAssertEqual(result.tallies[.cometchat], ReactionTally(read: 13, counted: 2, diagnosed: 11))
    }
}
