import ChatFetch
import HTTPExchange
import ParallelWork
import XCTest

/// The client's decisions with a scripted transport: what is retried and after which wait,
/// what stops, and what its messages show.
final class FetchClientTests: XCTestCase {
    /// Answers from a script, one per request (the last for every request after), recording
    /// the URLs, the room given for the body and the headers.
    final class ScriptedTransport: FetchTransport {
        let script: [AttemptResult]
        let asked = Locked<[(url: String, room: Int, headers: [String])]>([])

        init(_ script: [AttemptResult]) { self.script = script }

        func send(
            _ method: CurlExchange.Method, url: String, headers: [String], body: [UInt8], timeout: Int, longestBody: Int, secrets: [String]
        ) -> AttemptResult {
            let count = asked.withLock { asked in
                asked.append((url, longestBody, headers))
                return asked.count
            }
            return script[min(count, script.count) - 1]
        }
    }

    func client(_ transport: ScriptedTransport, waits: Locked<[Double]>, notes: Locked<[String]>, longestRetryAfter: Double = 120) throws -> FetchClient {
        FetchClient(
            platform: "PubNub", address: try APIAddress("https://pubnub.invalid/"), transport: transport,
            pacer: RequestPacer(requestsPerSecond: .infinity), policy: RetryPolicy(attempts: 4, timeout: 5, longestRetryAfter: longestRetryAfter),
            secrets: ["sub-c-secret"], headers: ["User-Agent: test"], sleep: { wait in waits.withLock { $0.append(wait) } },
            note: { note in notes.withLock { $0.append(note) } })
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
                "the actions of 'general': attempt 1 of 4 to pubnub.invalid answered HTTP 503; trying again in 1 s",
                "the actions of 'general': attempt 2 of 4 to pubnub.invalid had no answer within 5 s; trying again in 2 s",
                "the actions of 'general': attempt 3 of 4 to pubnub.invalid failed (connection refused); trying again in 4 s"
            ])
        XCTAssertEqual(
            transport.asked.withLock { $0.map(\.url) },
            Array(repeating: "https://pubnub.invalid/v1/message-actions/sub-c-secret/channel/general?limit=100", count: 4))
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
            notes.withLock { $0 },
            ["a page: attempt 1 of 4 to pubnub.invalid answered HTTP 429 (too many requests), with a Retry-After; trying again in 0.25 s"])
    }

    func testARefusalStopsWithTheAnswerAndWithoutTheKey() throws {
        let body = "{\"status\":403,\"message\":\"Forbidden for sub-c-secret\"}"
        let transport = ScriptedTransport([.answered(HTTPAnswer(status: 403, body: Array(body.utf8)))])
        XCTAssertThrowsError(try client(transport, waits: Locked([]), notes: Locked([])).get(request, what: "a page") { _ throws(PageProblem) in 0 }) {
            XCTAssertEqual(
                "\($0)",
                "PubNub at pubnub.invalid answered HTTP 403, which is not retried (its answer: {\"status\":403,\"message\":\"Forbidden for …\"}) for a page")
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
            XCTAssertEqual("\($0)", "gave up on a page from PubNub at pubnub.invalid after 4 attempts; the last one answered with JSON that does not parse")
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

extension FetchClientTests {
    func testA429WithoutRetryAfterWaitsUntilItsRateLimitReset() throws {
        let reset = String(Int(Date().timeIntervalSince1970) + 3600)
        let transport = ScriptedTransport([
            .answered(HTTPAnswer(status: 429, headers: ["x-ratelimit-reset": reset, "x-ratelimit-remaining": "0"])), .answered(HTTPAnswer(status: 200))
        ])
        let waits = Locked<[Double]>([]), notes = Locked<[String]>([])
        let started = Date()
        _ = try client(transport, waits: waits, notes: notes, longestRetryAfter: 0.5).get(request, what: "a page") { _ throws(PageProblem) in 0 }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.5)
        XCTAssertEqual(
            notes.withLock { $0 },
            ["a page: attempt 1 of 4 to pubnub.invalid answered HTTP 429 (too many requests), with an X-RateLimit-Reset; trying again in 0.5 s"])
    }

    func testADownloadGoesToItsOwnHostWithTheClientsHeadersOnlyAndMoreRoom() throws {
        let full = [UInt8](repeating: 0x20, count: FetchClient.longestBody)
        let transport = ScriptedTransport([.answered(HTTPAnswer(status: 200, body: full, bodyIsCut: true)), .answered(HTTPAnswer(status: 500))])
        let waits = Locked<[Double]>([]), notes = Locked<[String]>([])
        XCTAssertThrowsError(
            try client(transport, waits: waits, notes: notes).get(
                .download("https://s3.example/x.json?X-Amz-Signature=5"), what: "a file", longestBody: 256 << 20
            ) {
                _ throws(PageProblem) in 0
            }
        ) {
            XCTAssertEqual("\($0)", "gave up on a file from PubNub at s3.example after 4 attempts; the last one answered HTTP 500")
        }
        // A download starts with 16 MiB of room, then 16 times more.
        XCTAssertEqual(transport.asked.withLock { $0.map(\.room) }, [FetchClient.longestBody, 256 << 20, 256 << 20, 256 << 20, 256 << 20])
        XCTAssertEqual(Set(transport.asked.withLock { $0.map(\.url) }), ["https://s3.example/x.json?X-Amz-Signature=5"])
        XCTAssertEqual(Set(transport.asked.withLock { $0.map(\.headers) }), [["User-Agent: test"]])
    }

    func testHeaderLinesAreReadByLowerCasedNameFirstValueFirst() {
        XCTAssertEqual(
            HTTPAnswer.headers("Retry-After: 3\nX-RateLimit-Reset:  1700000000 \nretry-after: 9\nno colon here\n"),
            ["retry-after": "3", "x-ratelimit-reset": "1700000000"])
    }

    func testTheWholeAnswerIsReadWhenAskedAndTheHostIsShownWithoutSecrets() throws {
        let transport = ScriptedTransport([
            .answered(HTTPAnswer(status: 503)), .answered(HTTPAnswer(status: 200, headers: ["date": "Sun, 14 Jan 2024 01:11:04 GMT"], body: Array("{}".utf8)))
        ])
        let notes = Locked<[String]>([])
        let client = FetchClient(
            platform: "CometChat", address: try APIAddress("https://app5ecre7.api-us.invalid/v3"), transport: transport,
            pacer: RequestPacer(requestsPerSecond: .infinity), policy: RetryPolicy(attempts: 2, timeout: 5), secrets: ["app5ecre7"],
            sleep: { _ in }, note: { note in notes.withLock { $0.append(note) } })
        let date = try client.getAnswer(APIRequest(path: "/groups/general/messages", query: []), what: "a page") {
            (answer: HTTPAnswer) throws(PageProblem) in answer.headers["date"]
        }
        XCTAssertEqual(date, "Sun, 14 Jan 2024 01:11:04 GMT")
        XCTAssertEqual(client.shownHost, "….api-us.invalid")
        XCTAssertEqual(notes.withLock { $0 }, ["a page: attempt 1 of 2 to ….api-us.invalid answered HTTP 503; trying again in 1 s"])
    }
}
