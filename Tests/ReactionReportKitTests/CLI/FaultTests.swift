import Foundation
import XCTest

@testable import ReactionReportKit

/// Faults while writing (issue 6): a full disk, an output path that cannot be a folder, a
/// build killed part way. The previous site stays whole, the error says what happened, and
/// no temporary folder outlives the next successful build.
final class FaultTests: XCTestCase {
    let good = CLIRunner.goodHistory

    func history(_ count: Int) -> String { CLIRunner.history(count) }

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
        XCTAssertEqual(under.status, 1)
        XCTAssertEqual(
            under.stderr,
            "reaction-report: error: cannot create the output folder file/site: \(folder.appendingPathComponent("file").path) is a file, not a folder; choose another -o\n"
        )
        let onto = try CLIRunner.run(["build", "good.json", "-o", "file"], in: folder)
        XCTAssertEqual(onto.status, 1)
        XCTAssertEqual(onto.stderr, "reaction-report: error: the output folder file is a file, not a folder; choose another -o\n")
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
            staging = ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("site/.reaction-report").path)) ?? [])
                .filter { $0.hasPrefix("staging-") }
            usleep(2_000)
        }
        XCTAssertEqual(staging.count, 1, "the build ended before it could be killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        // The killed build's staging folder is left in our hidden folder, beside the site.
        let afterKill = try TestSupport.files(in: folder.appendingPathComponent("site"))
        XCTAssertEqual(afterKill.filter { !$0.key.hasPrefix(".reaction-report/staging-") }, before)

        let next = try CLIRunner.run(["build", "good.json", "-o", "site", "--quiet"], in: folder)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["big.json", "good.json", "site"])
        XCTAssertEqual(try TestSupport.files(in: folder.appendingPathComponent("site")), before)
    }
}
