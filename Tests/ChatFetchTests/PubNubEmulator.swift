import Foundation
import HTTPExchange
import ProgramRunner
import XCTest

/// The PubNub emulator (`Tests/emulators/pubnub_emulator.py`) started on 127.0.0.1 for a test,
/// with the test's keys, and stopped when the test ends. Its control endpoints add data
/// (`advance`), queue faults (`faults`) and say what it served (`stats`, `truth`).
final class PubNubEmulator {
    /// The keys every emulator of the tests is started with: values no output or file may hold.
    static let keys = [
        "PUBNUB_SUBSCRIBE_KEY": "sub-c-5ecre7-subscribe-key", "PUBNUB_PUBLISH_KEY": "pub-c-5ecre7-publish-key",
        "PUBNUB_AUTH_KEY": "auth-5ecre7-token", "PUBNUB_SECRET_KEY": "sec-c-5ecre7-secret-key"
    ]

    let process = Process()
    let port: Int
    var url: String { "http://127.0.0.1:\(port)" }

    /// Starts an emulator of `channels` channels and `messages` messages from `seed`, with
    /// `options` (`--rate-limit 25`, `--delay-ms 5`…). Signed requests are checked when
    /// `signed`, the auth key always.
    init(seed: Int = 1, channels: Int = 3, messages: Int = 300, signed: Bool = true, options: [String] = []) throws {
        let script = ProgramRunner.packageRoot.appendingPathComponent("Tests/emulators/pubnub_emulator.py").path
        var arguments = [script, "--seed", String(seed), "--channels", String(channels), "--messages", String(messages)]
        arguments += ["--subscribe-key", Self.keys["PUBNUB_SUBSCRIBE_KEY"]!, "--auth-key", Self.keys["PUBNUB_AUTH_KEY"]!]
        if signed { arguments += ["--secret-key", Self.keys["PUBNUB_SECRET_KEY"]!, "--publish-key", Self.keys["PUBNUB_PUBLISH_KEY"]!] }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments + options
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The first line: "listening on 127.0.0.1:PORT".
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
            throw EmulatorError(text: "the PubNub emulator did not start (python3 missing?)")
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

    /// Adds messages, reactions on any message, and removes reactions (of messages of the last
    /// `removalDays` days, when given).
    @discardableResult
    func advance(messages: Int = 0, reactions: Int = 0, removals: Int = 0, removalDays: Int? = nil) throws -> [String: Any] {
        var body: [String: Any] = ["messages": messages, "reactions": reactions, "removals": removals]
        if let removalDays { body["removalDays"] = removalDays }
        return try control("/_control/advance", body)
    }

    /// Queues faults for the next requests, one each (`{"kind": "status", "status": 500}`,
    /// `{"kind": "timeout", "seconds": 3}`, `{"kind": "truncate"}`, `{"kind": "duplicate"}`,
    /// `{"kind": "none"}`).
    func queue(_ faults: [[String: Any]]) throws { _ = try control("/_control/faults", ["faults": faults]) }

    /// Requests served, rate-limited, the most in any second, bytes, faults injected.
    func stats() throws -> [String: Int] { try control("/_control/stats").compactMapValues { $0 as? Int } }

    /// Messages and reactions (one per message, emoji and person) the emulator holds now.
    func truth() throws -> (messages: Int, reactions: Int, channels: [String]) {
        let truth = try control("/_control/truth")
        return (truth["messages"] as? Int ?? -1, truth["reactions"] as? Int ?? -1, truth["channels"] as? [String] ?? [])
    }
}

/// The emulator failed to start or to answer a control request: the test fails.
struct EmulatorError: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}
