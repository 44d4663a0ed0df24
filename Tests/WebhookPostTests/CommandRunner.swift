import Foundation

/// Runs the built `reaction-report` executable with an environment of the test's choosing.
enum CommandRunner {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        // The test bundle sits beside the products of the same build.
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if folder.lastPathComponent == "MacOS" || folder.pathExtension == "xctest" { folder = folder.deletingLastPathComponent() }
        for candidate in [folder, WebhookTestSupport.packageRoot.appendingPathComponent(".build/debug")] {
            let url = candidate.appendingPathComponent("reaction-report")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return WebhookTestSupport.packageRoot.appendingPathComponent(".build/debug/reaction-report")
    }

    /// Runs the program in `folder` with this process's environment, less any webhook variable,
    /// plus `environment`.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var variables = ProcessInfo.processInfo.environment
        variables["REACTION_REPORT_WEBHOOK"] = nil
        variables.merge(environment) { $1 }
        process.environment = variables
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
