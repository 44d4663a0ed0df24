import Foundation

@testable import ReactionReportKit

/// Runs the built `reaction-report` executable in a folder and collects what it printed.
enum CLIRunner {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        // The test bundle sits beside the products of the same build.
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if folder.lastPathComponent == "MacOS" || folder.pathExtension == "xctest" { folder = folder.deletingLastPathComponent() }
        for candidate in [folder, TestSupport.packageRoot.appendingPathComponent(".build/debug")] {
            let url = candidate.appendingPathComponent("reaction-report")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return TestSupport.packageRoot.appendingPathComponent(".build/debug/reaction-report")
    }

    static func run(_ arguments: [String], in folder: URL, executable: URL = executable) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
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
