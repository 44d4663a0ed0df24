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
        XCTAssertEqual(try format(#"{"event":"added","data":{"type":"reaction","value":"a","actionTimetoken":"2","messageTimetoken":"1"}}"#, name: "e.jsonl"), "pubnub-events")
        XCTAssertEqual(try format(#"{"t":{"t":"17150000000000001","r":12},"m":[]}"#), "pubnub-subscribe")
        XCTAssertEqual(try format(#"[{"t":{"t":"1","r":1},"m":[{"c":"x","p":{"t":"1","r":1},"d":"m"}]}]"#), "pubnub-subscribe")
        XCTAssertEqual(try format(#"{"channels":[{"channel":{"id":"g"},"messages":[]}]}"#), "stream-channels")
        XCTAssertEqual(try format(#"{"message":{"id":"1","created_at":"2024-01-01T00:00:00Z","user":{"id":"u"}},"duration":"1.2ms"}"#), "stream-message-responses")
        XCTAssertEqual(try format(#"{"type":"reaction.new","cid":"messaging:g","reaction":{"type":"like","user_id":"u","message_id":"1"}}"#), "stream-events")
        XCTAssertEqual(try format("{\"type\":\"health.check\",\"cid\":\"*\"}\n{\"type\":\"message.new\",\"cid\":\"m:g\",\"message\":{\"id\":\"1\"}}\n", name: "log.jsonl"), "stream-events")
        XCTAssertEqual(try format(#"{"messages":[{"id":"1","created_at":"2024-01-01T00:00:00Z","user":{"id":"u"}}]}"#), "stream-messages")
        XCTAssertEqual(try format(#"{"data":[{"id":"1","sentAt":1,"sender":"u","receiverType":"group","receiver":"g"}]}"#), "cometchat-messages")
        XCTAssertEqual(try format(#"{"data":[{"id":"1","messageId":"2","reaction":"x","uid":"u","reactedAt":1}]}"#), "cometchat-reactions")
        XCTAssertEqual(try format(#"[{"trigger":"message_reaction_added","data":{"reaction":{"messageId":"2","reaction":"x","uid":"u"}}}]"#), "cometchat-events")
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

    func testForcedFormatMustBeKnown() {
        XCTAssertThrowsError(try ImportRun(importers: ImportRun.standardImporters(), forcedFormat: "icq").validateForcedFormat())
        XCTAssertNoThrow(try ImportRun(importers: ImportRun.standardImporters(), forcedFormat: "stream").validateForcedFormat())
    }
}
