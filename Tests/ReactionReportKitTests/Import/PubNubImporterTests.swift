import XCTest

@testable import ReactionReportKit

final class PubNubImporterTests: XCTestCase {
    func testRealSDKResponsesWithNumericAndStringTimetokens() throws {
        let result = try TestSupport.settleFixtures([
            "pubnub/js-sdk-test__history-with-actions__numeric-timetokens.json",
            "pubnub/js-sdk-test__history-with-actions__string-timetokens.json"
        ])
        XCTAssertEqual(
            TestSupport.lines(result),
            [
                #"{"platform":"pubnub","conversation":{"id":"demo-channel","name":"demo-channel"},"id":"15610547826970000","author":null,"sentAt":"2019-06-20T18:19:42.6970000Z","thread":null,"deleted":false,"text":"Hello","reactionCount":1,"reactions":[{"key":":smiley_face:","emoji":":smiley_face:","name":"smiley_face","custom":true,"image":null,"count":1,"reactors":[{"id":"user-456","name":null,"at":"2019-06-20T18:19:42.6970050Z"}],"reactorsComplete":true,"firstAt":"2019-06-20T18:19:42.6970050Z"}]}"#,
                #"{"platform":"pubnub","conversation":{"id":"demo-channel","name":"demo-channel"},"id":"15610547826970040","author":null,"sentAt":"2019-06-20T18:19:42.6970040Z","thread":null,"deleted":false,"text":"Hi","reactionCount":0,"reactions":[]}"#,
                #"{"platform":"pubnub","conversation":{"id":"ch1","name":"ch1"},"id":"16048329933709932","author":{"id":"test-uuid","name":null},"sentAt":"2020-11-08T10:56:33.3709932Z","thread":null,"deleted":false,"text":"hello","reactionCount":1,"reactions":[{"key":"👍","emoji":"👍","name":"thumbs up","custom":false,"image":null,"count":1,"reactors":[{"id":"user1","name":null,"at":"2020-11-08T10:56:33.3709933Z"}],"reactorsComplete":true,"firstAt":"2020-11-08T10:56:33.3709933Z"}]}"#
            ])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testChatSDKHistoryWithEditsDeletionsReceiptsAndAnOutOfOrderEventLog() throws {
        let result = try TestSupport.settleFixtures(["pubnub/chat-history.json", "pubnub/events.jsonl"])
        XCTAssertEqual(result.messages.map(\.id), ["17300000000000000", "17300000900000000"])
        let first = result.messages[0]
        XCTAssertEqual(first.text, "ship it now?")
        XCTAssertFalse(first.deleted)
        // bob's 👍 is removed by an event that comes before its add in the log; erin's ❤️ and ❤ are one reaction.
        XCTAssertEqual(TestSupport.reactions(first), ["👍 1 [carol] complete", "🎉 1 [bob] complete", "❤ 1 [erin] complete"])
        XCTAssertTrue(result.messages[1].deleted)
        XCTAssertEqual(result.messages[1].text, "gone")
        // dan's removal matches nothing; erin's second ❤ add has its own action id.
        XCTAssertEqual(TestSupport.diagnostics(result), ["removal-without-add": 1, "duplicate-add": 1])
    }

    func testActionListsJoinMessagesByTimetoken() throws {
        let history = #"{"channels":{"general":[{"message":{"text":"hi"},"timetoken":"17000000000000001","uuid":"ann"}]}}"#
        let actions =
            #"{"status":200,"data":[{"type":"reaction","value":"🔥","uuid":"bo","actionTimetoken":"17000000000000009","messageTimetoken":"17000000000000001"},{"type":"receipt","value":"read","uuid":"bo","actionTimetoken":"17000000000000010","messageTimetoken":"17000000000000001"}]}"#
        let result = try TestSupport.settle([("history.json", history), ("actions.json", actions)])
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["🔥 1 [bo] complete"])
    }

    func testConfiguredActionTypesCount() throws {
        let history =
            #"[{"channel":"c","timetoken":17000000000000001,"message":"hi","actions":{"emoji":{"🎉":[{"uuid":"x","actionTimetoken":17000000000000002}]}}}]"#
        var options = BuildOptions()
        XCTAssertEqual(TestSupport.reactions(try TestSupport.settle([("h.json", history)], options: options).messages[0]), [])
        options.reactionActionTypes.insert("emoji")
        XCTAssertEqual(TestSupport.reactions(try TestSupport.settle([("h.json", history)], options: options).messages[0]), ["🎉 1 [x] complete"])
    }

    /// Action types no one configured are named, per type, with how many and a few values, and
    /// the flag that counts them (issue 28): an app whose reactions are `emotion` actions gets
    /// a report with no reactions, and now says why. Receipts, edits and deletions are known.
    func testActionTypesNoOneConfiguredAreNamedWithTheFlag() throws {
        let history = #"""
            [{"channel":"c","timetoken":17000000000000001,"message":"hi","actions":{
              "emotion":{"😀":[{"uuid":"x","actionTimetoken":17000000000000002},{"uuid":"y","actionTimetoken":17000000000000003}],
                         "👍":[{"uuid":"z","actionTimetoken":17000000000000004}],"🎉":[{"uuid":"z","actionTimetoken":17000000000000005}],
                         "🔥":[{"uuid":"z","actionTimetoken":17000000000000006}]},
              "receipt":{"read":[{"uuid":"x","actionTimetoken":17000000000000007}]},
              "edited":{"hi!":[{"uuid":"x","actionTimetoken":17000000000000008}]},
              "pin":{"yes":[{"uuid":"x","actionTimetoken":17000000000000009}]},
              "reaction":{"❤️":[{"uuid":"y","actionTimetoken":17000000000000010}]}}}]
            """#
        let events =
            #"{"event":"added","data":{"type":"emotion","value":"😡","messageTimetoken":"17000000000000001","actionTimetoken":"17000000000000011","uuid":"q"}}"#
        // Read in name order: the event log first.
        let result = try TestSupport.settle([("h.json", history), ("events.jsonl", events)])
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["❤ 1 [y] complete"])
        XCTAssertEqual(result.diagnostics.counts[.unconfiguredActionType], 2)
        XCTAssertEqual(
            result.diagnostics.examples[.unconfiguredActionType]?.map(\.text),
            [
                "events.jsonl: PubNub message actions of type \"emotion\": 6, such as \"😡\", \"😀\", \"👍\"; not counted as reactions. "
                    + "If they are reactions, give --reaction-action-type emotion (or reactionActionTypes in the configuration)",
                "h.json: PubNub message actions of type \"pin\": 1, such as \"yes\"; not counted as reactions. "
                    + "If they are reactions, give --reaction-action-type pin (or reactionActionTypes in the configuration)"
            ])
        XCTAssertEqual(result.tallies[.pubnub], ReactionTally(read: 1, counted: 1))
    }
}

/// Subscribe v2 responses (`{"t":…,"m":[envelope…]}`) and skipped records that say what they held.
final class PubNubSubscribeTests: XCTestCase {
    /// Messages, a file message and message actions, one response a line; cy's 🎉 is removed by
    /// an envelope before the one that adds it; signals, presence, object events and receipts
    /// are passed over; dana's ❤️ names its reactor only in `d.data.uuid`.
    func testSubscribeLogOfMessagesFilesAndActionsIsAppliedByIdentity() throws {
        let (formats, result) = try TestSupport.settleFixturesDetecting("pubnub", ["subscribe.jsonl"])
        XCTAssertEqual(formats, ["pubnub-subscribe"])
        XCTAssertEqual(
            TestSupport.lines(result),
            [
                #"{"platform":"pubnub","conversation":{"id":"launch","name":"launch"},"id":"17150000000000000","author":{"id":"ana","name":null},"sentAt":"2024-05-06T12:53:20.0000000Z","thread":null,"deleted":false,"text":"launch at 1pm?","reactionCount":1,"reactions":[{"key":"👍","emoji":"👍","name":"thumbs up","custom":false,"image":null,"count":1,"reactors":[{"id":"ben","name":null,"at":"2024-05-06T12:53:50.0000000Z"}],"reactorsComplete":true,"firstAt":"2024-05-06T12:53:50.0000000Z"}]}"#,
                #"{"platform":"pubnub","conversation":{"id":"launch","name":"launch"},"id":"17150000600000000","author":{"id":"ben","name":null},"sentAt":"2024-05-06T12:54:20.0000000Z","thread":null,"deleted":false,"text":"the deck","reactionCount":1,"reactions":[{"key":"❤","emoji":"❤️","name":"red heart","custom":false,"image":null,"count":1,"reactors":[{"id":"dana","name":null,"at":"2024-05-06T12:54:30.0000000Z"}],"reactorsComplete":true,"firstAt":"2024-05-06T12:54:30.0000000Z"}]}"#
            ])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
        XCTAssertEqual(result.tallies[.pubnub], ReactionTally(read: 3, counted: 2, removed: 1))
    }

    /// The real SDK sample: one action added, whose message is not in the file until a history
    /// of its channel is read with it.
    func testRealSubscribeSampleJoinsItsMessageByTimetoken() throws {
        let sample = "pubnub/swift-sdk-test__subscribe_v2_message_action_added.json"
        let alone = try TestSupport.settleFixtures([sample])
        XCTAssertEqual(alone.messages.count, 0)
        XCTAssertEqual(
            alone.diagnostics.examples[.reactionWithoutMessage]?.map(\.text),
            [
                "pubnub/swift-sdk-test__subscribe_v2_message_action_added.json: PubNub TestChannel message 15725459448096144: 1 reaction(s) for a message not in the input"
            ])
        XCTAssertEqual(alone.tallies[.pubnub], ReactionTally(read: 1, counted: 0, diagnosed: 1))

        let history = #"{"channels":{"TestChannel":[{"message":"hi","timetoken":"15725459448096144","uuid":"OtherUser"}]}}"#
        let joined = try TestSupport.settle([("history.json", history), (sample, String(decoding: try TestSupport.fixture(sample), as: UTF8.self))])
        XCTAssertEqual(TestSupport.reactions(joined.messages[0]), [":winky_face: 1 [SomeUser] complete"])
        XCTAssertEqual(joined.messages[0].reactions[0].reactors[0].at?.rfc3339, "2019-10-31T18:19:39.3173220Z")
        XCTAssertEqual(TestSupport.diagnostics(joined), [:])
        XCTAssertEqual(joined.tallies[.pubnub], ReactionTally(read: 1, counted: 1))
    }

    /// A JSON array of responses reads as JSON lines do; a reaction member in a signal or an
    /// object event is named, not read.
    func testResponsesInAnArrayAndReactionsInSignalsAreNamed() throws {
        let text = #"""
            [{"t":{"t":"2","r":1},"m":[{"c":"ops","i":"ann","p":{"t":"17150000000000000","r":1},"d":"deploy?"},
                                       {"e":1,"c":"ops","i":"bo","p":{"t":"17150000000000001","r":1},"d":{"reactions":{"👍":["cy"]}}}]},
             {"t":{"t":"3","r":1},"m":[{"e":3,"c":"ops","i":"bo","p":{"t":"17150000000000002","r":1},"d":{"source":"actions","version":"1.0","event":"added","data":{"messageTimetoken":"17150000000000000","actionTimetoken":"17150000000000002","type":"reaction","value":"🚀"}}}]}]
            """#
        let (formats, result) = try TestSupport.settleDetecting([("log.json", text)])
        XCTAssertEqual(formats, ["pubnub-subscribe"])
        XCTAssertEqual(result.messages.map(\.text), ["deploy?"])
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["🚀 1 [bo] complete"])
        XCTAssertEqual(
            result.diagnostics.examples[.unreadReactions]?.map(\.text),
            ["log.json: 1 reaction(s) at $[0].m[1].d.reactions, a member the importer does not read"])
        XCTAssertEqual(result.tallies[.pubnub], ReactionTally(read: 2, counted: 1, diagnosed: 1))
    }

    /// The same channel read from subscribe responses and from a history export gives the same
    /// messages and reactions as either alone, where they agree.
    func testSubscribeLogAndHistoryOfOneChannelAgree() throws {
        let history = #"""
            {"channels":{"launch":[
              {"message":{"type":"text","text":"launch at noon?"},"timetoken":"17150000000000000","uuid":"ana",
               "actions":{"reactions":{"👍":[{"uuid":"ben","actionTimetoken":"17150000300000000"}]},
                          "edited":{"launch at 1pm?":[{"uuid":"ana","actionTimetoken":"17150000350000000"}]}}},
              {"message":{"message":{"text":"the deck"},"file":{"id":"f-1","name":"deck.pdf"}},"timetoken":"17150000600000000","uuid":"ben","message_type":4,
               "actions":{"reactions":{"❤️":[{"uuid":"dana","actionTimetoken":"17150000700000000"}]}}}]}}
            """#
        let subscribe = String(decoding: try TestSupport.fixture("pubnub/subscribe.jsonl"), as: UTF8.self)
        let fromHistory = try TestSupport.settle([("history.json", history)])
        let fromLog = try TestSupport.settle([("subscribe.jsonl", subscribe)])
        let fromBoth = try TestSupport.settle([("history.json", history), ("subscribe.jsonl", subscribe)])
        XCTAssertEqual(TestSupport.lines(fromHistory), TestSupport.lines(fromLog))
        XCTAssertEqual(TestSupport.lines(fromBoth), TestSupport.lines(fromLog))
        XCTAssertEqual(fromBoth.messages.map(\.text), ["launch at 1pm?", "the deck"])
        XCTAssertEqual(TestSupport.diagnostics(fromBoth), [:])
        XCTAssertEqual(fromBoth.tallies[.pubnub], ReactionTally(read: 3, counted: 2, removed: 1))
    }

    /// Records skipped for their shape say how many reactions they held.
    func testSkippedHistoryRecordsNameTheirReactions() throws {
        let history = #"""
            [{"channel":"c","timetoken":"soon","message":"x","actions":{"reaction":{"👍":[{"uuid":"a","actionTimetoken":"2"},{"uuid":"b","actionTimetoken":"3"}]},"receipt":{"read":[{"uuid":"a","actionTimetoken":"4"}]}}},
             {"channel":"c","timetoken":"17000000000000001","message":"y","actions":{"reaction":[{"value":"🎉","uuid":"a"}],"reactions":{"🔥":{"uuid":"b"}}}},
             {"channel":"c","timetoken":"17000000000000002","message":"z","actions":[{"type":"reaction","value":"👀","uuid":"c"}]}]
            """#
        let result = try TestSupport.settle([("h.json", history)])
        XCTAssertEqual(
            result.diagnostics.examples[.skippedRecord]?.map { "\($0.detail) [\($0.reactions)]" },
            [
                "a history item in c without a readable timetoken [2]",
                "message 17000000000000001: the reaction actions are not a map of values [1]",
                "message 17000000000000001: the reactions actions are not a list of actions [1]",
                "message 17000000000000002: its actions are a list, not a map of action types [1]"
            ])
        XCTAssertEqual(result.tallies[.pubnub], ReactionTally(read: 5, counted: 0, diagnosed: 5))
        XCTAssertTrue(result.tallies[.pubnub]!.isBalanced)
    }
}
