import Foundation
import XCTest

@testable import ReactionReportKit

/// Runs the built `reaction-report` executable: exit codes, error messages, untouched output.
final class CommandLineTests: XCTestCase {
    func run(_ arguments: [String], in folder: URL) throws -> CLIRunner.Run { try CLIRunner.run(arguments, in: folder) }

    func snapshot(_ folder: URL) throws -> [String: Data] { try TestSupport.files(in: folder) }

    func workspace() throws -> URL { try CLIRunner.workspace() }

    func testBuildIsByteIdenticalAndAMalformedInputLeavesTheOutputUntouched() throws {
        let folder = try workspace()
        let first = try run(["build", "in", "-o", "out1", "--quiet"], in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try run(["build", "in", "-o", "out2", "--quiet"], in: folder).status, 0)
        let site = try snapshot(folder.appendingPathComponent("out1"))
        XCTAssertEqual(
            site.keys.filter { !$0.hasPrefix("weeks/") }.sorted(),
            [
                ".reaction-report/manifest", "assets/favicon.svg", "assets/style.css",
                "conversations/cometchat-launch/calendar.html", "conversations/cometchat-launch/index.html",
                "conversations/cometchat-launch/thread-4568b818181c952f.html",
                "conversations/pubnub-support/calendar.html", "conversations/pubnub-support/index.html",
                "conversations/stream-general/calendar.html", "conversations/stream-general/index.html",
                "conversations/stream-general/thread-08dba019181b0c9a.html",
                "data/cohorts.csv", "data/cohorts.json", "data/diagnostics.json", "data/messages.jsonl", "data/people.csv", "data/reactions.csv",
                "data/weeks.json",
                "feed.xml", "index.html",
                "people/0b4f0b5a.html", "people/0bb6f0d2.html", "people/15c34d3d.html", "people/4b04adcb.html", "people/54f7d6e6.html",
                "people/5db34d57.html", "people/65b2a7fd.html", "people/af3050bf.html", "people/ba01c295.html", "people/c301969b.html",
                "people/de77d70e.html", "people/f0af32be.html", "people/index.html",
                "robots.txt", "summary.md"
            ])
        // The page, Markdown report and three digests of each of the three weeks with messages
        // (the 47 weeks between them are two runs of empty weeks, with none), and
        // weeks/reports.json.
        XCTAssertEqual(site.keys.filter { $0.hasPrefix("weeks/") }.count, 5 * 3 + 1)
        XCTAssertEqual(site, try snapshot(folder.appendingPathComponent("out2")))

        try Data("{\n  \"channels\": [\n    {\"channel\": {\"id\": \"x\"}, \"messages\": [}\n  ]\n}\n".utf8)
            .write(to: folder.appendingPathComponent("in/broken.json"))
        let broken = try run(["build", "in", "-o", "out1"], in: folder)
        XCTAssertEqual(broken.status, 2)
        XCTAssertEqual(broken.stderr, "reaction-report: error: read: in/broken.json:3:43: unexpected character where a JSON value was expected\n")
        XCTAssertEqual(try snapshot(folder.appendingPathComponent("out1")), site)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["in", "out1", "out2"])
    }

    func testExitCodesForUsageUnknownFormatAndStrict() throws {
        let folder = try workspace()
        let usage = try run(["build", "--reaction-order", "random"], in: folder)
        XCTAssertEqual(usage.status, 1)
        XCTAssertTrue(
            usage.stderr.contains(
                "The value 'random' is invalid for '--reaction-order <reaction-order>'. Please provide one of 'first-reacted', 'alphabetical' or 'count'."),
            usage.stderr)
        XCTAssertEqual(try run(["build", "--no-such-flag"], in: folder).status, 1)
        // Options of a fixed set of values are checked by the argument parser, before anything is read.
        let format = try run(["build", "--format", "html,pdf"], in: folder)
        XCTAssertEqual(format.status, 1)
        XCTAssertTrue(
            format.stderr.contains("The value 'html,pdf' is invalid for '--format <format>'. Please provide one of 'html', 'markdown', 'json' or 'facts'."),
            format.stderr)
        let inputFormat = try run(["inspect", "--input-format", "icq"], in: folder)
        XCTAssertEqual(inputFormat.status, 1)
        XCTAssertTrue(
            inputFormat.stderr.contains(
                "The value 'icq' is invalid for '--input-format <input-format>'. Please provide one of the following:\n  - pubnub\n  - stream\n"),
            inputFormat.stderr)

        try Data("{\"hello\": true}".utf8).write(to: folder.appendingPathComponent("notes.json"))
        let unknown = try run(["build", "notes.json"], in: folder)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(
            unknown.stderr, "reaction-report: error: read: notes.json: is not an export of any supported format (run `reaction-report formats` to see them)\n")
        let missing = try run(["inspect", "nowhere"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "reaction-report: error: read: nowhere: no such file or folder\n")

        try Data(try TestSupport.fixture("pubnub/events.jsonl")).write(to: folder.appendingPathComponent("in/events.jsonl"))
        let strict = try run(["build", "in", "-o", "strict-out", "--strict"], in: folder)
        XCTAssertEqual(strict.status, 3)
        XCTAssertTrue(strict.stderr.contains("1 removals with no matching add [removal-without-add]"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("strict-out").path))
    }

    func testInspectAndFormatsWriteNothing() throws {
        let folder = try workspace()
        let inspect = try run(["inspect", "in"], in: folder)
        XCTAssertEqual(inspect.status, 0)
        XCTAssertTrue(inspect.stdout.contains("  in/stream-export.json: stream-channels\n"), inspect.stdout)
        XCTAssertTrue(inspect.stdout.contains("  Stream Chat / General (messaging:general): 3 messages, 5 reactions\n"), inspect.stdout)
        let formats = try run(["formats"], in: folder)
        XCTAssertEqual(formats.status, 0)
        XCTAssertTrue(formats.stdout.hasPrefix("pubnub-history  [PubNub]\n"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["in", "notes.json"].filter { $0 == "in" })
    }

    /// Progress shows on a terminal only: none in a pipe, none with --quiet.
    func testProgressOnlyOnATerminal() throws {
        let folder = try workspace()
        let piped = try run(["build", "in", "-o", "out"], in: folder)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertFalse(piped.stderr.contains("\u{1B}["), piped.stderr)
        XCTAssertFalse(piped.stderr.contains("Reading:"), piped.stderr)
        // `script` gives the program a pseudo-terminal (util-linux, on every Debian).
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { throw XCTSkip("no /usr/bin/script") }
        let command = "'\(CLIRunner.executable.path)' build in -o out2"
        let terminal = try CLIRunner.run(["-qec", command, "/dev/null"], in: folder, executable: URL(fileURLWithPath: "/usr/bin/script"))
        XCTAssertEqual(terminal.status, 0, terminal.stdout)
        // A bar of the bytes read: the first of the folder's four files is drawn at once.
        let first = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("in/cometchat-messages.json").path)[.size] as! Int
        let all = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("in").path)
            .reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("in/" + $1).path)[.size] as! Int) }
        let line = ProgressLine.reading(files: 1, bytes: first, messages: 0, expectedFiles: 4, expectedBytes: all)
        XCTAssertTrue(line.hasPrefix("Reading: ") && line.contains("░ 1/4 files, ") && line.hasSuffix(" kB, 0 messages"), line)
        XCTAssertTrue(terminal.stdout.contains("\r\u{1B}[2K" + line), terminal.stdout)
        XCTAssertTrue(terminal.stdout.contains("Writing: "), terminal.stdout)
        // 50 files: the weeks without messages between the three that have them have no files;
        // 13 are people pages.
        XCTAssertTrue(terminal.stdout.contains(" 50/50 files\r\u{1B}[2K"), terminal.stdout)
        let quiet = try CLIRunner.run(["-qec", command + " --quiet", "/dev/null"], in: folder, executable: URL(fileURLWithPath: "/usr/bin/script"))
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stdout, "")
    }
}
