import Foundation
import XCTest

@testable import ReactionReportKit

/// Days and weeks a report cannot cover (its times are 64-bit nanoseconds, years 1677 to 2262):
/// a usage error for the flags, an error at the value for the configuration file, never a trap.
final class PeriodRangeTests: XCTestCase {
    static let range = "a day from 1678-01-01 to 2261-12-31 or a week from 1678-W01 to 2261-W52"

    /// What ArgumentParser prints for a usage error of `command`.
    static func usage(_ message: String, command: String = "build") -> String {
        let synopsis =
            command == "build"
            ? "[<options>] [<inputs> ...]"
            : "[<inputs> ...] [--config <file>] [--input-format <input-format>] [--reaction-action-type <reaction-action-type> ...] "
                + "[--merge-skin-tones] [--no-merge-skin-tones] [--include-direct-messages] [--no-include-direct-messages] "
                + "[--since <date|week>] [--until <date|week>] [--timezone <iana>] [--shard <K/N>]"
        return "Error: \(message)\nUsage: reaction-report \(command) \(synopsis)\n  See 'reaction-report \(command) --help' for more information.\n"
    }

    func testFlagsOutsideTheRangeAreUsageErrors() throws {
        let folder = try CLIRunner.workspace()
        let cases: [([String], String)] = [
            (["build", "in", "-o", "out", "--until", "9999-12-31"], Self.usage("--until '9999-12-31' is outside the supported range: \(Self.range)")),
            (["build", "in", "-o", "out", "--since", "0001-01-01"], Self.usage("--since '0001-01-01' is outside the supported range: \(Self.range)")),
            (["inspect", "in", "--until", "2262-W52"], Self.usage("--until '2262-W52' is outside the supported range: \(Self.range)", command: "inspect")),
            // 1677-12-31 is in the week 1677-W52, which runs into 1678.
            (
                ["inspect", "in", "--since", "1678-W01", "--until", "1677-W52"],
                Self.usage("--until '1677-W52' is outside the supported range: \(Self.range)", command: "inspect")
            ),
            (["build", "in", "-o", "out", "--since", "2262-01-01"], Self.usage("--since '2262-01-01' is outside the supported range: \(Self.range)"))
        ]
        for (arguments, stderr) in cases {
            let run = try CLIRunner.run(arguments, in: folder)
            XCTAssertEqual(run.status, 1, arguments.joined(separator: " "))
            XCTAssertEqual(run.stderr, stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["in"])
        // The ends of the range are accepted (no message falls in them).
        for bounds in [["1678-01-01", "1678-W01"], ["2261-W52", "2261-12-31"]] {
            let run = try CLIRunner.run(["inspect", "in", "--since", bounds[0], "--until", bounds[1]], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(
                run.stdout.hasSuffix(
                    """
                    Conversations:
                    Reactions:
                      CometChat: 4 read, 0 counted, 4 left out by the report's options
                      PubNub: 4 read, 0 counted, 4 left out by the report's options
                      Stream Chat: 5 read, 0 counted, 5 left out by the report's options
                    Diagnostics: 0

                    """), run.stdout)
        }
    }

    func testConfiguredDatesOutsideTheRangeNameTheFileLineAndColumn() throws {
        let folder = try CLIRunner.workspace()
        let file = folder.appendingPathComponent("reaction-report.toml")
        try Data("title = \"t\"\nuntil = \"9999-12-31\"\n".utf8).write(to: file)
        let build = try CLIRunner.run(["build", "in", "-o", "out"], in: folder)
        XCTAssertEqual(build.status, 2)
        XCTAssertEqual(build.stderr, "reaction-report: error: reaction-report.toml:2:9: 'until' must be \(Self.range), not \"9999-12-31\"\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))

        try Data("since   =   \"0001-01-01\"\n".utf8).write(to: folder.appendingPathComponent("old.toml"))
        let inspect = try CLIRunner.run(["inspect", "in", "--config", "old.toml"], in: folder)
        XCTAssertEqual(inspect.status, 2)
        XCTAssertEqual(inspect.stderr, "reaction-report: error: old.toml:1:13: 'since' must be \(Self.range), not \"0001-01-01\"\n")

        try Data("since = \"2262-W52\"\n".utf8).write(to: file)
        let week = try CLIRunner.run(["build", "in", "-o", "out"], in: folder)
        XCTAssertEqual(week.status, 2)
        XCTAssertEqual(week.stderr, "reaction-report: error: reaction-report.toml:1:9: 'since' must be \(Self.range), not \"2262-W52\"\n")
    }
}
