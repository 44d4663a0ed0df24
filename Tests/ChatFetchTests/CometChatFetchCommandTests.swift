import Foundation
import XCTest

/// `reaction-report fetch cometchat` against the emulator: what it fetches, how it weathers
/// faults, what it refuses, and that no credential ever shows.
final class CometChatFetchCommandTests: XCTestCase {
    func testAFetchHoldsEveryMessageAndReactionAndBuildReadsIt() throws {
        let emulator = try CometChatEmulator()
        let folder = try FetchTestSupport.temporaryFolder()
        let run = try emulator.fetch(into: "archive", in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.hasPrefix("fetched 4 channel(s) from CometChat at 127.0.0.1 into archive: 300 messages, 573 actions, 0 removals in 8 files; "),
            run.stdout)
        XCTAssertEqual(
            run.stderr.split(separator: "\n").map { $0.split(separator: ":").prefix(3).joined(separator: ":") }.sorted(),
            ["cometchat: channel 'group:design'", "cometchat: channel 'group:general'", "cometchat: channel 'group:support'", "cometchat: channel 'user:ada"])
        // The user conversation is a direct one, which a report leaves out unless asked.
        let built = try FetchTestSupport.build("archive", into: "site", in: folder, options: ["--include-direct-messages"])
        let truth = try emulator.truth()
        XCTAssertEqual(truth.messages, 300)
        let lines = try String(contentsOf: folder.appendingPathComponent("site/data/messages.jsonl"), encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 300)
        XCTAssertEqual(PubNubFetchCommandTests.reactions(in: folder.appendingPathComponent("site")), truth.reactions)
        XCTAssertEqual(truth.reactions, 573)
        XCTAssertEqual(built.stderr, "")
        // Every file carries the Date of its answers: the emulator's clock, the newest event.
        let files = FetchTestSupport.files(under: folder.appendingPathComponent("archive/cometchat"))
        let stamps = Set(files.values.compactMap { (try? JSONSerialization.jsonObject(with: $0) as? [String: Any])?["fetchedAt"] as? String })
        XCTAssertEqual(stamps, ["2024-01-14T01:11:04Z"])
        XCTAssertEqual(files.count, 8)
        FetchTestSupport.assertNoSecrets(
            in: [run.stdout, run.stderr, built.stdout, built.stderr], folders: [folder], secrets: Array(CometChatEmulator.keys.values.filter { $0 != "eu" }))
    }

    func testWithoutConversationsEveryGroupIsFetched() throws {
        let emulator = try CometChatEmulator()
        let folder = try FetchTestSupport.temporaryFolder()
        let run = try emulator.fetch([], into: "archive", in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("fetched 3 channel(s) from CometChat at 127.0.0.1 into archive: "), run.stdout)
    }

    func testFaultsAreWeatheredAndTheArchiveIsAsWithout() throws {
        let clean = try CometChatEmulator()
        let folder = try FetchTestSupport.temporaryFolder()
        XCTAssertEqual(try clean.fetch(into: "clean", in: folder, options: ["--concurrency", "1"]).status, 0)
        let faulty = try CometChatEmulator()
        try faulty.queue([
            ["kind": "status", "status": 429, "retryAfter": "1"], ["kind": "none"], ["kind": "status", "status": 500], ["kind": "none"],
            ["kind": "truncate"], ["kind": "none"], ["kind": "duplicate"], ["kind": "none"], ["kind": "timeout", "seconds": 2]
        ])
        let run = try faulty.fetch(into: "faulty", in: folder, options: ["--concurrency", "1", "--timeout", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let notes = run.stderr.split(separator: "\n").filter { $0.hasPrefix("reaction-report: ") }
        XCTAssertEqual(
            notes,
            [
                "reaction-report: the messages of conversation 'group:general': attempt 1 of 6 to 127.0.0.1 answered HTTP 429 (too many requests), with a Retry-After; trying again in 1 s",
                "reaction-report: the reactions of message 10 of conversation 'group:general': attempt 1 of 6 to 127.0.0.1 answered HTTP 500; trying again in 1 s",
                "reaction-report: the reactions of message 25 of conversation 'group:general': attempt 1 of 6 to 127.0.0.1 answered with a page cut short; trying again in 1 s",
                "reaction-report: the reactions of message 38 of conversation 'group:general': attempt 1 of 6 to 127.0.0.1 answered with reactions of another message; trying again in 1 s",
                "reaction-report: the reactions of message 40 of conversation 'group:general': attempt 1 of 6 to 127.0.0.1 had no answer within 1 s; trying again in 1 s"
            ])
        XCTAssertEqual(try faulty.stats()["faults"], 5)
        FetchTestSupport.assertSameFiles(folder.appendingPathComponent("clean"), folder.appendingPathComponent("faulty"))
    }

    func testARefusalStopsWithThePlatformsWordsAndNoCredential() throws {
        let emulator = try CometChatEmulator()
        let folder = try FetchTestSupport.temporaryFolder()
        var keys = CometChatEmulator.keys
        keys["COMETCHAT_API_KEY"] = "wr0ng-rest-api-key"
        let run = try emulator.fetch(["group:general"], into: "archive", in: folder, environment: keys)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.stderr,
            "reaction-report: error: CometChat at 127.0.0.1 answered HTTP 401, which is not retried (its answer: {\"error\":{\"code\":\"AUTH_ERR_APIKEY_NOT_FOUND\",\"message\":\"The provided API key is invalid.\"}}) for the messages of conversation 'group:general'\n"
        )
        // The app id is in the default host: messages show the host without it.
        let unreachable = try FetchTestSupport.run(
            ["fetch", "cometchat", "--into", "archive", "--channel", "group:general", "--attempts", "1", "--timeout", "1"] + [
                "--api-url", "http://app5ecre7id.invalid/v3"
            ],
            in: folder, environment: CometChatEmulator.keys)
        XCTAssertEqual(unreachable.status, 2)
        XCTAssertTrue(unreachable.stderr.contains("CometChat at ….invalid"), unreachable.stderr)
        let requests = try emulator.stats()["requests"]
        let badName = try emulator.fetch(["group:general", "general"], into: "archive", in: folder)
        XCTAssertEqual(try emulator.stats()["requests"], requests, "nothing is fetched")
        XCTAssertEqual(badName.status, 1)
        XCTAssertEqual(
            badName.stderr,
            "reaction-report: error: 'general' is not a CometChat conversation: give group:GUID for a group, or user:UID:OTHER for the conversation of the users UID and OTHER\n"
        )
        let noKey = try emulator.fetch(into: "archive", in: folder, environment: ["COMETCHAT_APP_ID": "app5ecre7id", "COMETCHAT_REGION": "eu"])
        XCTAssertEqual(noKey.status, 1)
        XCTAssertEqual(
            noKey.stderr,
            "reaction-report: error: fetch cometchat needs COMETCHAT_API_KEY: set it in the environment or in a file given with --credentials FILE (NAME=value lines)\n"
        )
        FetchTestSupport.assertNoSecrets(
            in: [run.stdout, run.stderr, unreachable.stdout, unreachable.stderr, badName.stderr, noKey.stderr], folders: [folder],
            secrets: Array(keys.values.filter { $0 != "eu" }) + ["cc5ecre7restapikey"])
    }
}
