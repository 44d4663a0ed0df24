import Foundation
import HTTPExchange
import ProgramRunner
import XCTest

/// The CometChat emulator (`Tests/emulators/cometchat_emulator.py`) started on 127.0.0.1 for a
/// test, with the test's API key, and stopped when the test ends. Its control endpoints add data
/// (`advance`), queue faults (`queue`) and say what it served (`stats`, `truth`).
final class CometChatEmulator {
    /// The credentials every CometChat test runs with: values no output or file may hold.
    static let keys = ["COMETCHAT_APP_ID": "app5ecre7id", "COMETCHAT_REGION": "eu", "COMETCHAT_API_KEY": "cc5ecre7restapikey"]
    /// Its conversations (with `conversations: 4`): three groups and one user conversation.
    static let conversations = ["group:general", "group:support", "group:design", "user:ada:bob"]

    let process = Process()
    let port: Int
    var url: String { "http://127.0.0.1:\(port)" }

    init(seed: Int = 1, conversations: Int = 4, messages: Int = 300, options: [String] = []) throws {
        let script = ProgramRunner.packageRoot.appendingPathComponent("Tests/emulators/cometchat_emulator.py").path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", script, "--seed", String(seed), "--conversations", String(conversations), "--messages", String(messages)]
            + ["--api-key", Self.keys["COMETCHAT_API_KEY"]!] + options
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        guard let text = String(data: line, encoding: .utf8),
            let port = Int(text.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
        else {
            process.terminate()
            throw EmulatorError(text: "the CometChat emulator did not start (python3 missing?)")
        }
        self.port = port
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// GETs or POSTs a control endpoint and parses its JSON answer.
    func control(_ path: String, _ body: [String: Any]? = nil) throws -> [String: Any] {
        let exchange = CurlExchange(longestBody: 1 << 20, keepSuccessBody: true)
        let result =
            if let body {
                exchange.send(
                    .post, url: url + path, headers: ["Content-Type: application/json"], body: Array(try JSONSerialization.data(withJSONObject: body)),
                    timeout: 10, secrets: [])
            } else {
                exchange.send(.get, url: url + path, headers: [], timeout: 10, secrets: [])
            }
        guard case .answered(let answer) = result, answer.status == 200 else { throw EmulatorError(text: "the emulator's \(path) failed: \(result)") }
        return try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any] ?? [:]
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
