import Foundation
import ProgramRunner

@testable import ReactionReportKit

/// Runs the built `reaction-report` executable in a folder and collects what it printed.
enum CLIRunner {
    typealias Run = ProgramRunner.Run

    static var executable: URL { ProgramRunner.executable }

    static func run(_ arguments: [String], in folder: URL, executable: URL = executable) throws -> Run {
        try ProgramRunner.run(arguments, in: folder, executable: executable)
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
}
