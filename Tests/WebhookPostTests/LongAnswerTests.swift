import Foundation
import HTTPExchange
import XCTest

@testable import WebhookPost

/// The program's transport against answers that do not end, from a server on 127.0.0.1: an
/// endless body is read no further than the transport's bound (the server sees the connection
/// closed after little of it), an answer dripped byte by byte ends at the timeout, and the
/// excerpt of a cut body is bounded and holds no part of the URL.
final class LongAnswerTests: XCTestCase {
    static let path = "/services/T000/B000/SECRETtoken"
    /// The transport's bound on what it reads of a body: 64 KiB.
    static let bound = 64 << 10
    /// What the server may send of an endless body before it sees the connection closed: the
    /// bound, and what the sockets and libcurl hold (the transport that read whole answers took
    /// all 64 MiB the server sends at most).
    static let mostSent = 16 << 20
    /// Bytes a server dripping one every 100 ms may send before a 1 s attempt ends: 3 s of them.
    static let mostDripped = 30

    var server: TestHTTPServer?

    override func tearDown() {
        server?.stop()
        super.tearDown()
    }

    /// Posts a payload to a server answering `script`; returns the outcome, the notes and how
    /// each endless or dripped answer went.
    func post(_ script: [TestHTTPServer.Reply], policy: RetryPolicy = RetryPolicy(timeout: 5)) throws -> (
        outcome: Result<WebhookPoster.Receipt, DeliveryError>, notes: [String], streams: [TestHTTPServer.Stream]
    ) {
        let server = try TestHTTPServer(script)
        self.server = server
        let address = try WebhookAddress(server.url(Self.path), source: "REACTION_REPORT_WEBHOOK")
        var notes: [String] = []
        let poster = WebhookPoster(transport: CurlTransport(), policy: policy, sleep: { _ in }, note: { notes.append($0) })
        let outcome = Result { () throws(DeliveryError) in try poster.post(Array("{\"text\":\"hi\"}".utf8), to: address, what: "the 2026-W47 Slack digest") }
        server.stop()
        return (outcome, notes, server.streams)
    }

    /// `count` answers, each ended by the client closing the connection after at most `most`
    /// bytes.
    func assertClosedEarly(_ streams: [TestHTTPServer.Stream], count: Int, most: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(streams.count, count, file: file, line: line)
        for stream in streams {
            XCTAssertTrue(stream.closedByClient, "the client did not close the connection: \(stream)", file: file, line: line)
            XCTAssertLessThan(stream.bytes, most, file: file, line: line)
        }
    }

    func testAnEndlessSuccessIsNotRead() throws {
        let run = try post([.endless(200)])
        XCTAssertEqual(run.outcome, .success(WebhookPoster.Receipt(status: 200, attempts: 1)))
        XCTAssertEqual(run.notes, [])
        assertClosedEarly(run.streams, count: 1, most: Self.mostSent)
    }

    func testAnEndlessServerErrorIsRetriedAndNotRead() throws {
        let run = try post([.endless(500, headers: [("Retry-After", "0")])])
        XCTAssertEqual(
            run.outcome, .failure(DeliveryError("gave up posting the 2026-W47 Slack digest to 127.0.0.1 after 3 attempts; the last one answered HTTP 500")))
        XCTAssertEqual(
            run.notes,
            [
                "attempt 1 of 3 to 127.0.0.1 answered HTTP 500; trying again in 0 s, as its Retry-After asks",
                "attempt 2 of 3 to 127.0.0.1 answered HTTP 500; trying again in 0 s, as its Retry-After asks"
            ])
        assertClosedEarly(run.streams, count: 3, most: Self.mostSent)
    }

    func testAnEndlessRefusalShowsABoundedExcerpt() throws {
        let run = try post([.endless(400, start: "invalid_blocks: \(Self.path) ")])
        // "invalid_blocks: … " and 181 of the x that follow: 199 characters, then "…".
        let excerpt = "invalid_blocks: … " + String(repeating: "x", count: 181) + "…"
        XCTAssertEqual(
            run.outcome,
            .failure(
                DeliveryError("could not post the 2026-W47 Slack digest to 127.0.0.1: it answered HTTP 400, which is not retried (its answer: \(excerpt))")))
        assertClosedEarly(run.streams, count: 1, most: Self.mostSent)
    }

    func testABodyCutInTheURLShowsNoPartOfIt() throws {
        // The bound falls after "/services/": the start of the URL's path is not shown either.
        let start = "denied" + String(repeating: " ", count: Self.bound - 16) + Self.path
        let run = try post([.endless(403, start: start)])
        XCTAssertEqual(
            run.outcome,
            .failure(DeliveryError("could not post the 2026-W47 Slack digest to 127.0.0.1: it answered HTTP 403, which is not retried (its answer: denied…)")))
        assertClosedEarly(run.streams, count: 1, most: Self.mostSent)
    }

    func testARedirectSentFlatOutIsAnsweredAtOnceAndNotRead() throws {
        let start = "moved to /elsewhere "
        let began = Date()
        let run = try post([.endless(302, headers: [("Location", "/elsewhere")], start: start, flatOut: true), .answer(200)])
        let elapsed = Date().timeIntervalSince(began)
        let excerpt = start + String(repeating: "x", count: 199 - start.count) + "…"
        XCTAssertEqual(
            run.outcome,
            .failure(
                DeliveryError(
                    "could not post the 2026-W47 Slack digest to 127.0.0.1: it answered HTTP 302, a redirect, which is not followed (its answer: \(excerpt))")))
        XCTAssertEqual(run.notes, [])
        assertClosedEarly(run.streams, count: 1, most: Self.mostSent)
        // Answered when its head and the start of its body came, not at the 5 s timeout.
        XCTAssertLessThan(elapsed, 2.5, "the redirect took \(elapsed) s")
    }

    func testAServerErrorSentFlatOutIsClosedOnEveryAttempt() throws {
        let run = try post([.endless(500, headers: [("Retry-After", "0")], start: "overloaded ", flatOut: true)])
        XCTAssertEqual(
            run.outcome, .failure(DeliveryError("gave up posting the 2026-W47 Slack digest to 127.0.0.1 after 3 attempts; the last one answered HTTP 500")))
        XCTAssertEqual(
            run.notes,
            [
                "attempt 1 of 3 to 127.0.0.1 answered HTTP 500; trying again in 0 s, as its Retry-After asks",
                "attempt 2 of 3 to 127.0.0.1 answered HTTP 500; trying again in 0 s, as its Retry-After asks"
            ])
        assertClosedEarly(run.streams, count: 3, most: Self.mostSent)
    }

    func testAnAnswerDrippedBeforeItsHeadEndsIsNoAnswerAtTheTimeout() throws {
        // A header line every 0.6 s: a timer that waits for silence never fires.
        let run = try post([.drip(sent: "HTTP/1.1 500 Internal Server Error\r\n", dripped: "a: b\r\n")], policy: RetryPolicy(attempts: 2, timeout: 1))
        XCTAssertEqual(
            run.outcome,
            .failure(DeliveryError("gave up posting the 2026-W47 Slack digest to 127.0.0.1 after 2 attempts; the last one had no answer within 1 s")))
        XCTAssertEqual(run.notes, ["attempt 1 of 2 to 127.0.0.1 had no answer within 1 s; trying again in 1 s"])
        assertClosedEarly(run.streams, count: 2, most: Self.mostDripped)
    }

    func testABodyDrippedAfterTheHeadEndsAtTheTimeoutWithWhatCame() throws {
        let head = "HTTP/1.1 400 Bad Request\r\nContent-Length: 1000\r\n\r\n"
        let run = try post([.drip(sent: head + "invalid_payload", dripped: " ")], policy: RetryPolicy(timeout: 1))
        XCTAssertEqual(
            run.outcome,
            .failure(
                DeliveryError(
                    "could not post the 2026-W47 Slack digest to 127.0.0.1: it answered HTTP 400, which is not retried (its answer: invalid_payload…)")))
        assertClosedEarly(run.streams, count: 1, most: Self.mostDripped)
    }

    func testASuccessWhoseBodyDripsIsNotWaitedFor() throws {
        let run = try post([.drip(sent: "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\no", dripped: "k")])
        XCTAssertEqual(run.outcome, .success(WebhookPoster.Receipt(status: 200, attempts: 1)))
        assertClosedEarly(run.streams, count: 1, most: Self.mostDripped)
    }
}
