import Foundation
import ParallelWork

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of one attempt's data task: it keeps the answer's status, its `Retry-After` and
/// the first `longestBody` bytes of its body, and settles the attempt's result as soon as the
/// poster has what it reads: at a 2xx answer's head (its body is never shown), when the body
/// ends or passes the bound, when the connection fails, or at the attempt's deadline. Settled
/// early, it stops the task, so that the rest of the answer is not read; what still comes
/// meanwhile is dropped.
///
/// Redirects are handed back as the answer instead of being followed.
final class AnswerReader: NSObject, URLSessionDataDelegate, Sendable {
    /// What came of the answer so far.
    private struct State {
        var status: Int?
        var retryAfter: String?
        var body: [UInt8] = []
        var result: AttemptResult?

        /// The answer with the body read so far, once its head has come.
        func answer(cut: Bool) -> AttemptResult? {
            status.map { .answered(HTTPAnswer(status: $0, retryAfter: retryAfter, body: body, bodyIsCut: cut)) }
        }
    }

    private let url: URL
    private let longestBody: Int
    private let state = Locked(State())
    private let settled = DispatchSemaphore(value: 0)

    /// A reader for an answer from `url` (whose parts a failure's text hides), keeping at most
    /// `longestBody` bytes of its body.
    init(url: URL, longestBody: Int) {
        self.url = url
        self.longestBody = longestBody
    }

    /// The result of `task`, waiting for it until `deadline`; then the answer with as much of its
    /// body as came, when its head came in time, else no answer.
    func result(of task: URLSessionDataTask, by deadline: DispatchTime) -> AttemptResult {
        if settled.wait(timeout: deadline) == .timedOut, settle(with: { $0.answer(cut: true) ?? .noAnswer }) {
            Self.stopReading(task)
        }
        return state.withLock { $0.result } ?? .noAnswer
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let response = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            if settle(with: { _ in .connectionFailed("not an HTTP answer") }) { Self.stopReading(dataTask) }
            return
        }
        let retryAfter = response.allHeaderFields.first { ($0.key as? String)?.lowercased() == "retry-after" }?.value as? String
        state.withLock {
            $0.status = response.statusCode
            $0.retryAfter = retryAfter
        }
        guard (200..<300).contains(response.statusCode) else { return completionHandler(.allow) }
        // FoundationNetworking ignores the disposition (it cannot pause libcurl).
        completionHandler(.cancel)
        if settle(with: { _ in .answered(HTTPAnswer(status: response.statusCode, retryAfter: retryAfter)) }) { Self.stopReading(dataTask) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let passedBound = state.withLock { state -> Bool in
            guard state.result == nil else { return false }
            let room = longestBody - state.body.count
            state.body += data.prefix(room)
            return data.count > room
        }
        if passedBound, settle(with: { $0.answer(cut: true) ?? .connectionFailed("not an HTTP answer") }) { Self.stopReading(dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let url = url
        settle { state in
            if let answer = state.answer(cut: error != nil) { return answer }
            guard let error else { return .connectionFailed("not an HTTP answer") }
            return URLSessionTransport.result(of: error as NSError, url: url)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// Settles the result with `result` of the state, unless it is settled already; true when
    /// this call settled it.
    @discardableResult
    private func settle(with result: (State) -> AttemptResult) -> Bool {
        let first = state.withLock { state -> Bool in
            guard state.result == nil else { return false }
            state.result = result(state)
            return true
        }
        if first { settled.signal() }
        return first
    }

    /// Stops `task` reading the answer, from a thread of its own: the call waits for the
    /// session's queue, which libcurl holds as long as the answer keeps coming faster than it
    /// reads. On Linux the task is suspended, which takes its transfer off libcurl and closes the
    /// connection (its own timer ends it later): FoundationNetworking's `cancel()` may end the
    /// process when the task completes meanwhile ("a task that in not in the registry").
    static func stopReading(_ task: URLSessionDataTask) {
        DispatchQueue.global().async {
            #if canImport(FoundationNetworking)
                task.suspend()
            #else
                task.cancel()
            #endif
        }
    }
}
