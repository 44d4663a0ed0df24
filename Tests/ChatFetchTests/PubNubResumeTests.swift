import Foundation
import ProgramRunner
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A fetch stopped at any moment and started again, and a fetch after the platform changed,
/// give what one uninterrupted fetch of the same data gives.
final class PubNubResumeTests: XCTestCase {
    let channels = ["general", "support", "launch ✨", "design/ux"]
    /// What the emulator gets between the two fetches: new messages, reactions on old and new
    /// messages, and reactions removed from messages of the last 5 days (the look-back window
    /// covers 7 days before the first fetch's newest message).
    let change = (messages: 40, reactions: 60, removals: 15, removalDays: 5)

    func testAFetchKilledAtRandomPointsWritesWhatAnUninterruptedOneWrites() throws {
        let folder = try FetchTestSupport.temporaryFolder()
        let options = ["--requests-per-second", "150", "--concurrency", "2"]
        let whole = try PubNubEmulator(seed: 2, channels: 4, messages: 400, options: ["--delay-ms", "8"])
        var clock = Date()
        XCTAssertEqual(try FetchTestSupport.fetch(whole, channels: channels, into: "whole", in: folder, options: options).status, 0)
        let firstTime = Date().timeIntervalSince(clock)
        try whole.advance(messages: change.messages, reactions: change.reactions, removals: change.removals, removalDays: change.removalDays)
        clock = Date()
        XCTAssertEqual(try FetchTestSupport.fetch(whole, channels: channels, into: "whole", in: folder, options: options).status, 0)
        let secondTime = Date().timeIntervalSince(clock)

        let killed = try PubNubEmulator(seed: 2, channels: 4, messages: 400, options: ["--delay-ms", "8"])
        var random = SplitMix(seed: UInt64(ProcessInfo.processInfo.environment["FETCH_KILL_SEED"] ?? "") ?? UInt64(Date().timeIntervalSince1970))
        let seed = random.seed
        let arguments = ["fetch", "pubnub", "--into", "killed", "--api-url", killed.url] + channels.flatMap { ["--channel", $0] } + options
        let kills = try Self.runKilled(arguments, in: folder, within: firstTime, random: &random)
        try killed.advance(messages: change.messages, reactions: change.reactions, removals: change.removals, removalDays: change.removalDays)
        let moreKills = try Self.runKilled(arguments, in: folder, within: secondTime, random: &random)
        XCTAssertGreaterThanOrEqual(kills + moreKills, 3, "kill seed \(seed)")
        FetchTestSupport.assertSameFiles(folder.appendingPathComponent("whole"), folder.appendingPathComponent("killed"))
        try FetchTestSupport.build("whole", into: "whole-site", in: folder)
        try FetchTestSupport.build("killed", into: "killed-site", in: folder)
        FetchTestSupport.assertSameFiles(folder.appendingPathComponent("whole-site"), folder.appendingPathComponent("killed-site"))
        FetchTestSupport.assertNoSecrets(in: [], folders: [folder])
    }

    func testASecondFetchAfterChangesBuildsTheSiteOfOneFullFetch() throws {
        let folder = try FetchTestSupport.temporaryFolder()
        let emulator = try PubNubEmulator(seed: 3, channels: 4, messages: 400)
        let first = try FetchTestSupport.fetch(emulator, channels: channels, into: "incremental", in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        // Nothing new: nothing written, not even the state.
        let before = FetchTestSupport.files(under: folder.appendingPathComponent("incremental"))
        let again = try FetchTestSupport.fetch(emulator, channels: channels, into: "incremental", in: folder)
        XCTAssertTrue(again.stdout.contains(": 0 messages, 0 actions, 0 removals in 0 files; "), again.stdout)
        XCTAssertEqual(FetchTestSupport.files(under: folder.appendingPathComponent("incremental")), before)

        try emulator.advance(messages: change.messages, reactions: change.reactions, removals: change.removals, removalDays: change.removalDays)
        let second = try FetchTestSupport.fetch(emulator, channels: channels, into: "incremental", in: folder)
        XCTAssertEqual(second.status, 0, second.stderr)
        let full = try PubNubEmulator(seed: 3, channels: 4, messages: 400)
        try full.advance(messages: change.messages, reactions: change.reactions, removals: change.removals, removalDays: change.removalDays)
        XCTAssertEqual(try FetchTestSupport.fetch(full, channels: channels, into: "full", in: folder).status, 0)
        try FetchTestSupport.build("incremental", into: "incremental-site", in: folder)
        try FetchTestSupport.build("full", into: "full-site", in: folder)

        // The same site, but for the number of input files its pages name ("Made with
        // reaction-report from 34 files"), and the tally of reactions read: the incremental
        // archive holds each removed reaction's add and its removal, where the full one never saw
        // it. (Issue 28's newest-snapshot rule will not change that: the removals are events, as
        // PubNub's are.)
        let incrementalSite = folder.appendingPathComponent("incremental-site"), fullSite = folder.appendingPathComponent("full-site")
        FetchTestSupport.assertSameFiles(incrementalSite, fullSite, except: ["data/diagnostics.json"], normalizing: Self.withoutFileCount)
        let removals = Self.removalEvents(in: folder.appendingPathComponent("incremental"))
        XCTAssertGreaterThan(removals, 0)
        XCTAssertTrue(second.stdout.contains(" \(removals) removals in "), second.stdout)
        let incrementalTally = try Self.pubnubTally(incrementalSite), fullTally = try Self.pubnubTally(fullSite)
        XCTAssertEqual(fullTally["removed"], 0)
        XCTAssertEqual(incrementalTally["removed"], removals)
        XCTAssertEqual(incrementalTally["read"], fullTally["read"].map { $0 + removals })
        XCTAssertEqual(incrementalTally["counted"], fullTally["counted"])
        XCTAssertEqual(fullTally["counted"], try full.truth().reactions)
        FetchTestSupport.assertNoSecrets(in: [first.stdout, first.stderr, second.stdout, second.stderr], folders: [folder])
    }

    /// Runs the program again and again, each time killed (SIGKILL) after a random wait, until it
    /// ends by itself (exit 0): the wait is shorter than a quarter of `seconds` (what an
    /// uninterrupted run took) the first time, half of it the second time, and so on, so that
    /// the early runs are killed and a later one ends (a run started again checks the channels
    /// already done too). At most 40 runs. The kills made.
    static func runKilled(
        _ arguments: [String], in folder: URL, within seconds: Double, random: inout SplitMix, environment: [String: String] = PubNubEmulator.keys
    ) throws -> Int {
        var kills = 0
        for attempt in 0..<40 {
            let process = Process()
            process.executableURL = ProgramRunner.executable
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.environment = FetchTestSupport.environment(environment)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(random.next() % UInt64(max(seconds, 0.04) * 1e6 * Double(attempt + 1) / 4)))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            process.waitUntilExit()
            if process.terminationReason == .exit {
                XCTAssertEqual(process.terminationStatus, 0)
                return kills
            }
        }
        XCTFail("the fetch never ended by itself")
        return kills
    }

    /// A page with "from N files" written "from … files".
    static func withoutFileCount(_ data: Data) -> Data {
        guard let text = String(data: data, encoding: .utf8) else { return data }
        return Data(text.replacingOccurrences(of: #"from \d+ files"#, with: "from … files", options: .regularExpression).utf8)
    }

    /// The `removed` events of every `removed-*.json` of an archive.
    static func removalEvents(in archive: URL) -> Int {
        FetchTestSupport.files(under: archive).filter { ($0.key as NSString).lastPathComponent.hasPrefix("removed-") }.values.reduce(0) { total, data in
            total + ((try? JSONSerialization.jsonObject(with: data)) as? [Any] ?? []).count
        }
    }

    /// The PubNub tally of a site's `data/diagnostics.json`.
    static func pubnubTally(_ site: URL) throws -> [String: Int] { try tally(site, platform: "pubnub") }

    /// The tally of `platform`'s reactions in a site's `data/diagnostics.json`.
    static func tally(_ site: URL, platform: String) throws -> [String: Int] {
        let data = try Data(contentsOf: site.appendingPathComponent("data/diagnostics.json"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let tallies = object?["reactions"] as? [[String: Any]] ?? []
        return (tallies.first { $0["platform"] as? String == platform } ?? [:]).compactMapValues { $0 as? Int }
    }
}
