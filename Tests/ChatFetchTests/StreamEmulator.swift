import Foundation
import HTTPExchange
import ProgramRunner
import XCTest

/// The Stream emulator (`Tests/emulators/stream_emulator.py`) started on 127.0.0.1 for a test,
/// with the test's key and secret, and stopped when the test ends. Its control endpoints add
/// data (`advance`), queue faults (`faults`) and say what it served (`stats`, `truth`).
final class StreamEmulator: EmulatorProcess {
    /// The credentials every emulator of the tests is started with: values no output or file
    /// may hold (with the token they make).
    static let keys = ["STREAM_API_KEY": "5ecre7-stream-key", "STREAM_API_SECRET": "5ecre7-stream-secret"]
    /// The server-side token the secret makes: secret too.
    static let token = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzZXJ2ZXIiOnRydWV9.m7wG_03u_0RpZu6ZgbgxwLB1fpzdBJyy_XsGhE1ulhk"
    /// Every value no output or file may hold.
    static let secrets = Array(keys.values) + [token]

    /// Starts an emulator of `channels` channels and `messages` messages from `seed`, with
    /// `options` (`--rate-limit 60`, `--task-checks 2`…).
    init(seed: Int = 1, channels: Int = 3, messages: Int = 300, options: [String] = []) throws {
        var arguments = ["--seed", String(seed), "--channels", String(channels), "--messages", String(messages)]
        arguments += ["--api-key", Self.keys["STREAM_API_KEY"]!, "--api-secret", Self.keys["STREAM_API_SECRET"]!]
        try super.init(script: "stream_emulator.py", arguments: arguments + options, platform: "Stream")
    }

    /// Adds messages, and reactions added to and removed from messages of the last
    /// `withinDays` days before the newest message (any message when nil).
    @discardableResult
    func advance(messages: Int = 0, reactions: Int = 0, removals: Int = 0, withinDays: Int? = nil) throws -> [String: Any] {
        var body: [String: Any] = ["messages": messages, "reactions": reactions, "removals": removals]
        if let withinDays { body["withinDays"] = withinDays }
        return try control("/_control/advance", body)
    }

    /// Queues faults for the next requests, one each (`{"kind": "status", "status": 500}`,
    /// `{"kind": "timeout", "seconds": 3}`, `{"kind": "truncate"}`, `{"kind": "none"}`), and
    /// `failTasks` export tasks that fail.
    func queue(_ faults: [[String: Any]], failTasks: Int = 0) throws { _ = try control("/_control/faults", ["faults": faults, "failTasks": failTasks]) }

    /// Requests served, rate-limited, the most of one endpoint in any minute, bytes, faults,
    /// downloads, tasks.
    func stats() throws -> [String: Int] { try control("/_control/stats").compactMapValues { $0 as? Int } }

    /// Messages and reactions (one per message, key and person) the emulator holds now.
    func truth() throws -> (messages: Int, reactions: Int, channels: [String]) {
        let truth = try control("/_control/truth")
        return (truth["messages"] as? Int ?? -1, truth["reactions"] as? Int ?? -1, truth["channels"] as? [String] ?? [])
    }
}

extension FetchTestSupport {
    /// `fetch stream` of `channels` (all the app's when empty) from `emulator` into `archive`
    /// (relative to `folder`), at 100 requests a second unless `options` say otherwise.
    static func fetch(
        _ emulator: StreamEmulator, channels: [String], into archive: String, in folder: URL, options: [String] = [],
        environment extra: [String: String] = StreamEmulator.keys
    ) throws -> ProgramRunner.Run {
        let arguments =
            ["fetch", "stream", "--into", archive, "--api-url", emulator.url, "--requests-per-second", "100"] + channels.flatMap { ["--channel", $0] } + options
        return try run(arguments, in: folder, environment: extra)
    }
}
