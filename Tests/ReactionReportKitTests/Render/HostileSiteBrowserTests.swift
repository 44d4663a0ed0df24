import Foundation
import XCTest

@testable import ReactionReportKit

/// The hostile site in a real browser (issue 6). The fixtures of every platform with every
/// name, text, URL and reaction value replaced by payloads (Scripts/hostile-fixtures.py) are
/// built into a site, and headless Chromium loads every page of it, one after another, in a
/// frame of a harness page. A payload that runs marks its document (`data-pwned`); the harness
/// reads every page's DOM: the mark, any script, frame, object or embed element, and every URL
/// in an attribute. A control page with one unescaped payload proves that the check can fail.
final class HostileSiteBrowserTests: XCTestCase {
    static let titlePayload =
        #"<script>document.documentElement.setAttribute('data-pwned','title')</script>"><svg onload="document.documentElement.setAttribute('data-pwned','title2')">"#

    struct PageResult: Decodable {
        var page: String
        var pwned: String?
        var active: Int
        var payloads: Int
        var urls: [String]
    }

    static func chromium() -> String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func testNoPayloadRunsOnAnyPageOfTheHostileSite() throws {
        guard let browser = Self.chromium() else {
            return XCTFail("headless Chromium is needed (Debian: apt-get install chromium; `make test` installs it)")
        }
        let folder = try TestSupport.temporaryFolder()
        let hostile = TestSupport.fixtures.appendingPathComponent("hostile").path
        let build = try CLIRunner.run(
            ["build", hostile, "-o", "site", "--quiet", "--include-direct-messages", "--search", "--title", Self.titlePayload], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        let site = folder.appendingPathComponent("site")
        let pages = try TestSupport.files(in: site).keys.filter { $0.hasSuffix(".html") }.sorted()
        // The overview, the search page, 24 transcript pages, 24 calendars, 7 threads, the 10 weeks with messages or
        // alone between two that have them (the rest of its 426 weeks are runs without messages, with no page), and
        // the people index with a page for each of its 42 people.
        XCTAssertEqual(pages.count, 110)

        try Data(#"<!doctype html><title>control</title><img src=x onerror="document.documentElement.setAttribute('data-pwned','control')">"#.utf8)
            .write(to: folder.appendingPathComponent("control.html"))
        let list = try String(decoding: JSONEncoder().encode(["control.html"] + pages.map { "site/" + $0 }), as: UTF8.self)
        try Data(Self.harness(pages: list).utf8).write(to: folder.appendingPathComponent("harness.html"))

        let run = try CLIRunner.run(
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                "--virtual-time-budget=900000", "--dump-dom", folder.appendingPathComponent("harness.html").absoluteString
            ],
            in: folder, executable: URL(fileURLWithPath: browser))
        XCTAssertEqual(run.status, 0, run.stderr)
        let output = try XCTUnwrap(
            run.stdout.range(of: #"<pre id="out">"#).flatMap { start in
                run.stdout[start.upperBound...].range(of: "</pre>").map { String(run.stdout[start.upperBound..<$0.lowerBound]) }
            }, "the harness did not finish: \(run.stdout.suffix(300))")
        let text = output.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let results = try JSONDecoder().decode([PageResult].self, from: Data(text.utf8))

        XCTAssertEqual(results.count, pages.count + 1, "every page loaded")
        XCTAssertEqual(results.first?.pwned, "control", "the control payload must run, or the check proves nothing")
        for result in results.dropFirst() {
            XCTAssertNil(result.pwned, "a payload ran on \(result.page)")
            XCTAssertEqual(result.active, 0, "script, frame, object or embed element (but the search page's own) on \(result.page)")
            for url in result.urls {
                let value = String(url.drop { $0 != "=" }.dropFirst())
                XCTAssertTrue(Self.isSafe(value), "\(result.page): \(url)")
            }
        }
        // The payloads reached the pages, as text: on every conversation page and on the index.
        let shown = Dictionary(uniqueKeysWithValues: results.dropFirst().map { ($0.page, $0.payloads) })
        XCTAssertGreaterThan(shown["site/index.html"] ?? 0, 0)
        let conversations = shown.filter { $0.key.hasPrefix("site/conversations/") }
        // Each conversation's transcript, calendar and threads name it.
        XCTAssertEqual(conversations.count, 55)
        XCTAssertEqual(conversations.filter { $0.value == 0 }.keys.sorted(), [])
    }

    /// Links and sources may be http(s), mailto or relative: no other scheme.
    static func isSafe(_ url: String) -> Bool {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let colon = trimmed.firstIndex(of: ":") else { return !trimmed.hasPrefix("//") }
        let scheme = trimmed[..<colon]
        if scheme.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return true }
        return ["http", "https", "mailto"].contains(scheme.lowercased())
    }

    /// The only scripts a page may hold: the search page's, Pagefind's search box and ours that
    /// starts it, each a file (`src`) without inline code.
    static let allowedScripts = ["pagefind/pagefind-ui.js", "assets/search.js"]

    /// Loads each page in a frame, waits a moment for payloads to act, and records its DOM.
    static func harness(pages: String) -> String {
        """
        <!doctype html><html><body><pre id="out"></pre><script>
        const pages = \(pages);
        const allowed = [\(allowedScripts.map { "'\($0)'" }.joined(separator: ", "))];
        const results = [];
        let i = 0;
        function next() {
          if (i >= pages.length) { document.getElementById('out').textContent = JSON.stringify(results); return; }
          const frame = document.createElement('iframe');
          frame.onload = () => setTimeout(() => {
            const d = frame.contentDocument;
            const r = {page: pages[i], pwned: d.documentElement.getAttribute('data-pwned'),
                       active: [...d.querySelectorAll('script,iframe,frame,object,embed')].filter(e => !(pages[i].endsWith('site/search.html')
                         && e.tagName === 'SCRIPT' && allowed.includes(e.getAttribute('src')) && e.textContent === '')).length,
                       payloads: (d.body ? d.body.textContent : '').split('data-pwned').length - 1, urls: []};
            for (const e of d.querySelectorAll('*'))
              for (const a of ['href', 'src', 'action', 'formaction', 'srcdoc', 'xlink:href', 'poster', 'data'])
                if (e.hasAttribute(a)) r.urls.push(a + '=' + e.getAttribute(a));
            results.push(r);
            frame.remove();
            i += 1;
            next();
          }, 30);
          frame.src = pages[i];
          document.body.appendChild(frame);
        }
        next();
        </script></body></html>
        """
    }
}
