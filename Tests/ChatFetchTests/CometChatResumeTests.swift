import Foundation
import ProgramRunner
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A CometChat fetch stopped at any moment and started again, and a fetch after the platform
/// changed, give what one uninterrupted fetch of the same data gives.
final class CometChatResumeTests: XCTestCase {
    /// What the emulator gets between two fetches: new messages, reactions added to and removed
    /// from messages of the last 5 days (the look-back window covers 7 days before the first
    /// fetch's newest message).
    func change(_ emulator: CometChatEmulator) throws {
        try emulator.advance(messages: 40, reactions: 60, removals: 15, reactionDays: 5, removalDays: 5)
    }

    func testAFetchKilledAtRandomPointsWritesWhatAnUninterruptedOneWrites() throws {
        let folder = try FetchTestSupport.temporaryFolder()
        let options = ["--requests-per-second", "300", "--concurrency", "2"]
        let whole = try CometChatEmulator(seed: 2, messages: 600, options: ["--delay-ms", "4"])
        var clock = Date()
        XCTAssertEqual(try whole.fetch(into: "whole", in: folder, options: options).status, 0)
        let firstTime = Date().timeIntervalSince(clock)
        try change(whole)
        clock = Date()
        XCTAssertEqual(try whole.fetch(into: "whole", in: folder, options: options).status, 0)
        let secondTime = Date().timeIntervalSince(clock)

        let killed = try CometChatEmulator(seed: 2, messages: 600, options: ["--delay-ms", "4"])
        var random = SplitMix(seed: UInt64(ProcessInfo.processInfo.environment["FETCH_KILL_SEED"] ?? "") ?? UInt64(Date().timeIntervalSince1970))
        let seed = random.seed
        let arguments =
            ["fetch", "cometchat", "--into", "killed", "--api-url", killed.url] + CometChatEmulator.conversations.flatMap { ["--channel", $0] } + options
        let kills = try PubNubResumeTests.runKilled(arguments, in: folder, within: firstTime, random: &random, environment: CometChatEmulator.keys)
        try change(killed)
        let moreKills = try PubNubResumeTests.runKilled(arguments, in: folder, within: secondTime, random: &random, environment: CometChatEmulator.keys)
        XCTAssertGreaterThanOrEqual(kills + moreKills, 3, "kill seed \(seed)")
        FetchTestSupport.assertSameFiles(folder.appendingPathComponent("whole"), folder.appendingPathComponent("killed"))
        try FetchTestSupport.build("whole", into: "whole-site", in: folder)
        try FetchTestSupport.build("killed", into: "killed-site", in: folder)
        FetchTestSupport.assertSameFiles(folder.appendingPathComponent("whole-site"), folder.appendingPathComponent("killed-site"))
        FetchTestSupport.assertNoSecrets(in: [], folders: [folder], secrets: ["app5ecre7id", "cc5ecre7restapikey"])
    }

    func testASecondFetchAfterChangesBuildsTheSiteOfOneFullFetch() throws {
        let folder = try FetchTestSupport.temporaryFolder()
        let emulator = try CometChatEmulator(seed: 3, messages: 600)
        let first = try emulator.fetch(into: "incremental", in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        try change(emulator)
        let second = try emulator.fetch(into: "incremental", in: folder)
        XCTAssertEqual(second.status, 0, second.stderr)
        let full = try CometChatEmulator(seed: 3, messages: 600)
        try change(full)
        XCTAssertEqual(try full.fetch(into: "full", in: folder).status, 0)
        try FetchTestSupport.build("incremental", into: "incremental-site", in: folder, options: ["--include-direct-messages"])
        try FetchTestSupport.build("full", into: "full-site", in: folder, options: ["--include-direct-messages"])
        // The same site, but for the number of input files its pages name, and the tally of
        // reactions read: the incremental archive holds each removed reaction's add and its
        // removal event, where the full one never saw it.
        let incrementalSite = folder.appendingPathComponent("incremental-site"), fullSite = folder.appendingPathComponent("full-site")
        FetchTestSupport.assertSameFiles(incrementalSite, fullSite, except: ["data/diagnostics.json"], normalizing: PubNubResumeTests.withoutFileCount)
        let truth = try full.truth()
        XCTAssertEqual(PubNubFetchCommandTests.reactions(in: incrementalSite), truth.reactions)
        // The second fetch saw removals, written as events the build applied.
        let removals = second.stdout.range(of: #"\d+ removals"#, options: .regularExpression).map { Int(second.stdout[$0].split(separator: " ")[0]) ?? 0 } ?? 0
        XCTAssertGreaterThan(removals, 0, second.stdout)
        XCTAssertEqual(try PubNubResumeTests.tally(incrementalSite, platform: "cometchat")["removed"], removals)
        FetchTestSupport.assertNoSecrets(
            in: [first.stdout, first.stderr, second.stdout, second.stderr], folders: [folder], secrets: ["app5ecre7id", "cc5ecre7restapikey"])
    }
}
