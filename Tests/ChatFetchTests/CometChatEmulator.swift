import Foundation
import HTTPExchange
import ProgramRunner
import XCTest

/// The CometChat emulator (`Tests/emulators/cometchat_emulator.py`) started on 127.0.0.1 for a
/// test, with the test's API key, and stopped when the test ends. Its control endpoints add data
/// (`advance`), queue faults (`queue`) and say what it served (`stats`, `truth`).
final class CometChatEmulator: EmulatorProcess {
    /// The credentials every CometChat test runs with: values no output or file may hold.
    static let keys = ["COMETCHAT_APP_ID": "app5ecre7id", "COMETCHAT_REGION": "eu", "COMETCHAT_API_KEY": "cc5ecre7restapikey"]
    /// Its conversations (with `conversations: 4`): three groups and one user conversation.
    static let conversations = ["group:general", "group:support", "group:design", "user:ada:bob"]

    init(seed: Int = 1, conversations: Int = 4, messages: Int = 300, options: [String] = []) throws {
        let arguments = ["--seed", String(seed), "--conversations", String(conversations), "--messages", String(messages)]
        try super.init(script: "cometchat_emulator.py", arguments: arguments + ["--api-key", Self.keys["COMETCHAT_API_KEY"]!] + options, platform: "CometChat")
    }

    /// Adds messages, reactions (on messages of the last `reactionDays` days) and removes
    /// reactions (of messages of the last `removalDays` days).
    func advance(messages: Int, reactions: Int, removals: Int, reactionDays: Int, removalDays: Int) throws {
        _ = try control(
            "/_control/advance",
            ["messages": messages, "reactions": reactions, "removals": removals, "reactionDays": reactionDays, "removalDays": removalDays])
    }

    /// Queues faults for the next requests, one each (as the PubNub emulator's).
    func queue(_ faults: [[String: Any]]) throws { _ = try control("/_control/faults", ["faults": faults]) }

    /// Requests served, rate-limited, the most in any window, bytes, faults injected.
    func stats() throws -> [String: Int] { try control("/_control/stats").compactMapValues { $0 as? Int } }

    /// Messages and reactions (one per message, emoji and person) the emulator holds now.
    func truth() throws -> (messages: Int, reactions: Int) {
        let truth = try control("/_control/truth")
        return (truth["messages"] as? Int ?? -1, truth["reactions"] as? Int ?? -1)
    }

    /// `fetch cometchat` of `conversations` (none: the platform's groups) into `archive`.
    func fetch(
        _ conversations: [String] = CometChatEmulator.conversations, into archive: String, in folder: URL, options: [String] = [],
        environment: [String: String] = CometChatEmulator.keys
    ) throws -> ProgramRunner.Run {
        let arguments = ["fetch", "cometchat", "--into", archive, "--api-url", url] + conversations.flatMap { ["--channel", $0] } + options
        return try FetchTestSupport.run(arguments, in: folder, environment: environment)
    }
}
