import CHTTP
import Foundation

/// One HTTP exchange made by libcurl in C (`rr_http_exchange` of CHTTP), the one HTTP core of
/// the program: `post` sends a digest with it, `fetch` reads a chat platform's pages with it.
/// Redirects are not followed (a 3xx is the answer), and there are no cookies and no cache.
///
/// An exchange reads no more of the answer than the caller uses: its status and headers, and at
/// most `longestBody` bytes of its body (none of a 2xx answer's unless `keepSuccessBody`);
/// libcurl's callbacks then end the transfer and close the connection. libcurl's timer ends the
/// exchange at its timeout, from resolving the host to the last byte, whatever the server sends.
///
/// libcurl is called directly because FoundationNetworking's URLSession, libcurl underneath,
/// cannot stop reading when asked: `cancel()` can end the process ("a task that in not in the
/// registry"), `suspend()` waits for the session's queue, which libcurl holds while the answer
/// keeps coming, a 301–308 answer's body is read until the timeout (22 MiB in 10 s), and a 500
/// sent flat out on 127.0.0.1 was read for up to 260 MiB after its attempt. libcurl was already
/// linked (`libcurl4`, installed by `make deps` with `libcurl4-openssl-dev`); AsyncHTTPClient
/// would have made a clean debug build 34 s → 198 s.
public struct CurlExchange: Sendable {
    /// The request's method.
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    /// The most of an answer's body read.
    public var longestBody: Int
    /// Whether a 2xx answer's body is read (`fetch`'s pages) or the exchange ends at its head
    /// (`post`, which never shows it).
    public var keepSuccessBody: Bool

    public init(longestBody: Int, keepSuccessBody: Bool) {
        self.longestBody = longestBody
        self.keepSuccessBody = keepSuccessBody
    }

    /// Sends `method` to `url` with `headers` ("Name: value" each) and, for a POST, `body`,
    /// taking at most `timeout` seconds in all. `secrets` are kept out of the reason a failure
    /// gives (libcurl's message may echo the URL).
    public func send(_ method: Method, url: String, headers: [String], body: [UInt8] = [], timeout: Int, secrets: [String]) -> AttemptResult {
        let mostBody = max(longestBody, 0)
        let (retryAfterSize, messageSize) = (256, 256)
        let milliseconds = min(max(timeout, 1), Int.max / 1000) * 1000
        var kept = [UInt8](repeating: 0, count: mostBody)
        var retryAfter = [UInt8](repeating: 0, count: retryAfterSize)
        var message = [UInt8](repeating: 0, count: messageSize)
        let result = rr_http_exchange(
            method.rawValue, url, headers.joined(separator: "\n"), body, body.count, milliseconds, keepSuccessBody ? 1 : 0, &kept, mostBody,
            &retryAfter, retryAfterSize, &message, messageSize)
        guard result.ending == rr_http_answered else {
            return Self.failure(result.ending, message: String(decoding: message.prefix(result.message_length), as: UTF8.self), secrets: secrets)
        }
        let retryAfterValue = result.retry_after_length < 0 ? nil : String(decoding: retryAfter.prefix(Int(result.retry_after_length)), as: UTF8.self)
        // A copy of what came, so that the answer does not hold the whole bound.
        return .answered(
            HTTPAnswer(status: Int(result.status), retryAfter: retryAfterValue, body: Array(kept.prefix(result.body_length)), bodyIsCut: result.body_cut != 0))
    }

    /// An exchange that ended without an answer, by how it ended, in words of our own where that
    /// says enough; else by libcurl's `message` ("Failed to connect to hooks.example port 443
    /// after 3 ms: Couldn't connect to server"), with `secrets` hidden, as it may hold them.
    public static func failure(_ ending: rr_http_ending, message: String, secrets: [String]) -> AttemptResult {
        let text = ShownText.excerpt(message, hiding: secrets)
        switch ending {
        case rr_http_timed_out: return .noAnswer
        case rr_http_refused: return .connectionFailed("connection refused")
        case rr_http_host_not_found: return .connectionFailed("host not found")
        case rr_http_closed_unanswered: return .connectionFailed("the connection closed without an HTTP answer")
        case rr_http_connection_lost: return .connectionFailed("connection lost before the answer")
        case rr_http_tls_failed: return .connectionFailed("the TLS handshake failed")
        case rr_http_certificate_refused:
            // Another attempt would meet the same certificate.
            return .failed("the TLS connection failed (the server's certificate was not accepted\(text.map { ": " + $0 } ?? ""))")
        default: return .connectionFailed(text ?? "libcurl gave no reason")
        }
    }
}

/// The digests of the system's crypto library (CHTTP: OpenSSL's libcrypto on Linux,
/// CommonCrypto on Apple's systems).
public enum Digests {
    /// HMAC-SHA256 of `data` under `key` (RFC 2104, RFC 4231), 32 bytes.
    public static func hmacSHA256(key: [UInt8], data: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        let status = rr_hmac_sha256(key, key.count, data, data.count, &digest)
        precondition(status == 0, "the system's crypto library computes HMAC-SHA256")
        return digest
    }

    /// SHA-256 of `data`, 32 bytes.
    public static func sha256(_ data: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        let status = rr_sha256(data, data.count, &digest)
        precondition(status == 0, "the system's crypto library computes SHA-256")
        return digest
    }
}
