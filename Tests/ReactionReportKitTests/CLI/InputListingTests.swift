import Foundation
import XCTest

@testable import ReactionReportKit

/// What a folder's listing passes over is named, never dropped in silence, and never aborts the
/// build (issue 26): links, devices and pipes, names that are not UTF-8; inputs that are not
/// regular files are refused; names reach the terminal escaped.
final class InputListingTests: XCTestCase {
    func run(_ arguments: [String], in folder: URL) throws -> CLIRunner.Run { try CLIRunner.run(arguments, in: folder) }

    func testInputsThatAreNotRegularFilesAreRefused() throws {
        let folder = try TestSupport.temporaryFolder()
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.json").path, 0o600), 0)
        for input in ["/dev/zero", "pipe.json"] {
            let run = try run(["inspect", input], in: folder)
            XCTAssertEqual(run.status, 2, input)
            XCTAssertEqual(
                run.stderr,
                "reaction-report: error: read: \(input): is not a regular file (a device, a pipe or a socket), so it is not read; give an export file or folder\n"
            )
        }
    }

    func testLinksPipesAndNamesThatAreNotUTF8InAFolderAreNamedAndTheRestIsRead() throws {
        let folder = try TestSupport.temporaryFolder()
        let export = folder.appendingPathComponent("export")
        let elsewhere = folder.appendingPathComponent("elsewhere")
        for url in [export, elsewhere] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        try Data(CLIRunner.goodHistory.utf8).write(to: export.appendingPathComponent("good.json"))
        try Data(CLIRunner.goodHistory.utf8).write(to: elsewhere.appendingPathComponent("other.json"))
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: export.appendingPathComponent("linked.json").path, withDestinationPath: "../elsewhere/other.json")
        try manager.createSymbolicLink(atPath: export.appendingPathComponent("linked-folder").path, withDestinationPath: "../elsewhere")
        try manager.createSymbolicLink(atPath: export.appendingPathComponent("notes.txt").path, withDestinationPath: "../elsewhere/other.json")
        XCTAssertEqual(mkfifo(export.appendingPathComponent("pipe.json").path, 0o600), 0)
        // A name in Latin-1: "café.json" with é as the single byte 0xE9.
        let latin1 = export.path + "/caf\u{E9}.json"
        var bytes = Array(export.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".json".utf8) + [0]
        let descriptor = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o600) }
        }
        XCTAssertGreaterThanOrEqual(descriptor, 0, latin1)
        close(descriptor)

        let inspect = try run(["inspect", "export"], in: folder)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        let lines = inspect.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first(where: { $0.hasPrefix("  export/") }), "  export/good.json: pubnub-history")
        XCTAssertEqual(
            lines.drop { !$0.hasPrefix("Diagnostics:") }.prefix(6),
            [
                "Diagnostics: 4",
                "  4 files or archive entries not read [skipped-file]",
                "    - export: entry \"caf\u{FFFD}.json\" has a name that is not valid UTF-8 (shown with \u{FFFD}), not read; rename it to read it",
                "    - export: entry \"linked-folder\" is a symbolic link to a folder, not followed (so that reading cannot leave the folder); name what it leads to, to read it",
                "    - export: entry \"linked.json\" is a symbolic link to a file, not followed (so that reading cannot leave the folder); name what it leads to, to read it",
                "    - export: entry \"pipe.json\" is not a regular file (a device, a pipe or a socket), not read"
            ])
        let build = try run(["build", "export", "-o", "site", "--quiet"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
    }

    func testNamesAreShownOnATerminalEscaped() throws {
        let folder = try TestSupport.temporaryFolder()
        let name = "in\u{1B}[2J\u{1B}]0;title\u{07}.json"
        try Data(CLIRunner.goodHistory.utf8).write(to: folder.appendingPathComponent(name))
        let inspect = try run(["inspect", name], in: folder)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        XCTAssertEqual(inspect.stdout.split(separator: "\n")[1], "  in\\u{1B}[2J\\u{1B}]0;title\\u{7}.json: pubnub-history")
        XCTAssertFalse(inspect.stdout.contains("\u{1B}"))
    }
}
