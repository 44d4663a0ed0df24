import Foundation
import ProgramRunner

/// Runs the built `reaction-report` executable with an environment of the test's choosing.
enum CommandRunner {
    typealias Run = ProgramRunner.Run

    /// Runs the program in `folder` with this process's environment, less any webhook variable,
    /// plus `environment`.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Run {
        var variables = ProcessInfo.processInfo.environment
        variables["REACTION_REPORT_WEBHOOK"] = nil
        variables.merge(environment) { $1 }
        return try ProgramRunner.run(arguments, in: folder, environment: variables)
    }
}
