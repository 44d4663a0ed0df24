import Foundation
import HTTPExchange

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
