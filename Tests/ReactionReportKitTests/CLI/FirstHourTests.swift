import Foundation
import XCTest

@testable import ReactionReportKit

/// What a new user meets first: the version, a misspelt command, a bare call, a viewer no one
/// is and a time zone misspelt.
final class FirstHourTests: XCTestCase {
    func run(_ arguments: [String], in folder: URL) throws -> CLIRunner.Run { try CLIRunner.run(arguments, in: folder) }

    /// A Stream export of three people, Ada writing and Bo and Cy reacting.
    static let export = #"""
        {"channel":{"cid":"messaging:team","type":"messaging","id":"team","name":"Team"},
         "messages":[
          {"id":"m1","text":"Kickoff at noon","created_at":"2026-03-18T09:00:00Z","user":{"id":"U1","name":"Ada Okafor"},
           "latest_reactions":[{"type":"like","user_id":"U2","user":{"id":"U2","name":"Bo Lindqvist"},"created_at":"2026-03-18T09:02:00Z"},
                               {"type":"love","user_id":"U3","user":{"id":"U3","name":"Cy Park"},"created_at":"2026-03-18T09:10:00Z"}]}]}
        """#

    /// A temporary folder with the export as `in/team.json`.
    func workspace() throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("in"), withIntermediateDirectories: true)
        try Data(Self.export.utf8).write(to: folder.appendingPathComponent("in/team.json"))
        return folder
    }

    func testVersion() throws {
        let folder = try TestSupport.temporaryFolder()
        for arguments in [["--version"], ["build", "--version"]] {
            let version = try run(arguments, in: folder)
            XCTAssertEqual(version.status, 0)
            XCTAssertEqual(version.stdout, "reaction-report \(ReactionReportVersion.current)\n")
            XCTAssertEqual(version.stderr, "")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testAMisspeltCommandIsNamedUnlessAFileHasItsName() throws {
        let folder = try workspace()
        let cases = [
            (["inpsect", "x"], "inpsect", "inspect"), (["fromats"], "fromats", "formats"), (["biuld", "in"], "biuld", "build"), (["Post"], "Post", "post")
        ]
        for (arguments, typed, meant) in cases {
            let typo = try run(arguments, in: folder)
            XCTAssertEqual(typo.status, 1, arguments.joined(separator: " "))
            XCTAssertEqual(typo.stderr, "reaction-report: error: unknown command '\(typed)'; did you mean '\(meant)'?\n")
            XCTAssertEqual(typo.stdout, "")
        }
        // A word near no command is still an input of `build`.
        let missing = try run(["nowhere"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "reaction-report: error: read: nowhere: no such file or folder\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["in"])

        // A real file of that name is built.
        try FileManager.default.moveItem(at: folder.appendingPathComponent("in/team.json"), to: folder.appendingPathComponent("inpsect"))
        let file = try run(["inpsect", "-o", "out", "--quiet"], in: folder)
        XCTAssertEqual(file.status, 0, file.stderr)
        XCTAssertEqual(file.stderr, "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/index.html").path))
    }

    func testABareCallPrintsTheHelpWhereThereIsNoExamplesFolder() throws {
        let folder = try TestSupport.temporaryFolder()
        let help = try run(["--help"], in: folder)
        XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: Turn exported chat history into reaction reports"), help.stdout)
        let bare = try run([], in: folder)
        XCTAssertEqual(bare.status, 1)
        XCTAssertEqual(bare.stdout, "")
        XCTAssertEqual(bare.stderr, help.stdout)
        // A file called Examples is no folder of examples.
        try Data().write(to: folder.appendingPathComponent("Examples"))
        XCTAssertEqual(try run([], in: folder).stderr, help.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["Examples"])

        // With an Examples folder, a bare call builds it, as before.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Examples"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Examples"), withIntermediateDirectories: true)
        try Data(Self.export.utf8).write(to: folder.appendingPathComponent("Examples/team.json"))
        let build = try run([], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertEqual(build.stdout, "Wrote Output/: \(build.stdout.split(separator: " ")[2]) files (94.5 kB) from 1 input file, 1 message, 2 reactions.\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/index.html").path))
    }

    func testAViewerNoOneInTheInputsIsIsWarnedAboutWithTheClosestPeople() throws {
        let folder = try workspace()
        let warning = "reaction-report: warning: no one in the inputs has the viewer's id"
        let cases = [
            ("U9", "\(warning) 'U9'; closest: U1 (Ada Okafor), U2 (Bo Lindqvist), U3 (Cy Park)\n"),
            ("ada", "\(warning) 'ada'; closest: U1 (Ada Okafor)\n"),
            ("u3", "\(warning) 'u3'; closest: U3 (Cy Park)\n"),
            ("zelda", "\(warning) 'zelda'\n"),
            ("U2", "")
        ]
        for (viewer, stderr) in cases {
            let build = try run(["build", "in", "-o", "out", "--viewer", viewer], in: folder)
            XCTAssertEqual(build.status, 0, viewer)
            XCTAssertEqual(build.stderr, stderr)
        }
        // The configuration file's viewer alike; --quiet prints nothing but errors.
        try Data("viewer = \"Bo\"\n".utf8).write(to: folder.appendingPathComponent("reaction-report.toml"))
        XCTAssertEqual(try run(["build", "in", "-o", "out"], in: folder).stderr, "\(warning) 'Bo'; closest: U2 (Bo Lindqvist)\n")
        let quiet = try run(["build", "in", "-o", "out", "--quiet"], in: folder)
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stderr, "")
    }

    func testAMisspeltTimeZoneSuggestsTheClosest() throws {
        let folder = try workspace()
        let cases = [
            ("America/New_Yrok", "did you mean America/New_York?"), ("Berlin", "did you mean Europe/Berlin?"), ("utc", "did you mean UTC?")
        ]
        for (zone, question) in cases {
            let build = try run(["build", "in", "-o", "out", "--timezone", zone], in: folder)
            XCTAssertEqual(build.status, 1, zone)
            XCTAssertEqual(build.stderr, PeriodRangeTests.usage("--timezone '\(zone)' is not an IANA time zone; \(question)"))
        }
        let far = try run(["inspect", "in", "--timezone", "Mars/Olympus_Mons"], in: folder)
        XCTAssertEqual(far.status, 1)
        XCTAssertEqual(
            far.stderr, PeriodRangeTests.usage("--timezone 'Mars/Olympus_Mons' is not an IANA time zone (such as Europe/Berlin or UTC)", command: "inspect"))
        for zone in ["EST5EDT", "UTC", "GMT", "Europe/Berlin"] {
            let build = try run(["build", "in", "-o", "out", "--quiet", "--timezone", zone], in: folder)
            XCTAssertEqual(build.status, 0, zone + ": " + build.stderr)
        }

        try Data("title = \"Team\"\ntimezone = \"Berlin\"\n".utf8).write(to: folder.appendingPathComponent("reaction-report.toml"))
        let file = try run(["build", "in", "-o", "out"], in: folder)
        XCTAssertEqual(file.status, 2)
        XCTAssertEqual(
            file.stderr,
            "reaction-report: error: reaction-report.toml:2:12: 'timezone' must be an IANA time zone, not \"Berlin\"; did you mean \"Europe/Berlin\"?\n")
    }
}
