import Foundation
import XCTest

@testable import ReactionReportKit

/// Faults while writing (issue 6): a full disk, an output path that cannot be a folder, a
/// build killed part way. The previous site stays whole, the error says what happened, and
/// no temporary folder outlives the next successful build.
final class FaultTests: XCTestCase {
    let good = #"[{"timetoken":"17000000000000000","message":{"text":"hi"},"uuid":"u1"}]"#

    /// A PubNub history of `count` messages with a reaction each: big enough to take a while.
    func history(_ count: Int) -> String {
        "["
            + (0..<count).map { n in
                #"{"timetoken":"\#(17000000000000000 + n * 10_000_000)","message":{"text":"message \#(n) with some words"},"uuid":"u\#(n % 50)","actions":{"reaction":{"👍":[{"uuid":"u\#((n + 1) % 50)","actionTimetoken":"\#(17000000000000000 + n * 10_000_000 + 1)"}]}}}"#
            }.joined(separator: ",\n") + "]"
    }

    func testAFullDiskLeavesThePreviousSiteAndNoStagingFolder() throws {
        let folder = try TestSupport.temporaryFolder()
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mount = try CLIRunner.run(["-c", "mount -t tmpfs -o size=300k tmpfs \(disk.path)"], in: folder, executable: URL(fileURLWithPath: "/bin/sh"))
        guard mount.status == 0 else { throw XCTSkip("a small file system needs mount (root): \(mount.stderr)") }
        defer { _ = try? CLIRunner.run(["-c", "umount \(disk.path)"], in: folder, executable: URL(fileURLWithPath: "/bin/sh")) }

        try Data(good.utf8).write(to: folder.appendingPathComponent("good.json"))
        XCTAssertEqual(try CLIRunner.run(["build", "good.json", "-o", "disk/site", "--quiet"], in: folder).status, 0)
        let before = try TestSupport.files(in: disk.appendingPathComponent("site"))
        try Data(history(2_000).utf8).write(to: folder.appendingPathComponent("big.json"))
        let full = try CLIRunner.run(["build", "big.json", "-o", "disk/site", "--quiet"], in: folder)
        XCTAssertEqual(full.status, 2)
        XCTAssertTrue(full.stderr.hasPrefix("reaction-report: error: publish: cannot write "), full.stderr)
        XCTAssertTrue(full.stderr.hasSuffix(": No space left on device; the previous output is unchanged\n"), full.stderr)
        XCTAssertEqual(try TestSupport.files(in: disk.appendingPathComponent("site")), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path), ["site"])
    }

    func testAnOutputThatCannotBeAFolderIsAnError() throws {
        let folder = try TestSupport.temporaryFolder()
        try Data(good.utf8).write(to: folder.appendingPathComponent("good.json"))
        try Data("not a folder".utf8).write(to: folder.appendingPathComponent("file"))
        let under = try CLIRunner.run(["build", "good.json", "-o", "file/site"], in: folder)
        XCTAssertEqual(under.status, 2)
        XCTAssertEqual(
            under.stderr,
            "reaction-report: error: publish: cannot create the folder \(folder.appendingPathComponent("file").path): \(folder.appendingPathComponent("file").path) is a file, not a folder; the previous output is unchanged\n"
        )
        let onto = try CLIRunner.run(["build", "good.json", "-o", "file"], in: folder)
        XCTAssertEqual(onto.status, 2)
        XCTAssertEqual(
            onto.stderr,
            "reaction-report: error: publish: cannot replace \(folder.appendingPathComponent("file").path): it is a file, not a folder; the previous output is unchanged\n"
        )
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("file"), encoding: .utf8), "not a folder")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["file", "good.json"])
    }

    func testABuildKilledPartWayLeavesThePreviousSiteAndTheNextBuildClearsUp() throws {
        let folder = try TestSupport.temporaryFolder()
        try Data(good.utf8).write(to: folder.appendingPathComponent("good.json"))
        XCTAssertEqual(try CLIRunner.run(["build", "good.json", "-o", "site", "--quiet"], in: folder).status, 0)
        let before = try TestSupport.files(in: folder.appendingPathComponent("site"))
        try Data(history(20_000).utf8).write(to: folder.appendingPathComponent("big.json"))

        // Killed once the new site is being written (its staging folder exists).
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["build", "big.json", "-o", "site", "--quiet"]
        process.currentDirectoryURL = folder
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        var staging: [String] = []
        while staging.isEmpty, process.isRunning, Date() < deadline {
            staging = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".site.staging-") }
            usleep(2_000)
        }
        XCTAssertEqual(staging.count, 1, "the build ended before it could be killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(try TestSupport.files(in: folder.appendingPathComponent("site")), before)

        let next = try CLIRunner.run(["build", "good.json", "-o", "site", "--quiet"], in: folder)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["big.json", "good.json", "site"])
        XCTAssertEqual(try TestSupport.files(in: folder.appendingPathComponent("site")), before)
    }
}
