import Foundation
import ProgramRunner

@testable import ReactionReportKit

/// Runs the built `reaction-report` executable in a folder and collects what it printed.
enum CLIRunner {
    typealias Run = ProgramRunner.Run

    static var executable: URL { ProgramRunner.executable }

    /// Runs the program; `environment` adds to this process's environment.
    static func run(_ arguments: [String], in folder: URL, executable: URL = executable, environment: [String: String]? = nil) throws -> Run {
        try ProgramRunner.run(
            arguments, in: folder, executable: executable, environment: environment.map { ProcessInfo.processInfo.environment.merging($0) { $1 } })
    }

    /// A temporary folder with exports of three platforms in `in/`.
    static func workspace() throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        let inputs = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        for name in ["stream/export.json", "cometchat/messages.json", "cometchat/reactions.json", "pubnub/chat-history.json"] {
            try Data(try TestSupport.fixture(name)).write(to: inputs.appendingPathComponent(name.replacingOccurrences(of: "/", with: "-")))
        }
        return folder
    }

    /// A PubNub history of `count` messages with a reaction each: big enough to take a while.
    static func history(_ count: Int) -> String {
        "["
            + (0..<count).map { n in
                #"{"timetoken":"\#(17000000000000000 + n * 10_000_000)","message":{"text":"message \#(n) with some words"},"uuid":"u\#(n % 50)","actions":{"reaction":{"👍":[{"uuid":"u\#((n + 1) % 50)","actionTimetoken":"\#(17000000000000000 + n * 10_000_000 + 1)"}]}}}"#
            }.joined(separator: ",\n") + "]"
    }

    /// One PubNub message with a reaction.
    static let goodHistory = #"[{"timetoken":"17000000000000000","message":{"text":"hi"},"uuid":"u1"}]"#

    /// Starts the program without waiting for it.
    static func start(_ arguments: [String], in folder: URL, environment: [String: String]? = nil) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
