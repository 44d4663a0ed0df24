import XCTest

@testable import ReactionReportKit

final class MattermostImporterTests: XCTestCase {
    func settle(_ files: [(String, String)]) throws -> (formats: [String], result: LedgerResult) { try TestSupport.settleDetecting(files) }
    func settleFixture(_ path: String) throws -> (formats: [String], result: LedgerResult) { try TestSupport.settleFixturesDetecting("mattermost", [path]) }

    func testRealBulkExport() throws {
        let (formats, result) = try settleFixture("zulip-fixture__mattermost_bulk_export.jsonl")
        XCTAssertEqual(formats, ["mattermost-bulk"])
        // 20 posts and 1 reply.
        XCTAssertEqual(result.messages.count, 21)
        XCTAssertEqual(
            result.conversations.map(\.id),
            [
                "gryffindor/dumbledores-army", "gryffindor/gryffindor-common-room", "gryffindor/gryffindor-quidditch-team",
                "gryffindor/slytherin-quidditch-team", "slytherin/slytherin-common-room", "slytherin/slytherin-quidditch-team"
            ])
        XCTAssertEqual(result.conversations.filter(\.isDirect), [])
        // Snape's post names a channel the team has no channel line for: named by the channel's name.
        XCTAssertEqual(
            Dictionary(grouping: result.messages, by: \.conversationName).mapValues(\.count),
            [
                "Dumbledores army": 5, "Gryffindor common room": 4, "Gryffindor quidditch team": 7,
                "Slytherin quidditch team": 3, "Slytherin common room": 1, "slytherin-quidditch-team": 1
            ])

        // Nine reactions on seven posts; tick and peerdium are custom emoji declared after the posts.
        let reacted = result.messages.filter { !$0.reactions.isEmpty }
        XCTAssertEqual(
            reacted.map(\.id),
            [
                "1553165193242-harry", "1553166525124-ron", "1553166557928-harry", "1553166567370-harry",
                "1553166668668-harry", "1553166858280-malfoy", "1553166916448-malfoy"
            ])
        XCTAssertEqual(
            reacted.map(TestSupport.reactions),
            [
                [":tick: 1 [harry] complete", "😄 1 [ron] complete", "🗺 1 [ron] complete"],
                ["🍎 1 [harry] complete"],
                [":tick: 1 [malfoy] complete"],
                ["🚀 1 [ron] complete"],
                ["😁 1 [ron] complete"],
                ["😂 1 [harry] complete"],
                [":peerdium: 1 [harry] complete"]
            ])
        XCTAssertEqual(result.messages.map(\.reactionCount).reduce(0, +), 9)
        let tick = reacted[0].reactions[0]
        // The export names its emoji images, but the sample does not hold them.
        XCTAssertNil(tick.emoji.image)
        XCTAssertEqual(tick.reactors.map(\.name), ["Harry Potter"])
        XCTAssertEqual(tick.reactors[0].at?.rfc3339, "2019-03-21T10:52:01.410Z")
        XCTAssertNil(reacted[6].reactions[0].emoji.image)
        XCTAssertEqual(reacted[0].reactions[2].emoji.display, "🗺️")

        // The reply is older than its root post and still points at it.
        let reply = try XCTUnwrap(result.messages.first { $0.id == "1553166584976-ron" })
        XCTAssertEqual(reply.threadParentID, "1553166657086-harry")
        XCTAssertEqual(reply.conversationID, "gryffindor/dumbledores-army")
        XCTAssertEqual(reply.text, "The weather is so hot!")
        XCTAssertEqual(reply.sentAt?.rfc3339, "2019-03-21T11:09:44.976Z")
        let root = try XCTUnwrap(result.messages.first { $0.id == "1553166657086-harry" })
        XCTAssertEqual(root.sentAt?.rfc3339, "2019-03-21T11:10:57.086Z")
        XCTAssertNil(root.threadParentID)

        XCTAssertEqual(
            result.people[.mattermost],
            [
                "harry": "Harry Potter", "ron": "Ron Weasley", "malfoy": "malfoy", "pansy": "pansy", "snape": "Severus Snape"
            ])
        XCTAssertEqual(
            result.diagnostics.examples[.missingMedia]?.map(\.detail),
            [
                #"the image of custom emoji :peerdium: ("exported_emoji/h15ni7kf1bnj7jeua4qhmctsdo/image.png") is not used: the export does not hold it; shown as :peerdium:"#,
                #"the image of custom emoji :tick: ("exported_emoji/7u7x8ytgp78q8jir81o9ejwwnr/image.png") is not used: the export does not hold it; shown as :tick:"#
            ])
        XCTAssertEqual(TestSupport.diagnostics(result), ["missing-media": 2])
    }

    func testDirectPostsRepliesAndAnEmojiLineAfterItsUse() throws {
        let (formats, result) = try settleFixture("direct-messages.jsonl")
        XCTAssertEqual(formats, ["mattermost-bulk"])
        XCTAssertEqual(
            result.conversations,
            [
                ConversationInfo(platform: .mattermost, id: "dm:alice,bob", name: "Alice Moreau, Bobby", isDirect: true),
                ConversationInfo(platform: .mattermost, id: "dm:alice,bob,carol", name: "Alice Moreau, Bobby, carol", isDirect: true),
                ConversationInfo(platform: .mattermost, id: "ops/town-square", name: "Town Square")
            ])
        XCTAssertEqual(
            result.messages.map(\.id),
            [
                "1700000000000-alice", "1700000120000-bob", "1700000200000-bob", "1700000290000-alice", "1700000300000-carol"
            ])
        XCTAssertEqual(result.messages.map(\.threadParentID), [nil, "1700000000000-alice", nil, "1700000300000-carol", nil])
        XCTAssertEqual(
            result.messages.map(TestSupport.reactions),
            [
                ["👍 2 [carol,bob] complete", ":partyparrot: 1 [bob] complete"],
                ["✅ 1 [alice] complete"],
                [":partyparrot: 1 [alice] complete"],
                [],
                ["✋ 2 [alice,dave] complete"]
            ])
        XCTAssertEqual(
            TestSupport.lines(result)[0],
            #"{"platform":"mattermost","conversation":{"id":"ops/town-square","name":"Town Square"},"id":"1700000000000-alice","author":{"id":"alice","name":"Alice Moreau"},"sentAt":"2023-11-14T22:13:20.000Z","thread":null,"deleted":false,"text":"deploy at **5**?","reactionCount":3,"reactions":[{"key":"👍","emoji":"👍","name":"thumbs up","custom":false,"image":null,"count":2,"reactors":[{"id":"carol","name":"carol","at":"2023-11-14T22:13:50.000Z"},{"id":"bob","name":"Bobby","at":"2023-11-14T22:14:20.000Z"}],"reactorsComplete":true,"firstAt":"2023-11-14T22:13:50.000Z"},{"key":":partyparrot:","emoji":":partyparrot:","name":"partyparrot","custom":true,"image":"media/partyparrot-6ee978ad60cefc88.gif","count":1,"reactors":[{"id":"bob","name":"Bobby","at":"2023-11-14T22:14:50.000Z"}],"reactorsComplete":true,"firstAt":"2023-11-14T22:14:50.000Z"}]}"#
        )
        // dave reacted but has no user line.
        XCTAssertEqual(TestSupport.diagnostics(result), ["unknown-user": 1])
        XCTAssertEqual(
            result.diagnostics.examples[.unknownUser]?.map(\.detail),
            ["Mattermost user dave is not in the export's user list (first seen reacting to message 1700000300000-carol in Alice Moreau, Bobby, carol)"])
    }

    func testOddLinesAreDiagnosedNotFatal() throws {
        let lines = #"""
            {"type":"version","version":1}
            {"type":"post","post":{"team":"t","user":"u","message":"no channel","create_at":1}}
            {"type":"post","post":{"team":"t","channel":"c","message":"no user","create_at":1700000000000}}
            {"type":"post","post":{"team":"t","channel":"c","user":"u","message":"no time","replies":[{"user":"v","message":"kept","create_at":1699999999000}]}}
            {"type":"post","post":{"team":"t","channel":"c","user":"u","message":"bad time","create_at":"soon"}}
            {"type":"post","post":{"team":"t","channel":"c","user":"u","message":"ok","create_at":1700000000000,"reactions":[{"user":"v","emoji_name":""},{"emoji_name":"smile","create_at":1700000001000},{"user":"w","emoji_name":"smile","create_at":"later"}],"replies":[{"message":"reply without user","create_at":1700000002000}]}}
            {"type":"post","post":{"team":"t","channel":"c","user":"u","message":"reactions as a map","create_at":1700000003000,"reactions":{"smile":1}}}
            {"type":"direct_post","direct_post":{"channel_members":[],"user":"u","message":"nobody","create_at":1}}
            {"type":"teleport","teleport":{}}
            {"type":"user","user":{"email":"x@example.org"}}
            {"type":"emoji","emoji":{"image":"a.png"}}
            """#
        let (formats, result) = try settle([("odd.jsonl", lines)])
        XCTAssertEqual(formats, ["mattermost-bulk"])
        // The reply to the post without a time is kept, with no parent to point at.
        XCTAssertEqual(result.messages.map(\.id), ["1699999999000-v", "1700000000000-u", "1700000003000-u"])
        XCTAssertEqual(result.messages.map(\.threadParentID), [nil, nil, nil])
        XCTAssertEqual(TestSupport.reactions(result.messages[1]), ["😄 1 [w] complete"])
        XCTAssertNil(result.messages[1].reactions[0].reactors[0].at)
        XCTAssertEqual(TestSupport.diagnostics(result), ["skipped-record": 9, "unreadable-timestamp": 2, "invalid-reaction": 2, "unknown-user": 1])
        XCTAssertEqual(
            result.diagnostics.examples[.unreadableTimestamp]?.map(\.detail),
            [
                "a post by u in t/c create_at: \"soon\"; skipped", "post 1700000000000-u reaction create_at: \"later\""
            ])
    }

    func testDetectionClaimsOnlyBulkExportLines() throws {
        let others = [
            "pubnub/chat-history.json", "pubnub/events.jsonl", "pubnub/js-sdk-test__history-with-actions__numeric-timetokens.json",
            "pubnub/js-sdk-test__history-with-actions__string-timetokens.json", "stream/export.json",
            "cometchat/events.json", "cometchat/messages.json", "cometchat/reactions.json",
            "discord/zulip-fixture__dce_general_with_reaction_users.json", "discord/old-format.json", "discord/thread.json"
        ]
        for path in others {
            let document = try InputDocument.parse(try TestSupport.fixture(path), name: path)
            XCTAssertNil(MattermostImporter().detect(document), path)
        }
        for path in ["mattermost/zulip-fixture__mattermost_bulk_export.jsonl", "mattermost/direct-messages.jsonl"] {
            let document = try InputDocument.parse(try TestSupport.fixture(path), name: path)
            XCTAssertTrue(document.isLines, path)
            XCTAssertEqual(MattermostImporter().detect(document), MattermostImporter.bulk, path)
            for case let importer as any DocumentImporter in ImportRun.standardImporters() where importer.platform != .mattermost {
                XCTAssertNil(importer.detect(document), "\(importer.platform) claims \(path)")
            }
        }
        // Lines of other shapes, and a JSON array (not lines) of bulk records, are not bulk exports.
        let cometEvents =
            "{\"type\":\"message_reaction_added\",\"data\":{\"reaction\":{\"messageId\":\"1\",\"reaction\":\"x\",\"uid\":\"u\"}}}\n{\"type\":\"message_reaction_added\"}\n"
        XCTAssertNil(MattermostImporter().detect(try InputDocument.parse(Array(cometEvents.utf8), name: "e.jsonl")))
        let array = #"[{"type":"version","version":1},{"type":"team","team":{"name":"t"}}]"#
        XCTAssertNil(MattermostImporter().detect(try InputDocument.parse(Array(array.utf8), name: "a.json")))
    }
}
