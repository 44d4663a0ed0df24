import CWebhookHTTP
import Foundation

/// The transport of the program: one POST per attempt, made by libcurl in C (`rr_post` of
/// CWebhookHTTP), redirects not followed (a webhook does not move; a redirect would send the
/// digest elsewhere), no cookies, no cache.
///
/// An attempt reads no more of the answer than the poster uses: its status and headers, and the
/// first `longestBody` bytes of its body (none of a 2xx answer's); libcurl's callbacks then end
/// the transfer and close the connection. libcurl's timer ends the attempt at its timeout, from
/// resolving the host to the last byte, whatever the server sends.
///
/// libcurl is called directly because FoundationNetworking's URLSession, libcurl underneath,
/// cannot stop reading when asked: `cancel()` can end the process ("a task that in not in the
/// registry"), `suspend()` waits for the session's queue, which libcurl holds while the answer
/// keeps coming, a 301–308 answer's body is read until the timeout (22 MiB in 10 s), and a 500
/// sent flat out on 127.0.0.1 was read for up to 260 MiB after its attempt. libcurl was already
/// linked (`libcurl4`, installed by `make deps` with `libcurl4-openssl-dev`); AsyncHTTPClient
/// would have made a clean debug build 34 s → 198 s.
public struct CurlTransport: WebhookTransport {
    /// The most of an answer's body read: 64 KiB unless given (the poster shows at most 200
    /// characters of it).
    public var longestBody: Int

    public init(longestBody: Int = 64 << 10) { self.longestBody = longestBody }

    /// The request's header lines, as `rr_post` takes them.
    static let headerLines = "Content-Type: application/json\nUser-Agent: reaction-report"

    public func send(_ request: WebhookRequest) -> AttemptResult {
        let mostBody = max(longestBody, 0)
        let (retryAfterSize, messageSize) = (256, 256)
        let timeout = min(request.timeout, Int.max / 1000) * 1000
        var body = [UInt8](repeating: 0, count: mostBody)
        var retryAfter = [UInt8](repeating: 0, count: retryAfterSize)
        var message = [UInt8](repeating: 0, count: messageSize)
        let result = rr_post(
            request.url.absoluteString, Self.headerLines, request.body, request.body.count, timeout, &body, mostBody, &retryAfter, retryAfterSize,
            &message, messageSize)
        guard result.ending == rr_post_answered else {
            return Self.failure(result.ending, message: String(decoding: message.prefix(result.message_length), as: UTF8.self), url: request.url)
        }
        let retryAfterValue = result.retry_after_length < 0 ? nil : String(decoding: retryAfter.prefix(Int(result.retry_after_length)), as: UTF8.self)
        return .answered(
            HTTPAnswer(
                status: Int(result.status), retryAfter: retryAfterValue, body: Array(body.prefix(result.body_length)), bodyIsCut: result.body_cut != 0))
    }

    /// An attempt that ended without an answer, by how it ended, in words of our own where that
    /// says enough; else by libcurl's `message` ("Failed to connect to hooks.example port 443
    /// after 3 ms: Couldn't connect to server"), with the URL's parts hidden, as it may hold them.
    static func failure(_ ending: rr_post_ending, message: String, url: URL) -> AttemptResult {
        let text = ShownText.excerpt(message, hiding: ShownText.secrets(of: url))
        switch ending {
        case rr_post_timed_out: return .noAnswer
        case rr_post_refused: return .connectionFailed("connection refused")
        case rr_post_host_not_found: return .connectionFailed("host not found")
        case rr_post_closed_unanswered: return .connectionFailed("the connection closed without an HTTP answer")
        case rr_post_connection_lost: return .connectionFailed("connection lost before the answer")
        case rr_post_tls_failed: return .connectionFailed("the TLS handshake failed")
        case rr_post_certificate_refused:
            // Another attempt would meet the same certificate.
            return .failed("the TLS connection failed (the server's certificate was not accepted\(text.map { ": " + $0 } ?? ""))")
        default: return .connectionFailed(text ?? "libcurl gave no reason")
        }
    }
}
