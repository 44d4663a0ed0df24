import XCTest

@testable import JSONReader
@testable import ReactionReportKit

final class MatrixImporterTests: XCTestCase {
    func importRun() -> ImportRun {
        ImportRun(importers: ImportRun.standardImporters())
    }

    func settle(_ files: [(String, String)], ledger: ReactionLedger = ReactionLedger()) throws -> (formats: [String], result: LedgerResult) {
        try TestSupport.settleDetecting(files, ledger: ledger)
    }
    func settleFixtures(_ paths: [String]) throws -> (formats: [String], result: LedgerResult) { try TestSupport.settleFixturesDetecting("matrix", paths) }

    func document(_ path: String) throws -> InputDocument {
        try InputDocument.parse(try TestSupport.fixture(path), name: path)
    }

    // MARK: A room with everything

    func testRoomWithReactionsRedactionsEditsAndAThread() throws {
        let (formats, result) = try settleFixtures(["room.json"])
        XCTAssertEqual(formats, ["matrix-events"])
        // The newest m.room.name wins; no membership event says "direct".
        XCTAssertEqual(result.conversations, [ConversationInfo(platform: .matrix, id: "!dev:example.org", name: "Lumen dev")])
        // The edits, the reactions, the redactions, the topic and the unknown event type are not messages.
        XCTAssertEqual(result.messages.map(\.id), ["$m1:example.org", "$m2:example.org", "$m3:matrix.org", "$m4:matrix.org", "$m5:example.org"])
        let (release, deploy, congrats, wrongRoom, sticker) = (
            result.messages[0], result.messages[1], result.messages[2], result.messages[3], result.messages[4]
        )

        // Two senders 👍; Bo's ❤️ and ❤ are one annotation delivered twice; Bo's 🚀 was redacted by
        // a redaction written before it; the mxc:// key is a custom emoji without an image.
        XCTAssertEqual(
            TestSupport.reactions(release),
            [
                "👍 2 [@bo:example.org,@cy:matrix.org] complete",
                "❤ 1 [@bo:example.org] complete",
                ":mxc://matrix.org/blobcat: 1 [@cy:matrix.org] complete"
            ])
        XCTAssertEqual(release.reactions[0].reactors.map { $0.at?.rfc3339 }, ["2023-11-14T22:15:10.000Z", "2023-11-14T22:15:30.000Z"])
        XCTAssertEqual(release.reactions[1].reactors.map { $0.at?.rfc3339 }, ["2023-11-14T22:15:20.000Z"])
        XCTAssertEqual(release.reactions[1].emoji.display, "❤️")
        XCTAssertEqual(
            release.reactions[2].emoji,
            Emoji(
                key: ":mxc://matrix.org/blobcat:", display: ":mxc://matrix.org/blobcat:",
                name: "mxc://matrix.org/blobcat", custom: true, image: nil))
        XCTAssertEqual(release.authorID, "@ada:example.org")
        XCTAssertEqual(release.authorName, "Ada Okafor")
        XCTAssertEqual(release.sentAt?.rfc3339, "2023-11-14T22:15:00.000Z")
        XCTAssertEqual(release.text, "Release **1.4** is out")
        XCTAssertEqual(release.markup, .plain)
        XCTAssertNil(release.threadParentID)
        XCTAssertFalse(release.deleted)

        // Ada annotated the first edit (before the edit event appears in the file): it counts on
        // the original. The second edit was redacted, so the first edit's text stands.
        XCTAssertEqual(TestSupport.reactions(deploy), ["👀 2 [@ada:example.org,@cy:matrix.org] complete"])
        XCTAssertEqual(deploy.text, "Deploy at 6")
        XCTAssertEqual(deploy.sentAt?.rfc3339, "2023-11-14T22:16:40.000Z")

        // A thread reply names its root; Bo's second identical 🎉 counts once.
        XCTAssertEqual(congrats.threadParentID, "$m1:example.org")
        XCTAssertEqual(TestSupport.reactions(congrats), ["🎉 2 [@ada:example.org,@bo:example.org] complete"])

        // A redacted message is deleted; the dump kept its text and its reaction still counts.
        XCTAssertTrue(wrongRoom.deleted)
        XCTAssertEqual(wrongRoom.text, "posted in the wrong room")
        XCTAssertEqual(TestSupport.reactions(wrongRoom), ["😂 1 [@bo:example.org] complete"])

        // A sticker is a message with its body as text.
        XCTAssertEqual(sticker.text, "Cat waving")
        XCTAssertEqual(TestSupport.reactions(sticker), [])

        // The newest display name wins (Bo renamed himself after reacting).
        XCTAssertEqual(result.people[.matrix], ["@ada:example.org": "Ada Okafor", "@bo:example.org": "Bo Lindqvist", "@cy:matrix.org": "Cy Park"])
        XCTAssertEqual(release.reactions[0].reactors.map(\.name), ["Bo Lindqvist", "Cy Park"])
        XCTAssertEqual(result.messages.map(\.reactionCount), [4, 2, 2, 1, 0])

        // The duplicates are reported; the redaction of the reaction the server had already
        // stripped, and that of the redacted edit, cancel nothing and are not "removals without add".
        XCTAssertEqual(TestSupport.diagnostics(result), ["duplicate-add": 2])
        // (The ledger reports these per message in no fixed order.)
        XCTAssertEqual(
            result.diagnostics.examples[.duplicateAdd]?.map(\.text).sorted(),
            [
                "matrix/room.json: Matrix message $m1:example.org in Lumen dev: @bo:example.org added ❤️ 2 times; counted once",
                "matrix/room.json: Matrix message $m3:matrix.org in Lumen dev: @bo:example.org added 🎉 2 times; counted once"
            ])
    }

    func testMessageRecordLine() throws {
        let (_, result) = try settleFixtures(["room.json"])
        XCTAssertEqual(
            TestSupport.lines(result)[2],
            #"{"platform":"matrix","conversation":{"id":"!dev:example.org","name":"Lumen dev"},"id":"$m3:matrix.org","author":{"id":"@cy:matrix.org","name":"Cy Park"},"sentAt":"2023-11-14T22:18:20.000Z","thread":"$m1:example.org","deleted":false,"text":"Congrats!","reactionCount":2,"reactions":[{"key":"🎉","emoji":"🎉","name":"party popper","custom":false,"image":null,"count":2,"reactors":[{"id":"@ada:example.org","name":"Ada Okafor","at":"2023-11-14T22:18:30.000Z"},{"id":"@bo:example.org","name":"Bo Lindqvist","at":"2023-11-14T22:18:40.000Z"}],"reactorsComplete":true,"firstAt":"2023-11-14T22:18:30.000Z"}]}"#
        )
    }

    // MARK: The specification's examples

    func testSpecExamplesOnTheirOwn() throws {
        // core/room_event.json has no type: no importer takes it, and naming it is an input error.
        let core = try document("matrix/spec-example__core_room_event.json")
        for case let importer as any DocumentImporter in importRun().importers {
            XCTAssertNil(importer.detect(core), "\(importer.platform) claims the core event example")
        }
        XCTAssertThrowsError(
            try importRun().read(
                try TestSupport.fixture("matrix/spec-example__core_room_event.json"),
                name: "core.json", into: ReactionLedger()))
        let ledger = ReactionLedger()
        XCTAssertNil(
            try importRun().read(try TestSupport.fixture("matrix/spec-example__core_room_event.json"), name: "core.json", explicit: false, into: ledger))
        XCTAssertEqual(TestSupport.diagnostics(ledger.summarize()), ["skipped-file": 1])

        // m.reaction alone is an event, but without the members its $ref supplies (event_id,
        // sender) it cannot be counted.
        let (reactionFormats, reaction) = try settleFixtures(["spec-example__m.reaction.json"])
        XCTAssertEqual(reactionFormats, ["matrix-events"])
        XCTAssertEqual(reaction.messages.count, 0)
        XCTAssertEqual(TestSupport.diagnostics(reaction), ["skipped-record": 1])
        XCTAssertEqual(
            reaction.diagnostics.examples[.skippedRecord]?.map(\.text),
            [
                "matrix/spec-example__m.reaction.json: an m.reaction event without event_id or sender"
            ])

        // m.room.redaction alone redacts an event found nowhere.
        let (redactionFormats, redaction) = try settleFixtures(["spec-example__m.room.redaction.json"])
        XCTAssertEqual(redactionFormats, ["matrix-events"])
        XCTAssertEqual(redaction.messages.count, 0)
        XCTAssertEqual(
            redaction.diagnostics.examples[.removalWithoutAdd]?.map(\.text),
            [
                "matrix/spec-example__m.room.redaction.json: Matrix: removal of $fukweghifu23:localhost matches no add"
            ])
        XCTAssertEqual(TestSupport.diagnostics(redaction), ["removal-without-add": 1])
    }

    /// The spec's examples completed as their `$ref` says: the members of core/room_event.json
    /// plus the example's own.
    func completed(_ path: String) throws -> JSONValue {
        let core = try XCTUnwrap(try document("matrix/spec-example__core_room_event.json").root.object)
        let example = try XCTUnwrap(try document(path).root.object)
        var keys: [String] = []
        var values: [JSONValue] = []
        for (key, value) in core.members where key != "$ref" && example[key] == nil {
            keys.append(key)
            values.append(value)
        }
        for (key, value) in example.members where key != "$ref" {
            keys.append(key)
            values.append(value)
        }
        return .object(JSONObject(keys: keys, values: values))
    }

    func read(_ events: [JSONValue], name: String, into ledger: ReactionLedger) throws {
        let document = InputDocument(name: name, root: .array(events), isLines: false)
        let importer = MatrixImporter()
        let format = try XCTUnwrap(importer.detect(document))
        try importer.read(document, as: format, into: ImportSink(ledger: ledger, fileName: name, platform: format.platform))
    }

    func testSpecExamplesCompletedByTheirRef() throws {
        let target =
            #"{"type":"m.room.message","event_id":"$some_event_id","room_id":"!jEsUZKDJdhlrceRyVU:example.org","sender":"@other:example.org","origin_server_ts":1432735800000,"content":{"msgtype":"m.text","body":"hello"}}"#
        // The redaction example redacts $fukweghifu23:localhost: here a reaction with that id, written after it.
        let redacted =
            #"{"type":"m.reaction","event_id":"$fukweghifu23:localhost","room_id":"!jEsUZKDJdhlrceRyVU:example.org","sender":"@spammer:localhost","origin_server_ts":1432735824000,"content":{"m.relates_to":{"rel_type":"m.annotation","event_id":"$some_event_id","key":"💩"}}}"#
        let events = [
            try JSONParser.parse(Array(target.utf8), file: "t"), try completed("matrix/spec-example__m.reaction.json"),
            try completed("matrix/spec-example__m.room.redaction.json"), try JSONParser.parse(Array(redacted.utf8), file: "r")
        ]
        let ledger = ReactionLedger()
        try read(events, name: "completed.json", into: ledger)
        let result = ledger.summarize()
        XCTAssertEqual(result.messages.map(\.id), ["$some_event_id"])
        XCTAssertEqual(result.messages[0].conversationID, "!jEsUZKDJdhlrceRyVU:example.org")
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["👍 1 [@example:example.org] complete"])
        XCTAssertEqual(result.messages[0].reactions[0].firstAt?.rfc3339, "2015-05-27T14:10:24.653Z")
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    // MARK: Containers

    static let wrappedEvents = #"""
        {"type":"m.room.member","event_id":"$w0","room_id":"!w:example.org","sender":"@a:example.org","origin_server_ts":1700000000000,"state_key":"@a:example.org","content":{"membership":"join","displayname":"A"}}
        {"type":"m.room.message","event_id":"$w1","room_id":"!w:example.org","sender":"@a:example.org","origin_server_ts":1700000001000,"content":{"msgtype":"m.text","body":"one"}}
        {"type":"m.reaction","event_id":"$w2","room_id":"!w:example.org","sender":"@b:example.org","origin_server_ts":1700000002000,"content":{"m.relates_to":{"rel_type":"m.annotation","event_id":"$w1","key":"🔥"}}}
        """#

    func testArrayMessagesEventsChunkAndJSONLinesReadAlike() throws {
        let lines = Self.wrappedEvents.split(separator: "\n").map(String.init)
        let array = "[" + lines.joined(separator: ",\n") + "]"
        let inputs = [
            ("array.json", array),
            ("messages.json", #"{"room_name":"Wrapped room","messages":"# + array + "}"),
            ("events.json", #"{"events":"# + array + "}"),
            ("chunk.json", #"{"chunk":"# + array + #","start":"s1","end":"s2"}"#),
            ("events.jsonl", Self.wrappedEvents)
        ]
        var outputs: [[String]] = []
        for input in inputs {
            let (formats, result) = try settle([input])
            XCTAssertEqual(formats, ["matrix-events"], input.0)
            XCTAssertEqual(result.messages.map(\.id), ["$w1"], input.0)
            XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["🔥 1 [@b:example.org] complete"], input.0)
            XCTAssertEqual(result.people[.matrix], ["@a:example.org": "A"], input.0)
            XCTAssertEqual(TestSupport.diagnostics(result), [:], input.0)
            outputs.append(result.messages.map { "\($0.conversationID) \($0.conversationName) \($0.text)" })
        }
        // Without m.room.name the room is named by its id, except in Element's export, which names it.
        XCTAssertEqual(
            outputs,
            [
                ["!w:example.org !w:example.org one"], ["!w:example.org Wrapped room one"],
                ["!w:example.org !w:example.org one"], ["!w:example.org !w:example.org one"], ["!w:example.org !w:example.org one"]
            ])
    }

    func testElementExportNamesTheRoom() throws {
        let (formats, result) = try settleFixtures(["element-export.json"])
        XCTAssertEqual(formats, ["matrix-events"])
        XCTAssertEqual(result.conversations, [ConversationInfo(platform: .matrix, id: "!books:example.org", name: "Book club")])
        XCTAssertEqual(result.messages.map(\.text), ["Chapter 3 by Friday?", "nods"])
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["✅ 1 [@eve:example.org] complete"])
        XCTAssertEqual(result.messages.map(\.authorName), ["Ada", "Eve Moreau"])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testMessagesResponseWithStateAliasAndTextKeys() throws {
        let (formats, result) = try settleFixtures(["messages-response.json"])
        XCTAssertEqual(formats, ["matrix-events"])
        // No m.room.name: the canonical alias names the room. Members come from "state".
        XCTAssertEqual(result.conversations, [ConversationInfo(platform: .matrix, id: "!ops:example.org", name: "#ops:example.org")])
        XCTAssertEqual(result.people[.matrix], ["@eve:example.org": "Eve M."])
        // Newest-first order as /messages?dir=b serves it; "+1" is a name for 👍, and 👍️ with
        // U+FE0F is the same key.
        XCTAssertEqual(result.messages.map(\.text), ["Backup finished"])
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["👍 2 [@eve:example.org,@ada:example.org] complete"])
        XCTAssertEqual(result.messages[0].reactions[0].reactors.map(\.name), ["Eve M.", nil])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    // MARK: Rooms, people, removals across files

    func testDirectOnlyWhenAMembershipEventSaysSo() throws {
        let direct =
            #"{"events":[{"type":"m.room.member","event_id":"$d0","room_id":"!dm:example.org","sender":"@a:example.org","origin_server_ts":1700000000000,"state_key":"@b:example.org","content":{"membership":"invite","is_direct":true,"displayname":"Bee"}},{"type":"m.room.message","event_id":"$d1","room_id":"!dm:example.org","sender":"@a:example.org","origin_server_ts":1700000001000,"content":{"body":"hi"}}]}"#
        let group =
            #"[{"type":"m.room.member","event_id":"$g0","room_id":"!group:example.org","sender":"@a:example.org","origin_server_ts":1700000000000,"state_key":"@a:example.org","content":{"membership":"join"}},{"type":"m.room.message","event_id":"$g1","room_id":"!group:example.org","sender":"@a:example.org","origin_server_ts":1700000001000,"content":{"body":"hello all"}}]"#
        let (formats, result) = try settle([("dm.json", direct), ("group.json", group)])
        XCTAssertEqual(formats, ["matrix-events", "matrix-events"])
        XCTAssertEqual(
            result.conversations,
            [
                ConversationInfo(platform: .matrix, id: "!dm:example.org", name: nil, isDirect: true),
                ConversationInfo(platform: .matrix, id: "!group:example.org", name: nil, isDirect: false)
            ])
        XCTAssertEqual(result.messages.map(\.conversationName), ["!dm:example.org", "!group:example.org"])
        XCTAssertEqual(result.people[.matrix], ["@b:example.org": "Bee"])
    }

    func testRedactionsAndDuplicatesAcrossFiles() throws {
        let room = String(decoding: try TestSupport.fixture("matrix/room.json"), as: UTF8.self)
        // A later dump: the room's name again, Cy's 👍 redacted, the first message redacted.
        let later =
            #"[{"type":"m.room.redaction","event_id":"$later-1","room_id":"!dev:example.org","sender":"@cy:matrix.org","origin_server_ts":1700001000000,"redacts":"$react-cy-thumbs:matrix.org","content":{}},{"type":"m.room.redaction","event_id":"$later-2","room_id":"!dev:example.org","sender":"@ada:example.org","origin_server_ts":1700001001000,"content":{"redacts":"$m5:example.org"}}]"#
        // The same dump read twice (overlapping exports) adds nothing.
        let (formats, result) = try settle([("a/room.json", room), ("b/room.json", room), ("later.json", later)])
        XCTAssertEqual(formats, ["matrix-events", "matrix-events", "matrix-events"])
        XCTAssertEqual(result.messages.count, 5)
        XCTAssertEqual(
            TestSupport.reactions(result.messages[0]),
            [
                "👍 1 [@bo:example.org] complete", "❤ 1 [@bo:example.org] complete", ":mxc://matrix.org/blobcat: 1 [@cy:matrix.org] complete"
            ])
        XCTAssertEqual(result.messages.map(\.deleted), [false, false, false, true, true])
        XCTAssertEqual(result.messages.map(\.reactionCount), [3, 2, 2, 1, 0])
        XCTAssertEqual(TestSupport.diagnostics(result), ["duplicate-add": 2])
    }

    func testCustomKeysCanBeGivenAnImageByAlias() throws {
        let ledger = ReactionLedger(resolver: EmojiResolver(aliases: ["mxc://matrix.org/blobcat": "https://emoji.example.org/blobcat.png"]))
        let (_, result) = try settle([("room.json", String(decoding: try TestSupport.fixture("matrix/room.json"), as: UTF8.self))], ledger: ledger)
        XCTAssertEqual(
            result.messages[0].reactions[2].emoji,
            Emoji(
                key: ":mxc://matrix.org/blobcat:", display: ":mxc://matrix.org/blobcat:",
                name: "mxc://matrix.org/blobcat", custom: true, image: "https://emoji.example.org/blobcat.png"))
    }

    func testEventsWithoutRoomIDUseTheTopLevelRoomOrTheFileName() throws {
        let events =
            #"[{"type":"m.room.message","event_id":"$s1","sender":"@a:example.org","origin_server_ts":1700000000000,"content":{"body":"from sync"}},{"type":"m.reaction","event_id":"$s2","sender":"@b:example.org","origin_server_ts":1700000001000,"content":{"m.relates_to":{"rel_type":"m.annotation","event_id":"$s1","key":"👋"}}}]"#
        let (_, named) = try settle([("dumps/timeline.json", #"{"room_id":"!top:example.org","events":"# + events + "}")])
        XCTAssertEqual(named.messages.map(\.conversationID), ["!top:example.org"])
        XCTAssertEqual(TestSupport.reactions(named.messages[0]), ["👋 1 [@b:example.org] complete"])
        let (_, unnamed) = try settle([("dumps/timeline.json", events)])
        XCTAssertEqual(unnamed.messages.map(\.conversationID), ["timeline"])
        XCTAssertEqual(TestSupport.reactions(unnamed.messages[0]), ["👋 1 [@b:example.org] complete"])
    }

    func testRepliesLoseTheirQuotedFallbackAndAreNotThreads() throws {
        let events = #"""
            [{"type":"m.room.message","event_id":"$q1","room_id":"!r:x","sender":"@a:x","origin_server_ts":1700000000000,"content":{"body":"> quoted by hand\n\nnot a reply"}},
             {"type":"m.room.message","event_id":"$q2","room_id":"!r:x","sender":"@b:x","origin_server_ts":1700000001000,"content":{"body":"> <@a:x> > quoted by hand\n> \n> not a reply\n\nthe answer\n> kept","m.relates_to":{"m.in_reply_to":{"event_id":"$q1"}}}}]
            """#
        let (_, result) = try settle([("replies.json", events)])
        XCTAssertEqual(result.messages.map(\.text), ["> quoted by hand\n\nnot a reply", "the answer\n> kept"])
        XCTAssertEqual(result.messages.map(\.threadParentID), [nil, nil])
    }

    // MARK: Odd records
}
