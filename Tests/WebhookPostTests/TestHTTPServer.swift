import CPosix
import Foundation
import ParallelWork

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (a port the system picks) for the posting tests: it
/// reads each request (request line, headers, a `Content-Length` body, answering
/// `Expect: 100-continue`), records it, and answers as its script says, one reply per request
/// (the last one for every request after): a status with headers and a body, then the
/// connection closed; an endless body or one dripped byte by byte, sent until the client closes
/// the connection (what was sent is recorded in `streams`); a hang-up, the connection closed
/// unanswered; or silence, the connection held open unanswered until `stop()`.
final class TestHTTPServer: Sendable {
    enum Reply: Sendable {
        case answer(Int, headers: [(String, String)] = [], body: String = "")
        /// A status with headers and a `Content-Length` of 10 GiB, then a body that begins with
        /// `start` and goes on with "x", 64 KiB every 0.5 ms (a gigabit link's pace), or as fast
        /// as the socket takes them when `flatOut`, until the client closes the connection, or
        /// stops reading for 10 s, or `endlessLimit` bytes are sent (so that a client that reads
        /// on holds no more than that).
        case endless(Int, headers: [(String, String)] = [], start: String = "", flatOut: Bool = false)
        /// `sent` at once, then the bytes of `dripped` one every 100 ms, over and over, until the
        /// client closes the connection or `dripLimit` bytes are dripped.
        case drip(sent: String, dripped: String)
        case hangUp
        case silence
    }

    /// How an endless or dripped answer went: the bytes sent after its start (the body after
    /// `start`; the dripped bytes), and whether it ended because the client closed the
    /// connection (rather than at a limit, or when the client stopped reading but kept it open).
    struct Stream: Sendable, Equatable {
        var bytes: Int
        var closedByClient: Bool
    }

    /// The most an endless body sends: 64 MiB.
    static let endlessLimit = 64 << 20
    /// The most bytes a drip sends: 30 s of them.
    static let dripLimit = 300

    /// A request as it arrived.
    struct Request: Sendable {
        var method: String
        var target: String
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        /// The values of header `name` (any case), in order.
        func header(_ name: String) -> [String] { headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value) }
    }

    /// What the server's thread and the test share.
    private struct State {
        var received: [Request] = []
        var streams: [Stream] = []
        var held: [Int32] = []
        var stopping = false
    }

    let port: UInt16
    private let listener: Int32
    private let script: [Reply]
    private let state = Locked(State())
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
    var requests: [Request] { state.withLock { $0.received } }

    /// How each endless or dripped answer went, in the order of the requests.
    var streams: [Stream] { state.withLock { $0.streams } }

    /// Stops accepting, closes the held connections, and waits for the server's thread.
    func stop() {
        let already = state.withLock { state in
            defer { state.stopping = true }
            return state.stopping
        }
        guard !already else { return }
        finished.wait()
        close(listener)
        for connection in state.withLock({ $0.held }) { close(connection) }
    }

    private static func openListener() throws -> (Int32, UInt16) {
        var port: UInt16 = 0
        let fd = rr_listen_loopback(&port)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return (fd, port)
    }

    /// Accepts and answers connections one at a time until `stop()`.
    private func serve() {
        while !state.withLock({ $0.stopping }) {
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
            let reply = state.withLock { state in
                state.received.append(request)
                return script[min(state.received.count, script.count) - 1]
            }
            switch reply {
            case .answer(let status, let headers, let body):
                _ = write(connection, Self.head(status, headers, length: body.utf8.count) + body)
                close(connection)
            case .endless(let status, let headers, let start, let flatOut):
                let stream = sendEndless(connection, head: Self.head(status, headers, length: 10 << 30) + start, flatOut: flatOut)
                state.withLock { $0.streams.append(stream) }
                close(connection)
            case .drip(let sent, let dripped):
                let stream = drip(connection, sent: sent, dripped: Array(dripped.utf8))
                state.withLock { $0.streams.append(stream) }
                close(connection)
            case .hangUp:
                close(connection)
            case .silence:
                state.withLock { $0.held.append(connection) }
            }
        }
    }

    /// A status line and `headers`, with a `Content-Length` and `Connection: close`.
    private static func head(_ status: Int, _ headers: [(String, String)], length: Int) -> String {
        var head = "HTTP/1.1 \(status) \(status < 300 ? "OK" : "Not OK")\r\nContent-Length: \(length)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return head + "\r\n"
    }

    /// Sends `head`, then "x" in chunks of 64 KiB, one every 0.5 ms (a network's pace) unless
    /// `flatOut`, until a send fails or `endlessLimit` is sent.
    private func sendEndless(_ connection: Int32, head: String, flatOut: Bool) -> Stream {
        var wait = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        guard write(connection, head) == 0 else { return Stream(bytes: 0, closedByClient: true) }
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65536)
        var sent = 0
        while sent < Self.endlessLimit {
            let count = send(connection, chunk, chunk.count, Self.sendFlags)
            guard count > 0 else { return Stream(bytes: sent, closedByClient: errno == EPIPE || errno == ECONNRESET) }
            sent += count
            if !flatOut { usleep(500) }
        }
        return Stream(bytes: sent, closedByClient: false)
    }

    /// Sends `sent`, then one byte of `dripped` (cycling) every 100 ms until a send fails or
    /// `dripLimit` bytes are dripped.
    private func drip(_ connection: Int32, sent: String, dripped: [UInt8]) -> Stream {
        guard write(connection, sent) == 0 else { return Stream(bytes: 0, closedByClient: true) }
        for count in 0..<Self.dripLimit {
            Thread.sleep(forTimeInterval: 0.1)
            var byte = dripped[count % dripped.count]
            guard send(connection, &byte, 1, Self.sendFlags) == 1 else {
                return Stream(bytes: count, closedByClient: errno == EPIPE || errno == ECONNRESET)
            }
        }
        return Stream(bytes: Self.dripLimit, closedByClient: false)
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
        if request.header("expect").first?.lowercased() == "100-continue" { _ = write(connection, "HTTP/1.1 100 Continue\r\n\r\n") }
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

    #if canImport(Glibc)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let sendFlags: Int32 = 0
    #endif

    /// Sends all of `text`; 0, or the errno of the send that failed.
    private func write(_ connection: Int32, _ text: String) -> Int32 {
        var bytes = Array(text.utf8)
        while !bytes.isEmpty {
            let sent = send(connection, bytes, bytes.count, Self.sendFlags)
            guard sent > 0 else { return errno }
            bytes.removeFirst(sent)
        }
        return 0
    }
}
