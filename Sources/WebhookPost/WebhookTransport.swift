import Foundation

/// What sends one attempt: a POST of the digest to the webhook, and what came of it. The
/// program uses `CurlTransport`; tests give the poster a scripted one, so its retries and
/// waits are checked without a network or a clock.
public protocol WebhookTransport: Sendable {
    /// Sends `request` once and waits for its answer: at most `request.timeout` seconds in all
    /// (connecting, sending, receiving), and no more of the answer than `HTTPAnswer` holds.
    func send(_ request: WebhookRequest) -> AttemptResult
}

/// One attempt's request: `body` POSTed to `url` as `application/json`.
public struct WebhookRequest: Sendable, Equatable {
    public var url: URL
    public var body: [UInt8]
    /// Seconds the attempt may take in all (whole ones, as `RetryPolicy.timeout`).
    public var timeout: Int

    public init(url: URL, body: [UInt8], timeout: Int) {
        self.url = url
        self.body = body
        self.timeout = timeout
    }
}

/// An HTTP answer, as much of it as the poster reads: the status, `Retry-After`, and the start
/// of the body, for the excerpt an error shows.
public struct HTTPAnswer: Sendable, Equatable {
    public var status: Int
    /// The `Retry-After` header, as sent.
    public var retryAfter: String?
    /// The body, or its start when `bodyIsCut` (`CurlTransport` reads at most 64 KiB, and
    /// none of a 2xx answer's body, which is never shown).
    public var body: [UInt8]
    /// True when the body went on past `body`: the bound, the timeout or a broken connection
    /// ended the reading.
    public var bodyIsCut: Bool

    public init(status: Int, retryAfter: String? = nil, body: [UInt8] = [], bodyIsCut: Bool = false) {
        self.status = status
        self.retryAfter = retryAfter
        self.body = body
        self.bodyIsCut = bodyIsCut
    }
}

/// What one attempt came to. The reasons are short phrases that never hold the URL
/// (`connection refused`), since they are printed.
public enum AttemptResult: Sendable, Equatable {
    /// The server answered (any status; the poster decides what it means).
    case answered(HTTPAnswer)
    /// No answer (not even its status and headers) within the timeout.
    case noAnswer
    /// No connection, or it broke before the answer came: worth another attempt.
    case connectionFailed(String)
    /// A failure another attempt would meet again (a certificate refused): not retried.
    case failed(String)
}
