import Foundation
import HTTPExchange
import ParallelWork

/// One request of a platform's API: its path (percent-encoded, as sent) and its query, in
/// order; for a POST its JSON body; the header lines it carries besides the client's own
/// (Stream's token); or a whole URL of another host (an export's file on S3), which gets no
/// header of the platform's.
public struct APIRequest: Sendable, Equatable {
    public var method: CurlExchange.Method
    public var path: String
    public var query: [QueryItem]
    /// "Name: value" lines sent with this request only.
    public var headers: [String]
    public var body: [UInt8]
    /// A URL used as it is, instead of the API's address with `path` and `query`.
    public var absoluteURL: String?

    public init(method: CurlExchange.Method = .get, path: String, query: [QueryItem], headers: [String] = [], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// A GET of `url` as it is, with no header but the client's own.
    public static func download(_ url: String) -> APIRequest {
        var request = APIRequest(path: "", query: [])
        request.absoluteURL = url
        return request
    }

    /// The query as sent: `name=value` pairs joined by `&`, each percent-encoded
    /// (`APIAddress.encode`).
    public var queryText: String { query.map { APIAddress.encode($0.name) + "=" + APIAddress.encode($0.value) }.joined(separator: "&") }
}

/// One `name=value` of a query.
public struct QueryItem: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// Why an answer of 2xx does not hold the page asked for (JSON that does not parse, a page of
/// another range): the page is asked for again.
public struct PageProblem: Error, Equatable {
    public var reason: String

    public init(_ reason: String) { self.reason = reason }
}

/// What sends one request: `CurlFetchTransport` in the program, a scripted one in tests.
public protocol FetchTransport: Sendable {
    /// Sends `method` to `url` with `headers` and `body`, taking at most `timeout` seconds in
    /// all and reading at most `longestBody` bytes of the answer; `secrets` are kept out of the
    /// reason a failure gives.
    func send(_ method: CurlExchange.Method, url: String, headers: [String], body: [UInt8], timeout: Int, longestBody: Int, secrets: [String])
        -> AttemptResult
}

/// The program's transport: libcurl through `CurlExchange`.
public struct CurlFetchTransport: FetchTransport {
    public init() {}

    public func send(
        _ method: CurlExchange.Method, url: String, headers: [String], body: [UInt8], timeout: Int, longestBody: Int, secrets: [String]
    ) -> AttemptResult {
        CurlExchange(longestBody: longestBody, keepSuccessBody: true).send(method, url: url, headers: headers, body: body, timeout: timeout, secrets: secrets)
    }
}

/// Gets pages of one platform's API, politely and robustly: every request waits its turn at
/// the shared `RequestPacer`; HTTP 429 pauses every worker for what its `Retry-After` asks, or
/// else until its `X-RateLimit-Reset` (Unix seconds: Stream's) (at most the policy's longest;
/// the policy's backoff without either); 5xx answers, answers cut short
/// or not holding the page asked for, timeouts and failed connections are tried again after
/// 1 s, 2 s, 4 s… up to the policy's attempts; any other answer (a 4xx but 429, a 3xx, which is
/// not followed) stops the fetch with the platform's own words (exit 2).
///
/// An answer is first read into 1 MiB, and asked for again (at its turn, not as a failed
/// attempt) with room for 16 MiB when it fills that: the room is zeroed for every request, which
/// for 16 MiB cost a few milliseconds each, and a page of 25 PubNub messages of 32 KiB each with
/// their actions is about 1 MiB. A longer answer is an answer cut short.
///
/// Errors and notes name the platform, its host and what was asked for; never the URL, whose
/// path may hold a key, nor any of `secrets`.
public final class FetchClient: Sendable {
    /// The room of the first read of an answer.
    public static let usualBody = 1 << 20
    /// The most of an answer read.
    public static let longestBody = 16 << 20

    public let address: APIAddress
    /// The platform's name in messages (`PubNub`).
    public let platform: String
    let transport: any FetchTransport
    let pacer: RequestPacer
    let policy: RetryPolicy
    let secrets: [String]
    let headers: [String]
    let sleep: @Sendable (Double) -> Void
    let note: @Sendable (String) -> Void

    public init(
        platform: String, address: APIAddress, transport: any FetchTransport, pacer: RequestPacer, policy: RetryPolicy, secrets: [String],
        headers: [String] = [], sleep: @escaping @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) },
        note: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.platform = platform
        self.address = address
        self.transport = transport
        self.pacer = pacer
        self.policy = policy
        self.secrets = secrets
        self.headers = headers
        self.sleep = sleep
        self.note = note
    }

    /// The API's host as messages show it: without any of `secrets` (CometChat's app id is part
    /// of its host name).
    public var shownHost: String { shown(address.host) }

    /// `host` with every one of `secrets` in it written "…".
    func shown(_ host: String) -> String { secrets.reduce(host) { $0.replacingOccurrences(of: $1, with: "…") } }

    /// What one attempt means: the page, try again after a wait, or stop.
    enum Verdict<Page> {
        case page(Page)
        case retry(String, wait: Double, pauseAll: Bool)
        case stop(String)
    }

    /// Sends `request` and reads its answer with `read`, attempt after attempt as the policy
    /// allows. `what` names the page in messages ("the history of channel 'general'"). An
    /// answer longer than its room (1 MiB; 16 MiB when `longestBody` is more than that) is asked
    /// for again with 16 times more, up to `longestBody` (`FetchClient.longestBody` unless more
    /// is given: an export's file).
    public func get<Page>(
        _ request: APIRequest, what: String, longestBody: Int = FetchClient.longestBody, read: ([UInt8]) throws(PageProblem) -> Page
    ) throws(FetchError) -> Page {
        try getAnswer(request, what: what, longestBody: longestBody) { (answer: HTTPAnswer) throws(PageProblem) in try read(answer.body) }
    }

    /// As `get(_:what:longestBody:read:)`, with `read` given the whole answer (its headers too:
    /// CometChat's pages take their snapshot time from its `Date`).
    public func getAnswer<Page>(
        _ request: APIRequest, what: String, longestBody: Int = FetchClient.longestBody, read: (HTTPAnswer) throws(PageProblem) -> Page
    ) throws(FetchError) -> Page {
        let url = request.absoluteURL ?? address.url(request)
        let host = shown(request.absoluteURL.flatMap { URLComponents(string: $0)?.host } ?? address.host)
        let attempts = max(policy.attempts, 1)
        var attempt = 1
        // A request that may be longer than a page (an export's file) starts with the most a
        // page may be: the first try then rarely has to be made again.
        var room = longestBody > Self.longestBody ? Self.longestBody : Self.usualBody
        while true {
            pacer.waitTurn()
            let result = transport.send(
                request.method, url: url, headers: headers + request.headers, body: request.body, timeout: policy.timeout, longestBody: room,
                secrets: secrets + [url])
            if case .answered(let answer) = result, answer.bodyIsCut, answer.body.count >= room, room < longestBody {
                room = min(room * 16, longestBody)
                continue
            }
            switch verdict(result, afterAttempt: attempt, read: read) {
            case .page(let page):
                return page
            case .stop(let reason):
                throw FetchError("\(platform) at \(host) \(reason) for \(what)")
            case .retry(let reason, let wait, let pauseAll):
                guard attempt < attempts else {
                    throw FetchError("gave up on \(what) from \(platform) at \(host) after \(attempt) attempts; the last one \(reason)")
                }
                note("\(what): attempt \(attempt) of \(attempts) to \(host) \(reason); trying again in \(Self.seconds(wait))")
                if pauseAll { pacer.pause(seconds: wait) } else { sleep(wait) }
                attempt += 1
            }
        }
    }

    /// What `result` means after attempt `attempt`.
    func verdict<Page>(_ result: AttemptResult, afterAttempt attempt: Int, read: (HTTPAnswer) throws(PageProblem) -> Page) -> Verdict<Page> {
        let backoff = policy.backoff(afterAttempt: attempt)
        switch result {
        case .answered(let answer) where (200..<300).contains(answer.status):
            pacer.received(answer.body.count)
            guard !answer.bodyIsCut else { return .retry("answered with a page cut short", wait: backoff, pauseAll: false) }
            do throws(PageProblem) {
                return .page(try read(answer))
            } catch {
                return .retry("answered with \(error.reason)", wait: backoff, pauseAll: false)
            }
        case .answered(let answer) where answer.status == 429:
            pacer.received(answer.body.count)
            let now = Date()
            let retryAfter = answer.retryAfter.flatMap { RetryPolicy.retryAfterSeconds($0, now: now) }
            // Stream's reset is the Unix time its window ends (getstream.io/docs/platform/rate-limits;
            // stream-chat-python's README reads it as a date); in seconds, or milliseconds when
            // that large.
            let reset = answer.headers["x-ratelimit-reset"].flatMap(Double.init).map { value in
                max(0, (value > 1e11 ? value / 1000 : value) - now.timeIntervalSince1970)
            }
            let wait = min(retryAfter ?? reset ?? backoff, policy.longestRetryAfter)
            let told = retryAfter != nil ? ", with a Retry-After" : reset != nil ? ", with an X-RateLimit-Reset" : ""
            return .retry("answered HTTP 429 (too many requests)" + told, wait: wait, pauseAll: true)
        case .answered(let answer) where (500..<600).contains(answer.status):
            pacer.received(answer.body.count)
            return .retry("answered HTTP \(answer.status)", wait: backoff, pauseAll: false)
        case .answered(let answer):
            pacer.received(answer.body.count)
            let kind = (300..<400).contains(answer.status) ? "a redirect, which is not followed" : "which is not retried"
            let text = ShownText.excerpt(String(decoding: answer.body, as: UTF8.self), hiding: secrets, cut: answer.bodyIsCut)
            return .stop("answered HTTP \(answer.status), \(kind)\(text.map { " (its answer: \($0))" } ?? "")")
        case .noAnswer:
            return .retry("had no answer within \(Self.seconds(Double(policy.timeout)))", wait: backoff, pauseAll: false)
        case .connectionFailed(let reason):
            return .retry("failed (\(reason))", wait: backoff, pauseAll: false)
        case .failed(let reason):
            return .stop("could not be reached: \(reason)")
        }
    }

    /// `5 s`, `0.25 s`.
    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((max(value, 0) * 1000).rounded())
        guard milliseconds % 1000 != 0 else { return "\(milliseconds / 1000) s" }
        return String(format: "%.3g s", Double(milliseconds) / 1000)
    }
}
