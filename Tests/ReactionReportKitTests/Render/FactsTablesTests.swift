import Foundation
import XCTest

@testable import ReactionReportKit

/// The facts tables (`--format facts`, docs/facts.md): pinned by golden files for the weekly
/// fixture, exact rows for ids past 2^53 and hostile names. Regenerate the goldens deliberately
/// with `UPDATE_GOLDEN=1 swift test --filter FactsTablesTests`.
final class FactsTablesTests: XCTestCase {
    static let tables = [
        "report.jsonl", "messages.jsonl", "totals.jsonl", "reactions.jsonl", "people.jsonl", "conversations.jsonl", "diagnostics.jsonl",
        "tallies.jsonl"
    ]

    /// The weekly fixture with a group and the facts written.
    static func weeklyFacts(_ configure: (inout BuildOptions) -> Void = { _ in }) throws -> [String: String] {
        try GoldenSiteTests.weeklyFixture { options in
            options.formats.insert(.facts)
            options.groups = [ConversationGroup(name: "Everyone", members: ["*"]), ConversationGroup(name: "Ops", members: ["ops*"])]
            configure(&options)
        }
    }

    func testWeeklyFactsMatchGoldenFiles() throws {
        let files = try Self.weeklyFacts()
        XCTAssertEqual(files.keys.filter { $0.hasPrefix("data/facts/") }.sorted(), Self.tables.sorted().map { "data/facts/" + $0 })
        let golden = TestSupport.testsFolder.appendingPathComponent("Golden")
        for table in Self.tables {
            let url = golden.appendingPathComponent("weekly__data__facts__" + table)
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
                try (files["data/facts/" + table] ?? "").write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            XCTAssertEqual(files["data/facts/" + table], try String(contentsOf: url, encoding: .utf8), "\(table) differs from Golden/\(url.lastPathComponent)")
        }
    }

    /// Facts are opt-in: the default formats write none, and adding them changes no other file.
    func testFactsAreOptInAndChangeNoOtherFile() throws {
        let plain = try GoldenSiteTests.weeklyFixture()
        XCTAssertEqual(BuildOptions().formats, [.html, .markdown, .json])
        XCTAssertTrue(plain.keys.allSatisfy { !$0.hasPrefix("data/facts/") })
        let withFacts = try GoldenSiteTests.weeklyFixture { $0.formats.insert(.facts) }
        XCTAssertEqual(withFacts.filter { !$0.key.hasPrefix("data/facts/") }, plain)
        let alone = try GoldenSiteTests.weeklyFixture { $0.formats = [.facts] }
        XCTAssertEqual(alone.keys.sorted(), Self.tables.sorted().map { "data/facts/" + $0 })
        XCTAssertEqual(alone, withFacts.filter { $0.key.hasPrefix("data/facts/") })
    }

    /// A PubNub timetoken beyond 2^53 stays a string with every digit; a name with quotes, a
    /// line break, `</script>` and U+2028 is escaped as `data/messages.jsonl` escapes it.
    func testLargeIdsAndHostileNamesAreEscaped() throws {
        let name = "Q\"uo\\te\n</script>\u{2028}end"
        let history = """
            {"channels":{"ch\\"1":[{"message":{"text":\(JSONText.quote(name))},"timetoken":"17000000000000001","uuid":\(JSONText.quote(name)),
             "actions":{"reaction":{"👍":[{"uuid":"u2","actionTimetoken":"17000000000000002"}]}}}]}}
            """
        let result = try TestSupport.settle([("history.json", history)])
        var options = BuildOptions()
        options.formats = [.facts]
        let files = try MemoryWriter.render(result, options: options)
        let escaped = #""Q\"uo\\te\n</script>\u2028end""#
        XCTAssertEqual(
            files["data/facts/messages.jsonl"],
            #"{"platform":"pubnub","conversation":"ch\"1","id":"17000000000000001","author":"# + escaped + #","authorName":null,"#
                + #""sentAt":"2023-11-14T22:13:20.0000001Z","week":"2023-W46","thread":null,"replyTo":null,"fromBot":false,"deleted":false,"#
                + #""markup":"commonMark","text":"# + escaped + #","paidStars":0,"reactionCount":1}"# + "\n")
        XCTAssertEqual(
            files["data/facts/totals.jsonl"],
            #"{"platform":"pubnub","conversation":"ch\"1","message":"17000000000000001","position":0,"key":"👍","emoji":"👍","#
                + #""name":"thumbs up","custom":false,"image":null,"count":1,"listed":1,"complete":true,"firstAt":"2023-11-14T22:13:20.0000002Z"}"#
                + "\n")
        XCTAssertEqual(
            files["data/facts/reactions.jsonl"],
            #"{"platform":"pubnub","conversation":"ch\"1","message":"17000000000000001","key":"👍","reactor":"u2","reactorName":null,"#
                + #""at":"2023-11-14T22:13:20.0000002Z"}"# + "\n")
        XCTAssertEqual(
            files["data/facts/people.jsonl"],
            #"{"platform":"pubnub","id":"# + escaped + #","name":null,"bot":false,"excluded":false,"directoryName":null}"# + "\n"
                + #"{"platform":"pubnub","id":"u2","name":null,"bot":false,"excluded":false,"directoryName":null}"# + "\n")
        XCTAssertEqual(
            files["data/facts/conversations.jsonl"],
            #"{"platform":"pubnub","id":"ch\"1","name":"ch\"1","direct":false,"groups":[],"support":false}"# + "\n")
        // The default polarity table's keys, in UTF-8 byte order (U+263A first; U+1F97A last);
        // testReportRowHoldsGroupsAndExcludeBots pins a whole table of its own.
        let report = try XCTUnwrap(files["data/facts/report.jsonl"])
        XCTAssertTrue(
            report.hasPrefix(
                #"{"timezone":"UTC","topN":10,"firstWeek":"2023-W46","lastWeek":"2023-W46","groups":[],"excludeBots":true,"#
                    + #""responseWindow":172800,"questionMarks":"?¿;՞؟፧᥅⁇⁈⁉⳺⳻⸮꘏꛷︖﹖？𑅃𞥟","positive":["☺","✅","#), report)
        XCTAssertTrue(
            report.hasSuffix(
                #""🤢","🤦","🤬","🤮","🥺"],"engagementLevels":{"core":8,"regular":3},"anonymized":false,"directConversations":null,"inputSummary":"test input","shard":null,"anonymizeAtJoin":false}"#
                    + "\n"),
            report)
    }

    /// `report.jsonl` names the configured groups in the configuration's order, also one that
    /// no conversation belongs to, and `excludeBots`, so that the SQL runners need no
    /// configuration file; the same for the rules of the responsiveness figures.
    func testReportRowHoldsGroupsAndExcludeBots() throws {
        let files = try Self.weeklyFacts { options in
            options.groups = [
                ConversationGroup(name: "Ops", members: ["ops*"]), ConversationGroup(name: "Nobody \"here\"", members: ["none"]),
                ConversationGroup(name: "Everyone", members: ["*"])
            ]
            options.excludeBots = false
            options.responses.window = 5_400
            options.responses.questionMarks = "?\"\\"
            options.responses.supportConversations = ["OPS"]
            // Names and emoji alike, keyed without skin tones and variation selectors.
            options.polarity.positive = ["+1", "🎉", "❤️"]
            options.polarity.negative = ["👎🏽", "sad_parrot"]
            options.engagementLevels.core = 12
            options.engagementLevels.regular = 2
        }
        XCTAssertEqual(
            files["data/facts/report.jsonl"],
            #"{"timezone":"Europe/Berlin","topN":3,"firstWeek":"2026-W12","lastWeek":"2026-W14","#
                + #""groups":["Ops","Nobody \"here\"","Everyone"],"excludeBots":false,"responseWindow":5400,"questionMarks":"?\"\\","#
                + #""positive":["❤","🎉","👍"],"negative":[":sad_parrot:","👎"],"engagementLevels":{"core":12,"regular":2},"#
                + #""anonymized":false,"directConversations":null,"inputSummary":"test input","shard":null,"anonymizeAtJoin":false}"# + "\n")
        XCTAssertEqual(
            files["data/facts/conversations.jsonl"],
            #"{"platform":"stream","id":"messaging:ops","name":"Ops","direct":false,"groups":["Ops","Everyone"],"support":true}"# + "\n"
                + #"{"platform":"stream","id":"messaging:team","name":"Team","direct":false,"groups":["Everyone"],"support":false}"# + "\n")
    }

    /// With `anonymize`, the facts hold the pseudonyms the report shows, never the names.
    func testAnonymizedFactsHoldPseudonyms() throws {
        func build(anonymize: Bool) throws -> [String: String] {
            var options = BuildOptions()
            options.formats = [.facts]
            options.anonymize = anonymize
            let inputs = ["weekly/team.json", "weekly/ops.json"].map { TestSupport.fixtures.appendingPathComponent($0).path }
            return try MemoryWriter.render(try ReportBuild(inputs: inputs, options: options).inspect().result, options: options)
        }
        let (files, plain) = (try build(anonymize: true), try build(anonymize: false))
        for table in ["messages.jsonl", "reactions.jsonl", "people.jsonl"] {
            let (anonymized, named) = (files["data/facts/" + table] ?? "", plain["data/facts/" + table] ?? "")
            XCTAssertFalse(anonymized.contains("\"ada\""), table)
            XCTAssertTrue(named.contains("\"ada\""), table)
            XCTAssertTrue(anonymized.contains("\"anon-"), table)
        }
        XCTAssertTrue((files["data/facts/report.jsonl"] ?? "").contains(#""anonymized":true"#))
    }
}
