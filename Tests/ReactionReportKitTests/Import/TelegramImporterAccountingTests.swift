import XCTest

@testable import ReactionReportKit

/// Telegram's part of "nothing dropped in silence": every reaction is counted or named.
final class TelegramImporterAccountingTests: XCTestCase {
    func settle(_ files: [(String, String)]) throws -> (formats: [String], result: LedgerResult) { try TestSupport.settleDetecting(files) }

    /// "text [reactions]" for the kept examples of `kind`.
    func examples(_ result: LedgerResult, _ kind: Diagnostic.Kind) -> [String] {
        (result.diagnostics.examples[kind] ?? []).map { "\($0.text) [\($0.reactions)]" }
    }

    func testEveryReactionNotCountedIsNamedWithHowManyItHolds() throws {
        let chat = #"""
            {"name":"Odd","type":"private_supergroup","id":9,"messages":[
              {"id":1,"type":"service","date_unixtime":"1735812000","actor":"Ada","actor_id":"user1","action":"pin_message","text":"",
               "reactions":[{"type":"emoji","count":3,"emoji":"👍"},{"type":"paid","count":50}]},
              {"id":2,"type":"unsupported"},
              {"type":"message","text":"no id","reactions":[{"type":"emoji","count":2,"emoji":"🔥"}]},
              {"id":3,"type":"poll","reactions":[{"type":"emoji","emoji":"👀","recent":[{"from_id":"user2"},{"from_id":"user3"}]}]},
              {"id":4,"type":"message","date_unixtime":"1735812060","from_id":"user1","text":"counts","reactions":[
                {"type":"emoji","count":-1,"emoji":"😂","recent":[{"from_id":"user2"}]},
                {"type":"emoji","count":2.5,"emoji":"😮"},
                {"type":"emoji","count":"lots","emoji":"😢","recent":[{"from_id":"user2"},{"from_id":"user3"}]},
                {"type":"emoji","count":2000000000,"emoji":"🙏"},
                {"type":"emoji","count":"7","emoji":"🎉"},
                {"type":"emoji","count":3,"emoji":"🔥","recent":[{"from":"ghost"},{"from_id":"user2"}]},
                {"type":"emoji","emoji":"✅","recent":[{"from":"ghost"},{"from_id":"user3"}]},
                {"type":"custom_emoji","count":4},
                {"type":"emoji","recent":[{"from_id":"user2"}]},
                {"type":"reaction","count":6,"emoji":"👍"},
                {"type":"emoji","emoji":"👏"},
                "❤",
                {"type":"paid","count":-5},
                {"type":"paid"},
                {"type":"paid","count":25,"recent":[{"from":"Eli","from_id":"user5"}]}
              ]},
              {"id":5,"type":"message","date_unixtime":"1735812120","from_id":"user2","text":"map","reactions":{"👍":4,"❤":2}}
            ]}
            """#
        let account = #"""
            {"chats":{"list":[
              {"name":"no id","type":"private_group","messages":[
                {"id":1,"type":"message","text":"lost","reactions":[{"type":"emoji","count":5,"emoji":"👍"},{"type":"paid","count":9}]},
                {"id":2,"type":"service","reactions":[{"type":"emoji","count":1,"emoji":"❤"}]}]}
            ]}}
            """#
        let (formats, result) = try settle([("odd.json", chat), ("result.json", account)])
        XCTAssertEqual(formats, ["telegram-desktop", "telegram-desktop"])
        XCTAssertEqual(result.messages.map(\.id), ["4", "5"])
        XCTAssertEqual(
            TestSupport.reactions(result.messages[0]),
            [
                "😂 1 [user2] complete", "😢 2 [user2,user3] complete", "🎉 7 [] incomplete", "🔥 3 [user2] incomplete", "✅ 1 [user3] complete"
            ])
        XCTAssertEqual(result.messages[0].paidStars, 25)
        XCTAssertEqual(result.people[.telegram], ["user5": "Eli"])
        XCTAssertEqual(
            examples(result, .skippedRecord),
            [
                "odd.json: chat 9 message 1: a service record (\"pin_message\") with 3 reaction(s); service records are not messages, their reactions are not counted [3]",
                "odd.json: chat 9 message 2: Telegram Desktop could not export this message (type \"unsupported\"); skipped [0]",
                "odd.json: chat 9: a message without an id [2]",
                "odd.json: chat 9 message 3: record type \"poll\" is neither message nor service; skipped [2]",
                "result.json: a chat without an id (\"no id\"); its messages were skipped [6]"
            ])
        XCTAssertEqual(
            examples(result, .invalidCount),
            [
                "odd.json: message 4: the count of \"😂\" (-1 is negative) is not used; its listed reactors are counted [0]",
                "odd.json: message 4: the count of \"😮\" (2.5 is not a whole number) is not used; its listed reactors are counted [1]",
                "odd.json: message 4: the count of \"😢\" (\"lots\" is not a number) is not used; its listed reactors are counted [0]",
                "odd.json: message 4: the count of \"🙏\" (2000000000 is above 1000000000) is not used; its listed reactors are counted [1]",
                "odd.json: message 4: the Stars of a paid reaction (-5 is negative) are not used [0]"
            ])
        XCTAssertEqual(
            examples(result, .invalidReaction),
            [
                "odd.json: message 4: a reactor of \"🔥\" without a from_id [0]",
                "odd.json: message 4: a reactor of \"✅\" without a from_id [1]",
                "odd.json: message 4: a custom emoji reaction without a document_id [4]",
                "odd.json: message 4: an emoji reaction without an emoji [1]",
                "odd.json: message 4: reaction type \"reaction\" is not emoji, custom_emoji or paid [6]",
                "odd.json: message 4: reaction \"👏\" has neither count nor recent reactors [1]",
                "odd.json: message 4: a reaction that is not an object [1]",
                "odd.json: message 4: a paid reaction without a count of Stars [0]",
                "odd.json: message 5: \"reactions\" is not an array [6]"
            ])
        XCTAssertEqual(TestSupport.diagnostics(result), ["skipped-record": 5, "invalid-count": 5, "invalid-reaction": 9])
        // Counted: 1 + 2 + 7 + 3 + 1; named: 3 + 2 + 2 + 6 (skipped records), 1 + 1 (counts), 1 + 4 + 1 + 6 + 1 + 1 + 6.
        XCTAssertEqual(result.tallies[.telegram], ReactionTally(read: 49, counted: 14, diagnosed: 35))
        XCTAssertEqual(result.tallies[.telegram]?.isBalanced, true)
    }

    /// A file with a chat of its own and `chats` beside it (no exporter writes one) is read
    /// whole: the root chat is declared read, so its reactions must be.
    func testARootChatBesideAccountSectionsIsRead() throws {
        let both = #"""
            {"name":"Root","type":"private_group","id":77,"messages":[
              {"id":1,"type":"message","date_unixtime":"1735812000","from_id":"user1","text":"root","reactions":[{"type":"emoji","count":1,"emoji":"👍","recent":[{"from_id":"user2"}]}]}],
             "chats":{"list":[{"name":"Inner","type":"private_group","id":78,"messages":[
              {"id":1,"type":"message","date_unixtime":"1735812060","from_id":"user2","text":"inner","reactions":[{"type":"emoji","count":2,"emoji":"🔥"}]}]}]}}
            """#
        let (_, result) = try settle([("both.json", both)])
        XCTAssertEqual(result.conversations.map(\.id), ["77", "78"])
        XCTAssertEqual(
            result.messages.map { "\($0.conversationID)/\($0.id) \(TestSupport.reactions($0))" },
            ["77/1 [\"👍 1 [user2] complete\"]", "78/1 [\"🔥 2 [] incomplete\"]"])
        XCTAssertEqual(result.tallies[.telegram], ReactionTally(read: 3, counted: 3))
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }
}
