import Foundation
import HTTPExchange
import ProgramRunner
import XCTest

/// The PubNub emulator (`Tests/emulators/pubnub_emulator.py`) started on 127.0.0.1 for a test,
/// with the test's keys, and stopped when the test ends. Its control endpoints add data
/// (`advance`), queue faults (`faults`) and say what it served (`stats`, `truth`).
final class PubNubEmulator: EmulatorProcess {
    /// The keys every emulator of the tests is started with: values no output or file may hold.
    static let keys = [
        "PUBNUB_SUBSCRIBE_KEY": "sub-c-5ecre7-subscribe-key", "PUBNUB_PUBLISH_KEY": "pub-c-5ecre7-publish-key",
        "PUBNUB_AUTH_KEY": "auth-5ecre7-token", "PUBNUB_SECRET_KEY": "sec-c-5ecre7-secret-key"
    ]

    /// Starts an emulator of `channels` channels and `messages` messages from `seed`, with
    /// `options` (`--rate-limit 25`, `--delay-ms 5`…). Signed requests are checked when
    /// `signed`, the auth key always.
    init(seed: Int = 1, channels: Int = 3, messages: Int = 300, signed: Bool = true, options: [String] = []) throws {
        var arguments = ["--seed", String(seed), "--channels", String(channels), "--messages", String(messages)]
        arguments += ["--subscribe-key", Self.keys["PUBNUB_SUBSCRIBE_KEY"]!, "--auth-key", Self.keys["PUBNUB_AUTH_KEY"]!]
        if signed { arguments += ["--secret-key", Self.keys["PUBNUB_SECRET_KEY"]!, "--publish-key", Self.keys["PUBNUB_PUBLISH_KEY"]!] }
        try super.init(script: "pubnub_emulator.py", arguments: arguments + options, platform: "PubNub")
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
