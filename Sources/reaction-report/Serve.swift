import ArgumentParser
import Dispatch
import Foundation
import ParallelWork
import SiteServer

struct Serve: ParsableCommand {
    /// The port `serve` listens on unless told: the one `python3 -m http.server` takes, which
    /// people who preview static sites know, and which needs no privileges.
    static let defaultPort = 8000

    static let configuration = CommandConfiguration(
        abstract: "Serve a built site on 127.0.0.1, to preview it and to use its search.",
        discussion: """
            Listens on 127.0.0.1 only. Serves the site's files with their content types, a \
            folder's index.html for the folder, and nothing outside the site or under a hidden \
            name (such as .reaction-report/); no folder is ever listed. Prints the address on \
            standard output and, with --verbose, a line for each request on standard error. \
            Stops on Ctrl-C (SIGINT) or SIGTERM.
            """)

    @Option(name: .shortAndLong, help: "Folder of the built site.")
    var output = "Output"

    @Option(name: .long, help: ArgumentHelp("Port to listen on, 0 for any free one.", valueName: "n"))
    var port = Serve.defaultPort

    @Flag(name: .long, help: "Print a line for each request (method, path, status) on standard error.")
    var verbose = false

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port must be 0 to 65535") }
    }

    func run() throws {
        let site = try SiteFolder(output)
        let log: (@Sendable (String) -> Void)? = verbose ? { @Sendable line in Console.error(Console.visible(line)) } : nil
        let server = try SiteServer(site: site, port: UInt16(port), log: log)
        // Taken over before the line is printed: whoever reads it may stop the server at once.
        let stop = StopSignals()
        let listening = try Self.wait { try await server.start() }.get()
        let line = "Serving \(Console.visible(output)) at http://127.0.0.1:\(listening)/ (Ctrl-C to stop)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        stop.wait()
        _ = Self.wait { await server.stop() }
    }

    /// The result of async `work`, waited for on this thread.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> Result<T, Error> {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Result<T, Error>?>(nil)
        Task {
            let outcome: Result<T, Error>
            do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}

/// SIGINT and SIGTERM taken over from their default (ending the process at once), so that
/// `serve` stops its server first.
struct StopSignals {
    private let arrived = DispatchSemaphore(value: 0)
    private let sources: [DispatchSourceSignal]

    init() {
        let arrived = arrived
        sources = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { arrived.signal() }
            source.resume()
            return source
        }
    }

    /// Blocks until one of the two arrives.
    func wait() {
        arrived.wait()
        sources.forEach { $0.cancel() }
    }
}
