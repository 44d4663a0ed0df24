import Foundation
import XCTest

/// `reaction-report fetch stream` against the emulator: what it fetches, how it weathers
/// faults, what it refuses, and that no key, secret or token ever shows.
final class StreamFetchCommandTests: XCTestCase {
    func testAFetchOfEveryChannelHoldsEveryMessageAndReactionAndBuildReadsIt() throws {
        let emulator = try StreamEmulator()
        let folder = try FetchTestSupport.temporaryFolder()
        let run = try FetchTestSupport.fetch(emulator, channels: [], into: "archive", in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.hasPrefix("fetched 3 channel(s) from Stream at 127.0.0.1 into archive: 300 messages, 630 actions, 0 removals in 3 files; 13 requests, "),
            run.stdout)
        XCTAssertEqual(
            run.stderr.split(separator: "\n").sorted(),
            [
                "stream: channel 'livestream:launch': 1 pages, 87 messages, 166 actions, 0 removals",
                "stream: channel 'messaging:general': 1 pages, 110 messages, 218 actions, 0 removals",
                "stream: channel 'messaging:support': 1 pages, 103 messages, 246 actions, 0 removals"
            ])
        // The list of channels, then for each an export, two checks of its status and the file.
        XCTAssertEqual(try emulator.stats()["requests"], 13)
        XCTAssertEqual(try emulator.stats()["downloads"], 3)
        let built = try FetchTestSupport.build("archive", into: "site", in: folder)
        let truth = try emulator.truth()
        XCTAssertEqual(truth.messages, 300)
        XCTAssertEqual(truth.reactions, 630)
        let summary = try String(contentsOf: folder.appendingPathComponent("site/data/messages.jsonl"), encoding: .utf8)
        XCTAssertEqual(summary.split(separator: "\n").count, truth.messages)
        XCTAssertEqual(PubNubFetchCommandTests.reactions(in: folder.appendingPathComponent("site")), truth.reactions)
        XCTAssertEqual(built.stderr, "")
        let names = FetchTestSupport.files(under: folder.appendingPathComponent("archive")).keys.sorted()
        XCTAssertEqual(
            names,
            [
                ".state/lock", ".state/stream/livestream-launch-ba4c9da6.json", ".state/stream/messaging-general-e09e5508.json",
                ".state/stream/messaging-support-e73d74fe.json", "stream/livestream-launch-ba4c9da6/export-20240113T012649996527Z-start.json",
                "stream/messaging-general-e09e5508/export-20240113T012649996527Z-start.json",
                "stream/messaging-support-e73d74fe/export-20240113T012649996527Z-start.json"
            ])
        // The snapshot time the build takes the newest copy by: the task's created_at.
        let file = try Data(contentsOf: folder.appendingPathComponent("archive/" + names[4]))
        XCTAssertTrue(file.starts(with: Data(#"{"fetchedAt":"2024-01-13T01:26:49.996527Z","channels":[{"channel":{"id":"launch""#.utf8)))
        FetchTestSupport.assertNoSecrets(in: [run.stdout, run.stderr, built.stdout, built.stderr], folders: [folder], secrets: StreamEmulator.secrets)
    }

    func testFaultsAreWeatheredAndTheArchiveIsAsWithout() throws {
        let clean = try StreamEmulator()
        let folder = try FetchTestSupport.temporaryFolder()
        let channels = ["messaging:general", "messaging:support"]
        let first = try FetchTestSupport.fetch(clean, channels: channels, into: "clean", in: folder, options: ["--concurrency", "1"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let faulty = try StreamEmulator()
        // A fault at the first attempt of each step but the first; the second attempt goes
        // through. The export file's host (S3 for Stream) gets its own.
        try faulty.queue([
            ["kind": "none"], ["kind": "status", "status": 429, "reset": 1], ["kind": "none"], ["kind": "status", "status": 500], ["kind": "none"],
            ["kind": "truncate"], ["kind": "none"], ["kind": "status", "status": 429, "retryAfter": "1"], ["kind": "none"],
            ["kind": "timeout", "seconds": 2]
        ])
        let run = try FetchTestSupport.fetch(faulty, channels: channels, into: "faulty", in: folder, options: ["--concurrency", "1", "--timeout", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let notes = run.stderr.split(separator: "\n").filter { $0.hasPrefix("reaction-report: ") }.map {
            $0.replacingOccurrences(of: #"trying again in [0-9.]+ s"#, with: "trying again in … s", options: .regularExpression)
        }
        XCTAssertEqual(
            notes,
            [
                "reaction-report: the export of channel 'messaging:general': attempt 1 of 6 to 127.0.0.1 answered HTTP 429 (too many requests), with an X-RateLimit-Reset; trying again in … s",
                "reaction-report: the export of channel 'messaging:general': attempt 1 of 6 to 127.0.0.1 answered HTTP 500; trying again in … s",
                "reaction-report: the export file of channel 'messaging:general': attempt 1 of 6 to 127.0.0.1 answered with a page cut short; trying again in … s",
                "reaction-report: an export of channel 'messaging:support': attempt 1 of 6 to 127.0.0.1 answered HTTP 429 (too many requests), with a Retry-After; trying again in … s",
                "reaction-report: the export of channel 'messaging:support': attempt 1 of 6 to 127.0.0.1 had no answer within 1 s; trying again in … s"
            ])
        XCTAssertEqual(try faulty.stats()["faults"], 5)
        FetchTestSupport.assertSameFiles(folder.appendingPathComponent("clean"), folder.appendingPathComponent("faulty"))
        FetchTestSupport.assertNoSecrets(in: [first.stdout, first.stderr, run.stdout, run.stderr], folders: [folder], secrets: StreamEmulator.secrets)
    }

    func testARefusalStopsWithStreamsWordsAndNoSecret() throws {
        let emulator = try StreamEmulator()
        let folder = try FetchTestSupport.temporaryFolder()
        var keys = StreamEmulator.keys
        keys["STREAM_API_SECRET"] = "wr0ng-stream-secret"
        let run = try FetchTestSupport.fetch(emulator, channels: ["messaging:general"], into: "archive", in: folder, environment: keys)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.stderr,
            "reaction-report: error: Stream at 127.0.0.1 answered HTTP 401, which is not retried (its answer: {\"code\":5,\"message\":\"JWTAuth error: signature is not valid. Make sure the token is created using the secret for API key\",\"StatusCode\":401,\"duration\":\"0.01ms\",\"more_info\":\"https://getstream.io/chat/do…) for an export of channel 'messaging:general'\n"
        )
        XCTAssertEqual(try emulator.stats()["requests"], 1)
        let unknown = try FetchTestSupport.fetch(emulator, channels: ["messaging:nowhere"], into: "archive", in: folder)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(
            unknown.stderr,
            "reaction-report: error: Stream at 127.0.0.1 answered HTTP 400, which is not retried (its answer: {\"code\":4,\"message\":\"ExportChannels failed with error: \\\"Can't find channel with cid messaging:nowhere\\\"\",\"StatusCode\":400,\"duration\":\"0.01ms\",\"more_info\":\"https://getstream.io/chat/docs/api_errors_r…) for an export of channel 'messaging:nowhere'\n"
        )
        let secrets = StreamEmulator.secrets + Array(keys.values)
        FetchTestSupport.assertNoSecrets(in: [run.stdout, run.stderr, unknown.stdout, unknown.stderr], folders: [folder], secrets: secrets)
    }

    func testAFailedExportStopsAndTheNextFetchAsksForANewOne() throws {
        let emulator = try StreamEmulator(channels: 1, messages: 40)
        let folder = try FetchTestSupport.temporaryFolder()
        try emulator.queue([], failTasks: 1)
        let failed = try FetchTestSupport.fetch(emulator, channels: ["messaging:general"], into: "archive", in: folder)
        XCTAssertEqual(failed.status, 2)
        XCTAssertEqual(
            failed.stderr,
            "reaction-report: error: Stream at 127.0.0.1 could not export channel 'messaging:general' (the export could not be made); run the fetch again to ask for a new export\n"
        )
        let again = try FetchTestSupport.fetch(emulator, channels: ["messaging:general"], into: "archive", in: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.hasPrefix("fetched 1 channel(s) from Stream at 127.0.0.1 into archive: 40 messages, "), again.stdout)
        XCTAssertEqual(try emulator.stats()["tasks"], 2)
        FetchTestSupport.assertNoSecrets(in: [failed.stdout, failed.stderr, again.stdout, again.stderr], folders: [folder], secrets: StreamEmulator.secrets)
    }

    func testAMissingSecretOrAChannelWithoutItsTypeIsAUsageError() throws {
        let emulator = try StreamEmulator()
        let folder = try FetchTestSupport.temporaryFolder()
        let noSecret = try FetchTestSupport.fetch(
            emulator, channels: ["messaging:general"], into: "archive", in: folder, environment: ["STREAM_API_KEY": StreamEmulator.keys["STREAM_API_KEY"]!])
        XCTAssertEqual(noSecret.status, 1)
        XCTAssertEqual(
            noSecret.stderr,
            "reaction-report: error: fetch stream needs STREAM_API_SECRET: set it in the environment or in a file given with --credentials FILE (NAME=value lines)\n"
        )
        let noType = try FetchTestSupport.fetch(emulator, channels: ["general"], into: "archive", in: folder)
        XCTAssertEqual(noType.status, 1)
        XCTAssertEqual(noType.stderr, "reaction-report: error: the Stream channel 'general' is not type:id (such as messaging:general)\n")
        XCTAssertEqual(try emulator.stats()["requests"], 0)
        FetchTestSupport.assertNoSecrets(
            in: [noSecret.stdout, noSecret.stderr, noType.stdout, noType.stderr], folders: [folder], secrets: StreamEmulator.secrets)
    }
}

extension StreamFetchCommandTests {
    func testChannelsFromTheConfigurationAndCredentialsFromAFile() throws {
        let emulator = try StreamEmulator()
        let folder = try FetchTestSupport.temporaryFolder()
        let lines = StreamEmulator.keys.sorted { $0.key < $1.key }.map { "\($0.key) = '\($0.value)'" }
        try ("# Stream\n" + lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("stream.env"), atomically: true, encoding: .utf8)
        try "[fetch.stream]\nchannels = [\"messaging:support\"]\nlookbackDays = 3\n".write(
            to: folder.appendingPathComponent("reaction-report.toml"), atomically: true, encoding: .utf8)
        let run = try FetchTestSupport.fetch(emulator, channels: [], into: "archive", in: folder, options: ["--credentials", "stream.env"], environment: [:])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("fetched 1 channel(s) from Stream at 127.0.0.1 into archive: 103 messages, 246 actions, "), run.stdout)
        // No list of channels: an export, two checks, the file.
        XCTAssertEqual(try emulator.stats()["requests"], 4)
        try FetchTestSupport.build("archive", into: "site", in: folder)
        FetchTestSupport.assertNoSecrets(
            in: [run.stdout, run.stderr], folders: [folder.appendingPathComponent("archive"), folder.appendingPathComponent("site")],
            secrets: StreamEmulator.secrets)
    }

    func testAnExportFileOfMoreThan16MiBIsReadWhole() throws {
        // 30 messages of 600 kB: an export of 18 MB, past the room of a page.
        let emulator = try StreamEmulator(channels: 1, messages: 30, options: ["--padding", "600000"])
        let folder = try FetchTestSupport.temporaryFolder()
        let run = try FetchTestSupport.fetch(emulator, channels: ["messaging:general"], into: "archive", in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("fetched 1 channel(s) from Stream at 127.0.0.1 into archive: 30 messages, "), run.stdout)
        // The file read into 16 MiB, then asked for again with room for all of it.
        XCTAssertEqual(try emulator.stats()["downloads"], 2)
        let built = try FetchTestSupport.build("archive", into: "site", in: folder)
        XCTAssertTrue(built.stdout.isEmpty, built.stdout)
        let summary = try String(contentsOf: folder.appendingPathComponent("site/data/messages.jsonl"), encoding: .utf8)
        XCTAssertEqual(summary.split(separator: "\n").count, 30)
    }
}
