import Foundation
import XCTest

@testable import ReactionReportKit

/// Every real export sample (shared/samples, copied into Fixtures with its licence) gives its
/// exact output: the data files of its build, pinned in Golden/samples. Regenerate deliberately
/// with `UPDATE_GOLDEN=1 swift test --filter RealSampleOutputTests`.
final class RealSampleOutputTests: XCTestCase {
    /// Each sample's name and its input files, below Fixtures.
    static let samples: [(name: String, inputs: [String])] = [
        ("slack-export-viewer", ["slack/sample"]),
        ("discord-zulip-general", ["discord/zulip-fixture__dce_general_with_reaction_users.json"]),
        ("discord-zulip-2026", ["discord/zulip-fixture__dce_2026_general_100.json"]),
        ("mattermost-zulip-bulk", ["mattermost/zulip-fixture__mattermost_bulk_export.jsonl"]),
        ("mattermost-zulip-direct-channel", ["mattermost/zulip-fixture__mattermost_direct_channel_export.jsonl"]),
        ("mattermost-zulip-v11-post", ["mattermost/zulip-fixture__mattermost_v11_post_with_replies.json"]),
        (
            "pubnub-js-sdk",
            [
                "pubnub/js-sdk-test__history-with-actions__numeric-timetokens.json",
                "pubnub/js-sdk-test__history-with-actions__string-timetokens.json"
            ]
        ),
        (
            "pubnub-python-sdk",
            [
                "pubnub/python-sdk-cassette__history_with_actions_25_messages.json",
                "pubnub/python-sdk-cassette__history_include_message_type.json"
            ]
        ),
        ("telegram-tg2md", ["telegram/tg2md__result_2020.json", "telegram/tg2md__result_2021.json"])
    ]

    static let golden = TestSupport.testsFolder.appendingPathComponent("Golden/samples")

    /// Matrix's spec examples of a reaction and a redaction hold no message: a build of them
    /// alone is refused, naming the reactions that point at messages they do not hold.
    /// (core_room_event.json is a schema fragment the other two complete, not an event: it is
    /// refused as an input, MatrixImporterTests.)
    func testTheMatrixSpecExamplesAloneHoldNoMessage() throws {
        let inputs = ["matrix/spec-example__m.reaction.json", "matrix/spec-example__m.room.redaction.json"]
            .map { TestSupport.fixtures.appendingPathComponent($0).path }
        let output = try TestSupport.temporaryFolder().appendingPathComponent("site")
        XCTAssertThrowsError(try ReportBuild(inputs: inputs, options: BuildOptions()).build(output: output.path)) { error in
            XCTAssertEqual(
                "\(error)",
                "read: the inputs hold no message: \(inputs[0]) (matrix-events), \(inputs[1]) (matrix-events) hold none; "
                    + "the 1 reaction they hold name messages they do not hold")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "nothing written, not even the folder")
    }

    func testEachRealSampleGivesItsExactOutput() throws {
        for sample in Self.samples {
            let output = try TestSupport.temporaryFolder().appendingPathComponent("site")
            let inputs = sample.inputs.map { TestSupport.fixtures.appendingPathComponent($0).path }
            let outcome = try ReportBuild(inputs: inputs, options: BuildOptions()).build(output: output.path)
            // Every reaction read is accounted for.
            for (platform, tally) in outcome.result.tallies {
                XCTAssertTrue(tally.isBalanced, "\(sample.name) \(platform?.rawValue ?? "-"): \(tally)")
            }
            for file in ["data/messages.jsonl", "data/diagnostics.json"] {
                // Paths in diagnostics are shown from Fixtures, whatever the checkout's folder.
                let text = try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)
                    .replacingOccurrences(of: TestSupport.fixtures.path + "/", with: "Fixtures/")
                let url = Self.golden.appendingPathComponent(sample.name + "." + (file as NSString).lastPathComponent)
                if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
                    try text.write(to: url, atomically: true, encoding: .utf8)
                    continue
                }
                XCTAssertEqual(
                    text, try String(contentsOf: url, encoding: .utf8), "\(sample.name): \(file) differs from Golden/samples/\(url.lastPathComponent)")
            }
        }
    }
}
