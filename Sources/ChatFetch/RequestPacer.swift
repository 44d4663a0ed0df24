import Foundation
import ParallelWork

/// Spaces the requests of every worker of a fetch so that the platform's rate limit is never
/// passed: one request starts at most every `interval` seconds, across all workers, and an
/// answer that asks for a pause (HTTP 429 with `Retry-After`) holds every worker until it ends.
///
/// The interval is 5 % longer than the limit alone asks (`1.05 / requestsPerSecond`), so that a
/// request delayed on its way out (a thread scheduled late) does not bring two requests closer
/// than the limit allows where the platform counts them: the rate reached is 95 % of the limit.
/// Counts what it let through, for the progress line and the summary.
public final class RequestPacer: Sendable {
    private struct State {
        var next: UInt64 = 0
        var requests = 0
        var bytes = 0
        var started: UInt64?
    }

    /// Seconds between two request starts.
    public let interval: Double
    private let state = Locked(State())

    /// A pacer for `requestsPerSecond` (more than 0; `.infinity` for none).
    public init(requestsPerSecond: Double) {
        interval = requestsPerSecond.isFinite ? 1.05 / requestsPerSecond : 0
    }

    /// Waits until this worker's request may start, and counts it.
    public func waitTurn() {
        let now = Self.uptime()
        let start = state.withLock { state -> UInt64 in
            let start = max(now, state.next)
            state.next = start + UInt64(interval * 1e9)
            state.requests += 1
            if state.started == nil { state.started = start }
            return start
        }
        if start > now { Thread.sleep(forTimeInterval: Double(start - now) / 1e9) }
    }

    /// Holds every worker's next request until `seconds` from now.
    public func pause(seconds: Double) {
        let until = Self.uptime() + UInt64(max(seconds, 0) * 1e9)
        state.withLock { $0.next = max($0.next, until) }
    }

    /// Counts `count` bytes of answers received.
    public func received(_ count: Int) { state.withLock { $0.bytes += count } }

    /// Requests let through, bytes received, and the seconds since the first request.
    public var totals: (requests: Int, bytes: Int, seconds: Double) {
        let now = Self.uptime()
        return state.withLock { state in
            (state.requests, state.bytes, state.started.map { Double(now > $0 ? now - $0 : 0) / 1e9 } ?? 0)
        }
    }

    /// A monotonic clock, in nanoseconds.
    static func uptime() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
