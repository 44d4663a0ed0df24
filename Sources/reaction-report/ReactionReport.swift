import ArgumentParser
import ChatFetch
import Foundation
import ReactionReportKit
import SiteServer
import WebhookPost

@main
struct ReactionReport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reaction-report",
        abstract: "Turn exported chat history into reaction reports: a static site, Markdown and data.",
        version: "reaction-report " + ReactionReportVersion.current,
        subcommands: [Build.self, Inspect.self, Formats.self, Fetch.self, Digest.self, Post.self, Serve.self],
        defaultSubcommand: Build.self)

    /// The names a first argument is taken for a command by: the subcommands' and `help`.
    static var commandNames: [String] { configuration.subcommands.map { $0._commandName } + ["help"] }

    /// Parses, runs, and maps failures to the documented exit codes:
    /// 0 success, 1 usage, 2 input (or template, or output) error, 3 diagnostics under --strict.
    /// A bare `reaction-report` with no `Examples` folder to build prints the help, on stderr
    /// with exit status 1: nothing was built, which a script must see, as for any usage error.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if FirstArgument.isBareWithoutExamples(arguments) {
            FileHandle.standardError.write(Data((helpMessage() + "\n").utf8))
            Foundation.exit(1)
        }
        if let command = FirstArgument.misspeltCommand(arguments, commands: commandNames) {
            fail("unknown command '\(arguments[0])'; did you mean '\(command)'?", code: 1)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let error as ReportBuild.StepError {
            fail("\(error.step): " + message(for: error.underlying), code: 2)
        } catch let error as LocatedError {
            fail(error.description, code: 2)
        } catch let error as ConfigurationError {
            fail(error.description, code: 2)
        } catch let error as OutputFolder.Refusal {
            fail(error.description, code: error.kind == .usage ? 1 : 2)
        } catch let error as PublishError {
            fail(error.description + "; the previous output is unchanged", code: 2)
        } catch let error as DeliveryError {
            fail(error.description, code: 2)
        } catch let error as SiteServerError {
            fail(error.description, code: 2)
        } catch let error as FetchError {
            fail(error.description, code: error.exitCode)
        } catch let error as ReportBuild.StrictFailure {
            Console.printDiagnostics(error.outcome.result.diagnostics)
            fail(error.description, code: 3)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(1)
        }
    }

    /// The sentence for an error of a step.
    static func message(for error: Error) -> String {
        switch error {
        case let error as PublishError: return error.description + "; the previous output is unchanged"
        default: return String(describing: error)
        }
    }

    static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data("reaction-report: error: \(Console.visible(message))\n".utf8))
        Foundation.exit(code)
    }
}
