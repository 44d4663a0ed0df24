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

    /// Two people whose pseudonyms collide, each posting in a conversation of its own shard:
    /// one anonymized build numbers them ("Amber Otter", "Amber Otter 2"), and so does the join
    /// of the shards, because the shards' facts keep the real names for it to replace
    /// (`anonymizeAtJoin`); a join without anonymize is refused.
    func testAnonymizedShardsJoinAsOneAnonymizedBuild() throws {
        var book = PseudonymBook()
        var first: [String: String] = [:]
        var pair: (String, String)?
        for number in 0..<2000 where pair == nil {
            let id = "U\(number)"
            book.register(PersonKey(platform: .slack, id: id))
            let name = book[PersonKey(platform: .slack, id: id)].name
            if name.hasSuffix(" 2") { pair = (first[String(name.dropLast(2))]!, id) } else { first[name] = id }
        }
        let (one, other) = try XCTUnwrap(pair)
        let folder = try TestSupport.temporaryFolder()
        let export = folder.appendingPathComponent("export")
        for (channel, day, user, time) in [("general", "2023-11-14", one, "1699999200.000100"), ("random", "2023-11-15", other, "1700085600.000200")] {
            let dayFolder = export.appendingPathComponent(channel)
            try FileManager.default.createDirectory(at: dayFolder, withIntermediateDirectories: true)
            let reactions = #""reactions":[{"name":"tada","users":["\#(user)"],"count":1}]"#
            let message = #"[{"type":"message","user":"\#(user)","text":"hello from \#(user)","ts":"\#(time)","# + reactions + "}]"
            try Data(message.utf8).write(to: dayFolder.appendingPathComponent("\(day).json"))
        }
        var options = BuildOptions()
        options.anonymize = true
        options.formats = [.html, .markdown, .json, .facts]
        let whole = folder.appendingPathComponent("whole")
        _ = try ReportBuild(inputs: [export.path], options: options).build(output: whole.path)
        var shardOptions = options
        shardOptions.formats = [.facts]
        for index in 1...2 {
            shardOptions.shard = Shard(index: index, count: 2)
            let shard = try ReportBuild(inputs: [export.path], options: shardOptions).build(output: folder.appendingPathComponent("shard-\(index)").path)
            XCTAssertEqual(shard.result.messages.map(\.authorID), [[one], [other]][index - 1])
        }
        let report = try String(contentsOf: folder.appendingPathComponent("shard-1/data/facts/report.jsonl"), encoding: .utf8)
        XCTAssertTrue(report.contains(#""anonymized":false,"#) && report.hasSuffix(#""shard":"1/2","anonymizeAtJoin":true}"# + "\n"), report)
        let facts = (1...2).map { folder.appendingPathComponent("shard-\($0)/data/facts").path }
        let joined = folder.appendingPathComponent("joined")
        _ = try ReportBuild(inputs: facts, options: options).build(output: joined.path)
        let (expected, actual) = (try TestSupport.files(in: whole), try TestSupport.files(in: joined))
        XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted())
        for name in expected.keys.sorted() where expected[name] != actual[name] { XCTFail("\(name) differs from the one-machine build") }
        let people = String(decoding: try XCTUnwrap(expected["data/facts/people.jsonl"]), as: UTF8.self)
        XCTAssertTrue(people.contains(" 2\""), people)

        var plain = options
        plain.anonymize = false
        XCTAssertThrowsError(try ReportBuild(inputs: facts, options: plain).inspect()) { error in
            XCTAssertEqual(
                "\(error)".replacingOccurrences(of: folder.path + "/", with: ""),
                "read: shard-1/data/facts/report.jsonl: holds the facts of a shard of an anonymized build, with the real names for the join to replace: "
                    + "join the shards with anonymize (--anonymize, or anonymize = true), as they were built")
        }
    }

    /// A shard of an anonymized build writes facts only: its pages would show real names.
    func testAnonymizedShardWithPagesIsAUsageError() throws {
        let folder = try CLIRunner.workspace()
        let refused = try CLIRunner.run(["build", "in", "-o", "out", "--shard", "1/2", "--anonymize"], in: folder)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(
            refused.stderr.hasPrefix(
                "Error: --shard 1/2 with anonymize writes only facts (--format facts): the build that joins the shards replaces the names, "
                    + "so that pseudonyms are numbered among everyone in the report, as one build numbers them\n"), refused.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["in"])
        let facts = try CLIRunner.run(["build", "in", "-o", "out", "--shard", "1/2", "--anonymize", "--format", "facts", "--quiet"], in: folder)
        XCTAssertEqual(facts.status, 0, facts.stderr)
        let report = try String(contentsOf: folder.appendingPathComponent("out/data/facts/report.jsonl"), encoding: .utf8)
        XCTAssertTrue(report.hasSuffix(#""shard":"1/2","anonymizeAtJoin":true}"# + "\n"), report)
    }
}
