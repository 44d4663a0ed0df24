import XCTest

@testable import JSONReader
@testable import ReactionReportKit

final class DiscordImporterTests: XCTestCase {
    func importRun() -> ImportRun {
        ImportRun(importers: ImportRun.standardImporters())
    }

    func settle(_ files: [(String, String)]) throws -> (formats: [String], result: LedgerResult) { try TestSupport.settleDetecting(files) }
    func settleFixtures(_ paths: [String]) throws -> (formats: [String], result: LedgerResult) { try TestSupport.settleFixturesDetecting("discord", paths) }

    /// Found by the fuzzer on its first seed: a custom emoji in message text (`<:paul:…>`)
    /// unwrapped a missing name and stopped the build.
    func testCustomEmojiInTextBecomeTheirNames() throws {
        let (_, result) = try settleFixtures(["old-format.json"])
        let markup = MessageMarkup(people: result.people, conversations: [:])
        let release = try XCTUnwrap(result.messages.first { $0.text.hasPrefix("Release") })
        XCTAssertEqual(markup.commonMark(release), #"Release 2.0 is out \:paul\:"#)
        var animated = release
        animated.text = "<a:dance_2:123> <:x:1><a:y:2>"
        XCTAssertEqual(markup.commonMark(animated), #"\:dance\_2\: \:x\:\:y\:"#)
    }

    func testRealCurrentFormatExportWithReactionUsers() throws {
        let (formats, result) = try settleFixtures(["zulip-fixture__dce_general_with_reaction_users.json"])
        XCTAssertEqual(formats, ["discord-dce"])
        XCTAssertEqual(result.conversations, [ConversationInfo(platform: .discord, id: "1519311538035490958", name: "general")])
        XCTAssertEqual(result.messages.count, 12)
        XCTAssertEqual(Set(result.messages.map(\.conversationName)), ["general"])
        let first = result.messages[0]
        XCTAssertEqual(first.id, "1519312230385057824")
        XCTAssertEqual(first.authorID, "1000000000000000003")
        XCTAssertEqual(first.authorName, "test-zulip-import")
        XCTAssertEqual(first.sentAt?.rfc3339, "2026-06-24T12:04:23.18Z")
        XCTAssertEqual(first.text, "Joined the server.")
        XCTAssertEqual(first.markup, .discord)
        XCTAssertNil(first.threadParentID)

        // One message carries reactions: 💯 1, 😆 2, 💖 1, 🙏 1, ❤️ 1 = 6, every reactor listed.
        let reacted = result.messages.filter { !$0.reactions.isEmpty }
        XCTAssertEqual(reacted.map(\.id), ["1519313281611862046"])
        XCTAssertEqual(
            TestSupport.reactions(reacted[0]),
            [
                "💯 1 [1000000000000000001] complete",
                "😆 2 [1000000000000000002,1000000000000000001] complete",
                "💖 1 [1000000000000000001] complete",
                "🙏 1 [1000000000000000002] complete",
                "❤ 1 [1000000000000000002] complete"
            ])
        XCTAssertEqual(result.messages.map(\.reactionCount).reduce(0, +), 6)
        XCTAssertEqual(reacted[0].reactions[1].reactors.map(\.name), ["TTW", "pieter"])
        XCTAssertEqual(reacted[0].reactions[4].emoji.display, "❤️")
        XCTAssertEqual(reacted[0].reactions.map(\.emoji.custom), [false, false, false, false, false])
        XCTAssertEqual(reacted[0].reactions.map(\.emoji.image), [nil, nil, nil, nil, nil])
        XCTAssertEqual(result.people[.discord], ["1000000000000000001": "pieter", "1000000000000000002": "TTW", "1000000000000000003": "test-zulip-import"])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testOldFormatTotalsWithoutUsersNullIdsAndCdnImages() throws {
        let (formats, result) = try settleFixtures(["old-format.json"])
        XCTAssertEqual(formats, ["discord-dce"])
        XCTAssertEqual(result.messages.map(\.id), ["465527001234567001", "465527001234567002"])
        let (release, reply) = (result.messages[0], result.messages[1])
        XCTAssertEqual(release.sentAt?.rfc3339, "2018-07-04T16:01:02.5Z")
        XCTAssertEqual(release.authorName, "Ada O.")
        XCTAssertEqual(release.conversationName, "announcements")
        // No users in the old format: the counts stand, no reactor is known.
        XCTAssertEqual(TestSupport.reactions(release), [":paul: 3 [] incomplete", "❤ 2 [] incomplete", "👍 1 [] incomplete"])
        let paul = release.reactions[0].emoji
        XCTAssertEqual(
            paul,
            Emoji(
                key: ":paul:", display: ":paul:", name: "paul", custom: true,
                image: "https://cdn.discordapp.com/emojis/464662216386412999.png"))
        XCTAssertEqual(release.reactions[1].emoji.display, "❤️")
        // A reply (reference) is not a thread; ❤️ with FE0F is the same reaction key as ❤.
        XCTAssertEqual(reply.sentAt?.rfc3339, "2018-07-04T16:05:00.1234567Z")
        XCTAssertEqual(reply.authorName, "bo")
        XCTAssertNil(reply.threadParentID)
        XCTAssertEqual(TestSupport.reactions(reply), ["❤ 1 [] incomplete"])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testThreadFileIsItsOwnConversationNamedAfterItsParent() throws {
        let (formats, result) = try settleFixtures(["thread.json"])
        XCTAssertEqual(formats, ["discord-dce"])
        XCTAssertEqual(result.conversations, [ConversationInfo(platform: .discord, id: "1300000000000000300", name: "general › release plans")])
        let (question, answer) = (result.messages[0], result.messages[1])
        // users [] (the extra API call failed): the count stands with no reactors.
        XCTAssertEqual(
            TestSupport.reactions(question),
            [
                ":blobcat: 2 [1000000000000000012,1000000000000000011] complete", "👍🏽 4 [] incomplete"
            ])
        // The export's own copy of the image (a Windows path), copied into the site by content.
        XCTAssertEqual(question.reactions[0].emoji.image, "media/blobcat-752b0ef8ca38619f.png")
        XCTAssertEqual(result.media.keys.sorted(), ["media/blobcat-752b0ef8ca38619f.png"])
        XCTAssertEqual(question.reactions[0].reactors.map(\.name), ["lee", "Kim"])
        XCTAssertEqual(
            TestSupport.lines(result)[1],
            #"{"platform":"discord","conversation":{"id":"1300000000000000300","name":"general › release plans"},"id":"1300000000000000302","author":{"id":"1000000000000000012","name":"lee"},"sentAt":"2025-02-28T09:01:30.25Z","thread":null,"deleted":false,"text":"Friday works","reactionCount":1,"reactions":[{"key":"👍🏽","emoji":"👍🏽","name":"thumbs up: medium skin tone","custom":false,"image":null,"count":1,"reactors":[{"id":"1000000000000000011","name":"Kim","at":null}],"reactorsComplete":true,"firstAt":null}]}"#
        )
        XCTAssertEqual(answer.threadParentID, nil)
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testPartsOfOneChannelMergeAndTheSharedMessageCountsOnce() throws {
        let ledger = ReactionLedger()
        let folder = TestSupport.fixtures.appendingPathComponent("discord/partitioned").path
        let files = try importRun().read([folder], into: ledger)
        XCTAssertEqual(files.map(\.format.id), ["discord-dce", "discord-dce"])
        let result = ledger.summarize()
        XCTAssertEqual(result.conversations, [ConversationInfo(platform: .discord, id: "1400000000000000001", name: "general")])
        XCTAssertEqual(result.messages.map(\.id), ["1400000000000000101", "1400000000000000102", "1400000000000000103"])
        XCTAssertEqual(
            result.messages.map(TestSupport.reactions),
            [
                [], ["🎉 2 [1000000000000000021,1000000000000000022] complete"], ["🎉 1 [1000000000000000022] complete"]
            ])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testDirectMessagesAreMarkedDirect() throws {
        let dm =
            #"{"guild":{"id":"0","name":"Direct Messages","iconUrl":""},"channel":{"id":"77","type":"DirectTextChat","categoryId":null,"category":"Private","name":"ada","topic":null},"messages":[{"id":"1","timestamp":"2024-05-01T10:00:00+00:00","content":"hi","author":{"id":"5","name":"bo"},"reactions":[{"emoji":{"id":"","name":"👋"},"count":1,"users":[{"id":"9","name":"ada","nickname":"Ada"}]}]}]}"#
        let (formats, result) = try settle([("dm.json", dm)])
        XCTAssertEqual(formats, ["discord-dce"])
        XCTAssertEqual(result.conversations, [ConversationInfo(platform: .discord, id: "77", name: "ada", isDirect: true)])
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["👋 1 [9] complete"])
    }

    func testOddRecordsAreDiagnosedNotFatal() throws {
        let odd = #"""
            {"guild":{"id":"1","name":"g"},"channel":{"id":"2","type":"GuildTextChat","name":"c"},"messages":[
              {"content":"no id","author":{"id":"5","name":"bo"}},
              {"id":"10","timestamp":"yesterday","content":"odd reactions","author":{"id":"5","name":"bo"},"reactions":[
                {"emoji":{"id":"","name":""},"count":1},
                {"emoji":{"id":null,"name":"🔥"},"users":[{"name":"ghost"}]},
                {"emoji":{"id":null,"name":"👀"}},
                {"emoji":{"id":"123","name":"shipit","imageUrl":"C:\\exports\\media\\shipit.png"},"count":1,"users":[{"id":"6","name":"cy"}]}
              ]}
            ]}
            """#
        let noChannelID = #"{"guild":{"id":"1"},"channel":{"name":"c"},"messages":[{"id":"1"}]}"#
        let (formats, result) = try settle([("odd.json", odd), ("no-channel.json", noChannelID)])
        XCTAssertEqual(formats, ["discord-dce", "discord-dce"])
        XCTAssertEqual(result.messages.map(\.id), ["10"])
        XCTAssertNil(result.messages[0].sentAt)
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), [":shipit: 1 [6] complete"])
        // An absolute path leads outside the export: the image comes from Discord's CDN by the emoji's id.
        XCTAssertEqual(result.messages[0].reactions[0].emoji.image, "https://cdn.discordapp.com/emojis/123.png")
        XCTAssertEqual(
            result.diagnostics.examples[.missingMedia]?.map(\.text),
            [
                #"odd.json: message 10: the image of :shipit: ("C:\exports\media\shipit.png") is not used: it is outside the export's folder; shown from Discord's CDN"#
            ])
        XCTAssertEqual(TestSupport.diagnostics(result), ["skipped-record": 2, "unreadable-timestamp": 1, "invalid-reaction": 3, "missing-media": 1])
        XCTAssertEqual(
            result.diagnostics.examples[.invalidReaction]?.map(\.text),
            [
                "odd.json: message 10: a reaction whose emoji has no name",
                "odd.json: message 10: a 🔥 reaction has no user id",
                "odd.json: message 10: reaction \"👀\" at $.messages[1].reactions[2] has neither count nor users"
            ])
        XCTAssertEqual(
            result.diagnostics.examples[.skippedRecord]?.map(\.text),
            [
                "odd.json: a message in 2 without an id", "no-channel.json: the export has no channel id; its messages were skipped"
            ])
    }

    /// A `reactions` member that is not an array, and reactions whose parts have the wrong
    /// types, are named with the file, the message and the JSON path, and the reactions they
    /// hold are counted as read and not counted.
    func testReactionsOfTheWrongTypeAreNamedWithTheirPaths() throws {
        let export = #"""
            {"guild":{"id":"1","name":"g"},"channel":{"id":"2","type":"GuildTextChat","name":"c"},"messages":[
              {"id":"20","timestamp":"2024-05-01T10:00:00+00:00","content":"map","author":{"id":"5","name":"bo"},"reactions":{"👍":{"count":2}}},
              {"id":"21","timestamp":"2024-05-01T10:01:00+00:00","content":"parts","author":{"id":"5","name":"bo"},"reactions":[
                "👍",
                {"emoji":"🔥","count":3},
                {"emoji":{"id":null,"name":42},"count":2},
                {"emoji":{"id":null,"name":"👀"},"count":true,"users":[{"id":"5","name":"bo"}]},
                {"emoji":{"id":null,"name":"🎉"},"users":"5"},
                {"emoji":{"id":null,"name":"❤"},"count":2,"users":["5",{"id":"6","name":"cy"}]},
                {"emoji":{"id":null,"name":"😂"},"count":"many"}
              ]}
            ]}
            """#
        let (formats, result) = try settle([("shapes.json", export)])
        XCTAssertEqual(formats, ["discord-dce"])
        func examples(_ kind: Diagnostic.Kind) -> [String] {
            (result.diagnostics.examples[kind] ?? []).map { "\($0.text) [\($0.reactions)]" }
        }
        XCTAssertEqual(
            examples(.skippedRecord), ["shapes.json: message 20: $.messages[0].reactions is an object, not an array; 2 reaction(s) not counted [2]"])
        XCTAssertEqual(
            examples(.invalidReaction),
            [
                "shapes.json: message 21: $.messages[1].reactions[0] is a string, not an object; 1 reaction(s) not counted [1]",
                "shapes.json: message 21: $.messages[1].reactions[1].emoji is a string, not an object; 3 reaction(s) not counted [3]",
                "shapes.json: message 21: $.messages[1].reactions[2].emoji.name is a number, not a string; 2 reaction(s) not counted [2]",
                "shapes.json: message 21: $.messages[1].reactions[4].users is a string, not an array; 1 reaction(s) not counted [1]",
                "shapes.json: message 21: $.messages[1].reactions[5].users[0] is a string, not an object; the reaction's count is used [0]"
            ])
        XCTAssertEqual(
            examples(.invalidCount),
            [
                #"shapes.json: message 21: the count of "👀" at $.messages[1].reactions[3].count (true is not a number) is not used; its listed reactors are counted [0]"#,
                #"shapes.json: message 21: the count of "😂" at $.messages[1].reactions[6].count ("many" is not a number) is not used [1]"#
            ])
        XCTAssertEqual(TestSupport.diagnostics(result), ["skipped-record": 1, "invalid-reaction": 5, "invalid-count": 2])
        XCTAssertEqual(result.messages.map(TestSupport.reactions), [[], ["👀 1 [5] complete", "❤ 2 [6] incomplete"]])
        // Counted: 1 + 2; named: 2 (the member), 1 + 3 + 2 + 1 (parts), 1 (count).
        XCTAssertEqual(result.tallies[.discord], ReactionTally(read: 13, counted: 3, diagnosed: 10))
    }

    func testDetectionClaimsOnlyDiscordChatExporterFiles() throws {
        let others = [
            "pubnub/chat-history.json", "pubnub/events.jsonl", "pubnub/js-sdk-test__history-with-actions__numeric-timetokens.json",
            "pubnub/js-sdk-test__history-with-actions__string-timetokens.json", "stream/export.json",
            "cometchat/events.json", "cometchat/messages.json", "cometchat/reactions.json",
            "mattermost/zulip-fixture__mattermost_bulk_export.jsonl", "mattermost/direct-messages.jsonl"
        ]
        for path in others {
            let document = try InputDocument.parse(try TestSupport.fixture(path), name: path)
            XCTAssertNil(DiscordImporter().detect(document), path)
        }
        for path in ["discord/zulip-fixture__dce_general_with_reaction_users.json", "discord/old-format.json", "discord/thread.json"] {
            let document = try InputDocument.parse(try TestSupport.fixture(path), name: path)
            XCTAssertEqual(DiscordImporter().detect(document), DiscordImporter.export, path)
            for case let importer as any DocumentImporter in ImportRun.standardImporters() where importer.platform != .discord {
                XCTAssertNil(importer.detect(document), "\(importer.platform) claims \(path)")
            }
            XCTAssertNil(MattermostImporter().detect(document), path)
        }
        // A Stream channel response has "channel" and "messages" but no "guild".
        let stream = InputDocument(
            name: "s.json", root: try JSONParser.parse(Array(#"{"channel":{"id":"g"},"messages":[]}"#.utf8), file: "s.json"), isLines: false)
        XCTAssertNil(DiscordImporter().detect(stream))
    }
}
