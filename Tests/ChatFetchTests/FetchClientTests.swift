import ChatFetch
import HTTPExchange
import ParallelWork
import XCTest

/// The client's decisions with a scripted transport: what is retried and after which wait,
/// what stops, and what its messages show.
final class FetchClientTests: XCTestCase {
    /// Answers from a script, one per request (the last for every request after), recording
    /// the URLs and the room given for the body.
    final class ScriptedTransport: FetchTransport {
        let script: [AttemptResult]
        let asked = Locked<[(url: String, room: Int)]>([])

        init(_ script: [AttemptResult]) { self.script = script }

        func get(_ url: String, headers: [String], timeout: Int, longestBody: Int, secrets: [String]) -> AttemptResult {
            let count = asked.withLock { asked in
                asked.append((url, longestBody))
                return asked.count
            }
            return script[min(count, script.count) - 1]
        }
    }

    func client(_ transport: ScriptedTransport, waits: Locked<[Double]>, notes: Locked<[String]>, longestRetryAfter: Double = 120) throws -> FetchClient {
        FetchClient(
            platform: "PubNub", address: try APIAddress("https://ps.pndsn.com/"), transport: transport,
            pacer: RequestPacer(requestsPerSecond: .infinity), policy: RetryPolicy(attempts: 4, timeout: 5, longestRetryAfter: longestRetryAfter),
            secrets: ["sub-c-secret"], sleep: { wait in waits.withLock { $0.append(wait) } }, note: { note in notes.withLock { $0.append(note) } })
    }

    let request = APIRequest(path: "/v1/message-actions/sub-c-secret/channel/general", query: [QueryItem("limit", "100")])

    func testRetriesWaitAndThenTheAnswerIsRead() throws {
        let transport = ScriptedTransport([
            .answered(HTTPAnswer(status: 503)), .noAnswer, .connectionFailed("connection refused"), .answered(HTTPAnswer(status: 200, body: Array("ok".utf8)))
        ])
        let waits = Locked<[Double]>([]), notes = Locked<[String]>([])
        let page = try client(transport, waits: waits, notes: notes).get(request, what: "the actions of 'general'") { bytes throws(PageProblem) in
            String(decoding: bytes, as: UTF8.self)
        }
        XCTAssertEqual(page, "ok")
        XCTAssertEqual(waits.withLock { $0 }, [1, 2, 4])
        XCTAssertEqual(
            notes.withLock { $0 },
            [
                "the actions of 'general': attempt 1 of 4 to ps.pndsn.com answered HTTP 503; trying again in 1 s",
                "the actions of 'general': attempt 2 of 4 to ps.pndsn.com had no answer within 5 s; trying again in 2 s",
                "the actions of 'general': attempt 3 of 4 to ps.pndsn.com failed (connection refused); trying again in 4 s"
            ])
        XCTAssertEqual(
            transport.asked.withLock { $0.map(\.url) },
            Array(repeating: "https://ps.pndsn.com/v1/message-actions/sub-c-secret/channel/general?limit=100", count: 4))
    }

    func testA429PausesEveryWorkerForItsRetryAfterAtMostTheLongest() throws {
        let transport = ScriptedTransport([.answered(HTTPAnswer(status: 429, retryAfter: "3600")), .answered(HTTPAnswer(status: 200))])
        let waits = Locked<[Double]>([]), notes = Locked<[String]>([])
        let started = Date()
        _ = try client(transport, waits: waits, notes: notes, longestRetryAfter: 0.25).get(request, what: "a page") { _ throws(PageProblem) in 0 }
        // The pause is the pacer's, for every worker, not this worker's sleep.
        XCTAssertEqual(waits.withLock { $0 }, [])
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.25)
        XCTAssertEqual(
            notes.withLock { $0 }, ["a page: attempt 1 of 4 to ps.pndsn.com answered HTTP 429 (too many requests), with a Retry-After; trying again in 0.25 s"])
    }

    func testARefusalStopsWithTheAnswerAndWithoutTheKey() throws {
        let body = "{\"status\":403,\"message\":\"Forbidden for sub-c-secret\"}"
        let transport = ScriptedTransport([.answered(HTTPAnswer(status: 403, body: Array(body.utf8)))])
        XCTAssertThrowsError(try client(transport, waits: Locked([]), notes: Locked([])).get(request, what: "a page") { _ throws(PageProblem) in 0 }) {
            XCTAssertEqual(
                "\($0)",
                "PubNub at ps.pndsn.com answered HTTP 403, which is not retried (its answer: {\"status\":403,\"message\":\"Forbidden for …\"}) for a page")
        }
        XCTAssertEqual(transport.asked.withLock { $0.count }, 1)
    }

    func testAPageThatKeepsFailingGivesUpAfterTheAttempts() throws {
        let transport = ScriptedTransport([.answered(HTTPAnswer(status: 200, body: Array("{".utf8)))])
        XCTAssertThrowsError(
            try client(transport, waits: Locked([]), notes: Locked([])).get(request, what: "a page") { _ throws(PageProblem) -> Int in
                throw PageProblem("JSON that does not parse")
            }
        ) {
            XCTAssertEqual("\($0)", "gave up on a page from PubNub at ps.pndsn.com after 4 attempts; the last one answered with JSON that does not parse")
        }
    }

    func testAnAnswerFillingTheUsualRoomIsAskedForAgainWithMore() throws {
        let full = [UInt8](repeating: 0x20, count: FetchClient.usualBody)
        let transport = ScriptedTransport([
            .answered(HTTPAnswer(status: 200, body: full, bodyIsCut: true)), .answered(HTTPAnswer(status: 200, body: Array("ok".utf8)))
        ])
        let waits = Locked<[Double]>([]), notes = Locked<[String]>([])
        _ = try client(transport, waits: waits, notes: notes).get(request, what: "a page") { _ throws(PageProblem) in 0 }
        XCTAssertEqual(transport.asked.withLock { $0.map(\.room) }, [FetchClient.usualBody, FetchClient.longestBody])
        XCTAssertEqual(notes.withLock { $0 }, [])
    }
}
