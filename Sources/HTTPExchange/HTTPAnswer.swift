/// An HTTP answer, as much of it as the caller reads: the status, `Retry-After`, and the body
/// (for `post` the start of it, for the excerpt an error shows; for `fetch` the whole page).
public struct HTTPAnswer: Sendable, Equatable {
    public var status: Int
    /// The `Retry-After` header, as sent.
    public var retryAfter: String?
    /// The body, or its start when `bodyIsCut` (`post` reads at most 64 KiB, and none of a
    /// 2xx answer's body, which is never shown).
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
    /// The server answered (any status; the caller decides what it means).
    case answered(HTTPAnswer)
    /// No answer (not even its status and headers) within the timeout.
    case noAnswer
    /// No connection, or it broke before the answer came: worth another attempt.
    case connectionFailed(String)
    /// A failure another attempt would meet again (a certificate refused): not retried.
    case failed(String)
}
