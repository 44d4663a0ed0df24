import Foundation
import XCTest

@testable import ReactionReportKit

/// Reading reports how much there is to read before it starts, so that the progress display can
/// draw a bar (issue 5).
final class ReadingProgressTests: XCTestCase {
    final class Recorder: BuildProgress {
        var events: [String] = []
        func expectReading(files: Int, bytes: Int) { events.append("expect \(files) \(bytes)") }
        func reading(files: Int, bytes: Int, messages: Int) { events.append("read \(files) \(bytes) \(messages)") }
        func writing(files: Int, of total: Int) {}
    }

    func size(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: TestSupport.fixtures.appendingPathComponent(path).path)[.size] as! Int
    }

    /// Reads fixtures (paths under Fixtures) with a recording progress display.
    func read(_ paths: [String]) -> (events: [String], outcome: Result<[ImportRun.DetectedFile], Error>) {
        let recorder = Recorder()
        var run = ImportRun(importers: ImportRun.standardImporters())
        run.progress = recorder
        let outcome = Result { try run.read(paths.map { TestSupport.fixtures.appendingPathComponent($0).path }, into: ReactionLedger()) }
        return (recorder.events, outcome)
    }

    func testTheTotalsOfAFolderAnArchiveAndAFileComeFirst() throws {
        let (events, outcome) = read(["slack/workspace", "slack/workspace.zip", "pubnub/chat-history.json"])
        _ = try outcome.get()

        // The folder's five JSON files, the archive's entries unpacked (the same five files),
        // and the file named.
        let workspace = try ["channels.json", "dms.json", "D0DM/2023-11-15.json", "general/2023-11-14.json", "users.json"]
            .reduce(0) { $0 + (try size("slack/workspace/" + $1)) }
        let single = try size("pubnub/chat-history.json")
        XCTAssertEqual(events.first, "expect 11 \(2 * workspace + single)")
        XCTAssertEqual(events.filter { $0.hasPrefix("expect") }.count, 1)
        // Every file is read, in the order of the inputs (sorted), and the last report has them all.
        XCTAssertEqual(events.count, 12)
        XCTAssertTrue(events.last!.hasPrefix("read 11 \(2 * workspace + single) "), events.last!)
    }

    func testAnInputThatCannotBeOpenedFailsInItsTurn() throws {
        let (events, outcome) = read(["zz-missing.json", "pubnub/chat-history.json"])
        XCTAssertThrowsError(try outcome.get()) { error in
            XCTAssertEqual((error as? LocatedError)?.file, TestSupport.fixtures.appendingPathComponent("zz-missing.json").path)
        }
        // The file sorted before the missing one was read first.
        XCTAssertEqual(events.count, 2, "\(events)")
        XCTAssertEqual(events[0], "expect 1 \(try size("pubnub/chat-history.json"))")
    }

    /// What decides whether a build restarts with the allocator set for large inputs.
    func testReadableBytesStopAtTheLimit() throws {
        let folder = TestSupport.fixtures.appendingPathComponent("slack/workspace").path
        let file = TestSupport.fixtures.appendingPathComponent("pubnub/chat-history.json").path
        let workspace = try ["channels.json", "dms.json", "D0DM/2023-11-15.json", "general/2023-11-14.json", "users.json"]
            .reduce(0) { $0 + (try size("slack/workspace/" + $1)) }
        let all = workspace + (try size("pubnub/chat-history.json"))
        XCTAssertTrue(ImportRun.readableBytes(in: [folder, file], atLeast: all))
        XCTAssertFalse(ImportRun.readableBytes(in: [folder, file], atLeast: all + 1))
        XCTAssertTrue(ImportRun.readableBytes(in: [folder, folder], atLeast: workspace), "an input named twice is counted once")
        XCTAssertFalse(ImportRun.readableBytes(in: [folder, folder], atLeast: workspace + 1), "an input named twice is counted once")
        XCTAssertFalse(ImportRun.readableBytes(in: ["/nonexistent/export.json"], atLeast: 1))
    }

    func testTheReadingLine() {
        XCTAssertEqual(
            ProgressLine.reading(files: 120, bytes: 80_149_999, messages: 300_000, expectedFiles: 320, expectedBytes: 267_425_496),
            "Reading: ████████░░░░░░░░░░░░░░░░░░░░░░ 120/320 files, 80.1 of 267.4 MB, 300,000 messages")
        XCTAssertEqual(
            ProgressLine.reading(files: 321, bytes: 300_000_000, messages: 1, expectedFiles: 320, expectedBytes: 267_425_496),
            "Reading: ██████████████████████████████ 321/321 files, 267.4 of 267.4 MB, 1 message")
        XCTAssertEqual(
            ProgressLine.reading(files: 1, bytes: 1_234_567, messages: 12, expectedFiles: 0, expectedBytes: 0),
            "Reading: 1 file, 1.2 MB, 12 messages")
        XCTAssertEqual(
            ProgressLine.reading(files: 2, bytes: 999_949, messages: 0, expectedFiles: 0, expectedBytes: 0),
            "Reading: 2 files, 999.9 kB, 0 messages")
        XCTAssertEqual(
            ProgressLine.reading(files: 1, bytes: 4_321, messages: 3, expectedFiles: 4, expectedBytes: 12_050),
            "Reading: ██████████░░░░░░░░░░░░░░░░░░░░ 1/4 files, 4.3 of 12.1 kB, 3 messages")
        XCTAssertEqual(ProgressLine.writing(files: 1_024, of: 2_048), "Writing: ███████████████░░░░░░░░░░░░░░░ 1,024/2,048 files")
        XCTAssertEqual(ProgressLine.writing(files: 0, of: 0), "Writing: ██████████████████████████████ 0/0 files")
    }

    /// Every step after reading says it starts, with its messages, so the display never sits
    /// still for seconds without a word (issue 27); the lines read as the final one does.
    func testEveryStepSaysItStartsAndTheLinesShareTheNumbersFormat() throws {
        final class Steps: BuildProgress {
            var events: [String] = []
            func reading(files: Int, bytes: Int, messages: Int) {}
            func writing(files: Int, of total: Int) { if files == total { events.append("wrote \(total)") } }
            func starting(_ step: ReportBuild.Step, messages: Int) { events.append("\(step) \(messages)") }
        }
        let steps = Steps()
        var build = ReportBuild(inputs: [TestSupport.packageRoot.appendingPathComponent("Examples").path], options: BuildOptions())
        build.progress = steps
        _ = try build.build(output: try TestSupport.temporaryFolder().appendingPathComponent("site").path)
        XCTAssertEqual(steps.events, ["settle 76", "filter 76", "analyse 76", "render 76", "wrote 84"])
        XCTAssertEqual(ProgressLine.starting(.settle, messages: 1_234_567, elapsedSeconds: 0), "Settling 1,234,567 messages…")
        XCTAssertEqual(ProgressLine.starting(.analyse, messages: 1, elapsedSeconds: 12), "Analysing 1 message… 12 s")
        XCTAssertEqual(ProgressLine.starting(.render, messages: 2, elapsedSeconds: 1_500), "Rendering 2 messages… 1,500 s")
        XCTAssertEqual(
            ProgressLine.wrote("Output/", files: 12_345, bytes: 1_999_950_000, inputs: 1, messages: 1_234_567, reactions: 1),
            "Wrote Output/: 12,345 files (2.0 GB) from 1 input file, 1,234,567 messages, 1 reaction.")
    }
}
