import XCTest
@testable import ReactionReportKit

final class PubNubImporterTests: XCTestCase {
    func testRealSDKResponsesWithNumericAndStringTimetokens() throws {
        let result = try TestSupport.settleFixtures([
            "pubnub/js-sdk-test__history-with-actions__numeric-timetokens.json",
            "pubnub/js-sdk-test__history-with-actions__string-timetokens.json",
        ])
        XCTAssertEqual(TestSupport.lines(result), [
            #"{"platform":"pubnub","conversation":{"id":"demo-channel","name":"demo-channel"},"id":"15610547826970000","author":null,"sentAt":"2019-06-20T18:19:42.6970000Z","thread":null,"deleted":false,"text":"Hello","reactionCount":1,"reactions":[{"key":":smiley_face:","emoji":":smiley_face:","name":"smiley_face","custom":true,"image":null,"count":1,"reactors":[{"id":"user-456","name":null,"at":"2019-06-20T18:19:42.6970050Z"}],"reactorsComplete":true,"firstAt":"2019-06-20T18:19:42.6970050Z"}]}"#,
            #"{"platform":"pubnub","conversation":{"id":"demo-channel","name":"demo-channel"},"id":"15610547826970040","author":null,"sentAt":"2019-06-20T18:19:42.6970040Z","thread":null,"deleted":false,"text":"Hi","reactionCount":0,"reactions":[]}"#,
            #"{"platform":"pubnub","conversation":{"id":"ch1","name":"ch1"},"id":"16048329933709932","author":{"id":"test-uuid","name":null},"sentAt":"2020-11-08T10:56:33.3709932Z","thread":null,"deleted":false,"text":"hello","reactionCount":1,"reactions":[{"key":"👍","emoji":"👍","name":"thumbs up","custom":false,"image":null,"count":1,"reactors":[{"id":"user1","name":null,"at":"2020-11-08T10:56:33.3709933Z"}],"reactorsComplete":true,"firstAt":"2020-11-08T10:56:33.3709933Z"}]}"#,
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
        let actions = #"{"status":200,"data":[{"type":"reaction","value":"🔥","uuid":"bo","actionTimetoken":"17000000000000009","messageTimetoken":"17000000000000001"},{"type":"receipt","value":"read","uuid":"bo","actionTimetoken":"17000000000000010","messageTimetoken":"17000000000000001"}]}"#
        let result = try TestSupport.settle([("history.json", history), ("actions.json", actions)])
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["🔥 1 [bo] complete"])
    }

    func testConfiguredActionTypesCount() throws {
        let history = #"[{"channel":"c","timetoken":17000000000000001,"message":"hi","actions":{"emoji":{"🎉":[{"uuid":"x","actionTimetoken":17000000000000002}]}}}]"#
        var options = BuildOptions()
        XCTAssertEqual(TestSupport.reactions(try TestSupport.settle([("h.json", history)], options: options).messages[0]), [])
        options.reactionActionTypes.insert("emoji")
        XCTAssertEqual(TestSupport.reactions(try TestSupport.settle([("h.json", history)], options: options).messages[0]), ["🎉 1 [x] complete"])
    }
}
