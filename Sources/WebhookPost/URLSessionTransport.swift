import Foundation
import ParallelWork

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport of the program: FoundationNetworking's `URLSession` (libcurl on Linux), one
/// ephemeral session per attempt, redirects not followed (a webhook does not move; a redirect
/// would send the digest elsewhere), no cookies, no cache.
///
/// URLSession was chosen over swift-server/async-http-client: it adds nothing to the build,
/// where AsyncHTTPClient and SwiftNIO made a clean debug build 34 s → 198 s; the cost is that
/// the release program links libcurl dynamically (`libcurl4`, installed by `make deps` with
/// `libcurl4-openssl-dev`).
public struct URLSessionTransport: WebhookTransport {
    public init() {}

    public func send(_ request: WebhookRequest) -> AttemptResult {
        let timeout = Double(request.timeout)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue("reaction-report", forHTTPHeaderField: "User-Agent")
        urlRequest.httpBody = Data(request.body)
        let result = Locked<AttemptResult?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: urlRequest) { data, response, error in
            result.withLock { $0 = Self.result(data: data, response: response, error: error, url: request.url) }
            done.signal()
        }
        task.resume()
        // URLSession's own timer ends a silent attempt; this one, a little later, makes sure
        // no attempt can outlast its timeout whatever the session does.
        if done.wait(timeout: .now() + timeout + 5) == .timedOut {
            task.cancel()
            return .noAnswer
        }
        return result.withLock { $0 } ?? .noAnswer
    }

    /// The attempt's result from what the data task handed back for a request to `url`.
    static func result(data: Data?, response: URLResponse?, error: Error?, url: URL) -> AttemptResult {
        if let error { return result(of: error as NSError, url: url) }
        guard let response = response as? HTTPURLResponse else { return .connectionFailed("not an HTTP answer") }
        let retryAfter = response.allHeaderFields.first { ($0.key as? String)?.lowercased() == "retry-after" }?.value as? String
        return .answered(HTTPAnswer(status: response.statusCode, retryAfter: retryAfter, body: [UInt8](data ?? Data())))
    }

    /// A failure by its code, in words of our own where the code says enough; else by the
    /// error's text (on Linux, libcurl's: "SSL certificate problem: self-signed certificate"),
    /// with the URL's parts hidden, as it may hold them.
    static func result(of error: NSError, url: URL) -> AttemptResult {
        let text = ShownText.excerpt(error.localizedDescription, hiding: ShownText.secrets(of: url))
        guard error.domain == NSURLErrorDomain else { return .connectionFailed(text ?? "error \(error.code) of \(error.domain)") }
        switch error.code {
        case NSURLErrorTimedOut: return .noAnswer
        case NSURLErrorCannotConnectToHost: return .connectionFailed("connection refused")
        case NSURLErrorNetworkConnectionLost: return .connectionFailed("connection lost before the answer")
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return .connectionFailed("host not found")
        case NSURLErrorNotConnectedToInternet: return .connectionFailed("no network")
        case NSURLErrorBadServerResponse: return .connectionFailed("the connection closed without an HTTP answer")
        case NSURLErrorSecureConnectionFailed: return .connectionFailed("the TLS handshake failed")
        case NSURLErrorServerCertificateUntrusted, NSURLErrorServerCertificateHasBadDate,
            NSURLErrorServerCertificateHasUnknownRoot, NSURLErrorServerCertificateNotYetValid, NSURLErrorClientCertificateRejected,
            NSURLErrorClientCertificateRequired:
            return .failed("the TLS connection failed (the server's certificate was not accepted)")
        default: return .connectionFailed(text ?? "URL error \(error.code)")
        }
    }
}

/// Hands a redirect back as the answer instead of following it.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
