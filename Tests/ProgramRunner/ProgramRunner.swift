import Foundation

/// Runs the built `reaction-report` program in a folder and collects what it printed: what
/// the command-line tests of every test target share.
public enum ProgramRunner {
    public struct Run: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The program of the same build as the running tests, else the debug build's; or the one
    /// `REACTION_REPORT_TEST_EXECUTABLE` names (to see a new test fail on an earlier build).
    public static var executable: URL {
        if let named = ProcessInfo.processInfo.environment["REACTION_REPORT_TEST_EXECUTABLE"] { return URL(fileURLWithPath: named) }
        // The test bundle sits beside the products of the same build.
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if folder.lastPathComponent == "MacOS" || folder.pathExtension == "xctest" { folder = folder.deletingLastPathComponent() }
        for candidate in [folder, packageRoot.appendingPathComponent(".build/debug")] {
            let url = candidate.appendingPathComponent("reaction-report")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return packageRoot.appendingPathComponent(".build/debug/reaction-report")
    }

    /// Runs `executable` with `arguments` in `folder`; `environment` replaces this process's
    /// environment when given.
    public static func run(_ arguments: [String], in folder: URL, executable: URL = executable, environment: [String: String]? = nil) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }
}
