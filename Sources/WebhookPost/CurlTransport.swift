import Foundation
import HTTPExchange

/// The transport of the program: one POST per attempt, made by libcurl in C through
/// `CurlExchange` (HTTPExchange), redirects not followed (a webhook does not move; a redirect
/// would send the digest elsewhere), no cookies, no cache.
///
/// An attempt reads no more of the answer than the poster uses: its status and headers, and the
/// first `longestBody` bytes of its body (none of a 2xx answer's); libcurl's callbacks then end
/// the transfer and close the connection. libcurl's timer ends the attempt at its timeout, from
/// resolving the host to the last byte, whatever the server sends.
public struct CurlTransport: WebhookTransport {
    /// The most of an answer's body read: 64 KiB unless given (the poster shows at most 200
    /// characters of it).
    public var longestBody: Int

    public init(longestBody: Int = 64 << 10) { self.longestBody = longestBody }

    /// The request's header lines.
    static let headerLines = ["Content-Type: application/json", "User-Agent: reaction-report"]

    public func send(_ request: WebhookRequest) -> AttemptResult {
        CurlExchange(longestBody: longestBody, keepSuccessBody: false).send(
            .post, url: request.url.absoluteString, headers: Self.headerLines, body: request.body, timeout: request.timeout,
            secrets: ShownText.secrets(of: request.url))
    }
}
