import Foundation
import HTTPExchange

/// Posts a digest to a webhook, retrying what another attempt may fix: HTTP 429 (after the wait
/// its `Retry-After` asks, up to the policy's longest), 5xx, no answer within the timeout, and
/// connections that fail; an answer of 2xx is success (Slack answers 200 `ok`, Discord 204). Any
/// other answer (400, 403, 404: a bad payload, a deleted webhook; 3xx: a redirect, not followed)
/// ends the posting at once: another attempt would be refused the same way.
///
/// The waits and the clock are handed in, so that tests check every wait without waiting.
public struct WebhookPoster {
    public var transport: any WebhookTransport
    public var policy: RetryPolicy
    /// Waits this many seconds between two attempts (`Thread.sleep` in the program).
    public var sleep: (Double) -> Void
    /// The time, for a `Retry-After` given as a date.
    public var now: () -> Date
    /// Told a line before each new attempt, saying what failed and how long the wait is.
    public var note: (String) -> Void

    public init(
        transport: any WebhookTransport, policy: RetryPolicy = RetryPolicy(), sleep: @escaping (Double) -> Void,
        now: @escaping () -> Date = Date.init, note: @escaping (String) -> Void = { _ in }
    ) {
        self.transport = transport
        self.policy = policy
        self.sleep = sleep
        self.now = now
        self.note = note
    }

    /// A posting that succeeded: the status answered and the attempts it took.
    public struct Receipt: Sendable, Equatable {
        public var status: Int
        public var attempts: Int

        public init(status: Int, attempts: Int) {
            self.status = status
            self.attempts = attempts
        }
    }

    /// What one attempt's result means: done, try again after a wait, or stop.
    enum Verdict: Equatable {
        case success(Int)
        /// What happened (a phrase after "attempt 1 of 3 to host"), the wait before the next
        /// attempt, and why the wait is what it is when an answer asked for it.
        case retry(String, wait: Double, asked: String = "")
        case stop(String)
    }

    /// Sends `body` to `address`, attempt after attempt as the policy allows. `what` names the
    /// digest in messages ("the 2026-W47 Slack digest"). A failure says why, with the host and
    /// the attempts made; it never holds the URL.
    public func post(_ body: [UInt8], to address: WebhookAddress, what: String) throws(DeliveryError) -> Receipt {
        let attempts = max(policy.attempts, 1)
        let request = WebhookRequest(url: address.url, body: body, timeout: policy.timeout)
        var attempt = 1
        while true {
            switch verdict(transport.send(request), afterAttempt: attempt, address: address) {
            case .success(let status):
                return Receipt(status: status, attempts: attempt)
            case .stop(let reason):
                throw DeliveryError("could not post \(what) to \(address.host): \(reason)")
            case .retry(let reason, let wait, let asked):
                guard attempt < attempts else {
                    let tries = attempt == 1 ? "1 attempt" : "\(attempt) attempts"
                    throw DeliveryError("gave up posting \(what) to \(address.host) after \(tries); the last one \(reason)")
                }
                note("attempt \(attempt) of \(attempts) to \(address.host) \(reason); trying again in \(Self.seconds(wait))\(asked)")
                sleep(wait)
                attempt += 1
            }
        }
    }

    /// What `result` means after attempt `attempt`.
    func verdict(_ result: AttemptResult, afterAttempt attempt: Int, address: WebhookAddress) -> Verdict {
        switch result {
        case .answered(let answer) where (200..<300).contains(answer.status):
            return .success(answer.status)
        case .answered(let answer) where answer.status == 429 || (500..<600).contains(answer.status):
            let asked = answer.retryAfter.flatMap { RetryPolicy.retryAfterSeconds($0, now: now()) }
            guard let asked else { return .retry("answered HTTP \(answer.status)", wait: policy.backoff(afterAttempt: attempt)) }
            let wait = min(asked, policy.longestRetryAfter)
            let why = asked > wait ? " (its Retry-After asked for \(Self.seconds(asked)); \(Self.seconds(wait)) at most)" : ", as its Retry-After asks"
            return .retry("answered HTTP \(answer.status)", wait: wait, asked: why)
        case .answered(let answer):
            let kind = (300..<400).contains(answer.status) ? "a redirect, which is not followed" : "which is not retried"
            let text = ShownText.excerpt(String(decoding: answer.body, as: UTF8.self), hiding: address.secrets, cut: answer.bodyIsCut)
            let excerpt = text.map { " (its answer: \($0))" } ?? ""
            return .stop("it answered HTTP \(answer.status), \(kind)\(excerpt)")
        case .noAnswer:
            return .retry("had no answer within \(Self.seconds(Double(policy.timeout)))", wait: policy.backoff(afterAttempt: attempt))
        case .connectionFailed(let reason):
            return .retry("failed (\(reason))", wait: policy.backoff(afterAttempt: attempt))
        case .failed(let reason):
            return .stop("\(reason), which is not retried")
        }
    }

    /// `5 s`, `0.25 s`: seconds to the millisecond, without trailing zeros.
    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((max(value, 0) * 1000).rounded())
        guard milliseconds % 1000 != 0 else { return "\(milliseconds / 1000) s" }
        var fraction = String(milliseconds % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(milliseconds / 1000).\(fraction) s"
    }
}
