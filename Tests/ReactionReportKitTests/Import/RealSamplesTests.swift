import Foundation
import XCTest

@testable import ReactionReportKit

/// The real exports in Fixtures (copied from `shared/samples`, licences in Fixtures/README.md)
/// go through one build together; each platform's totals are what the files themselves say.
final class RealSamplesTests: XCTestCase {
    /// Messages, reacted messages and reactions (the sum of counts) per platform, read back
    /// from `data/messages.jsonl`.
    struct Totals: Equatable, CustomStringConvertible {
        var messages = 0, reacted = 0, reactions = 0
        var description: String { "\(messages) messages, \(reacted) reacted, \(reactions) reactions" }
    }

    func testAllRealSamplesInOneBuild() throws {
        let inputs = [
            "slack/sample", "discord/zulip-fixture__dce_general_with_reaction_users.json",
            "mattermost/zulip-fixture__mattermost_bulk_export.jsonl",
            "pubnub/js-sdk-test__history-with-actions__numeric-timetokens.json",
            "pubnub/js-sdk-test__history-with-actions__string-timetokens.json"
        ]
        .map { TestSupport.fixtures.appendingPathComponent($0).path }
        let output = try TestSupport.temporaryFolder().appendingPathComponent("site")
        var options = BuildOptions()
        options.includeDirectMessages = true
        let outcome = try ReportBuild(inputs: inputs, options: options).build(output: output.path)
        XCTAssertEqual(outcome.files.map(\.format.id), ["discord-dce", "mattermost-bulk", "pubnub-history", "pubnub-history", "slack-export"])

        var totals: [String: Totals] = [:]
        let text = try String(contentsOf: output.appendingPathComponent("data/messages.jsonl"), encoding: .utf8)
        for line in text.split(separator: "\n") {
            let record = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let platform = try XCTUnwrap(record["platform"] as? String)
            let count = try XCTUnwrap(record["reactionCount"] as? Int)
            totals[platform, default: Totals()].messages += 1
            totals[platform, default: Totals()].reacted += count > 0 ? 1 : 0
            totals[platform, default: Totals()].reactions += count
        }
        // Discord: 12 messages, one with 💯 1, 😆 2, 💖 1, 🙏 1, ❤️ 1. Mattermost: 21 posts and
        // replies, 9 reactions on 7 of them. Slack: 158 records less 8 channel_join, one
        // custom :botman: reaction. PubNub: three messages; `like` and `smiley_face` count,
        // the `receipt` action does not.
        XCTAssertEqual(
            totals,
            [
                "discord": Totals(messages: 12, reacted: 1, reactions: 6),
                "mattermost": Totals(messages: 21, reacted: 7, reactions: 9),
                "slack": Totals(messages: 150, reacted: 1, reactions: 1),
                "pubnub": Totals(messages: 3, reacted: 2, reactions: 2)
            ])
        // Each conversation keeps its platform in its page's name; one Mattermost post names
        // `slytherin-quidditch-team` in the team gryffindor, a conversation of its own whose
        // slug gets a suffix.
        let pages = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("conversations").path).sorted()
        XCTAssertEqual(
            pages,
            [
                "discord-general", "mattermost-dumbledores-army", "mattermost-gryffindor-common-room",
                "mattermost-gryffindor-quidditch-team", "mattermost-slytherin-common-room",
                "mattermost-slytherin-quidditch-team", "mattermost-slytherin-quidditch-team-2", "pubnub-ch1", "pubnub-demo-channel", "slack-enrique",
                "slack-traveling-sailor"
            ])
    }
}
