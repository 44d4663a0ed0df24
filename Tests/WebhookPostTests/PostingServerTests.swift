import CHTTP
import Foundation
import HTTPExchange
import XCTest

@testable import WebhookPost

/// The program's transport (libcurl) against a server on 127.0.0.1 that answers as each test
/// scripts: what arrives (method, path, headers, the body byte for byte), how many attempts,
/// the waits asked of the sleeper (recorded, not waited), and the messages.
final class PostingServerTests: XCTestCase {
    /// A payload of more than 1 KB with emoji, so that the body is sent the way a real digest is
    /// (curl asks `Expect: 100-continue` before a large body).
    static let payload = Array(("{\"text\":\"" + String(repeating: "Top reactions 🎉 ❤️ — week 47. ", count: 60) + "\"}").utf8)
    static let path = "/services/T000/B000/SECRETtoken"

    var server: TestHTTPServer?

    override func tearDown() {
        server?.stop()
        super.tearDown()
    }

    /// Posts the payload to a server answering `script`; returns the outcome, the waits, the
    /// notes and what the server received.
    func post(_ script: [TestHTTPServer.Reply], policy: RetryPolicy = RetryPolicy(timeout: 5)) throws -> (
        outcome: Result<WebhookPoster.Receipt, DeliveryError>, waits: [Double], notes: [String], requests: [TestHTTPServer.Request]
    ) {
        let server = try TestHTTPServer(script)
        self.server = server
        let address = try WebhookAddress(server.url(Self.path), source: "REACTION_REPORT_WEBHOOK")
        var waits: [Double] = []
        var notes: [String] = []
        let poster = WebhookPoster(transport: CurlTransport(), policy: policy, sleep: { waits.append($0) }, note: { notes.append($0) })
        let outcome = Result { () throws(DeliveryError) in try poster.post(Self.payload, to: address, what: "the 2026-W47 Slack digest") }
        server.stop()
        return (outcome, waits, notes, server.requests)
    }

    /// Every request is the same POST of the payload, as JSON, with its length.
    func assertPayloadPosted(_ requests: [TestHTTPServer.Request], count: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(requests.count, count, file: file, line: line)
        for request in requests {
            XCTAssertEqual(request.method, "POST", file: file, line: line)
            XCTAssertEqual(request.target, Self.path, file: file, line: line)
            XCTAssertEqual(request.header("Content-Type"), ["application/json"], file: file, line: line)
            XCTAssertEqual(request.header("Content-Length"), ["\(Self.payload.count)"], file: file, line: line)
            XCTAssertEqual(request.header("Transfer-Encoding"), [], file: file, line: line)
            XCTAssertEqual(request.body, Self.payload, file: file, line: line)
        }
    }

    func testAnswerTwoHundredIsOnePost() throws {
        let run = try post([.answer(200, body: "ok")])
        XCTAssertEqual(run.outcome, .success(WebhookPoster.Receipt(status: 200, attempts: 1)))
        assertPayloadPosted(run.requests, count: 1)
        XCTAssertEqual(run.waits, [])
        XCTAssertEqual(run.notes, [])
    }

    func testDiscordsTwoHundredFourIsSuccess() throws {
        let run = try post([.answer(204)])
        XCTAssertEqual(run.outcome, .success(WebhookPoster.Receipt(status: 204, attempts: 1)))
        assertPayloadPosted(run.requests, count: 1)
    }

    func testTooManyRequestsWithRetryAfterThenTwoHundred() throws {
        let run = try post([.answer(429, headers: [("Retry-After", "3")], body: "rate_limited"), .answer(200, body: "ok")])
        XCTAssertEqual(run.outcome, .success(WebhookPoster.Receipt(status: 200, attempts: 2)))
        assertPayloadPosted(run.requests, count: 2)
        XCTAssertEqual(run.waits, [3])
        XCTAssertEqual(run.notes, ["attempt 1 of 3 to 127.0.0.1 answered HTTP 429; trying again in 3 s, as its Retry-After asks"])
    }

    func testServerErrorThreeTimesGivesUpAfterThreeAttempts() throws {
        let run = try post([.answer(500, body: "boom")])
        XCTAssertEqual(
            run.outcome, .failure(DeliveryError("gave up posting the 2026-W47 Slack digest to 127.0.0.1 after 3 attempts; the last one answered HTTP 500")))
        assertPayloadPosted(run.requests, count: 3)
        XCTAssertEqual(run.waits, [1, 2])
        XCTAssertEqual(
            run.notes,
            ["attempt 1 of 3 to 127.0.0.1 answered HTTP 500; trying again in 1 s", "attempt 2 of 3 to 127.0.0.1 answered HTTP 500; trying again in 2 s"])
    }

    func testNoAnswerTimesOutEachAttemptAndGivesUp() throws {
        let start = Date()
        let run = try post([.silence], policy: RetryPolicy(timeout: 1))
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(
            run.outcome,
            .failure(DeliveryError("gave up posting the 2026-W47 Slack digest to 127.0.0.1 after 3 attempts; the last one had no answer within 1 s")))
        assertPayloadPosted(run.requests, count: 3)
        XCTAssertEqual(run.waits, [1, 2])
        XCTAssertEqual(
            run.notes,
            [
                "attempt 1 of 3 to 127.0.0.1 had no answer within 1 s; trying again in 1 s",
                "attempt 2 of 3 to 127.0.0.1 had no answer within 1 s; trying again in 2 s"
            ])
        // The transport's deadline ended each attempt after its second, not sooner.
        XCTAssertGreaterThan(elapsed, 2.9, "three attempts of 1 s took \(elapsed) s")
        XCTAssertLessThan(elapsed, 5, "three attempts of 1 s took \(elapsed) s")
    }

    func testAConnectionClosedWithoutAnswerIsRetried() throws {
        let run = try post([.hangUp, .answer(200)])
        XCTAssertEqual(run.outcome, .success(WebhookPoster.Receipt(status: 200, attempts: 2)))
        assertPayloadPosted(run.requests, count: 2)
        XCTAssertEqual(run.notes, ["attempt 1 of 3 to 127.0.0.1 failed (the connection closed without an HTTP answer); trying again in 1 s"])
    }

    func testAFailuresOwnTextIsShownWithoutTheURL() {
        let url = URL(string: "https://hooks.example/services/T0/SECRET")!
        // libcurl's text, where our words would not say enough, on one line and without the URL.
        let echoing = "SSL certificate problem: self-signed certificate\n for https://hooks.example/services/T0/SECRET"
        XCTAssertEqual(
            CurlExchange.failure(rr_http_other, message: echoing, secrets: ShownText.secrets(of: url)),
            .connectionFailed("SSL certificate problem: self-signed certificate for …"))
        XCTAssertEqual(
            CurlExchange.failure(rr_http_refused, message: "Failed to connect after 2 ms", secrets: ShownText.secrets(of: url)),
            .connectionFailed("connection refused"))
        XCTAssertEqual(
            CurlExchange.failure(rr_http_certificate_refused, message: "", secrets: ShownText.secrets(of: url)),
            .failed("the TLS connection failed (the server's certificate was not accepted)"))
        XCTAssertEqual(
            CurlExchange.failure(rr_http_certificate_refused, message: "SSL certificate problem: self-signed certificate", secrets: ShownText.secrets(of: url)),
            .failed("the TLS connection failed (the server's certificate was not accepted: SSL certificate problem: self-signed certificate)"))
        XCTAssertEqual(
            CurlExchange.failure(rr_http_timed_out, message: "Operation timed out after 1000 milliseconds", secrets: ShownText.secrets(of: url)), .noAnswer)
    }

    func testBadRequestIsNotRetried() throws {
        let run = try post([.answer(400, body: "invalid_payload")])
        XCTAssertEqual(
            run.outcome,
            .failure(
                DeliveryError("could not post the 2026-W47 Slack digest to 127.0.0.1: it answered HTTP 400, which is not retried (its answer: invalid_payload)")
            ))
        assertPayloadPosted(run.requests, count: 1)
        XCTAssertEqual(run.waits, [])
    }

    func testARedirectIsNotFollowed() throws {
        let run = try post([.answer(302, headers: [("Location", "/elsewhere")]), .answer(200)])
        XCTAssertEqual(
            run.outcome,
            .failure(DeliveryError("could not post the 2026-W47 Slack digest to 127.0.0.1: it answered HTTP 302, a redirect, which is not followed")))
        assertPayloadPosted(run.requests, count: 1)
    }

    func testARefusedConnectionIsRetried() throws {
        // A port that was just free: nothing listens on it any more.
        let closed = try TestHTTPServer([.answer(200)])
        closed.stop()
        let address = try WebhookAddress(closed.url(Self.path), source: "REACTION_REPORT_WEBHOOK")
        var waits: [Double] = []
        let poster = WebhookPoster(transport: CurlTransport(), policy: RetryPolicy(attempts: 2, timeout: 5), sleep: { waits.append($0) })
        XCTAssertThrowsError(try poster.post(Self.payload, to: address, what: "the 2026-W47 Slack digest")) { error in
            XCTAssertEqual(
                error as? DeliveryError,
                DeliveryError("gave up posting the 2026-W47 Slack digest to 127.0.0.1 after 2 attempts; the last one failed (connection refused)"))
        }
        XCTAssertEqual(waits, [1])
    }
}
