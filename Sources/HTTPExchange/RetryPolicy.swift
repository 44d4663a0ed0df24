import Foundation

/// How often and how long the poster tries: `attempts` in all, each taking at most `timeout`
/// seconds (connecting, sending and the answer); between two, a wait that doubles from
/// `firstWait` up to `longestWait` (1 s, 2 s, 4 s…), or what the answer's `Retry-After` asks,
/// up to `longestRetryAfter`.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first one included.
    public var attempts: Int
    /// Seconds each attempt may take in all, whole ones (`--timeout`).
    public var timeout: Int
    public var firstWait: Double
    public var longestWait: Double
    /// The longest `Retry-After` honoured: a longer one is cut to this, so that a run from cron
    /// cannot be held for an hour by one answer.
    public var longestRetryAfter: Double

    public init(attempts: Int = 3, timeout: Int = 10, firstWait: Double = 1, longestWait: Double = 30, longestRetryAfter: Double = 60) {
        self.attempts = attempts
        self.timeout = timeout
        self.firstWait = firstWait
        self.longestWait = longestWait
        self.longestRetryAfter = longestRetryAfter
    }

    /// The wait after failed attempt `attempt` (1 is the first) when the answer asks for none.
    public func backoff(afterAttempt attempt: Int) -> Double {
        var wait = firstWait
        for _ in 1..<max(attempt, 1) where wait < longestWait { wait *= 2 }
        return min(wait, longestWait)
    }

    /// The wait a `Retry-After` value asks for, in seconds: a number of seconds (`120`; a
    /// fraction such as `1.5` too) or an HTTP date, counted from `now`. Nil for a value that is
    /// neither. The poster cuts it to `longestRetryAfter`.
    public static func retryAfterSeconds(_ value: String, now: Date) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        let seconds: Double
        if let number = Double(text), number.isFinite, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
            seconds = number
        } else if let date = Self.httpDate(text) {
            seconds = max(0, date.timeIntervalSince(now))
        } else {
            return nil
        }
        return seconds
    }

    /// An HTTP date (`Wed, 21 Oct 2026 07:28:00 GMT`, RFC 9110's preferred form).
    public static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
