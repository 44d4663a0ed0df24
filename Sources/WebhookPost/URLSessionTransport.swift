import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport of the program: FoundationNetworking's `URLSession` (libcurl on Linux), one
/// ephemeral session per attempt, redirects not followed (a webhook does not move; a redirect
/// would send the digest elsewhere), no cookies, no cache.
///
/// An attempt reads no more of the answer than the poster uses: its status and headers, and the
/// first `longestBody` bytes of its body (none of a 2xx answer's); then it closes the
/// connection. It ends at its timeout whatever the server does, even one that answers byte by
/// byte. Both are done by `AnswerReader`, the task's delegate, which stops the task: a data task
/// with a completion handler would hold the whole answer, however long, and libcurl's timer
/// waits for silence only, which a slow answer never gives it.
///
/// URLSession was chosen over swift-server/async-http-client: it adds nothing to the build,
/// where AsyncHTTPClient and SwiftNIO made a clean debug build 34 s → 198 s; the cost is that
/// the release program links libcurl dynamically (`libcurl4`, installed by `make deps` with
/// `libcurl4-openssl-dev`).
public struct URLSessionTransport: WebhookTransport {
    /// The most of an answer's body read: 64 KiB unless given (the poster shows at most 200
    /// characters of it).
    public var longestBody: Int

    public init(longestBody: Int = 64 << 10) { self.longestBody = longestBody }

    public func send(_ request: WebhookRequest) -> AttemptResult {
        let deadline = DispatchTime.now() + .seconds(request.timeout)
        let timeout = Double(request.timeout)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        let reader = AnswerReader(url: request.url, longestBody: longestBody)
        let session = URLSession(configuration: configuration, delegate: reader, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue("reaction-report", forHTTPHeaderField: "User-Agent")
        urlRequest.httpBody = Data(request.body)
        let task = session.dataTask(with: urlRequest)
        task.resume()
        return reader.result(of: task, by: deadline)
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
