import Foundation
import XCTest

@testable import ReactionReportKit

/// No silent empty result (issue 27): no export file, no file of a known format, no message
/// are errors that write nothing; another export format of a known platform is named with the
/// way to get JSON; options that leave no message are a warning.
final class EmptyResultTests: XCTestCase {
    func run(_ arguments: [String], in folder: URL) throws -> CLIRunner.Run { try CLIRunner.run(arguments, in: folder) }

    func write(_ files: [String: String], in folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// The first bytes of each other format, as their exporters write them.
    static let otherFormats = [
        "dce/general.html":
            #"<!DOCTYPE html><html lang="en"><head><title>Guild - general</title></head><body><div class="preamble"><div class="preamble__entries-container"><div class="preamble__entry">Guild</div></div></div><div class="chatlog"></div></body></html>"#,
        "dce/general.csv": "AuthorID,Author,Date,Content,Attachments,Reactions\n\"1\",\"ada\",\"2020-01-01\",\"hi\",\"\",\"👍 (1)\"\n",
        "dce/general.txt":
            "==============================================================\nGuild: Guild\nChannel: General / general\n==============================================================\n",
        "telegram/messages.html":
            #"<!DOCTYPE html><html><head><title>Exported Data</title></head><body><div class="page_wrap"><div class="page_body chat_page"><div class="history"></div></div></div></body></html>"#
    ]

    func testEmptyInputsAreErrorsThatWriteNothing() throws {
        let folder = try TestSupport.temporaryFolder()
        try write(Self.otherFormats.merging(["empty/notes.md": "# notes", "none/history.json": #"{"status":200,"channels":{}}"#]) { $1 }, in: folder)
        let dce = "re-export as JSON: DiscordChatExporter with `--format Json` (in the app: Export format › JSON)"
        let telegram = "re-export as JSON: Telegram Desktop › Settings › Advanced › Export Telegram data, Format: Machine-readable JSON"
        let cases: [([String], String)] = [
            (
                ["build", "empty", "-o", "site"],
                "read: found no export file in empty: folders are searched for .json, .jsonl, .ndjson and .zip files (run `reaction-report formats` to see what is read)"
            ),
            (
                ["build", "dce", "telegram", "-o", "site"],
                "read: found no file of a known format in dce, telegram: "
                    + "dce/general.csv is a DiscordChatExporter CSV export, which is not read; \(dce); "
                    + "dce/general.html is a DiscordChatExporter HTML export, which is not read; \(dce); "
                    + "dce/general.txt is a DiscordChatExporter plain-text export, which is not read; \(dce); "
                    + "telegram/messages.html is a Telegram Desktop HTML export, which is not read; \(telegram)"
            ),
            (["build", "dce/general.html", "-o", "site"], "read: dce/general.html: is a DiscordChatExporter HTML export, which is not read; \(dce)"),
            (["inspect", "telegram/messages.html"], "read: telegram/messages.html: is a Telegram Desktop HTML export, which is not read; \(telegram)"),
            (["build", "none", "-o", "site"], "read: the inputs hold no message: none/history.json (pubnub-history) holds none"),
            (["inspect", "none"], "read: the inputs hold no message: none/history.json (pubnub-history) holds none")
        ]
        for (arguments, message) in cases {
            let run = try run(arguments, in: folder)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertEqual(run.stderr, "reaction-report: error: \(message)\n", "\(arguments)")
            XCTAssertEqual(run.stdout, "", "\(arguments)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path), "\(arguments)")
        }
    }

    func testAnotherFormatBesideAnExportIsNamedInADiagnostic() throws {
        let folder = try TestSupport.temporaryFolder()
        try write(["in/dce.html": Self.otherFormats["dce/general.html"]!, "in/history.json": CLIRunner.goodHistory], in: folder)
        let inspect = try run(["inspect", "in"], in: folder)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        XCTAssertEqual(
            Array(inspect.stdout.split(separator: "\n").drop { !$0.hasPrefix("Diagnostics:") }),
            [
                "Diagnostics: 1", "  1 files or archive entries not read [skipped-file]",
                "    - in/dce.html: is a DiscordChatExporter HTML export, which is not read; re-export as JSON: DiscordChatExporter with `--format Json` (in the app: Export format › JSON)"
            ])
    }

    func testOptionsThatLeaveNoMessageAreAWarningAndTheReportIsWritten() throws {
        let folder = try TestSupport.temporaryFolder()
        try write(["in/history.json": CLIRunner.history(3)], in: folder)
        let build = try run(["build", "in", "-o", "site", "--since", "2030-01-01", "--until", "2030-W02"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertEqual(
            build.stderr,
            "reaction-report: warning: the report's options leave none of the 3 messages of the inputs (from 2023-11-14 to 2023-11-14, UTC): "
                + "--since 2030-01-01, --until 2030-W02; the report has no messages\n")
        XCTAssertEqual(build.stdout, "Wrote site/: 14 files (28.1 kB) from 1 input file, 0 messages, 0 reactions.\n")
        let quiet = try run(["build", "in", "-o", "site", "--since", "2030-01-01", "--quiet"], in: folder)
        XCTAssertEqual(quiet.stderr, "")
    }

    func testAFolderOfAnotherFormatThanTheOneForcedFailsAsAFileDoes() throws {
        let folder = try TestSupport.temporaryFolder()
        try write(["in/history.json": CLIRunner.goodHistory], in: folder)
        let forced = try run(["inspect", "in", "--input-format", "stream"], in: folder)
        let file = try run(["inspect", "in/history.json", "--input-format", "stream"], in: folder)
        XCTAssertEqual(forced.status, 2)
        XCTAssertEqual(forced.stderr, file.stderr)
        XCTAssertTrue(
            forced.stderr.hasPrefix("reaction-report: error: read: in/history.json: is not a Stream Chat export (--input-format stream)."), forced.stderr)
    }
}
