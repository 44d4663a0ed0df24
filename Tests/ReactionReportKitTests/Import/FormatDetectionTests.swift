import XCTest

@testable import ReactionReportKit

final class FormatDetectionTests: XCTestCase {
    func format(_ text: String, name: String = "x.json") throws -> String? {
        let run = ImportRun(importers: ImportRun.standardImporters())
        return try run.read(Array(text.utf8), name: name, explicit: false, into: ReactionLedger())?.id
    }

    func testEachShapeIsRecognisedByContent() throws {
        XCTAssertEqual(try format(#"{"status":200,"channels":{"c":[{"timetoken":"1","message":"m"}]}}"#), "pubnub-history")
        XCTAssertEqual(try format(#"[{"timetoken":1,"message":"m"}]"#), "pubnub-history")
        XCTAssertEqual(try format(#"{"data":[{"type":"reaction","value":"a","uuid":"u","actionTimetoken":"2","messageTimetoken":"1"}]}"#), "pubnub-actions")
        XCTAssertEqual(
            try format(#"{"event":"added","data":{"type":"reaction","value":"a","actionTimetoken":"2","messageTimetoken":"1"}}"#, name: "e.jsonl"),
            "pubnub-events")
        XCTAssertEqual(try format(#"{"t":{"t":"17150000000000001","r":12},"m":[]}"#), "pubnub-subscribe")
        XCTAssertEqual(try format(#"[{"t":{"t":"1","r":1},"m":[{"c":"x","p":{"t":"1","r":1},"d":"m"}]}]"#), "pubnub-subscribe")
        XCTAssertEqual(try format(#"{"channels":[{"channel":{"id":"g"},"messages":[]}]}"#), "stream-channels")
        XCTAssertEqual(
            try format(#"{"message":{"id":"1","created_at":"2024-01-01T00:00:00Z","user":{"id":"u"}},"duration":"1.2ms"}"#), "stream-message-responses")
        XCTAssertEqual(try format(#"{"type":"reaction.new","cid":"messaging:g","reaction":{"type":"like","user_id":"u","message_id":"1"}}"#), "stream-events")
        XCTAssertEqual(
            try format("{\"type\":\"health.check\",\"cid\":\"*\"}\n{\"type\":\"message.new\",\"cid\":\"m:g\",\"message\":{\"id\":\"1\"}}\n", name: "log.jsonl"),
            "stream-events")
        XCTAssertEqual(try format(#"{"messages":[{"id":"1","created_at":"2024-01-01T00:00:00Z","user":{"id":"u"}}]}"#), "stream-messages")
        XCTAssertEqual(try format(#"{"data":[{"id":"1","sentAt":1,"sender":"u","receiverType":"group","receiver":"g"}]}"#), "cometchat-messages")
        XCTAssertEqual(try format(#"{"data":[{"id":"1","messageId":"2","reaction":"x","uid":"u","reactedAt":1}]}"#), "cometchat-reactions")
        XCTAssertEqual(
            try format(#"[{"trigger":"message_reaction_added","data":{"reaction":{"messageId":"2","reaction":"x","uid":"u"}}}]"#), "cometchat-events")
        XCTAssertEqual(try format(#"{"guild":{"id":"1"},"channel":{"id":"2"},"messages":[]}"#), "discord-dce")
        XCTAssertEqual(try format("{\"type\":\"version\",\"version\":1}\n{\"type\":\"post\",\"post\":{}}\n", name: "export.jsonl"), "mattermost-bulk")
        XCTAssertNil(try format(#"{"hello":"world"}"#))
    }

    func testAnExplicitFileOfUnknownFormatIsAnInputError() {
        let run = ImportRun(importers: ImportRun.standardImporters())
        XCTAssertThrowsError(try run.read(Array(#"{"hello":1}"#.utf8), name: "notes.json", into: ReactionLedger())) { error in
            XCTAssertEqual("\(error)", "notes.json: is not an export of any supported format (run `reaction-report formats` to see them)")
        }
    }

    /// A file that is not of the format `--input-format` names: the error says what a file of
    /// that format holds, what this one holds, and what it is read as without the flag.
    func testAFileOfAnotherFormatThanTheForcedOneSaysWhatEachHolds() {
        func error(_ forced: String, _ name: String, _ text: String) -> String {
            let run = ImportRun(importers: ImportRun.standardImporters(), forcedFormat: forced)
            do {
                _ = try run.read(Array(text.utf8), name: name, into: ReactionLedger())
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(
            error("stream", "general.json", #"{"guild":{"id":"1"},"channel":{"id":"2"},"messages":[]}"#),
            #"general.json: is not a Stream Chat export (--input-format stream). A Stream Chat file holds one of: a "channels" array of objects holding "channel" and "messages", or a "channel" object beside a "messages" array (stream-channels); messages with "created_at" and "user", or reaction_groups/reaction_counts/latest_reactions (stream-messages); objects whose "message" is a message (with "id" and "created_at" and "user", or reactions) and that have no "type" (stream-message-responses); objects whose "type" is a Stream event name (such as "reaction.new") with a "message", "reaction", "cid" or "channel_id" (stream-events). This file holds an object with members guild, channel, messages; without --input-format it is read as discord-dce (Discord)."#
        )
        XCTAssertEqual(
            error("telegram-desktop", "messages.json", #"[{"id":"1","text":"hi","user":{"id":"u"},"created_at":"2024-01-01T00:00:00Z"},{"id":"2"}]"#),
            #"messages.json: is not a telegram-desktop export (--input-format telegram-desktop). A telegram-desktop file holds a chat object with "name", "type", "id" and a "messages" array, or "chats"/"left_chats" objects holding a "list" array. This file holds an array of 2 values, the first an object with members id, text, user, created_at; without --input-format it is read as stream-messages (Stream Chat)."#
        )
        XCTAssertEqual(
            error("pubnub-subscribe", "notes.jsonl", "{\"a\":1,\"b\":[1,2],\"c\":3,\"d\":4,\"e\":5,\"f\":6,\"g\":7,\"h\":8,\"i\":9,\"j\":10}\n[]\n"),
            #"notes.jsonl: is not a pubnub-subscribe export (--input-format pubnub-subscribe). A pubnub-subscribe file holds objects with a "t" cursor object and an "m" array of envelopes. This file holds JSON lines: 2 values, the first an object with members a, b, c, d, e, f, g, h and 2 more, which no supported format recognises."#
        )
    }

    func testForcedFormatMustBeKnown() {
        XCTAssertThrowsError(try ImportRun(importers: ImportRun.standardImporters(), forcedFormat: "icq").validateForcedFormat())
        XCTAssertNoThrow(try ImportRun(importers: ImportRun.standardImporters(), forcedFormat: "stream").validateForcedFormat())
    }
}
