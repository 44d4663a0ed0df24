import Foundation
import XCTest

@testable import ReactionReportKit

/// Input folders are read only inside themselves (issue 6).
final class InputTreeTests: XCTestCase {
    func testSymbolicLinksAreNotFollowedOutOfTheFolder() throws {
        let root = try TestSupport.temporaryFolder()
        let outside = root.appendingPathComponent("outside")
        let input = root.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: input.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let export = Data(try TestSupport.fixture("pubnub/chat-history.json"))
        try export.write(to: outside.appendingPathComponent("secret.json"))
        try export.write(to: input.appendingPathComponent("sub/own.json"))
        try FileManager.default.createSymbolicLink(
            at: input.appendingPathComponent("file-link.json"), withDestinationURL: outside.appendingPathComponent("secret.json"))
        try FileManager.default.createSymbolicLink(at: input.appendingPathComponent("folder-link"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: input.appendingPathComponent("loop"), withDestinationURL: input)

        let tree = try InputTree.folder(input.path)
        XCTAssertEqual(tree.names, ["sub/own.json"])
        let run = try CLIRunner.run(["inspect", "in"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("in/sub/own.json"), run.stdout)
        XCTAssertFalse(run.stdout.contains("secret"), run.stdout)
        // The links are named, not read.
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            Array(lines.drop { !$0.hasPrefix("Diagnostics:") }),
            [
                "Diagnostics: 3", "  3 files or archive entries not read [skipped-file]",
                "    - in: entry \"file-link.json\" is a symbolic link to a file, not followed (so that reading cannot leave the folder); name what it leads to, to read it",
                "    - in: entry \"folder-link\" is a symbolic link to a folder, not followed (so that reading cannot leave the folder); name what it leads to, to read it",
                "    - in: entry \"loop\" is a symbolic link to a folder, not followed (so that reading cannot leave the folder); name what it leads to, to read it"
            ])
    }
}
