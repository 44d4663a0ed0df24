import CPosix
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw HTTP/1.1 client on 127.0.0.1 for the tests: it sends exactly the bytes it is given,
/// so that a path reaches the server as written (no client library's normalising of `..` or
/// `%2e`), and reads the answers one by one. Reads give up after 10 s.
final class LoopbackClient {
    /// An answer as it arrived.
    struct Answer: Equatable {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    private let socket: Int32
    private var pending: [UInt8] = []

    init(port: UInt16) throws {
        socket = rr_connect_loopback(port, 10)
        guard socket >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit { close(socket) }

    /// Sends `text` as it is.
    func send(_ text: String) {
        var rest = Array(text.utf8)
        while !rest.isEmpty {
            let count = write(socket, rest, rest.count)
            guard count > 0 else { return }
            rest.removeFirst(count)
        }
    }

    /// Sends a request for `target` with `method` (and `Connection: close` when `close`).
    func request(_ method: String, _ target: String, close: Bool = false) {
        send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (close ? "Connection: close\r\n" : "") + "\r\n")
    }

    /// The next answer: its head, then as many body bytes as its Content-Length says (none
    /// after a HEAD request, when `head`); nil when the connection ends or is silent first.
    func receive(head: Bool = false) -> Answer? {
        guard let end = fill(until: { $0.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound }) else { return nil }
        let lines = String(decoding: pending[..<(end - 4)], as: UTF8.self).components(separatedBy: "\r\n")
        pending.removeFirst(end)
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = head ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        guard fill(until: { $0.count >= length ? length : nil }) != nil else { return nil }
        let body = String(decoding: pending[..<length], as: UTF8.self)
        pending.removeFirst(length)
        return Answer(status: status, headers: headers, body: body)
    }

    /// The bytes that arrive until the server closes the connection, or nil when it keeps it
    /// open (silent for 10 s).
    func restUntilClosed() -> [UInt8]? {
        while true {
            switch readMore() {
            case .some(true): continue
            case .some(false): return pending
            case .none: return nil
            }
        }
    }

    /// Reads until `found` finds what it looks for in the bytes received; its answer, or nil.
    private func fill(until found: ([UInt8]) -> Int?) -> Int? {
        while true {
            if let answer = found(pending) { return answer }
            guard readMore() == true else { return nil }
        }
    }

    /// Reads what has arrived: true when bytes came, false at the end, nil on silence.
    private func readMore() -> Bool? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(socket, &buffer, buffer.count)
        if count > 0 {
            pending += buffer[..<count]
            return true
        }
        return count == 0 ? false : nil
    }
}
