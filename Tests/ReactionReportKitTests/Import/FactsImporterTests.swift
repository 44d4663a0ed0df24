import Foundation
import XCTest

@testable import ReactionReportKit

/// Facts tables read back (`FactsImporter`): a build from a build's `data/facts/`, with the same
/// options, writes the same site, data files and facts byte for byte; a malformed row is an
/// error naming the file, line and column.
final class FactsImporterTests: XCTestCase {
    /// Builds `inputs` into `folder/A` with every format, then `folder/A/data/facts` into
    /// `folder/B`; returns both sites' files.
    func roundTrip(_ inputs: [String], options: BuildOptions) throws -> (original: [String: Data], rebuilt: [String: Data], files: [String]) {
        let folder = try TestSupport.temporaryFolder()
        var options = options
        options.formats = [.html, .markdown, .json, .facts]
        let first = folder.appendingPathComponent("A")
        let second = folder.appendingPathComponent("B")
        _ = try ReportBuild(inputs: inputs, options: options).build(output: first.path)
        let rebuild = try ReportBuild(inputs: [first.appendingPathComponent("data/facts").path], options: options).build(output: second.path)
        XCTAssertEqual(rebuild.files.map(\.format.id), ["facts"])
        let (original, rebuilt) = (try TestSupport.files(in: first), try TestSupport.files(in: second))
        return (original, rebuilt, original.keys.sorted())
    }

    func assertSame(_ trip: (original: [String: Data], rebuilt: [String: Data], files: [String]), file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(trip.rebuilt.keys.sorted(), trip.files, file: file, line: line)
        for name in trip.files where trip.original[name] != trip.rebuilt[name] {
            XCTFail("\(name) differs after the round trip", file: file, line: line)
        }
    }

    func testExamplesRoundTrip() throws {
        let examples = TestSupport.packageRoot.appendingPathComponent("Examples").path
        let trip = try roundTrip([examples], options: BuildOptions())
        XCTAssertEqual(trip.files.count, 95)
        XCTAssertTrue(trip.files.contains("conversations/slack-general/index.html"), "\(trip.files)")
        assertSame(trip)
    }

    /// Anonymized, in another order and zone, transcripts cut into pages of 3 messages.
    func testAnonymizedExamplesRoundTrip() throws {
        var options = BuildOptions()
        options.anonymize = true
        options.reactionOrder = .count
        options.timezone = "Europe/Berlin"
        options.pageSize = 3
        let trip = try roundTrip([TestSupport.packageRoot.appendingPathComponent("Examples").path], options: options)
        XCTAssertEqual(trip.files.count, 115)
        assertSame(trip)
    }

    /// The weekly fixture with the options GoldenSiteTests gives it, and groups.
    func testWeeklyFixtureRoundTrip() throws {
        var options = BuildOptions()
        options.title = "Weekly fixture"
        options.timezone = "Europe/Berlin"
        options.viewer = "ada"
        options.topN = 3
        options.groups = [ConversationGroup(name: "Ops", members: ["ops*"])]
        let inputs = ["weekly/team.json", "weekly/ops.json"].map { TestSupport.fixtures.appendingPathComponent($0).path }
        let trip = try roundTrip(inputs, options: options)
        XCTAssertEqual(trip.files.count, 48)
        assertSame(trip)
    }

    /// Facts written before `report.jsonl` held `groups` and `excludeBots` are read as well:
    /// the options of the build say what they said.
    func testFactsWithoutGroupsAndExcludeBotsAreRead() throws {
        let folder = try TestSupport.temporaryFolder()
        var options = BuildOptions()
        options.formats = [.html, .markdown, .json, .facts]
        options.groups = [ConversationGroup(name: "Ops", members: ["ops*"])]
        let inputs = ["weekly/team.json", "weekly/ops.json"].map { TestSupport.fixtures.appendingPathComponent($0).path }
        let (first, second) = (folder.appendingPathComponent("A"), folder.appendingPathComponent("B"))
        _ = try ReportBuild(inputs: inputs, options: options).build(output: first.path)
        let report = first.appendingPathComponent("data/facts/report.jsonl")
        let row = try String(contentsOf: report, encoding: .utf8)
        let older = row.replacingOccurrences(of: #""groups":["Ops"],"excludeBots":true,"#, with: "")
        XCTAssertNotEqual(older, row)
        try older.write(to: report, atomically: true, encoding: .utf8)
        let facts = first.appendingPathComponent("data/facts").path
        _ = try ReportBuild(inputs: [facts], options: options).build(output: second.path)
        try row.write(to: report, atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestSupport.files(in: second), try TestSupport.files(in: first))
        func error(_ text: String) throws -> String {
            try text.write(to: report, atomically: true, encoding: .utf8)
            do {
                _ = try ReportBuild(inputs: [facts], options: options).build(output: second.path)
                return "built"
            } catch {
                return String(describing: error)
            }
        }
        XCTAssertEqual(
            try error(row.replacingOccurrences(of: #""groups":["Ops"]"#, with: #""groups":["Ops",1]"#)),
            "read: \(report.path):1:83: `groups` must be an array of strings")
        XCTAssertEqual(
            try error(row.replacingOccurrences(of: #""excludeBots":true"#, with: #""excludeBots":null"#)),
            "read: \(report.path):1:105: `excludeBots` must be true or false")
    }

    /// Diagnostics, reaction tallies and direct conversations the report left out are carried:
    /// the Slack workspace fixture has all three.
    func testDiagnosticsAndLeftOutDirectConversationsRoundTrip() throws {
        let trip = try roundTrip([TestSupport.fixtures.appendingPathComponent("slack/workspace").path], options: BuildOptions())
        let diagnostics = String(decoding: trip.original["data/diagnostics.json"] ?? Data(), as: UTF8.self)
        XCTAssertTrue(diagnostics.contains(#""total":1,"#), diagnostics)
        XCTAssertTrue(String(decoding: trip.original["index.html"] ?? Data(), as: UTF8.self).contains("Not in this report: 1 direct conversation"))
        assertSame(trip)
    }

    /// A row whose value is not of the schema's type, and a line that is not JSON, are errors
    /// at the file, line and column.
    func testMalformedRowsNameFileLineAndColumn() throws {
        let folder = try TestSupport.temporaryFolder()
        var options = BuildOptions()
        options.formats = [.facts]
        let inputs = ["weekly/team.json", "weekly/ops.json"].map { TestSupport.fixtures.appendingPathComponent($0).path }
        _ = try ReportBuild(inputs: inputs, options: options).build(output: folder.appendingPathComponent("A").path)
        let facts = folder.appendingPathComponent("A/data/facts")
        let messages = facts.appendingPathComponent("messages.jsonl")
        let text = try String(contentsOf: messages, encoding: .utf8)
        func build() -> String {
            do {
                _ = try ReportBuild(inputs: [facts.path], options: options).build(output: folder.appendingPathComponent("B").path)
                return "built"
            } catch {
                return String(describing: error)
            }
        }
        try text.replacingOccurrences(of: #""id":"m2""#, with: #""id":2"#).write(to: messages, atomically: true, encoding: .utf8)
        XCTAssertEqual(build(), "read: \(messages.path):2:59: `id` must be a string")
        try text.replacingOccurrences(of: #""id":"m3","#, with: #""id":"m3"#).write(to: messages, atomically: true, encoding: .utf8)
        XCTAssertEqual(build(), "read: \(messages.path):3:63: expected ',' or '}' in an object")
        try text.write(to: messages, atomically: true, encoding: .utf8)
        XCTAssertEqual(build(), "built")
    }
}
