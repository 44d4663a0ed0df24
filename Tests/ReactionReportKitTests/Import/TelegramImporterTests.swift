import XCTest

@testable import ReactionReportKit

final class TelegramImporterTests: XCTestCase {
    func importRun() -> ImportRun { ImportRun(importers: ImportRun.standardImporters()) }
    func settle(_ files: [(String, String)]) throws -> (formats: [String], result: LedgerResult) { try TestSupport.settleDetecting(files) }
    func settleFixtures(_ paths: [String]) throws -> (formats: [String], result: LedgerResult) { try TestSupport.settleFixturesDetecting("telegram", paths) }

    func document(_ json: String, name: String = "x.json") throws -> InputDocument {
        try InputDocument.parse(Array(json.utf8), name: name)
    }

    func testSingleChatWithStringAndPartedTextCustomAndPaidReactions() throws {
        let (formats, result) = try settleFixtures(["single-chat.json"])
        XCTAssertEqual(formats, ["telegram-desktop"])
        XCTAssertEqual(result.conversations, [ConversationInfo(platform: .telegram, id: "1789012345", name: "Lumen Dev")])
        // The service record 101 is not a message.
        XCTAssertEqual(result.messages.map(\.id), ["102", "103", "104"])

        let notes = result.messages[0]
        XCTAssertEqual(notes.conversationName, "Lumen Dev")
        XCTAssertEqual(notes.authorID, "user1001")
        XCTAssertEqual(notes.authorName, "Ada Okafor")
        // date_unixtime wins over the local `date` (11:00 on the exporter's clock).
        XCTAssertEqual(notes.sentAt?.rfc3339, "2025-03-04T10:00:00Z")
        XCTAssertEqual(notes.text, "Release notes are up: *draft* for now")
        XCTAssertEqual(notes.markup, .plain)
        XCTAssertNil(notes.threadParentID)
        XCTAssertEqual(notes.paidStars, 0)
        // count 5 with two recent reactors: incomplete; recent dates moved by the chat's +01:00.
        XCTAssertEqual(TestSupport.reactions(notes), ["👍 5 [user1003,user1002] incomplete", "❤ 1 [user1004] complete"])
        XCTAssertEqual(notes.reactions[0].reactors.map { $0.at?.rfc3339 }, ["2025-03-04T10:02:30Z", "2025-03-04T10:05:00Z"])
        XCTAssertEqual(notes.reactions[0].reactors.map(\.name), ["Cy Tran", "Bo Lind"])
        XCTAssertEqual(notes.reactions[0].firstAt?.rfc3339, "2025-03-04T10:02:30Z")
        XCTAssertEqual(notes.reactions[1].reactors, [Reactor(id: "user1004", name: nil, at: Timestamp.iso8601("2025-03-04T10:10:00Z"))])
        XCTAssertEqual(notes.reactions[1].emoji.display, "❤️")

        let ship = result.messages[1]
        XCTAssertEqual(ship.sentAt?.rfc3339, "2025-03-04T11:00:00Z")
        XCTAssertEqual(ship.text, "Ship it today — see the doc or ping @ada!")
        XCTAssertNil(ship.threadParentID)  // reply_to_message_id is a reply, not a thread
        // ❤️ (with U+FE0F) has the key of ❤; the custom emoji is keyed by its document id;
        // the paid reaction is 50 stars, and its payer is no reactor.
        XCTAssertEqual(TestSupport.reactions(ship), ["❤ 2 [user1001,user1005] complete", ":custom-5368324170671202286: 3 [user1003] incomplete"])
        XCTAssertEqual(
            ship.reactions[1].emoji,
            Emoji(
                key: ":custom-5368324170671202286:", display: ":custom-5368324170671202286:",
                name: "custom-5368324170671202286", custom: true, image: nil))
        XCTAssertEqual(ship.paidStars, 50)
        XCTAssertEqual(ship.reactionCount, 5)

        // No date_unixtime: the local date is read with the offset the chat's other dates showed.
        XCTAssertEqual(result.messages[2].sentAt?.rfc3339, "2025-03-04T11:30:00Z")
        XCTAssertEqual(TestSupport.reactions(result.messages[2]), [])

        XCTAssertEqual(result.people[.telegram], ["user1001": "Ada Okafor", "user1002": "Bo Lind", "user1003": "Cy Tran", "user1005": "Eli Moss"])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
        XCTAssertEqual(
            TestSupport.lines(result)[1],
            #"{"platform":"telegram","conversation":{"id":"1789012345","name":"Lumen Dev"},"id":"103","author":{"id":"user1002","name":"Bo Lind"},"sentAt":"2025-03-04T11:00:00Z","thread":null,"deleted":false,"text":"Ship it today — see the doc or ping @ada!","reactionCount":5,"reactions":[{"key":"❤","emoji":"❤️","name":"red heart","custom":false,"image":null,"count":2,"reactors":[{"id":"user1001","name":"Ada Okafor","at":"2025-03-04T11:02:00Z"},{"id":"user1005","name":"Eli Moss","at":"2025-03-04T11:05:00Z"}],"reactorsComplete":true,"firstAt":"2025-03-04T11:02:00Z"},{"key":":custom-5368324170671202286:","emoji":":custom-5368324170671202286:","name":"custom-5368324170671202286","custom":true,"image":null,"count":3,"reactors":[{"id":"user1003","name":"Cy Tran","at":"2025-03-04T11:04:00Z"}],"reactorsComplete":false,"firstAt":"2025-03-04T11:04:00Z"}]}"#
        )
    }

    /// account.json is laid out as Tests/generators/exportgen/telegram.py writes its exports: chats.list
    /// and left_chats.list, service records, a channel, a personal chat, empty and missing recent lists.
    func testFullAccountExportReadsChatsAndLeftChats() throws {
        let (formats, result) = try settleFixtures(["account.json"])
        XCTAssertEqual(formats, ["telegram-desktop"])
        XCTAssertEqual(
            result.conversations,
            [
                ConversationInfo(platform: .telegram, id: "1001", name: "Saved Messages", isDirect: true),
                ConversationInfo(platform: .telegram, id: "1788000001", name: "Lumen Community"),
                ConversationInfo(platform: .telegram, id: "1788000002", name: "Lumen News"),
                ConversationInfo(platform: .telegram, id: "424242", name: "Lumen Beta Testers"),
                ConversationInfo(platform: .telegram, id: "7770001", name: "Carmen Ruiz", isDirect: true)
            ])
        XCTAssertEqual(
            result.messages.map { "\($0.conversationID)/\($0.id)" },
            [
                "1788000001/5002", "1788000001/5003", "1788000002/250001", "1788000001/5005",
                "424242/1000", "7770001/1", "7770001/2", "1001/7"
            ])
        let byID = Dictionary(uniqueKeysWithValues: result.messages.map { ($0.id, $0) })

        // 3 of 4 listed; an empty recent list and a missing one both leave the count without reactors.
        let welcome = try XCTUnwrap(byID["5002"])
        XCTAssertEqual(welcome.sentAt?.rfc3339, "2026-08-29T10:45:00Z")
        XCTAssertEqual(TestSupport.reactions(welcome), ["🎉 4 [user1002,user1003,user1099] incomplete", "🔥 2 [] incomplete", "👀 1 [] incomplete"])
        // The exporter's zone here is -05:00.
        XCTAssertEqual(welcome.reactions[0].reactors.map { $0.at?.rfc3339 }, ["2026-08-29T10:47:00Z", "2026-08-29T10:50:00Z", "2026-08-29T10:55:00Z"])

        // A photo without caption, from an author whose name is null.
        let photo = try XCTUnwrap(byID["5003"])
        XCTAssertEqual(photo.text, "")
        XCTAssertEqual(photo.authorID, "user1099")
        XCTAssertNil(photo.authorName)
        XCTAssertEqual(TestSupport.reactions(photo), ["☺ 1 [user1002] complete"])
        XCTAssertEqual(photo.reactions[0].emoji.display, "☺️")
        XCTAssertEqual(photo.paidStars, 5)

        let post = try XCTUnwrap(byID["250001"])
        XCTAssertEqual(post.authorID, "channel1788000002")
        XCTAssertEqual(post.authorName, "Lumen News")
        XCTAssertEqual(TestSupport.reactions(post), ["👍 120 [] incomplete", "❤ 30 [] incomplete"])
        XCTAssertEqual(post.paidStars, 250)
        XCTAssertEqual(post.reactionCount, 150)

        let release = try XCTUnwrap(byID["5005"])
        XCTAssertEqual(release.text, "Run make test before #release 🚀 ok")
        XCTAssertEqual(TestSupport.reactions(release), [":custom-5789012345678901234: 2 [user1003,user1001] complete"])

        XCTAssertEqual(TestSupport.reactions(try XCTUnwrap(byID["1000"])), ["🤯 1 [user1003] complete"])
        XCTAssertEqual(TestSupport.reactions(try XCTUnwrap(byID["1"])), ["👍🏽 1 [user7770001] complete"])
        XCTAssertEqual(try XCTUnwrap(byID["7"]).text, "note to self")

        XCTAssertEqual(
            result.people[.telegram],
            [
                "user1001": "Ada Okafor", "user1002": "Bo Lind", "user1003": "Cy Tran", "user1005": "Eli Moss",
                "user7770001": "Carmen Ruiz", "channel1788000002": "Lumen News"
            ])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testDirectChatsAreLeftOutOfReportsByDefault() throws {
        let (_, result) = try settleFixtures(["account.json"])
        var options = BuildOptions()
        XCTAssertEqual(Set(MessageFilter.apply(result, options: options).conversations.map(\.id)), ["1788000001", "1788000002", "424242"])
        options.includeDirectMessages = true
        XCTAssertEqual(MessageFilter.apply(result, options: options).messages.count, 8)
    }

    func testHeartWithAndWithoutVariationSelectorIsOneReactionAcrossOverlappingExports() throws {
        let single = #"""
            {"name":"Lumen Dev","type":"private_supergroup","id":55,"messages":[
              {"id":9,"type":"message","date":"2025-01-02T10:00:00","date_unixtime":"1735812000","from":"Ada","from_id":"user1","text":"hi",
               "reactions":[{"type":"emoji","count":1,"emoji":"❤","recent":[{"from":"Bo","from_id":"user2","date":"2025-01-02T10:01:00"}]}]}
            ]}
            """#
        let account = #"""
            {"chats":{"list":[{"name":"Lumen Dev","type":"private_supergroup","id":55,"messages":[
              {"id":9,"type":"message","date":"2025-01-02T10:00:00","date_unixtime":"1735812000","from":"Ada","from_id":"user1","text":"hi",
               "reactions":[{"type":"emoji","count":2,"emoji":"❤️","recent":[{"from":"Bo","from_id":"user2","date":"2025-01-02T10:01:00"},{"from":"Cy","from_id":"user3","date":"2025-01-02T10:02:00"}]}]}
            ]}]}}
            """#
        let (formats, result) = try settle([("chat.json", single), ("result.json", account)])
        XCTAssertEqual(formats, ["telegram-desktop", "telegram-desktop"])
        XCTAssertEqual(result.messages.count, 1)
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["❤ 2 [user2,user3] complete"])
        XCTAssertEqual(result.messages[0].reactions[0].reactors.map { $0.at?.rfc3339 }, ["2025-01-02T10:01:00Z", "2025-01-02T10:02:00Z"])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testPaidReactionsAreStarsNotReactors() throws {
        let chat = #"""
            {"name":"News","type":"public_channel","id":77,"messages":[
              {"id":1,"type":"message","date_unixtime":"1735812000","from":"News","from_id":"channel77","text":"post",
               "reactions":[{"type":"paid","count":10,"recent":[{"from":"Ada","from_id":"user1","date":"2025-01-02T10:01:00"}]},
                            {"type":"paid","count":25},
                            {"type":"emoji","count":1,"emoji":"🔥","recent":[{"from":"Bo","from_id":"user2","date":"2025-01-02T10:01:00"}]}]}
            ]}
            """#
        let (_, result) = try settle([("news.json", chat)])
        let post = result.messages[0]
        XCTAssertEqual(TestSupport.reactions(post), ["🔥 1 [user2] complete"])
        XCTAssertEqual(post.reactionCount, 1)
        // Two paid entries on one message: the ledger keeps the larger total.
        XCTAssertEqual(post.paidStars, 25)
        // No date pair in the chat: the recent time is read as UTC.
        XCTAssertEqual(post.reactions[0].firstAt?.rfc3339, "2025-01-02T10:01:00Z")
        XCTAssertEqual(result.people[.telegram]?["user1"], "Ada")
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testOddRecordsAreDiagnosedNotFatal() throws {
        let odd = #"""
            {"chats":{"list":[
              {"name":"no id","type":"private_group","messages":[{"id":1,"type":"message","text":"lost"}]},
              42,
              {"name":"Odd","type":"private_supergroup","id":9,"messages":[
                "not a message",
                {"type":"message","text":"no id"},
                {"id":2,"text":"no type"},
                {"id":3,"type":"message","date":"yesterday","date_unixtime":"soon","from_id":"user1","text":7},
                {"id":4,"type":"message","date_unixtime":1735812000,"from_id":"user1","text":["a",{"type":"bold"},{"type":"italic","text":"b"}],
                 "reactions":[
                   {"type":"empty","count":1},
                   {"type":"emoji","count":1},
                   {"type":"custom_emoji","count":1},
                   {"type":"emoji","emoji":"👀"},
                   {"type":"paid"},
                   "👍",
                   {"type":"emoji","count":2,"emoji":"🎉","recent":[{"from":"ghost"},{"from_id":"user2","date":"later"}]},
                   {"type":"emoji","count":1,"emoji":"🙏","recent":[{"from_id":"user2"},{"from_id":"user3"}]},
                   {"type":"emoji","emoji":"✅","recent":[{"from_id":"user3"}]}
                 ]},
                {"id":5,"type":"message","date_unixtime":"1735812060","text":"", "reactions":{"👍":1}}
              ]},
              {"name":"Empty","type":"private_channel","id":10}
            ]}}
            """#
        let (formats, result) = try settle([("odd.json", odd)])
        XCTAssertEqual(formats, ["telegram-desktop"])
        XCTAssertEqual(result.messages.map(\.id), ["4", "5", "3"])
        XCTAssertEqual(result.messages[0].text, "ab")
        XCTAssertEqual(result.messages[0].sentAt?.rfc3339, "2025-01-02T10:00:00Z")
        XCTAssertEqual(result.messages[2].text, "")
        XCTAssertNil(result.messages[2].sentAt)
        XCTAssertEqual(
            TestSupport.reactions(result.messages[0]),
            [
                "🎉 2 [user2] incomplete", "🙏 2 [user2,user3] complete", "✅ 1 [user3] complete"
            ])
        XCTAssertEqual(result.messages[0].paidStars, 0)
        XCTAssertEqual(
            TestSupport.diagnostics(result),
            [
                "skipped-record": 7, "unreadable-timestamp": 3, "invalid-reaction": 8, "reactors-exceed-count": 1
            ])
        XCTAssertEqual(
            result.diagnostics.examples[.skippedRecord]?.map(\.text),
            [
                "odd.json: a chat without an id (\"no id\"); its messages were skipped",
                "odd.json: chats.list[1] is not a chat object; skipped",
                "odd.json: chat 9: a message record that is not an object",
                "odd.json: chat 9: a message without an id",
                "odd.json: chat 9 message 2: record type \"missing\" is neither message nor service; skipped",
                "odd.json: message 3: text is neither a string nor a list of parts; read as empty",
                "odd.json: message 4: 1 text part(s) without text left out"
            ])
        XCTAssertEqual(
            result.diagnostics.examples[.unreadableTimestamp]?.map(\.text),
            [
                "odd.json: message 3 date_unixtime: \"soon\"",
                "odd.json: message 3 date: \"yesterday\"",
                "odd.json: message 4 reaction date: \"later\""
            ])
        XCTAssertEqual(
            result.diagnostics.examples[.invalidReaction]?.map(\.text),
            [
                "odd.json: message 4: reaction type \"empty\" is not emoji, custom_emoji or paid",
                "odd.json: message 4: an emoji reaction without an emoji",
                "odd.json: message 4: a custom emoji reaction without a document_id",
                "odd.json: message 4: reaction \"👀\" has neither count nor recent reactors",
                "odd.json: message 4: a paid reaction without a count of Stars",
                "odd.json: message 4: a reaction that is not an object",
                "odd.json: message 4: a reactor of \"🎉\" without a from_id",
                "odd.json: message 5: \"reactions\" is not an array"
            ])
        // Each reaction it cannot read is named with the reactions it loses; 🎉's count holds its
        // reactor without an id.
        XCTAssertEqual(result.diagnostics.examples[.invalidReaction]?.map(\.reactions), [1, 1, 1, 1, 0, 1, 0, 1])
        XCTAssertEqual(result.tallies[.telegram], ReactionTally(read: 11, counted: 5, diagnosed: 6))
        // More reactors listed than counted: the list stands, and the mismatch is reported.
        XCTAssertEqual(result.diagnostics.examples[.reactorsExceedCount]?.map(\.text), ["odd.json: Telegram message 4 in Odd: 🙏 lists 2 reactors but counts 1"])
    }

    func testDetectionTakesTelegramExportsOnly() throws {
        for path in ["telegram/single-chat.json", "telegram/account.json"] {
            let document = try InputDocument.parse(try TestSupport.fixture(path), name: path)
            XCTAssertEqual(TelegramImporter().detect(document), TelegramImporter.export, path)
            for case let importer as any DocumentImporter in ImportRun.standardImporters() where importer.platform != .telegram {
                XCTAssertNil(importer.detect(document), "\(importer.platform) claims \(path)")
            }
        }
        let others = [
            "pubnub/chat-history.json", "pubnub/events.jsonl", "pubnub/js-sdk-test__history-with-actions__numeric-timetokens.json",
            "stream/export.json", "cometchat/events.json", "cometchat/messages.json", "cometchat/reactions.json",
            "discord/zulip-fixture__dce_general_with_reaction_users.json", "discord/old-format.json", "discord/thread.json",
            "mattermost/zulip-fixture__mattermost_bulk_export.jsonl", "slack/workspace/channels.json", "slack/workspace/users.json"
        ]
        for path in others {
            let document = try InputDocument.parse(try TestSupport.fixture(path), name: path)
            XCTAssertNil(TelegramImporter().detect(document), path)
        }
        // Stream: a channel response, and a messages response; Discord: a guild channel; a Matrix /messages chunk.
        let lookalikes = [
            #"{"channel":{"id":"general","type":"messaging"},"messages":[{"id":"m1","type":"regular","text":"hi","created_at":"2024-01-01T00:00:00Z","user":{"id":"u"}}]}"#,
            #"{"messages":[{"id":"m1","type":"regular","text":"hi","created_at":"2024-01-01T00:00:00Z","user":{"id":"u"}}]}"#,
            #"{"id":"x","type":"messaging","messages":[{"id":"m1","type":"regular","created_at":"2024-01-01T00:00:00Z"}]}"#,
            #"{"guild":{"id":"1"},"channel":{"id":"2","type":"GuildTextChat"},"id":2,"type":"private_group","messages":[]}"#,
            #"{"chunk":[{"type":"m.room.message","event_id":"$e","room_id":"!r:x"}],"start":"s","end":"e"}"#,
            #"{"chats":{"list":[{"name":"no type or id"}]}}"#,
            #"[{"id":1,"type":"message","date":"2025-01-01T00:00:00"}]"#
        ]
        for json in lookalikes {
            XCTAssertNil(TelegramImporter().detect(try document(json)), json)
        }
        // A chat of a type the importer has not heard of still counts when its messages look like Telegram's.
        XCTAssertNotNil(
            TelegramImporter().detect(
                try document(#"{"name":"n","type":"forum_topic","id":5,"messages":[{"id":1,"type":"message","date":"2025-01-01T00:00:00"}]}"#)))
        XCTAssertNotNil(TelegramImporter().detect(try document(#"{"left_chats":{"list":[]}}"#)))
    }
}
