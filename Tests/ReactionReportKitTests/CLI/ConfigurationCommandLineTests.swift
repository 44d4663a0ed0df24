import Foundation
import XCTest

@testable import ReactionReportKit

/// The built `reaction-report` executable with a configuration file: where it is found, what
/// wins over it, and how a bad one or a bad flag ends the run.
final class ConfigurationCommandLineTests: XCTestCase {
    func run(_ arguments: [String], in folder: URL) throws -> CLIRunner.Run { try CLIRunner.run(arguments, in: folder) }

    func workspace() throws -> URL { try CLIRunner.workspace() }

    func write(_ text: String, to name: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func title(in folder: URL, output: String) throws -> String? {
        let html = try String(contentsOf: folder.appendingPathComponent(output + "/index.html"), encoding: .utf8)
        guard let start = html.range(of: "<title>"), let end = html.range(of: "</title>", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.upperBound..<end.lowerBound])
    }

    static let allConversations = """
        Conversations:
          CometChat / Launch (group_launch): 2 messages, 4 reactions
          PubNub / support (support): 2 messages, 4 reactions
          Stream Chat / General (messaging:general): 3 messages, 5 reactions
        Reactions:
          CometChat: 4 read, 4 counted
          PubNub: 4 read, 4 counted
          Stream Chat: 5 read, 5 counted
        Diagnostics: 0

        """

    func testTheConfigurationInTheWorkingFolderIsRead() throws {
        let folder = try workspace()
        try write("title = \"From the config\"\nexcludeConversations = [\"support\"]\n", to: "reaction-report.toml", in: folder)
        let build = try run(["build", "in", "-o", "out", "--quiet"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertEqual(try title(in: folder, output: "out"), "Overview · From the config")

        let inspect = try run(["inspect", "in"], in: folder)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        XCTAssertTrue(
            inspect.stdout.hasSuffix(
                """
                Conversations:
                  CometChat / Launch (group_launch): 2 messages, 4 reactions
                  Stream Chat / General (messaging:general): 3 messages, 5 reactions
                Reactions:
                  CometChat: 4 read, 4 counted
                  PubNub: 4 read, 0 counted, 4 left out by the report's options
                  Stream Chat: 5 read, 5 counted
                Diagnostics: 0

                """), inspect.stdout)

        // Without a configuration file, the defaults.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("reaction-report.toml"))
        XCTAssertTrue(try run(["inspect", "in"], in: folder).stdout.hasSuffix(Self.allConversations))
    }

    func testConfigFlagWinsOverTheFileInTheWorkingFolder() throws {
        let folder = try workspace()
        // Broken on purpose: it must not be read when --config names another file.
        try write("title = \n", to: "reaction-report.toml", in: folder)
        try write("title = \"Chosen\"\n", to: "conf/site.toml", in: folder)
        let build = try run(["build", "in", "-o", "out", "--quiet", "--config", "conf/site.toml"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertEqual(try title(in: folder, output: "out"), "Overview · Chosen")

        let inspect = try run(["inspect", "in", "--config", "conf/site.toml"], in: folder)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        XCTAssertTrue(inspect.stdout.hasSuffix(Self.allConversations), inspect.stdout)
    }

    func testTemplatesFromTheConfigurationReachTheBuild() throws {
        let folder = try workspace()
        // A broken template names its file: proof that the configured folder was used.
        try write("templates = \"tpl\"\n", to: "conf/site.toml", in: folder)
        try write("{{#broken}}\n", to: "conf/tpl/html/index.mustache", in: folder)
        let build = try run(["build", "in", "-o", "out", "--config", "conf/site.toml"], in: folder)
        XCTAssertEqual(build.status, 2)
        XCTAssertTrue(build.stderr.contains("reaction-report: error: render: conf/tpl/html/index.mustache:"), build.stderr)
        // The flag wins over the configuration.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty-tpl"), withIntermediateDirectories: true)
        let flagged = try run(["build", "in", "-o", "out", "--quiet", "--config", "conf/site.toml", "--templates", "empty-tpl"], in: folder)
        XCTAssertEqual(flagged.status, 0, flagged.stderr)
    }

    func testAPartialFoundNowhereStopsTheBuildBeforeAnythingIsWritten() throws {
        let folder = try workspace()
        try write("{{> head}}\n<main>{{> my-footer}}</main>\n", to: "tpl/html/index.mustache", in: folder)
        let build = try run(["build", "in", "-o", "out", "--templates", "tpl"], in: folder)
        XCTAssertEqual(build.status, 2)
        XCTAssertEqual(
            build.stderr,
            "reaction-report: error: render: tpl/html/index.mustache:2:11: {{> my-footer}} names no template: "
                + "there is no html/my-footer.mustache in tpl or among the built-in templates\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        // Given the partial, the same folder builds.
        try write("<p>our footer</p>", to: "tpl/html/my-footer.mustache", in: folder)
        let fixed = try run(["build", "in", "-o", "out", "--quiet", "--templates", "tpl"], in: folder)
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertEqual(
            try String(contentsOf: folder.appendingPathComponent("out/index.html"), encoding: .utf8).components(separatedBy: "<main>").last,
            "<p>our footer</p></main>\n")
    }

    func testFlagsWinOverTheConfiguration() throws {
        let folder = try workspace()
        try write(
            """
            title = "Config title"
            since = "2030-01-01"
            includeConversations = ["support", "General"]
            """, to: "reaction-report.toml", in: folder)
        let build = try run(["build", "in", "-o", "out", "--quiet", "--title", "Flag title"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertEqual(try title(in: folder, output: "out"), "Overview · Flag title")

        // The configured period leaves nothing; a --since flag replaces it, the rest of the file still counts.
        XCTAssertTrue(
            try run(["inspect", "in"], in: folder).stdout.hasSuffix(
                """
                Conversations:
                Reactions:
                  CometChat: 4 read, 0 counted, 4 left out by the report's options
                  PubNub: 4 read, 0 counted, 4 left out by the report's options
                  Stream Chat: 5 read, 0 counted, 5 left out by the report's options
                Diagnostics: 0

                """))
        let inspect = try run(["inspect", "in", "--since", "2000-W01"], in: folder)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        XCTAssertTrue(
            inspect.stdout.hasSuffix(
                """
                Conversations:
                  PubNub / support (support): 2 messages, 4 reactions
                  Stream Chat / General (messaging:general): 3 messages, 5 reactions
                Reactions:
                  CometChat: 4 read, 0 counted, 4 left out by the report's options
                  PubNub: 4 read, 4 counted
                  Stream Chat: 5 read, 5 counted
                Diagnostics: 0

                """), inspect.stdout)
    }

    func testABadConfigurationIsAnInputError() throws {
        let folder = try workspace()
        try write("title = \"ok\"\ncountCap = \"99\"\n", to: "reaction-report.toml", in: folder)
        let build = try run(["build", "in", "-o", "out"], in: folder)
        XCTAssertEqual(build.status, 2)
        XCTAssertEqual(build.stderr, "reaction-report: error: reaction-report.toml:2:12: 'countCap' must be an integer, not a string\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))

        try write("[output]\nfolder = \"x\"\n", to: "conf/bad.toml", in: folder)
        let inspect = try run(["inspect", "in", "--config", "conf/bad.toml"], in: folder)
        XCTAssertEqual(inspect.status, 2)
        XCTAssertEqual(inspect.stderr, "reaction-report: error: conf/bad.toml:1:2: unknown key 'output'\n")

        try write("title = 'unclosed\n", to: "syntax.toml", in: folder)
        let syntax = try run(["build", "in", "--config", "syntax.toml"], in: folder)
        XCTAssertEqual(syntax.status, 2)
        XCTAssertEqual(syntax.stderr, "reaction-report: error: syntax.toml:1:9: the string is not closed on its line (use ''' for text over several lines)\n")

        let missing = try run(["build", "in", "--config", "nowhere.toml"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "reaction-report: error: nowhere.toml: no such configuration file\n")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            ["conf", "in", "reaction-report.toml", "syntax.toml"])
    }

    func testBadFlagValuesAreUsageErrors() throws {
        let folder = try workspace()
        let timezone = try run(["build", "in", "--timezone", "Mars/Olympus_Mons"], in: folder)
        XCTAssertEqual(timezone.status, 1)
        XCTAssertTrue(timezone.stderr.contains("--timezone 'Mars/Olympus_Mons' is not an IANA time zone"), timezone.stderr)
        let inspect = try run(["inspect", "in", "--timezone", "utc+1"], in: folder)
        XCTAssertEqual(inspect.status, 1)
        XCTAssertTrue(inspect.stderr.contains("--timezone 'utc+1' is not an IANA time zone"), inspect.stderr)

        let since = try run(["build", "in", "--since", "2026-02-30"], in: folder)
        XCTAssertEqual(since.status, 1)
        XCTAssertTrue(since.stderr.contains("--since '2026-02-30' is not a day (YYYY-MM-DD) or an ISO week (YYYY-Www)"), since.stderr)
        let until = try run(["build", "in", "--until", "W12"], in: folder)
        XCTAssertEqual(until.status, 1)
        XCTAssertTrue(until.stderr.contains("--until 'W12' is not a day"), until.stderr)
        let baseURL = try run(["build", "in", "--base-url", "example.org"], in: folder)
        XCTAssertEqual(baseURL.status, 1)
        XCTAssertTrue(baseURL.stderr.contains("--base-url 'example.org' is not an absolute http:// or https:// URL"), baseURL.stderr)

        // An empty period, even when one end comes from the file.
        try write("until = \"2026-01-31\"\n", to: "reaction-report.toml", in: folder)
        let empty = try run(["inspect", "in", "--since", "2026-W06"], in: folder)
        XCTAssertEqual(empty.status, 1)
        XCTAssertTrue(empty.stderr.contains("the period is empty: since 2026-W06 is after until 2026-01-31"), empty.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["in", "reaction-report.toml"])
    }

    func testNewFlagsAreAccepted() throws {
        let folder = try workspace()
        try write("mergeSkinTones = true\nanonymize = true\nincludeDirectMessages = true\n", to: "reaction-report.toml", in: folder)
        let build = try run(
            [
                "build", "in", "-o", "out", "--quiet", "--timezone", "Europe/Berlin", "--since", "2000-01-01", "--until", "2099-W01",
                "--base-url", "https://example.org/report/", "--anonymize", "--no-merge-skin-tones", "--no-include-direct-messages"
            ], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/index.html").path))
    }
}

/// `locale` from the configuration and `--locale`, which wins over it.
final class LocaleCommandLineTests: XCTestCase {
    func language(in folder: URL, output: String) throws -> String {
        let html = try String(contentsOf: folder.appendingPathComponent(output + "/index.html"), encoding: .utf8)
        return String(html.split(separator: "\n")[1])
    }

    func testTheLocaleComesFromTheFileAndTheFlagWins() throws {
        let folder = try CLIRunner.workspace()
        try Data("locale = \"de-DE\"\n".utf8).write(to: folder.appendingPathComponent("reaction-report.toml"))
        let build = try CLIRunner.run(["build", "in", "-o", "out", "--quiet"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertEqual(try language(in: folder, output: "out"), "<html lang=\"de-DE\">")
        let flag = try CLIRunner.run(["build", "in", "-o", "flag", "--quiet", "--locale", "ja_jp"], in: folder)
        XCTAssertEqual(flag.status, 0, flag.stderr)
        XCTAssertEqual(try language(in: folder, output: "flag"), "<html lang=\"ja-JP\">")
    }

    func testAnUnknownLocaleIsAnErrorNamingTheKnownOnes() throws {
        let folder = try CLIRunner.workspace()
        let known = LocaleFormat.tags.joined(separator: ", ")
        let flag = try CLIRunner.run(["build", "in", "-o", "out", "--locale", "de-DX"], in: folder)
        XCTAssertEqual(flag.status, 1)
        XCTAssertTrue(flag.stderr.contains("--locale: unknown locale \"de-DX\"; did you mean \"de-DE\"? (known: \(known))"), flag.stderr)
        try Data("locale = \"xx\"\n".utf8).write(to: folder.appendingPathComponent("reaction-report.toml"))
        let file = try CLIRunner.run(["build", "in", "-o", "out"], in: folder)
        XCTAssertEqual(file.status, 2)
        XCTAssertEqual(file.stderr, "reaction-report: error: reaction-report.toml:1:10: 'locale': unknown locale \"xx\" (known: \(known))\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
