import Foundation
import ProgramRunner
import XCTest

/// A Stream fetch stopped at any moment and started again, and a fetch after the platform
/// changed, give what one uninterrupted fetch of the same data gives.
final class StreamResumeTests: XCTestCase {
    let channels = ["messaging:general", "messaging:support", "livestream:launch", "team:design-ux"]
    /// What the emulator gets between two fetches: new messages, and reactions added to messages
    /// of the last 5 days before the newest one (the look-back window covers 7).
    let change = (messages: 40, reactions: 60, withinDays: 5)

    func testAFetchKilledAtRandomPointsWritesWhatAnUninterruptedOneWrites() throws {
        let folder = try FetchTestSupport.temporaryFolder()
        let emulatorOptions = ["--delay-ms", "30", "--task-checks", "2"]
        let whole = try StreamEmulator(seed: 2, channels: 4, messages: 400, options: emulatorOptions)
        var clock = Date()
        XCTAssertEqual(try FetchTestSupport.fetch(whole, channels: channels, into: "whole", in: folder).status, 0)
        let firstTime = Date().timeIntervalSince(clock)
        try whole.advance(messages: change.messages, reactions: change.reactions, withinDays: change.withinDays)
        clock = Date()
        XCTAssertEqual(try FetchTestSupport.fetch(whole, channels: channels, into: "whole", in: folder).status, 0)
        let secondTime = Date().timeIntervalSince(clock)

        let killed = try StreamEmulator(seed: 2, channels: 4, messages: 400, options: emulatorOptions)
        var random = SplitMix(seed: UInt64(ProcessInfo.processInfo.environment["FETCH_KILL_SEED"] ?? "") ?? UInt64(Date().timeIntervalSince1970))
        let seed = random.seed
        let arguments =
            ["fetch", "stream", "--into", "killed", "--api-url", killed.url, "--requests-per-second", "100"] + channels.flatMap { ["--channel", $0] }
        let kills = try PubNubResumeTests.runKilled(arguments, in: folder, within: firstTime, random: &random, environment: StreamEmulator.keys)
        try killed.advance(messages: change.messages, reactions: change.reactions, withinDays: change.withinDays)
        let moreKills = try PubNubResumeTests.runKilled(arguments, in: folder, within: secondTime, random: &random, environment: StreamEmulator.keys)
        XCTAssertGreaterThanOrEqual(kills + moreKills, 3, "kill seed \(seed)")
        FetchTestSupport.assertSameFiles(folder.appendingPathComponent("whole"), folder.appendingPathComponent("killed"))
        try FetchTestSupport.build("whole", into: "whole-site", in: folder)
        try FetchTestSupport.build("killed", into: "killed-site", in: folder)
        FetchTestSupport.assertSameFiles(folder.appendingPathComponent("whole-site"), folder.appendingPathComponent("killed-site"))
        FetchTestSupport.assertNoSecrets(in: [], folders: [folder], secrets: StreamEmulator.secrets)
    }

    func testASecondFetchAfterNewMessagesAndReactionsBuildsTheSiteOfOneFullFetch() throws {
        try assertIncrementalIsFull(removals: 0)
    }

    func testReactionsRemovedWithinTheWindowAreGoneAfterTheSecondFetch() throws {
        // The archive then holds two copies of the window's messages, the older one with the
        // reactions since removed: only the newest copy may count (issue 28, item 6).
        try assertIncrementalIsFull(removals: 15)
    }

    /// Fetches, changes the emulator's data (`removals` reactions removed besides `change`),
    /// fetches again, and compares the site with that of one full fetch of the final data.
    func assertIncrementalIsFull(removals: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = try FetchTestSupport.temporaryFolder()
        let emulator = try StreamEmulator(seed: 3, channels: 4, messages: 400)
        let first = try FetchTestSupport.fetch(emulator, channels: channels, into: "incremental", in: folder)
        XCTAssertEqual(first.status, 0, first.stderr, file: file, line: line)
        // Nothing new: no file written (the window exported again holds what the archive holds).
        let before = FetchTestSupport.files(under: folder.appendingPathComponent("incremental"))
        let again = try FetchTestSupport.fetch(emulator, channels: channels, into: "incremental", in: folder)
        XCTAssertTrue(again.stdout.contains(": 0 messages, 0 actions, 0 removals in 0 files; "), again.stdout, file: file, line: line)
        XCTAssertEqual(FetchTestSupport.files(under: folder.appendingPathComponent("incremental")), before, file: file, line: line)
        try emulator.advance(messages: change.messages, reactions: change.reactions, removals: removals, withinDays: change.withinDays)
        let second = try FetchTestSupport.fetch(emulator, channels: channels, into: "incremental", in: folder)
        XCTAssertEqual(second.status, 0, second.stderr, file: file, line: line)
        // The second fetch exports the window again: fewer messages than the first.
        XCTAssertTrue(second.stdout.contains("from Stream at 127.0.0.1 into incremental: "), second.stdout, file: file, line: line)
        let full = try StreamEmulator(seed: 3, channels: 4, messages: 400)
        try full.advance(messages: change.messages, reactions: change.reactions, removals: removals, withinDays: change.withinDays)
        XCTAssertEqual(try FetchTestSupport.fetch(full, channels: channels, into: "full", in: folder).status, 0, file: file, line: line)
        try FetchTestSupport.build("incremental", into: "incremental-site", in: folder)
        try FetchTestSupport.build("full", into: "full-site", in: folder)
        XCTAssertEqual(
            FetchTestSupport.files(under: folder.appendingPathComponent("incremental")).keys.filter { $0.hasSuffix("-start.json") }.count, 4, file: file,
            line: line)
        // The same site, but for the number of input files its pages name, and the tally of
        // what was read (the window's messages twice).
        FetchTestSupport.assertSameFiles(
            folder.appendingPathComponent("incremental-site"), folder.appendingPathComponent("full-site"), except: ["data/diagnostics.json"],
            normalizing: { Self.withoutNewerCopies(PubNubResumeTests.withoutFileCount($0)) }, file: file, line: line)
        XCTAssertEqual(PubNubFetchCommandTests.reactions(in: folder.appendingPathComponent("full-site")), try full.truth().reactions, file: file, line: line)
        FetchTestSupport.assertNoSecrets(
            in: [first.stdout, first.stderr, second.stdout, second.stderr], folders: [folder], secrets: StreamEmulator.secrets, file: file, line: line)
    }

    /// The page without the diagnostics a growing archive has and one full fetch has not: the
    /// window's older copies lack reactions removed since (the newest copy decides, and the
    /// overview names the files where it did), and the section when nothing else is in it.
    static func withoutNewerCopies(_ data: Data) -> Data {
        guard var text = String(data: data, encoding: .utf8) else { return data }
        for (pattern, empty) in [
            (
                #"<li><strong>[0-9,]+</strong> files whose newer copies of messages [^<]*</li>\n"#,
                #"<section aria-labelledby="diagnostics-title">\n(<[hp][^\n]*\n){2}<ul class="diagnostics">\n</ul>\n</section>\n"#
            ),
            (#"- [0-9,]+ files whose newer copies of messages [^\n]*\n"#, #"\n## Diagnostics\n\n$"#)
        ] {
            text = text.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
            text = text.replacingOccurrences(of: empty, with: "", options: .regularExpression)
        }
        return Data(text.utf8)
    }
}
