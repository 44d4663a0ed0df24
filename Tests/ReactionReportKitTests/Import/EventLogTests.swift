import JSONReader
import XCTest

@testable import ReactionReportKit

/// Large event logs (JSON lines) are checked whole, then walked a line at a time: each event is
/// handed to the ledger as it is read and only the ledger's compact facts are kept. What they
/// settle to is what the same logs parsed whole settle to, whatever the order of the files.
final class EventLogTests: XCTestCase {
    /// Reads `files` (name, JSON text) in order into one ledger as `ImportRun` does, their
    /// JSON lines deferred when `deferred`; returns each message's reactions and every
    /// diagnostic's text.
    func settled(_ files: [(String, String)], deferred: Bool) throws -> [String] {
        let ledger = ReactionLedger()
        let run = ImportRun(importers: ImportRun.standardImporters())
        for (name, text) in files {
            let document = try InputDocument.parse(Array(text.utf8), name: name, deferringArraysFrom: deferred ? 0 : nil)
            var walked = false
            if case .deferredArray = document.root { walked = true }
            if name.hasSuffix(".jsonl") { XCTAssertEqual(walked, deferred, "\(name): lines deferred") }
            let (importer, format) = try XCTUnwrap(run.match(document), name)
            try importer.read(document, as: format, into: ImportSink(ledger: ledger, fileName: name, platform: format.platform))
        }
        let result = ledger.summarize()
        let reactions = result.messages.map { "\($0.conversationID)/\($0.id): " + TestSupport.reactions($0).joined(separator: ", ") }
        let diagnostics = result.diagnostics.kinds.flatMap { kind in result.diagnostics.examples[kind, default: []].map(\.text) }
        return reactions + diagnostics
    }

    func testALargeLogIsCheckedWholeThenWalkedALineAtATime() throws {
        let text = "\u{FEFF}{\"a\": 1}\n\n  [2, {\"b\": [3]}]  \r\n\"four\"\n"
        let document = try InputDocument.parse(Array(text.utf8), name: "log.jsonl", deferringArraysFrom: 0)
        guard case .deferredArray = document.root else { return XCTFail("the lines were parsed into values: \(document.root)") }
        XCTAssertTrue(document.isLines)
        let whole = try JSONParser.parseLines(Array(text.utf8), file: "log.jsonl")
        XCTAssertEqual(Array(try XCTUnwrap(document.root.elements)), whole)
        // A second walk reads the same lines again.
        XCTAssertEqual(Array(try XCTUnwrap(document.root.elements)).count, 3)
        // A fault on a later line is found before any line is read.
        let broken = "{\"a\": 1}\n{\"b\": 2}\n{\"c\": }\n"
        XCTAssertThrowsError(try InputDocument.parse(Array(broken.utf8), name: "log.jsonl", deferringArraysFrom: 0)) { error in
            XCTAssertEqual((error as? LocatedError)?.line, 3)
        }
    }

    static let history =
        #"{"channels":{"general":[{"message":{"text":"hi"},"timetoken":"17000000000000001","uuid":"ann"},{"message":"yo","timetoken":"17000000000000002","uuid":"bo"}]}}"#

    static func event(_ kind: String, _ uuid: String, _ value: String, action: Int, message: Int) -> String {
        #"{"channel":"general","timetoken":"1700000000000\#(action + 1000)","publisher":"\#(uuid)","event":"\#(kind)","data":"#
            + #"{"type":"reaction","value":"\#(value)","uuid":"\#(uuid)","actionTimetoken":"17000000000000\#(action)","messageTimetoken":"1700000000000000\#(message)"}}"#
    }

    /// A removal before its add (in another file), an add delivered twice in one file and
    /// again in the next, a removal whose add never appears, and a person who adds an emoji
    /// again after taking it back (another identity).
    static let firstLog = [
        event("removed", "bo", "👍", action: 11, message: 1), event("added", "cy", "🔥", action: 12, message: 1),
        event("added", "cy", "🔥", action: 12, message: 1), event("removed", "dan", "🎉", action: 19, message: 2)
    ].joined(separator: "\n")
    static let secondLog = [
        event("added", "bo", "👍", action: 11, message: 1), event("added", "cy", "🔥", action: 12, message: 1),
        event("added", "eve", "👍", action: 21, message: 2), event("added", "bo", "👍", action: 13, message: 1)
    ].joined(separator: "\n")

    func testPubNubEventsAcrossFilesSettleByIdentity() throws {
        let files = [("history.json", Self.history), ("events-1.jsonl", Self.firstLog), ("events-2.jsonl", Self.secondLog)]
        let expected = [
            "general/17000000000000001: 🔥 1 [cy] complete, 👍 1 [bo] complete",
            "general/17000000000000002: 👍 1 [eve] complete",
            "events-1.jsonl: message 17000000000000001: cy added 🔥 twice",
            "events-1.jsonl: PubNub: removal of 17000000000000002/1700000000000019/dan matches no add"
        ]
        XCTAssertEqual(try settled(files, deferred: true), expected)
        XCTAssertEqual(try settled(files, deferred: false), expected)
        // The logs before the history, and the second before the first: the same reactions;
        // cy's add, met first in the second log, is no longer delivered twice within one file.
        let reordered = try settled([files[2], files[1], files[0]], deferred: true)
        XCTAssertEqual(reordered, expected.filter { !$0.contains("twice") })
    }

    func testCometChatEventsSettleByIdentity() throws {
        func event(_ trigger: String, id: Int, message: Int, _ uid: String, _ emoji: String) -> String {
            #"{"trigger":"message_reaction_\#(trigger)","data":{"reaction":{"id":"\#(id)","messageId":"\#(message)","reaction":"\#(emoji)","uid":"\#(uid)","reactedAt":1700000\#(id)}}}"#
        }
        let messages =
            #"{"data":[{"id":"1","conversationId":"group_g","sender":"ann","receiverType":"group","receiver":"g","sentAt":1700000000,"data":{"text":"hi"}}]}"#
        let log = [
            event("removed", id: 500, message: 1, "bo", "👍"), event("added", id: 501, message: 1, "cy", "🔥"),
            event("added", id: 500, message: 1, "bo", "👍"), event("removed", id: 777, message: 1, "dan", "🎉"),
            event("added", id: 502, message: 1, "bo", "👍")
        ].joined(separator: "\n")
        let expected = [
            "group_g/1: 🔥 1 [cy] complete, 👍 1 [bo] complete",
            "events.jsonl: CometChat: removal of reaction:777 matches no add"
        ]
        let files = [("messages.json", messages), ("events.jsonl", log)]
        XCTAssertEqual(try settled(files, deferred: true), expected)
        XCTAssertEqual(try settled(files, deferred: false), expected)
        XCTAssertEqual(try settled(files.reversed(), deferred: true), expected)
    }

    /// An action list names messages by timetoken alone: read before the history, each target
    /// is given to the message of that id, to the first conversation by id where two hold one,
    /// and a target of no message is named.
    func testActionsWithoutChannelsFindTheirMessagesById() throws {
        let history =
            #"{"channels":{"b":[{"message":"b1","timetoken":"17000000000000001","uuid":"bo"}],"#
            + #""a":[{"message":"a1","timetoken":"17000000000000001","uuid":"ann"},{"message":"a2","timetoken":"17000000000000002","uuid":"ann"}]}}"#
        func action(_ uuid: String, _ value: String, action: Int, message: Int) -> String {
            #"{"type":"reaction","value":"\#(value)","uuid":"\#(uuid)","actionTimetoken":"170000000000000\#(action)","messageTimetoken":"1700000000000000\#(message)"}"#
        }
        let actions =
            #"{"status":200,"data":["#
            + [
                action("cy", "🔥", action: 11, message: 1), action("dan", "👍", action: 12, message: 2), action("eve", "🎉", action: 13, message: 9),
                action("fay", "🔥", action: 14, message: 1)
            ].joined(separator: ",") + "]}"
        let expected = [
            "a/17000000000000001: 🔥 2 [cy,fay] complete",
            "b/17000000000000001: ",
            "a/17000000000000002: 👍 1 [dan] complete",
            "actions.json: PubNub message 17000000000000009: 1 reaction(s) for a message not in the input",
            "actions.json: PubNub message 17000000000000001 exists in 2 conversations; its reactions went to a"
        ]
        XCTAssertEqual(try settled([("actions.json", actions), ("history.json", history)], deferred: true), expected)
        XCTAssertEqual(try settled([("history.json", history), ("actions.json", actions)], deferred: false), expected)
    }

    /// Every JSON-lines fixture reads the same with its lines deferred as parsed whole.
    func testEveryJSONLinesFixtureReadsTheSameDeferred() throws {
        let paths = [
            "hostile/mattermost-bulk.jsonl", "mattermost/direct-messages.jsonl", "mattermost/zulip-fixture__mattermost_bulk_export.jsonl",
            "mattermost/zulip-fixture__mattermost_direct_channel_export.jsonl", "pubnub/events.jsonl", "pubnub/subscribe.jsonl",
            "stream/events.jsonl"
        ]
        for path in paths {
            let text = String(decoding: try TestSupport.fixture(path), as: UTF8.self)
            let whole = try settled([(path, text)], deferred: false)
            XCTAssertEqual(try settled([(path, text)], deferred: true), whole, path)
            XCTAssertFalse(whole.isEmpty, path)
        }
    }
}
