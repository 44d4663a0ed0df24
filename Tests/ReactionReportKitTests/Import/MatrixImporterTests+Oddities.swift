import XCTest

@testable import JSONReader
@testable import ReactionReportKit

/// Odd events, detection, and bundled totals: the Matrix importer on what is not a plain room.
extension MatrixImporterTests {
    func testOddEventsAreDiagnosedNotFatal() throws {
        let odd = #"""
            [
              {"type":"m.room.message","event_id":"$ok","room_id":"!r:x","sender":"@a:x","origin_server_ts":1700000000000,"content":{"msgtype":"m.text","body":"ok"}},
              {"event_id":"$notype","sender":"@a:x"},
              42,
              {"type":"m.room.message","room_id":"!r:x","sender":"@a:x","content":{"body":"no id"}},
              {"type":"m.room.message","event_id":"$late","room_id":"!r:x","sender":"@a:x","origin_server_ts":"yesterday","content":{"body":"when?"}},
              {"type":"m.room.message","event_id":"$wiped","room_id":"!r:x","sender":"@a:x","origin_server_ts":1700000005000,"content":{},"unsigned":{"redacted_because":{"type":"m.room.redaction","sender":"@a:x"}}},
              {"type":"m.reaction","event_id":"$r1","room_id":"!r:x","sender":"@b:x","origin_server_ts":1700000010000,"content":{"m.relates_to":{"rel_type":"m.annotation","event_id":"$ok","key":"👍"}}},
              {"type":"m.reaction","event_id":"$meta","room_id":"!r:x","sender":"@b:x","origin_server_ts":1700000011000,"content":{"m.relates_to":{"rel_type":"m.annotation","event_id":"$r1","key":"👍"}}},
              {"type":"m.room.redaction","event_id":"$undo-meta","room_id":"!r:x","sender":"@b:x","origin_server_ts":1700000012000,"redacts":"$meta"},
              {"type":"m.reaction","event_id":"$nokey","room_id":"!r:x","sender":"@b:x","origin_server_ts":1700000013000,"content":{"m.relates_to":{"rel_type":"m.annotation","event_id":"$ok"}}},
              {"type":"m.reaction","event_id":"$nosender","room_id":"!r:x","origin_server_ts":1700000014000,"content":{"m.relates_to":{"rel_type":"m.annotation","event_id":"$ok","key":"🔥"}}},
              {"type":"m.reaction","event_id":"$empty","room_id":"!r:x","sender":"@c:x","origin_server_ts":1700000015000,"content":{"m.relates_to":{"rel_type":"m.annotation","event_id":"$ok","key":""}}},
              {"type":"m.reaction","event_id":"$elsewhere","room_id":"!r:x","sender":"@c:x","origin_server_ts":1700000016000,"content":{"m.relates_to":{"rel_type":"m.annotation","event_id":"$gone","key":"🎉"}}},
              {"type":"m.room.redaction","event_id":"$undo-nothing","room_id":"!r:x","sender":"@b:x","origin_server_ts":1700000017000,"content":{"reason":"no target"}},
              {"type":"m.room.message","event_id":"$hijack","room_id":"!r:x","sender":"@mallory:x","origin_server_ts":1700000018000,"content":{"body":"* pwned","m.new_content":{"body":"pwned"},"m.relates_to":{"rel_type":"m.replace","event_id":"$ok"}}},
              {"type":"m.room.encrypted","event_id":"$e1","room_id":"!r:x","sender":"@a:x","origin_server_ts":1700000019000,"content":{"algorithm":"m.megolm.v1.aes-sha2","ciphertext":"AwgA"}},
              {"type":"m.room.encrypted","event_id":"$e2","room_id":"!r:x","sender":"@a:x","origin_server_ts":1700000020000,"content":{"algorithm":"m.megolm.v1.aes-sha2","ciphertext":"AwgB"}},
              {"type":"org.example.poll","event_id":"$poll","room_id":"!r:x","sender":"@a:x","origin_server_ts":1700000021000,"content":{}}
            ]
            """#
        let (formats, result) = try settle([("odd.json", odd)])
        XCTAssertEqual(formats, ["matrix-events"])
        XCTAssertEqual(result.messages.map(\.id), ["$ok", "$wiped", "$late"])
        let (ok, wiped, late) = (result.messages[0], result.messages[1], result.messages[2])
        XCTAssertEqual(ok.text, "ok")
        XCTAssertEqual(TestSupport.reactions(ok), ["👍 1 [@b:x] complete"])
        XCTAssertTrue(wiped.deleted)
        XCTAssertEqual(wiped.text, "")
        XCTAssertNil(late.sentAt)
        XCTAssertEqual(
            TestSupport.diagnostics(result),
            [
                "skipped-record": 9, "unreadable-timestamp": 1, "invalid-reaction": 1, "reaction-without-message": 1
            ])
        XCTAssertEqual(
            result.diagnostics.examples[.skippedRecord]?.map(\.text),
            [
                "odd.json: an event without a type",
                "odd.json: an event without a type",
                "odd.json: an m.room.message event in !r:x without an event_id",
                "odd.json: reaction $meta annotates another reaction ($r1); ignored, as the specification says",
                "odd.json: reaction $nokey has no m.annotation relation with an event_id and a key",
                "odd.json: an m.reaction event without event_id or sender",
                "odd.json: a redaction without \"redacts\"",
                "odd.json: edit $hijack of $ok comes from @mallory:x, not the message's author; ignored",
                "odd.json: 2 encrypted event(s) (m.room.encrypted), 0 of them reactions, cannot be read; export the room decrypted"
            ])
        XCTAssertEqual(result.diagnostics.examples[.unreadableTimestamp]?.map(\.text), [#"odd.json: event $late origin_server_ts: "yesterday""#])
        XCTAssertEqual(result.diagnostics.examples[.invalidReaction]?.map(\.text), [#"odd.json: message $ok: reaction value "" from @c:x is empty or invalid"#])
        XCTAssertEqual(
            result.diagnostics.examples[.reactionWithoutMessage]?.map(\.text),
            ["odd.json: Matrix !r:x message $gone: 1 reaction(s) for a message not in the input"])
    }

    // MARK: Detection

    func testDetectionClaimsOnlyMatrixEvents() throws {
        let others = [
            "pubnub/chat-history.json", "pubnub/events.jsonl", "pubnub/js-sdk-test__history-with-actions__numeric-timetokens.json",
            "pubnub/js-sdk-test__history-with-actions__string-timetokens.json", "stream/export.json",
            "cometchat/events.json", "cometchat/messages.json", "cometchat/reactions.json",
            "mattermost/zulip-fixture__mattermost_bulk_export.jsonl", "mattermost/direct-messages.jsonl",
            "discord/zulip-fixture__dce_general_with_reaction_users.json", "discord/old-format.json", "discord/thread.json",
            "slack/sample/channels.json", "slack/sample/users.json", "slack/sample/enrique/2016-03-28.json"
        ]
        for path in others {
            XCTAssertNil(MatrixImporter().detect(try document(path)), path)
        }
        for path in ["room.json", "element-export.json", "messages-response.json", "spec-example__m.reaction.json", "spec-example__m.room.redaction.json"] {
            let document = try document("matrix/" + path)
            XCTAssertEqual(MatrixImporter().detect(document), MatrixImporter.events, path)
            for case let importer as any DocumentImporter in ImportRun.standardImporters() where importer.platform != .matrix {
                XCTAssertNil(importer.detect(document), "\(importer.platform) claims \(path)")
            }
        }
        // Stream responses have a top-level "messages" too, with "id" and Stream's own types.
        let streamLike = [
            #"{"messages":[{"id":"m-1","type":"regular","text":"hi","user":{"id":"u"},"created_at":"2024-04-17T13:00:00Z"}]}"#,
            #"{"messages":[{"id":"m-1","type":"m.custom","text":"hi","user":{"id":"u"},"created_at":"2024-04-17T13:00:00Z"}]}"#,
            #"{"messages":[]}"#,
            #"{"type":"regular","content":{}}"#,
            #"[{"type":"m.room.message","content":{"body":"no event_id, sender or room"}}]"#
        ]
        for text in streamLike {
            let document = InputDocument(name: "s.json", root: try JSONParser.parse(Array(text.utf8), file: "s.json"), isLines: false)
            XCTAssertNil(MatrixImporter().detect(document), text)
        }
        // The first element need not be an m.* event.
        let leadingCustom =
            #"[{"type":"org.example.thing","event_id":"$x","sender":"@a:x"},{"type":"m.room.message","event_id":"$y","sender":"@a:x","content":{"body":"hi"}}]"#
        let document = InputDocument(name: "c.json", root: try JSONParser.parse(Array(leadingCustom.utf8), file: "c.json"), isLines: false)
        XCTAssertEqual(MatrixImporter().detect(document), MatrixImporter.events)
    }

    /// Reactions a server bundled into a message count as its totals, which its reaction events
    /// complete with reactors; encrypted reactions are named as not counted.
    func testBundledAggregationsAndEncryptedReactions() throws {
        let events = #"""
            [{"type":"m.room.message","event_id":"$m","room_id":"!r:x","sender":"@a:x","origin_server_ts":1700000000000,"content":{"body":"hi"},
              "unsigned":{"m.relations":{"m.annotation":{"chunk":[{"type":"m.reaction","key":"👍","count":3},{"type":"m.reaction","key":"🎉","count":1.5}]}}}},
             {"type":"m.reaction","event_id":"$r","room_id":"!r:x","sender":"@b:x","origin_server_ts":1700000001000,
              "content":{"m.relates_to":{"rel_type":"m.annotation","event_id":"$m","key":"👍"}}},
             {"type":"m.room.encrypted","event_id":"$e","room_id":"!r:x","sender":"@c:x","origin_server_ts":1700000002000,
              "content":{"algorithm":"m.megolm.v1.aes-sha2","ciphertext":"…","m.relates_to":{"rel_type":"m.annotation","event_id":"$m"}}}]
            """#
        let result = try TestSupport.settle([("bundled.json", events)])
        XCTAssertEqual(result.messages.flatMap(TestSupport.reactions), ["👍 3 [@b:x] incomplete"])
        XCTAssertEqual(
            result.diagnostics.examples[.invalidCount]?.map(\.text), ["bundled.json: event $m: the count of \"🎉\" (1.5 is not a whole number) is not used"])
        XCTAssertEqual(
            result.diagnostics.examples[.skippedRecord]?.map(\.text),
            ["bundled.json: 1 encrypted event(s) (m.room.encrypted), 1 of them reactions, cannot be read; export the room decrypted"])
        XCTAssertEqual(result.tallies[.matrix], ReactionTally(read: 5, counted: 3, diagnosed: 2))
    }
}
