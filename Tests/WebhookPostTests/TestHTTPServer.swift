import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (a port the system picks) for the posting tests: it
/// reads each request (request line, headers, a `Content-Length` body, answering
/// `Expect: 100-continue`), records it, and answers as its script says, one reply per request
/// (the last one for every request after): a status with headers and a body, then the
/// connection closed; a hang-up, the connection closed unanswered; or silence, the connection
/// held open unanswered until `stop()`.
final class TestHTTPServer: @unchecked Sendable {
    enum Reply {
        case answer(Int, headers: [(String, String)] = [], body: String = "")
        case hangUp
        case silence
    }

    /// A request as it arrived.
    struct Request {
        var method: String
        var target: String
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        /// The values of header `name` (any case), in order.
        func header(_ name: String) -> [String] { headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value) }
    }

    let port: UInt16
    private let listener: Int32
    private let script: [Reply]
    private let lock = NSLock()
    private var received: [Request] = []
    private var held: [Int32] = []
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    init(_ script: [Reply]) throws {
        precondition(!script.isEmpty)
        self.script = script
        (listener, port) = try Self.openListener()
        let thread = Thread { [self] in
            serve()
            finished.signal()
        }
        thread.start()
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The requests received so far.
    var requests: [Request] { lock.withLock { received } }

    /// Stops accepting, closes the held connections, and waits for the server's thread.
    func stop() {
        let already = lock.withLock {
            defer { stopping = true }
            return stopping
        }
        guard !already else { return }
        finished.wait()
        close(listener)
        for connection in lock.withLock({ held }) { close(connection) }
    }

    private static func openListener() throws -> (Int32, UInt16) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// Accepts and answers connections one at a time until `stop()`.
    private func serve() {
        while !lock.withLock({ stopping }) {
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 20) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            var wait = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            guard let request = read(connection) else {
                close(connection)
                continue
            }
            let reply = lock.withLock {
                received.append(request)
                return script[min(received.count, script.count) - 1]
            }
            switch reply {
            case .answer(let status, let headers, let body):
                var head = "HTTP/1.1 \(status) \(status < 300 ? "OK" : "Not OK")\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
                for (name, value) in headers { head += "\(name): \(value)\r\n" }
                write(connection, head + "\r\n" + body)
                close(connection)
            case .hangUp:
                close(connection)
            case .silence:
                lock.withLock { held.append(connection) }
            }
        }
    }

    /// One request from `connection`, or nil when it closes or breaks off first.
    private func read(_ connection: Int32) -> Request? {
        var bytes: [UInt8] = []
        let separator = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            guard receive(connection, into: &bytes) else { return nil }
            headEnd = bytes.indices.dropLast(3).first { bytes[$0..<$0 + 4].elementsEqual(separator) }
        }
        let lines = String(decoding: bytes[..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var request = Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: [])
        if request.header("expect").first?.lowercased() == "100-continue" { write(connection, "HTTP/1.1 100 Continue\r\n\r\n") }
        let length = Int(request.header("content-length").first ?? "0") ?? 0
        var body = Array(bytes[(headEnd! + 4)...])
        while body.count < length {
            guard receive(connection, into: &body) else { return nil }
        }
        request.body = body
        return request
    }

    /// Appends what `connection` sends next to `bytes`; false at its end or on an error.
    private func receive(_ connection: Int32, into bytes: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(connection, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        bytes += chunk[..<count]
        return true
    }

    private func write(_ connection: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            #if canImport(Glibc)
                let sent = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #else
                let sent = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
            #endif
            guard sent > 0 else { return }
            bytes = bytes.dropFirst(sent)
        }
    }
}
