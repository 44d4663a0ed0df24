import Foundation
import ParallelWork
import SiteServer
import XCTest

/// `serve`'s server on 127.0.0.1 at a free port, over the fixture site, asked by a raw client:
/// exact statuses, headers and bodies.
final class SiteServerTests: XCTestCase {
    private var fixture: SiteFixture!
    private var server: SiteServer!
    private var port: UInt16 = 0

    override func setUpWithError() throws {
        fixture = try SiteFixture()
        let server = try SiteServer(site: SiteFolder(fixture.site.path), port: 0)
        port = try Self.wait { try await server.start() }
        self.server = server
    }

    override func tearDown() {
        if let server { _ = try? Self.wait { await server.stop() } }
        fixture.remove()
    }

    func testEachKindOfFileHasItsContentType() throws {
        let types = [
            ("index.html", "text/html; charset=utf-8"),
            ("sub/index.html", "text/html; charset=utf-8"),
            ("style.css", "text/css; charset=utf-8"),
            ("pagefind/pagefind-ui.css", "text/css; charset=utf-8"),
            ("pagefind/pagefind.js", "text/javascript; charset=utf-8"),
            ("pagefind/pagefind.wasm", "application/wasm"),
            ("pagefind/pagefind-entry.json", "application/json"),
            ("data/weeks.json", "application/json"),
            ("data/messages.jsonl", "text/plain; charset=utf-8"),
            ("data/weeks.csv", "text/csv; charset=utf-8"),
            ("c/general.md", "text/plain; charset=utf-8"),
            ("robots.txt", "text/plain; charset=utf-8"),
            ("sitemap.xml", "application/xml"),
            ("favicon.svg", "image/svg+xml"),
            ("pagefind/wasm.unknown.pagefind", "application/octet-stream"),
            ("pagefind/pagefind.en_1a2b.pf_meta", "application/octet-stream"),
            ("pagefind/index/en_3c4d.pf_index", "application/octet-stream"),
            ("pagefind/fragment/en_5e6f.pf_fragment", "application/octet-stream"),
            ("archive.bin", "application/octet-stream"),
            ("LICENSE", "application/octet-stream")
        ]
        for (path, type) in types {
            XCTAssertEqual(try get("/" + path), Self.file(type, SiteFixture.content(path)), path)
        }
        XCTAssertEqual(try get("/"), Self.file("text/html; charset=utf-8", SiteFixture.content("index.html")))
    }

    func testAFolderServesItsIndexAndIsRedirectedToWithItsSlash() throws {
        XCTAssertEqual(try get("/sub/"), Self.file("text/html; charset=utf-8", SiteFixture.content("sub/index.html")))
        XCTAssertEqual(try get("/sub"), Self.moved("/sub/"))
        XCTAssertEqual(try get("/sub?q=emoji"), Self.moved("/sub/?q=emoji"))
        XCTAssertEqual(try get("/?q=emoji"), Self.file("text/html; charset=utf-8", SiteFixture.content("index.html")))
        XCTAssertEqual(try get("/inside.html"), Self.file("text/html; charset=utf-8", SiteFixture.content("index.html")))
    }

    func testNoFolderIsListed() throws {
        for target in ["/empty/", "/empty", "/pagefind/", "/data/", "/missing.html", "/style.css/", "/sub/missing/"] {
            XCTAssertEqual(try get(target), Self.notFound, target)
        }
    }

    func testPathsThatLeaveTheSiteAreRefused() throws {
        let refused = [
            "/../outside/secret.html", "/sub/../../outside/secret.html", "/%2e%2e/outside/secret.html",
            "/%2E%2E/outside/secret.html", "/.%2e/outside/secret.html", "/..%2Foutside/secret.html",
            "/sub%2f..%2f..%2foutside%2fsecret.html", "/sub\\..\\..\\outside\\secret.html", "/..%5coutside%5csecret.html",
            "/index.html%00.css", "/index.html\u{0}.css", "//etc/passwd", "/sub//index.html", "/./index.html",
            "http://127.0.0.1/index.html", "etc/passwd", "*", "/%zz", "/%e9.html"
        ]
        for target in refused {
            XCTAssertEqual(try get(target), Self.badRequest, target)
        }
    }

    func testHiddenNamesAndLinksOutOfTheSiteAreNotServed() throws {
        let unserved = [
            "/.reaction-report/manifest", "/.reaction-report/", "/%2ereaction-report/manifest", "/.hidden", "/sub/.secret",
            "/out.html", "/outdir/secret.html", "/outdir/", "/up.html", "/manifest.txt"
        ]
        for target in unserved {
            XCTAssertEqual(try get(target), Self.notFound, target)
        }
    }

    func testHeadAnswersWithoutABody() throws {
        let client = try LoopbackClient(port: port)
        client.request("HEAD", "/style.css")
        let css = SiteFixture.content("style.css")
        XCTAssertEqual(client.receive(head: true), Self.answer(200, "text/css; charset=utf-8", length: css.utf8.count, body: ""))
        client.request("HEAD", "/missing.html")
        XCTAssertEqual(client.receive(head: true), Self.answer(404, "text/plain; charset=utf-8", length: 10, body: ""))
        // The next answer on the connection starts right after the heads: no body came between.
        client.request("GET", "/robots.txt", close: true)
        XCTAssertEqual(client.receive(), Self.file("text/plain; charset=utf-8", SiteFixture.content("robots.txt")))
        XCTAssertEqual(client.restUntilClosed(), [])
    }

    func testOtherMethodsAreNotAllowed() throws {
        var expected = Self.answer(405, "text/plain; charset=utf-8", body: "Method not allowed\n")
        expected.headers["allow"] = "GET, HEAD"
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"] {
            let client = try LoopbackClient(port: port)
            client.send("\(method) /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 3\r\n\r\na=1")
            XCTAssertEqual(client.receive(), expected, method)
            XCTAssertEqual(client.restUntilClosed(), [], method)
        }
    }

    func testKeepAliveServesSeveralRequestsAndCloseEndsTheConnection() throws {
        let client = try LoopbackClient(port: port)
        client.request("GET", "/")
        XCTAssertEqual(client.receive(), Self.file("text/html; charset=utf-8", SiteFixture.content("index.html")))
        client.request("GET", "/style.css")
        XCTAssertEqual(client.receive(), Self.file("text/css; charset=utf-8", SiteFixture.content("style.css")))
        client.request("GET", "/robots.txt", close: true)
        XCTAssertEqual(client.receive(), Self.file("text/plain; charset=utf-8", SiteFixture.content("robots.txt")))
        XCTAssertEqual(client.restUntilClosed(), [])
    }

    func testClientsThatSendNothingDoNotStopOthers() throws {
        let silent = try LoopbackClient(port: port)
        let halfway = try LoopbackClient(port: port)
        halfway.send("GET /robots.txt HT")
        let first = try LoopbackClient(port: port)
        let second = try LoopbackClient(port: port)
        first.request("GET", "/sub/", close: true)
        second.request("GET", "/style.css", close: true)
        XCTAssertEqual(second.receive(), Self.file("text/css; charset=utf-8", SiteFixture.content("style.css")))
        XCTAssertEqual(first.receive(), Self.file("text/html; charset=utf-8", SiteFixture.content("sub/index.html")))
        // The held connections were only waited on: the one half sent is answered once whole.
        halfway.send("TP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(halfway.receive(), Self.file("text/plain; charset=utf-8", SiteFixture.content("robots.txt")))
        withExtendedLifetime(silent) {}
    }

    func testALargeFileArrivesWhole() throws {
        let text = String(repeating: "0123456789abcdef", count: 1 << 19)  // 8 MiB
        try Data(text.utf8).write(to: fixture.site.appendingPathComponent("large.csv"))
        let answer = try get("/large.csv")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.headers["content-length"], "8388608")
        XCTAssertEqual(answer.body.utf8.count, 8_388_608)
        XCTAssertTrue(answer.body == text)
    }

    #if os(Linux)
        /// The kernel's table of TCP sockets lists the server's as listening on 127.0.0.1 only.
        func testListensOnTheLoopbackAddressOnly() throws {
            let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
            let suffix = String(format: ":%04X", Int(port))
            let rows: [[Substring]] = table.split(separator: "\n").dropFirst().map { $0.split(separator: " ") }
            let listening: [String] = rows.filter { $0[1].hasSuffix(suffix) && $0[3] == "0A" }.map { String($0[1]) }
            XCTAssertEqual(listening, ["0100007F" + suffix])
            let table6 = (try? String(contentsOfFile: "/proc/net/tcp6", encoding: .utf8)) ?? ""
            let rows6: [[Substring]] = table6.split(separator: "\n").dropFirst().map { $0.split(separator: " ") }
            XCTAssertEqual(rows6.filter { $0[1].hasSuffix(suffix) }.count, 0)
        }
    #endif

    // MARK: - Helpers

    /// A new connection's answer to `method` `target` with `Connection: close`, after which the
    /// server must close the connection having sent nothing more.
    private func get(_ target: String, method: String = "GET") throws -> LoopbackClient.Answer {
        let client = try LoopbackClient(port: port)
        client.request(method, target, close: true)
        let answer = try XCTUnwrap(client.receive(head: method == "HEAD"), target)
        XCTAssertEqual(client.restUntilClosed(), [], target)
        return answer
    }

    static let notFound = answer(404, "text/plain; charset=utf-8", body: "Not found\n")
    static let badRequest = answer(400, "text/plain; charset=utf-8", body: "Bad request\n")

    static func file(_ type: String, _ body: String) -> LoopbackClient.Answer {
        answer(200, type, body: body)
    }

    static func moved(_ location: String) -> LoopbackClient.Answer {
        var moved = answer(301, "text/plain; charset=utf-8", body: "Moved to \(location)\n")
        moved.headers["location"] = location
        return moved
    }

    static func answer(_ status: Int, _ type: String, length: Int? = nil, body: String) -> LoopbackClient.Answer {
        let headers = [
            "content-type": type, "content-length": String(length ?? body.utf8.count), "x-content-type-options": "nosniff",
            "cache-control": "no-cache"
        ]
        return LoopbackClient.Answer(status: status, headers: headers, body: body)
    }

    /// The result of async `work`, waited for on the test's thread.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Result<T, Error>?>(nil)
        Task {
            let outcome: Result<T, Error>
            do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0! }.get()
    }
}
