import Foundation
import XCTest

@testable import ReactionReportKit

/// `--shard K/N`: each shard keeps its share of the messages (`ShardPlan`), and the shards'
/// facts tables, read together, make the report of the whole input.
final class ShardTests: XCTestCase {
    static let examples = TestSupport.packageRoot.appendingPathComponent("Examples").path

    func testShardArgumentIsKOfN() {
        XCTAssertEqual(Shard("2/3"), Shard(index: 2, count: 3))
        XCTAssertEqual(Shard("1/1")?.description, "1/1")
        for text in ["0/3", "4/3", "1/0", "1", "a/b", "1/2/3", "-1/2"] { XCTAssertNil(Shard(text), text) }
    }

    /// Builds Examples as shard `index` of 3 (facts only) into `folder/shard-<index>`.
    func buildShard(_ index: Int, in folder: URL) throws -> ReportBuild.Outcome {
        var options = BuildOptions()
        options.formats = [.facts]
        options.shard = Shard(index: index, count: 3)
        return try ReportBuild(inputs: [Self.examples], options: options).build(output: folder.appendingPathComponent("shard-\(index)").path)
    }

    /// Shares are balanced by messages: Examples' 76 messages (46 of them in one Slack channel
    /// when shards were whole conversations by hash) go 26, 25 and 25, the larger conversations
    /// cut by day; every message is in one shard.
    func testSharesAreBalancedByMessages() throws {
        let folder = try TestSupport.temporaryFolder()
        let shards = try (1...3).map { try buildShard($0, in: folder) }
        XCTAssertEqual(
            shards.map { $0.result.conversations.map { "\($0.platform.rawValue)/\($0.id)" } },
            [
                ["discord/748291736099266581", "pubnub/support", "slack/C07EN6G1XQ", "stream/messaging:release-team"],
                ["cometchat/group_lumen-launch", "discord/748291736099266581", "pubnub/support", "stream/messaging:release-team"],
                ["cometchat/group_lumen-launch", "pubnub/support", "slack/C07EN6G1XQ", "slack/C07GN4RL2D"]
            ])
        XCTAssertEqual(shards.map(\.result.messages.count), [26, 25, 25])
        let ids = shards.flatMap { $0.result.messages.map { "\($0.platform.rawValue)/\($0.conversationID)/\($0.id)" } }
        XCTAssertEqual(Set(ids).count, 76)
        XCTAssertEqual(ids.count, 76)
        for shard in shards {
            XCTAssertTrue(shard.result.messages.allSatisfy { message in shard.result.conversations.contains { $0.id == message.conversationID } })
        }
    }

    /// The three shards' facts, read together, give the site and data of one build of the
    /// whole input, byte for byte.
    func testShardsFactsMakeTheWholeReport() throws {
        let folder = try TestSupport.temporaryFolder()
        for index in 1...3 { _ = try buildShard(index, in: folder) }
        var options = BuildOptions()
        options.formats = [.html, .markdown, .json, .facts]
        let whole = folder.appendingPathComponent("whole")
        let merged = folder.appendingPathComponent("merged")
        _ = try ReportBuild(inputs: [Self.examples], options: options).build(output: whole.path)
        let facts = (1...3).map { folder.appendingPathComponent("shard-\($0)/data/facts").path }
        _ = try ReportBuild(inputs: facts, options: options).build(output: merged.path)
        let (expected, actual) = (try TestSupport.files(in: whole), try TestSupport.files(in: merged))
        XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted())
        for name in expected.keys.sorted() where expected[name] != actual[name] { XCTFail("\(name) differs from the one-machine build") }
    }

    /// A build from shards' facts reads every shard of one build, each once: a missing shard
    /// would leave its conversations out in silence.
    func testShardsMissingOrTwiceAreAnError() throws {
        let folder = try TestSupport.temporaryFolder()
        for index in 1...3 { _ = try buildShard(index, in: folder) }
        var whole = BuildOptions()
        whole.formats = [.facts]
        _ = try ReportBuild(inputs: [Self.examples], options: whole).build(output: folder.appendingPathComponent("whole").path)
        func facts(_ name: String) -> String { folder.appendingPathComponent("\(name)/data/facts").path }
        func error(_ inputs: [String]) -> String {
            do {
                _ = try ReportBuild(inputs: inputs, options: BuildOptions()).inspect()
                return "no error"
            } catch {
                return "\(error)".replacingOccurrences(of: folder.path + "/", with: "")
            }
        }
        XCTAssertEqual(
            error([facts("shard-1"), facts("shard-3")]),
            "read: shard-1/data/facts/report.jsonl: holds shard 1/3 of a build whose shard 2/3 was not read: a report from shards' facts needs every shard")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("shard-2"), to: folder.appendingPathComponent("copy"))
        XCTAssertEqual(
            error([facts("shard-1"), facts("shard-2"), facts("shard-3"), facts("copy")]),
            "read: shard-2/data/facts/report.jsonl: holds shard 2/3, read already from copy/data/facts/report.jsonl: each shard once")
        XCTAssertEqual(
            error([facts("whole"), facts("shard-1")]),
            "read: whole/data/facts/report.jsonl: holds the facts of a whole build, read with the facts of shard 1/3 (shard-1/data/facts/report.jsonl); read the one or the shards"
        )
        XCTAssertEqual(
            error([facts("shard-2")]),
            "read: shard-2/data/facts/report.jsonl: holds shard 2/3 of a build whose shards 1/3, 3/3 were not read: a report from shards' facts needs every shard"
        )
    }
}
