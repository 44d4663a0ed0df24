import FlyingFox
import FlyingSocks
import Foundation
import ParallelWork

/// A built site served over HTTP/1.1 on 127.0.0.1, and on no other address: `serve`'s server,
/// for previewing a site and for its search (Pagefind does not run from `file://`).
///
/// FlyingFox holds the connections: one task a connection on an epoll loop, so that many are
/// served at once and a client that sends nothing holds only its own; keep-alive and
/// `Connection: close` as HTTP/1.1 says. Files are streamed 64 KiB at a time. Only GET and HEAD
/// are answered (405 otherwise); what a path comes to is `SiteFolder`'s.
public final class SiteServer: Sendable {
    /// The site served.
    public let site: SiteFolder
    private let server: HTTPServer
    private let port: UInt16
    private let running = Locked<Task<Void, Never>?>(nil)

    /// A server of `site` on 127.0.0.1:`port` (0: any free port), not yet listening. `log`, when
    /// given, is called with a line for each request answered (method, target and status).
    public init(site: SiteFolder, port: UInt16, log: (@Sendable (String) -> Void)? = nil) throws {
        self.site = site
        self.port = port
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: port)
        server = HTTPServer(address: address, timeout: 60, logger: .disabled, handler: SiteHandler(site: site, log: log))
    }

    /// Starts listening and serving; returns the port listened on once connections are taken.
    /// - Throws: `SiteServerError.cannotListen` when the port is taken or not allowed.
    public func start() async throws -> UInt16 {
        let failure = Locked<Error?>(nil)
        let task = Task { [server] in
            do { try await server.run() } catch { failure.withLock { $0 = error } }
        }
        running.withLock { $0 = task }
        while true {
            if await server.isListening, case .ip4(_, let listening) = await server.listeningAddress {
                return listening
            }
            if let error = failure.withLock({ $0 }) {
                throw SiteServerError.cannotListen(port: Int(port), reason: Self.reason(error))
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Stops taking connections, ends the open ones and waits for the server to end.
    public func stop() async {
        await server.stop(timeout: 1)
        await running.withLock({ $0 })?.value
    }

    /// The system's words for a failure to listen ("Address already in use").
    static func reason(_ error: Error) -> String {
        if let error = error as? SocketError, case .failed(_, let code, let message) = error {
            return message.isEmpty ? "error \(code)" : message
        }
        return String(describing: error)
    }
}

/// Answers each request from the site.
struct SiteHandler: HTTPHandler {
    let site: SiteFolder
    let log: (@Sendable (String) -> Void)?

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = answer(request)
        log?("\(request.method.rawValue) \(request.target.rawValue) \(response.statusCode.code)")
        return response
    }

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        let isHead = request.method == .HEAD
        guard request.method == .GET || isHead else {
            return Self.text(.methodNotAllowed, "Method not allowed\n", head: false, extra: [(HTTPHeader("Allow"), "GET, HEAD")])
        }
        switch site.lookup(path: request.target.path(), query: request.target.query()) {
        case .badRequest:
            return Self.text(.badRequest, "Bad request\n", head: isHead)
        case .notFound:
            return Self.text(.notFound, "Not found\n", head: isHead)
        case .redirect(let location):
            return Self.text(.movedPermanently, "Moved to \(location)\n", head: isHead, extra: [(.location, location)])
        case .file(let path, let size):
            var headers = Self.headers(type: ContentType.of(path))
            headers[.contentLength] = String(size)
            if isHead { return HTTPResponse(statusCode: .ok, headers: headers) }
            guard let body = try? HTTPBodySequence(file: URL(fileURLWithPath: path), suggestedBufferSize: 64 << 10) else {
                return Self.text(.notFound, "Not found\n", head: false)
            }
            return HTTPResponse(statusCode: .ok, headers: headers, body: body)
        }
    }

    /// The headers of every answer: its type, `nosniff`, and `no-cache` (a preview shows the
    /// site as the last build left it).
    static func headers(type: String) -> HTTPHeaders {
        [.contentType: type, HTTPHeader("X-Content-Type-Options"): "nosniff", .cacheControl: "no-cache"]
    }

    /// A short plain-text answer (without its body for HEAD).
    static func text(_ status: HTTPStatusCode, _ body: String, head: Bool, extra: [(HTTPHeader, String)] = []) -> HTTPResponse {
        var headers = headers(type: "text/plain; charset=utf-8")
        for (name, value) in extra { headers.setValues([value], for: name) }
        headers[.contentLength] = String(body.utf8.count)
        return HTTPResponse(statusCode: status, headers: headers, body: head ? Data() : Data(body.utf8))
    }
}
