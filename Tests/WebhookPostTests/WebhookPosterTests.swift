import Foundation
import HTTPExchange
import ParallelWork
import XCTest

@testable import WebhookPost

/// The poster's decisions with a scripted transport: which results are retried, the waits
/// asked of the sleeper, the notes, and the messages; nothing waits for real.
final class WebhookPosterTests: XCTestCase {
    /// Answers each attempt with the next result of its script and counts the attempts.
    struct ScriptedTransport: WebhookTransport {
        let script: [AttemptResult]
        let sent = Locked<[WebhookRequest]>([])

        func send(_ request: WebhookRequest) -> AttemptResult {
            sent.withLock {
                $0.append(request)
                return script[$0.count - 1]
            }
        }
    }

    /// What a posting did: its receipt or error, the waits and the notes.
    struct Run {
        var outcome: Result<WebhookPoster.Receipt, DeliveryError>
        var waits: [Double]
        var notes: [String]
        var attempts: Int
    }

    let address = try! WebhookAddress("https://hooks.slack.com/services/T000/B000/SECRETtoken", source: "REACTION_REPORT_WEBHOOK")
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func post(_ script: [AttemptResult], policy: RetryPolicy = RetryPolicy()) -> Run {
        let transport = ScriptedTransport(script: script)
        var waits: [Double] = []
        var notes: [String] = []
        let poster = WebhookPoster(transport: transport, policy: policy, sleep: { waits.append($0) }, now: { self.now }, note: { notes.append($0) })
        let outcome = Result { () throws(DeliveryError) in try poster.post(Array("{}".utf8), to: address, what: "the 2026-W47 Slack digest") }
        let sent = transport.sent.withLock { $0 }
        XCTAssertTrue(sent.allSatisfy { $0 == WebhookRequest(url: address.url, body: Array("{}".utf8), timeout: policy.timeout) })
        return Run(outcome: outcome, waits: waits, notes: notes, attempts: sent.count)
    }

    func testTwoHundredAndTwoHundredFourAreSuccessAtTheFirstAttempt() {
        for status in [200, 204, 299] {
            let run = post([.answered(HTTPAnswer(status: status))])
            XCTAssertEqual(run.outcome, .success(WebhookPoster.Receipt(status: status, attempts: 1)))
            XCTAssertEqual(run.waits, [])
            XCTAssertEqual(run.notes, [])
        }
    }

    func testTooManyRequestsWaitsWhatRetryAfterAsks() {
        let run = post([.answered(HTTPAnswer(status: 429, retryAfter: "7")), .answered(HTTPAnswer(status: 200, body: Array("ok".utf8)))])
        XCTAssertEqual(run.outcome, .success(WebhookPoster.Receipt(status: 200, attempts: 2)))
        XCTAssertEqual(run.waits, [7])
        XCTAssertEqual(run.notes, ["attempt 1 of 3 to hooks.slack.com answered HTTP 429; trying again in 7 s, as its Retry-After asks"])
    }

    func testRetryAfterIsCutToSixtySecondsAndMayBeAFractionOrADate() {
        let long = post([.answered(HTTPAnswer(status: 429, retryAfter: "3600")), .answered(HTTPAnswer(status: 204))])
        XCTAssertEqual(long.waits, [60])
        XCTAssertEqual(
            long.notes,
            ["attempt 1 of 3 to hooks.slack.com answered HTTP 429; trying again in 60 s (its Retry-After asked for 3600 s; 60 s at most)"])
        let fraction = post([.answered(HTTPAnswer(status: 429, retryAfter: " 1.25")), .answered(HTTPAnswer(status: 204))])
        XCTAssertEqual(fraction.waits, [1.25])
        XCTAssertEqual(fraction.notes, ["attempt 1 of 3 to hooks.slack.com answered HTTP 429; trying again in 1.25 s, as its Retry-After asks"])
        // 1_795_000_000 is Wed, 18 Nov 2026 11:06:40 GMT; the date asks for 20 s more.
        let date = post([.answered(HTTPAnswer(status: 429, retryAfter: "Wed, 18 Nov 2026 11:07:00 GMT")), .answered(HTTPAnswer(status: 204))])
        XCTAssertEqual(date.waits, [20])
        // A value that is neither: the backoff's wait.
        let junk = post([.answered(HTTPAnswer(status: 429, retryAfter: "soon")), .answered(HTTPAnswer(status: 204))])
        XCTAssertEqual(junk.waits, [1])
        XCTAssertEqual(junk.notes, ["attempt 1 of 3 to hooks.slack.com answered HTTP 429; trying again in 1 s"])
    }

    func testServerErrorsThreeTimesGiveUpAfterThreeAttemptsWithBackoff() {
        let run = post(Array(repeating: .answered(HTTPAnswer(status: 500, body: Array("oops".utf8))), count: 3))
        XCTAssertEqual(
            run.outcome,
            .failure(DeliveryError("gave up posting the 2026-W47 Slack digest to hooks.slack.com after 3 attempts; the last one answered HTTP 500")))
        XCTAssertEqual(run.attempts, 3)
        XCTAssertEqual(run.waits, [1, 2])
        XCTAssertEqual(
            run.notes,
            [
                "attempt 1 of 3 to hooks.slack.com answered HTTP 500; trying again in 1 s",
                "attempt 2 of 3 to hooks.slack.com answered HTTP 500; trying again in 2 s"
            ])
    }

    func testNoAnswerAndFailedConnectionsAreRetriedUpToTheAttemptsGiven() {
        let policy = RetryPolicy(attempts: 6, timeout: 4)
        let run = post(
            [.noAnswer, .connectionFailed("connection refused"), .noAnswer, .answered(HTTPAnswer(status: 503)), .noAnswer, .noAnswer], policy: policy)
        XCTAssertEqual(
            run.outcome,
            .failure(DeliveryError("gave up posting the 2026-W47 Slack digest to hooks.slack.com after 6 attempts; the last one had no answer within 4 s")))
        XCTAssertEqual(run.waits, [1, 2, 4, 8, 16])
        XCTAssertEqual(
            run.notes,
            [
                "attempt 1 of 6 to hooks.slack.com had no answer within 4 s; trying again in 1 s",
                "attempt 2 of 6 to hooks.slack.com failed (connection refused); trying again in 2 s",
                "attempt 3 of 6 to hooks.slack.com had no answer within 4 s; trying again in 4 s",
                "attempt 4 of 6 to hooks.slack.com answered HTTP 503; trying again in 8 s",
                "attempt 5 of 6 to hooks.slack.com had no answer within 4 s; trying again in 16 s"
            ])
        let once = post([.connectionFailed("host not found")], policy: RetryPolicy(attempts: 1))
        XCTAssertEqual(
            once.outcome,
            .failure(
                DeliveryError("gave up posting the 2026-W47 Slack digest to hooks.slack.com after 1 attempt; the last one failed (host not found)")))
    }

    func testBackoffDoublesUpToThirtySeconds() {
        XCTAssertEqual((1...8).map { RetryPolicy().backoff(afterAttempt: $0) }, [1, 2, 4, 8, 16, 30, 30, 30])
    }

    func testOtherAnswersAreNotRetriedAndTheirTextHidesTheURL() {
        let body = "invalid_blocks\n  for https://hooks.slack.com/services/T000/B000/SECRETtoken and /services/T000/B000/SECRETtoken"
        let refused = post([.answered(HTTPAnswer(status: 400, body: Array(body.utf8)))])
        XCTAssertEqual(
            refused.outcome,
            .failure(
                DeliveryError(
                    "could not post the 2026-W47 Slack digest to hooks.slack.com: it answered HTTP 400, which is not retried (its answer: invalid_blocks for … and …)"
                )))
        XCTAssertEqual(refused.attempts, 1)
        XCTAssertEqual(refused.waits, [])
        let gone = post([.answered(HTTPAnswer(status: 404))])
        XCTAssertEqual(
            gone.outcome, .failure(DeliveryError("could not post the 2026-W47 Slack digest to hooks.slack.com: it answered HTTP 404, which is not retried")))
        let moved = post([.answered(HTTPAnswer(status: 301))])
        XCTAssertEqual(
            moved.outcome,
            .failure(DeliveryError("could not post the 2026-W47 Slack digest to hooks.slack.com: it answered HTTP 301, a redirect, which is not followed")))
        let tls = post([.failed("the TLS connection failed (the server's certificate was not accepted)")])
        XCTAssertEqual(
            tls.outcome,
            .failure(
                DeliveryError(
                    "could not post the 2026-W47 Slack digest to hooks.slack.com: the TLS connection failed (the server's certificate was not accepted), which is not retried"
                )))
        XCTAssertEqual(tls.attempts, 1)
    }

    func testAnAnswersTextIsCutAtTwoHundredCharacters() {
        let text = String(repeating: "é", count: 300)
        XCTAssertEqual(ShownText.excerpt(text, hiding: []), String(repeating: "é", count: 199) + "…")
        XCTAssertNil(ShownText.excerpt(" \r\n ", hiding: []))
    }

    func testACutAnswersExcerptEndsWithAnEllipsisAndShowsNoStartOfTheURL() {
        let cut = post([.answered(HTTPAnswer(status: 403, body: Array("denied for https://hooks.slack.com/services/T0".utf8), bodyIsCut: true))])
        XCTAssertEqual(
            cut.outcome,
            .failure(
                DeliveryError(
                    "could not post the 2026-W47 Slack digest to hooks.slack.com: it answered HTTP 403, which is not retried (its answer: denied for…)")))
        let secrets = address.secrets
        XCTAssertEqual(ShownText.excerpt("invalid_payload \n ", hiding: secrets, cut: true), "invalid_payload…")
        XCTAssertEqual(ShownText.excerpt("denied: /services/T000/B0", hiding: secrets, cut: true), "denied:…")
        XCTAssertEqual(ShownText.excerpt("denied: /services/T000/B000/SECRETtoken, not /serv", hiding: secrets, cut: true), "denied: …, not…")
        // One character begins no secret; a text that is not cut keeps its end.
        XCTAssertEqual(ShownText.excerpt("denied h", hiding: secrets, cut: true), "denied h…")
        XCTAssertEqual(ShownText.excerpt("denied /services/T0", hiding: secrets), "denied /services/T0")
        // A character cut in two is dropped; nothing but the start of the URL is no excerpt.
        XCTAssertEqual(ShownText.excerpt(String(decoding: Array("caf".utf8) + [0xC3], as: UTF8.self), hiding: [], cut: true), "caf…")
        XCTAssertNil(ShownText.excerpt("  https://hooks.slack.com/serv", hiding: secrets, cut: true))
        XCTAssertEqual(ShownText.excerpt(String(repeating: "é", count: 300), hiding: [], cut: true), String(repeating: "é", count: 199) + "…")
    }

    func testSecondsAreWrittenToTheMillisecond() {
        XCTAssertEqual([0, 1, 2.5, 0.25, 10.0004, 0.001].map(WebhookPoster.seconds), ["0 s", "1 s", "2.5 s", "0.25 s", "10 s", "0.001 s"])
    }
}
