import Foundation
import XCTest

/// `reaction-report fetch pubnub` against the emulator: what it fetches, how it weathers
/// faults, what it refuses, and that no key ever shows.
final class PubNubFetchCommandTests: XCTestCase {
    let channels = ["general", "support", "launch ✨"]

    func testAFetchHoldsEveryMessageAndReactionAndBuildReadsIt() throws {
        let emulator = try PubNubEmulator()
        let folder = try FetchTestSupport.temporaryFolder()
        let run = try FetchTestSupport.fetch(emulator, channels: channels, into: "archive", in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("fetched 3 channel(s) from PubNub at 127.0.0.1 into archive: 300 messages, "), run.stdout)
        // One line per channel on stderr, which is no terminal here.
        XCTAssertEqual(
            run.stderr.split(separator: "\n").map { $0.split(separator: ":").prefix(2).joined(separator: ":") }.sorted(),
            [
                "pubnub: channel 'general'", "pubnub: channel 'launch ✨'", "pubnub: channel 'support'"
            ])
        let built = try FetchTestSupport.build("archive", into: "site", in: folder)
        let truth = try emulator.truth()
        XCTAssertEqual(truth.messages, 300)
        let summary = try XCTUnwrap(try String(contentsOf: folder.appendingPathComponent("site/data/messages.jsonl"), encoding: .utf8))
        XCTAssertEqual(summary.split(separator: "\n").count, truth.messages)
        XCTAssertEqual(Self.reactions(in: folder.appendingPathComponent("site")), truth.reactions)
        XCTAssertEqual(built.stderr, "")
        // Channel names are slugged, and kept inside the files.
        let names = FetchTestSupport.files(under: folder.appendingPathComponent("archive")).keys.map {
            $0.split(separator: "/").prefix(2).joined(separator: "/")
        }
        XCTAssertEqual(Set(names), [".state/lock", ".state/pubnub", "pubnub/general-0feae16d", "pubnub/support-a1860308", "pubnub/launch-b260558b"])
        FetchTestSupport.assertNoSecrets(in: [run.stdout, run.stderr, built.stdout, built.stderr], folders: [folder])
    }

    func testFaultsAreWeatheredAndTheArchiveIsAsWithout() throws {
        let clean = try PubNubEmulator()
        let folder = try FetchTestSupport.temporaryFolder()
        let first = try FetchTestSupport.fetch(clean, channels: channels, into: "clean", in: folder, options: ["--concurrency", "1"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let faulty = try PubNubEmulator()
        // One fault on the first attempt at each page after the first; the second attempt (a
        // "none") goes through.
        try faulty.queue([
            ["kind": "none"], ["kind": "status", "status": 429, "retryAfter": "1"], ["kind": "none"], ["kind": "status", "status": 500], ["kind": "none"],
            ["kind": "truncate"], ["kind": "none"], ["kind": "duplicate"], ["kind": "none"], ["kind": "timeout", "seconds": 2]
        ])
        let run = try FetchTestSupport.fetch(faulty, channels: channels, into: "faulty", in: folder, options: ["--concurrency", "1", "--timeout", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let notes = run.stderr.split(separator: "\n").filter { $0.hasPrefix("reaction-report: ") }
        XCTAssertEqual(
            notes,
            [
                "reaction-report: the history of channel 'general': attempt 1 of 6 to 127.0.0.1 answered HTTP 429 (too many requests), with a Retry-After; trying again in 1 s",
                "reaction-report: the history of channel 'general': attempt 1 of 6 to 127.0.0.1 answered HTTP 500; trying again in 1 s",
                "reaction-report: the history of channel 'general': attempt 1 of 6 to 127.0.0.1 answered with a page cut short; trying again in 1 s",
                "reaction-report: the history of channel 'general': attempt 1 of 6 to 127.0.0.1 answered with messages outside the range asked for; trying again in 1 s",
                "reaction-report: the message actions of channel 'general': attempt 1 of 6 to 127.0.0.1 had no answer within 1 s; trying again in 1 s"
            ])
        XCTAssertEqual(try faulty.stats()["faults"], 5)
        FetchTestSupport.assertSameFiles(folder.appendingPathComponent("clean"), folder.appendingPathComponent("faulty"))
        FetchTestSupport.assertNoSecrets(in: [first.stdout, first.stderr, run.stdout, run.stderr], folders: [folder])
    }

    func testARefusalStopsWithThePlatformsWordsAndNoKey() throws {
        let emulator = try PubNubEmulator()
        let folder = try FetchTestSupport.temporaryFolder()
        var keys = PubNubEmulator.keys
        keys["PUBNUB_AUTH_KEY"] = "auth-wr0ng-token"
        let run = try FetchTestSupport.fetch(emulator, channels: ["general"], into: "archive", in: folder, environment: keys)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.stderr,
            "reaction-report: error: PubNub at 127.0.0.1 answered HTTP 403, which is not retried (its answer: {\"status\":403,\"error\":true,\"message\":\"Forbidden\",\"payload\":{\"channels\":[]},\"service\":\"Access Manager\"}) for the history of channel 'general'\n"
        )
        XCTAssertEqual(try emulator.stats()["requests"], 1)
        FetchTestSupport.assertNoSecrets(in: [run.stdout, run.stderr], folders: [folder], secrets: Array(keys.values))
    }

    func testAMissingKeyOrChannelIsAUsageError() throws {
        let emulator = try PubNubEmulator()
        let folder = try FetchTestSupport.temporaryFolder()
        let noKey = try FetchTestSupport.fetch(emulator, channels: ["general"], into: "archive", in: folder, environment: [:])
        XCTAssertEqual(noKey.status, 1)
        XCTAssertEqual(
            noKey.stderr,
            "reaction-report: error: fetch pubnub needs PUBNUB_SUBSCRIBE_KEY: set it in the environment or in a file given with --credentials FILE (NAME=value lines)\n"
        )
        let noChannel = try FetchTestSupport.fetch(emulator, channels: [], into: "archive", in: folder)
        XCTAssertEqual(noChannel.status, 1)
        XCTAssertEqual(
            noChannel.stderr,
            "reaction-report: error: no channel to fetch: give --channel ID (repeatable), or list them as channels in [fetch.pubnub] of the configuration file\n"
        )
        XCTAssertEqual(try emulator.stats()["requests"], 0)
        FetchTestSupport.assertNoSecrets(in: [noKey.stdout, noKey.stderr, noChannel.stdout, noChannel.stderr], folders: [folder])
    }

    func testChannelsFromTheConfigurationAndKeysFromAFile() throws {
        let emulator = try PubNubEmulator()
        let folder = try FetchTestSupport.temporaryFolder()
        let lines = PubNubEmulator.keys.sorted { $0.key < $1.key }.map { "\($0.key) = \"\($0.value)\"" }
        try ("# keys of the emulator\n\n" + lines.joined(separator: "\n") + "\n").write(
            to: folder.appendingPathComponent("keys.env"), atomically: true, encoding: .utf8)
        try "[fetch.pubnub]\nchannels = [\"support\"]\nlookbackDays = 3\n".write(
            to: folder.appendingPathComponent("reaction-report.toml"), atomically: true, encoding: .utf8)
        let run = try FetchTestSupport.fetch(emulator, channels: [], into: "archive", in: folder, options: ["--credentials", "keys.env"], environment: [:])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("fetched 1 channel(s) from PubNub at 127.0.0.1 into archive: 98 messages, "), run.stdout)
        // The configuration a build reads holds the same table: a build passes it over.
        try FetchTestSupport.build("archive", into: "site", in: folder)
        FetchTestSupport.assertNoSecrets(
            in: [run.stdout, run.stderr], folders: [folder.appendingPathComponent("archive"), folder.appendingPathComponent("site")])
    }

    /// Reactions of a built site, as `data/messages.jsonl` counts them.
    static func reactions(in site: URL) -> Int {
        guard let text = try? String(contentsOf: site.appendingPathComponent("data/messages.jsonl"), encoding: .utf8) else { return -1 }
        return text.split(separator: "\n").reduce(0) { total, line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return total + (object?["reactionCount"] as? Int ?? 0)
        }
    }
}

extension PubNubFetchCommandTests {
    func testAPageOfMoreThanAMebibyteIsAskedForAgainWithMoreRoom() throws {
        // 30 messages of 60 kB: a first page of 25 is 1.5 MB.
        let emulator = try PubNubEmulator(channels: 1, messages: 30, options: ["--padding", "60000"])
        let folder = try FetchTestSupport.temporaryFolder()
        let run = try FetchTestSupport.fetch(emulator, channels: ["general"], into: "archive", in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("fetched 1 channel(s) from PubNub at 127.0.0.1 into archive: 30 messages, "), run.stdout)
        XCTAssertTrue(run.stdout.contains("; 4 requests, "), run.stdout)
        // Two history pages (the first asked for twice) and one page of actions.
        XCTAssertEqual(try emulator.stats()["requests"], 4)
        XCTAssertEqual(run.stderr, "pubnub: channel 'general': 3 pages, 30 messages, 74 actions, 0 removals\n")
        FetchTestSupport.assertNoSecrets(in: [run.stdout, run.stderr], folders: [folder])
    }
}

extension PubNubFetchCommandTests {
    func testAChannelNamedTwiceIsFetchedOnce() throws {
        let emulator = try PubNubEmulator(channels: 1, messages: 30)
        let folder = try FetchTestSupport.temporaryFolder()
        let run = try FetchTestSupport.fetch(emulator, channels: ["general", "general"], into: "archive", in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("fetched 1 channel(s) from PubNub at 127.0.0.1 into archive: 30 messages, "), run.stdout)
        XCTAssertEqual(try emulator.stats()["requests"], 3)
        FetchTestSupport.assertNoSecrets(in: [run.stdout, run.stderr], folders: [folder])
    }
}
