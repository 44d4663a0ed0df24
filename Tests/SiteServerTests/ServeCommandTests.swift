import CPosix
import Foundation
import ProgramRunner
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// `reaction-report serve` run as a program: its errors, its one line, its log, its stop.
final class ServeCommandTests: XCTestCase {
    private var fixture: SiteFixture!

    override func setUpWithError() throws { fixture = try SiteFixture() }
    override func tearDown() { fixture.remove() }

    func testAMissingFolderIsNamedWithWhatToDo() throws {
        let run = try ProgramRunner.run(["serve", "-o", "nowhere"], in: fixture.base)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(
            run.stderr,
            "reaction-report: error: nowhere is not a built site (the folder does not exist); run `reaction-report build -o nowhere` first\n")
        let defaulted = try ProgramRunner.run(["serve"], in: fixture.base)
        XCTAssertEqual(defaulted.status, 2)
        XCTAssertEqual(
            defaulted.stderr,
            "reaction-report: error: Output is not a built site (the folder does not exist); run `reaction-report build -o Output` first\n")
    }

    func testAFolderWithoutASiteAndAFileAreRefused() throws {
        let folder = try ProgramRunner.run(["serve", "-o", "outside"], in: fixture.base)
        XCTAssertEqual(folder.status, 2)
        XCTAssertEqual(
            folder.stderr,
            "reaction-report: error: outside is not a built site (it holds no index.html); run `reaction-report build -o outside` first\n")
        let file = try ProgramRunner.run(["serve", "-o", "site/index.html"], in: fixture.base)
        XCTAssertEqual(file.status, 2)
        XCTAssertEqual(
            file.stderr,
            "reaction-report: error: site/index.html is not a built site (it is not a folder); run `reaction-report build -o site/index.html` first\n")
    }

    func testATakenPortIsNamedWithWhatToDo() throws {
        var port: UInt16 = 0
        let taken = rr_listen_loopback(&port)
        XCTAssertGreaterThanOrEqual(taken, 0)
        defer { close(taken) }
        let run = try ProgramRunner.run(["serve", "-o", "site", "--port", String(port)], in: fixture.base)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(
            run.stderr,
            "reaction-report: error: cannot listen on 127.0.0.1:\(port): Address already in use; choose another port with --port N, or --port 0 for any free one\n"
        )
    }

    func testServesPrintsItsAddressLogsWithVerboseAndStopsOnSIGTERM() throws {
        let serving = try ServingProgram(["serve", "-o", "site", "--port", "0", "--verbose"], in: fixture.base)
        let client = try LoopbackClient(port: serving.port)
        client.request("GET", "/")
        XCTAssertEqual(client.receive()?.status, 200)
        client.request("GET", "/.hidden", close: true)
        XCTAssertEqual(client.receive()?.status, 404)
        let end = serving.stop(SIGTERM)
        XCTAssertEqual(end.status, 0)
        XCTAssertEqual(end.stdout, "Serving site at http://127.0.0.1:\(serving.port)/ (Ctrl-C to stop)\n")
        XCTAssertEqual(end.stderr, "GET / 200\nGET /.hidden 404\n")
    }

    func testStopsOnSIGINTAndLogsNothingWithoutVerbose() throws {
        let serving = try ServingProgram(["serve", "-o", "site", "--port", "0"], in: fixture.base)
        let client = try LoopbackClient(port: serving.port)
        client.request("GET", "/style.css", close: true)
        XCTAssertEqual(client.receive()?.status, 200)
        let end = serving.stop(SIGINT)
        XCTAssertEqual(end.status, 0)
        XCTAssertEqual(end.stdout, "Serving site at http://127.0.0.1:\(serving.port)/ (Ctrl-C to stop)\n")
        XCTAssertEqual(end.stderr, "")
    }
}

/// The program serving, started and read up to its first line (which gives the port).
private struct ServingProgram {
    let process = Process()
    let out = Pipe()
    let err = Pipe()
    private(set) var port: UInt16 = 0
    private(set) var firstLine = ""

    init(_ arguments: [String], in folder: URL) throws {
        process.executableURL = ProgramRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var bytes: [UInt8] = []
        while !bytes.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            bytes += chunk
        }
        firstLine = String(decoding: bytes, as: UTF8.self)
        let address = try XCTUnwrap(firstLine.firstRange(of: "http://127.0.0.1:"), firstLine)
        port = try XCTUnwrap(UInt16(firstLine[address.upperBound...].prefix { $0.isNumber }), firstLine)
    }

    /// How the program ended: its status and everything it printed.
    struct Ending {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Sends `signal` and waits for the program to end; one that is still running 10 s later is
    /// killed, and its status is then -1.
    func stop(_ signal: Int32) -> Ending {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        let stopped = !process.isRunning
        if !stopped { kill(process.processIdentifier, SIGKILL) }
        let rest = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Ending(
            status: stopped && process.terminationReason == .exit ? process.terminationStatus : -1, stdout: firstLine + String(decoding: rest, as: UTF8.self),
            stderr: String(decoding: errors, as: UTF8.self))
    }
}
