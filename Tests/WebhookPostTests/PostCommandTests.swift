import Foundation
import XCTest

/// `reaction-report post`, run as a program against a server on 127.0.0.1, with the webhook URL
/// from the environment or a file: what the server receives, the exit status, and every line
/// printed, which must never hold the URL (its path is the webhook's secret).
final class PostCommandTests: XCTestCase {
    static let path = "/services/T000/B000/SECRETtoken"

    var server: TestHTTPServer?
    var folder: URL!

    override func setUpWithError() throws {
        folder = try WebhookTestSupport.temporaryFolder()
        _ = try WebhookTestSupport.site(in: folder)
    }

    override func tearDown() {
        server?.stop()
        super.tearDown()
    }

    /// Starts a server answering `script`; returns the webhook URL.
    func serve(_ script: [TestHTTPServer.Reply]) throws -> String {
        let server = try TestHTTPServer(script)
        self.server = server
        return server.url(Self.path)
    }

    /// Runs `post` and checks that nothing it printed holds the URL or its path.
    func post(_ arguments: [String], environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> CommandRunner.Run {
        let run = try CommandRunner.run(["post", "-o", "site"] + arguments, in: folder, environment: environment)
        for output in [run.stdout, run.stderr] {
            XCTAssertFalse(output.contains("SECRET"), "the webhook URL was printed: \(output)", file: file, line: line)
            XCTAssertFalse(output.contains("/services/"), "the webhook URL was printed: \(output)", file: file, line: line)
        }
        return run
    }

    func payload(_ week: String, _ format: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent("site/weeks/\(week)/digest.\(format).json")))
    }

    func assertReceived(_ count: Int, _ body: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let requests = server!.requests
        XCTAssertEqual(requests.count, count, file: file, line: line)
        for request in requests {
            XCTAssertEqual(request.method, "POST", file: file, line: line)
            XCTAssertEqual(request.target, Self.path, file: file, line: line)
            XCTAssertEqual(request.header("content-type"), ["application/json"], file: file, line: line)
            XCTAssertEqual(request.body, body, file: file, line: line)
        }
    }

    func testPostsTheLatestSlackDigestToTheURLInTheEnvironment() throws {
        let url = try serve([.answer(200, body: "ok")])
        let run = try post(["--format", "slack"], environment: ["REACTION_REPORT_WEBHOOK": url])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "posted the 2026-W48 Slack digest to 127.0.0.1\n")
        XCTAssertEqual(run.stderr, WebhookTestSupport.latestNote)
        assertReceived(1, try payload("2026-W48", "slack"))
    }

    func testTheWebhookFileWinsOverTheEnvironment() throws {
        let url = try serve([.answer(204)])
        let hook = folder.appendingPathComponent("hook.txt")
        try Data("\n\(url)\n".utf8).write(to: hook)
        let run = try post(
            ["--format", "discord", "--week", "2026-W47", "--webhook-file", "hook.txt"],
            environment: ["REACTION_REPORT_WEBHOOK": "http://127.0.0.1:9/services/T000/B000/SECRETelsewhere"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "posted the 2026-W47 Discord digest to 127.0.0.1\n")
        assertReceived(1, try payload("2026-W47", "discord"))
    }

    func testTooManyRequestsThenSuccess() throws {
        let url = try serve([.answer(429, headers: [("Retry-After", "0")]), .answer(200, body: "ok")])
        let run = try post(["--format", "slack"], environment: ["REACTION_REPORT_WEBHOOK": url])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "posted the 2026-W48 Slack digest to 127.0.0.1\n")
        XCTAssertEqual(
            run.stderr,
            WebhookTestSupport.latestNote + "reaction-report: attempt 1 of 3 to 127.0.0.1 answered HTTP 429; trying again in 0 s, as its Retry-After asks\n")
        assertReceived(2, try payload("2026-W48", "slack"))
    }

    func testServerErrorsThreeTimesIsExitTwo() throws {
        let url = try serve([.answer(500, headers: [("Retry-After", "0")], body: "error at \(Self.path)")])
        let run = try post(["--format", "slack", "--week", "2026-W46"], environment: ["REACTION_REPORT_WEBHOOK": url])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(
            run.stderr,
            """
            reaction-report: attempt 1 of 3 to 127.0.0.1 answered HTTP 500; trying again in 0 s, as its Retry-After asks
            reaction-report: attempt 2 of 3 to 127.0.0.1 answered HTTP 500; trying again in 0 s, as its Retry-After asks
            reaction-report: error: gave up posting the 2026-W46 Slack digest to 127.0.0.1 after 3 attempts; the last one answered HTTP 500

            """)
        assertReceived(3, try payload("2026-W46", "slack"))
    }

    func testNoAnswerIsExitTwoAfterTheTimeout() throws {
        let url = try serve([.silence])
        let run = try post(["--format", "slack", "--timeout", "1", "--attempts", "2"], environment: ["REACTION_REPORT_WEBHOOK": url])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.stderr,
            WebhookTestSupport.latestNote + """
                reaction-report: attempt 1 of 2 to 127.0.0.1 had no answer within 1 s; trying again in 1 s
                reaction-report: error: gave up posting the 2026-W48 Slack digest to 127.0.0.1 after 2 attempts; the last one had no answer within 1 s

                """)
        assertReceived(2, try payload("2026-W48", "slack"))
    }

    func testAnEndlessAnswerIsNotRead() throws {
        let url = try serve([.endless(200)])
        let run = try post(["--format", "slack"], environment: ["REACTION_REPORT_WEBHOOK": url])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "posted the 2026-W48 Slack digest to 127.0.0.1\n")
        XCTAssertEqual(run.stderr, WebhookTestSupport.latestNote)
        server!.stop()
        XCTAssertEqual(server!.streams.count, 1)
        // The transport that read whole answers took all 64 MiB the server sends at most.
        XCTAssertLessThan(server!.streams.first?.bytes ?? .max, 16 << 20)
    }

    func testAnAnswerDrippedByteByByteEndsAtTheTimeout() throws {
        // A header line every 0.6 s, for ever: the answer never ends.
        let url = try serve([.drip(sent: "HTTP/1.1 200 OK\r\n", dripped: "a: b\r\n")])
        let run = try post(["--format", "slack", "--timeout", "1", "--attempts", "2"], environment: ["REACTION_REPORT_WEBHOOK": url])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.stderr,
            WebhookTestSupport.latestNote + """
                reaction-report: attempt 1 of 2 to 127.0.0.1 had no answer within 1 s; trying again in 1 s
                reaction-report: error: gave up posting the 2026-W48 Slack digest to 127.0.0.1 after 2 attempts; the last one had no answer within 1 s

                """)
        server!.stop()
        // Each attempt closed its connection after about 10 bytes (1 s); the transport that
        // waited 5 s more took about 60.
        XCTAssertEqual(server!.streams.map(\.closedByClient), [true, true])
        XCTAssertEqual(server!.streams.filter { $0.bytes >= 30 }, [])
    }

    func testBadRequestIsExitTwoAtOnceAndItsAnswerHidesTheURL() throws {
        let url = try serve([.answer(400, body: "invalid_blocks: \(Self.path)")])
        let hook = folder.appendingPathComponent("hook.txt")
        try Data(url.utf8).write(to: hook)
        let run = try post(["--format", "slack", "--webhook-file", hook.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.stderr,
            WebhookTestSupport.latestNote
                + "reaction-report: error: could not post the 2026-W48 Slack digest to 127.0.0.1: it answered HTTP 400, which is not retried (its answer: invalid_blocks: …)\n"
        )
        assertReceived(1, try payload("2026-W48", "slack"))
    }

    func testARefusedConnectionIsExitTwo() throws {
        let url = try serve([.answer(200)])
        server!.stop()
        let run = try post(["--format", "slack", "--attempts", "1"], environment: ["REACTION_REPORT_WEBHOOK": url])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.stderr,
            WebhookTestSupport.latestNote
                + "reaction-report: error: gave up posting the 2026-W48 Slack digest to 127.0.0.1 after 1 attempt; the last one failed (connection refused)\n"
        )
    }

    func testMissingOrBadWebhookURLsAreExitTwoAndNameTheirSource() throws {
        try Data("ftp://127.0.0.1/services/T000/B000/SECRETtoken\n".utf8).write(to: folder.appendingPathComponent("hook.txt"))
        let cases: [([String], [String: String], String)] = [
            (
                ["--format", "slack"], [:],
                "no webhook URL: set REACTION_REPORT_WEBHOOK to the incoming webhook's URL, or give --webhook-file FILE"
            ),
            (
                ["--format", "slack"], ["REACTION_REPORT_WEBHOOK": "127.0.0.1/services/T000/B000/SECRETtoken"],
                "REACTION_REPORT_WEBHOOK does not hold an http:// or https:// URL (its text is not shown, as it may be secret)"
            ),
            (
                ["--format", "slack", "--webhook-file", "hook.txt"], [:],
                "the webhook file 'hook.txt' does not hold an http:// or https:// URL (its text is not shown, as it may be secret)"
            ),
            (["--format", "slack", "--webhook-file", "missing.txt"], [:], "cannot read the webhook file 'missing.txt'")
        ]
        for (arguments, environment, message) in cases {
            let run = try post(arguments, environment: environment)
            XCTAssertEqual(run.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(run.stderr, WebhookTestSupport.latestNote + "reaction-report: error: \(message)\n")
            XCTAssertEqual(run.stdout, "")
        }
    }

    func testDryRunPrintsThePayloadAndSendsNothing() throws {
        let url = try serve([.answer(200)])
        let run = try post(["--format", "discord", "--week", "2026-W46", "--dry-run"], environment: ["REACTION_REPORT_WEBHOOK": url])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(Array(run.stdout.utf8), try payload("2026-W46", "discord"))
        XCTAssertEqual(run.stderr, "reaction-report: dry run: the 2026-W46 Discord digest was not sent\n")
        let withoutURL = try post(["--format", "slack", "--dry-run"])
        XCTAssertEqual(withoutURL.status, 0, withoutURL.stderr)
        XCTAssertEqual(Array(withoutURL.stdout.utf8), try payload("2026-W48", "slack"))
        XCTAssertEqual(server!.requests.count, 0)
    }

    func testUsageErrorsAreExitOne() throws {
        for arguments in [[], ["--format", "text"], ["--format", "slack", "--timeout", "0.5"], ["--format", "slack", "--attempts", "11"]] {
            let run = try post(arguments)
            XCTAssertEqual(run.status, 1, arguments.joined(separator: " "))
        }
        // A URL on the command line is not read (the argument parser names it as unexpected).
        let url = try serve([.answer(200)])
        let plainURL = try CommandRunner.run(["post", "-o", "site", "--format", "slack", url], in: folder)
        XCTAssertEqual(plainURL.status, 1)
        XCTAssertEqual(server!.requests.count, 0)
    }
}
