import XCTest

@testable import ReactionReportKit

/// Publishing safely: a site asks not to be indexed unless it is public; a public site with a
/// `baseURL` has a sitemap, canonical addresses and OpenGraph tags; every page has a favicon;
/// the build says how large the site is and warns past GitHub's limits.
final class PublishingTests: XCTestCase {
    static let noindex = #"<meta name="robots" content="noindex, nofollow">"#

    func html(_ files: [String: String]) -> [(String, String)] {
        files.filter { $0.key.hasSuffix(".html") }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    func testByDefaultEveryPageAsksNotToBeIndexedAndRobotsDisallowsAll() throws {
        let files = try GoldenSiteTests.weeklyFixture()
        let pages = html(files)
        XCTAssertEqual(pages.count, 14)
        for (path, page) in pages {
            XCTAssertTrue(page.contains("\n" + Self.noindex + "\n"), path)
            XCTAssertFalse(page.contains("og:"), path)
            XCTAssertFalse(page.contains(#"rel="canonical""#), path)
            let root = path.hasPrefix("weeks/") || path.hasPrefix("conversations/") ? "../../" : path.hasPrefix("people/") ? "../" : ""
            XCTAssertTrue(page.contains(#"<link rel="icon" href="\#(root)assets/favicon.svg" type="image/svg+xml">"#), path)
        }
        XCTAssertEqual(
            files["robots.txt"],
            "# Chat archives hold people's words: this site asks not to be crawled (public = true allows it).\nUser-agent: *\nDisallow: /\n")
        XCTAssertNil(files["sitemap.xml"])
        XCTAssertTrue(try XCTUnwrap(files["assets/favicon.svg"]).hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg""#))
        // A base URL alone does not make a site public.
        let based = try GoldenSiteTests.weeklyFixture { $0.baseURL = "https://example.org/pulse" }
        XCTAssertNil(based["sitemap.xml"])
        XCTAssertTrue(html(based).allSatisfy { $0.1.contains(Self.noindex) })
    }

    func testAPublicSiteWithoutABaseURLMayBeCrawledButHasNoSitemap() throws {
        let files = try GoldenSiteTests.weeklyFixture { $0.isPublic = true }
        XCTAssertEqual(files["robots.txt"], "User-agent: *\nAllow: /\n")
        XCTAssertNil(files["sitemap.xml"])
        for (path, page) in html(files) {
            XCTAssertFalse(page.contains(#"name="robots""#), path)
            XCTAssertFalse(page.contains("og:"), path)
        }
    }

    func testAPublicSiteWithABaseURLHasASitemapAndEachPageItsAddress() throws {
        let files = try GoldenSiteTests.weeklyFixture {
            $0.isPublic = true
            $0.baseURL = "https://example.org/a&b"
        }
        XCTAssertEqual(files["robots.txt"], "User-agent: *\nAllow: /\n\nSitemap: https://example.org/a&b/sitemap.xml\n")
        let pages = html(files)
        XCTAssertEqual(
            files["sitemap.xml"],
            #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
                + ["index.html", "weeks/2026-W12/index.html", "weeks/2026-W13/index.html", "weeks/2026-W14/index.html"]
                .map { "<url><loc>https://example.org/a&amp;b/\($0)</loc></url>\n" }.joined()
                + ["ops/index.html", "ops/calendar.html", "team/index.html", "team/calendar.html"]
                .map { "<url><loc>https://example.org/a&amp;b/conversations/stream-\($0)</loc></url>\n" }.joined()
                + [
                    "index.html", "6b3b5bc5.html", "0b4f0b5a.html", "46315e76.html",
                    "9a6caed3.html", "703cbe2b.html"
                ]
                .map { "<url><loc>https://example.org/a&amp;b/people/\($0)</loc></url>\n" }.joined() + "</urlset>\n")
        for (path, page) in pages {
            let address = "https://example.org/a&amp;b/" + path
            XCTAssertTrue(page.contains(#"<link rel="canonical" href="\#(address)">"#), path)
            XCTAssertTrue(page.contains(#"<meta property="og:url" content="\#(address)">"#), path)
        }
        XCTAssertTrue(
            try XCTUnwrap(files["weeks/2026-W13/index.html"]).contains(
                """
                <meta property="og:type" content="website">
                <meta property="og:site_name" content="Weekly fixture">
                <meta property="og:title" content="Week 2026-W13">

                """))
    }

    func testASitemapOfMoreThanFiftyThousandPagesIsAnIndexOfParts() {
        let paths = (1...50_001).map { "p/\($0).html" }
        let files = SiteMap.files(paths, publishedAt: "https://x.org")
        XCTAssertEqual(files.map(\.path), ["sitemap.xml", "sitemaps/sitemap-1.xml", "sitemaps/sitemap-2.xml"])
        XCTAssertEqual(SiteMap.fileCount(pages: 50_001), 3)
        XCTAssertEqual(SiteMap.fileCount(pages: 50_000), 1)
        XCTAssertEqual(
            files[0].text,
            #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
                + "<sitemap><loc>https://x.org/sitemaps/sitemap-1.xml</loc></sitemap>\n<sitemap><loc>https://x.org/sitemaps/sitemap-2.xml</loc></sitemap>\n"
                + "</sitemapindex>\n")
        XCTAssertEqual(files[1].text.components(separatedBy: "<url>").count - 1, 50_000)
        XCTAssertTrue(files[2].text.contains("\n<url><loc>https://x.org/p/50001.html</loc></url>\n</urlset>\n"))
    }

    func testTheSiteSizeAndTheWarningsPastGitHubsLimits() {
        XCTAssertEqual(
            [0, 1, 999, 1000, 14_249, 999_949, 999_950, 189_300_000, 1_400_000_000].map(SiteSize.text),
            ["0 bytes", "1 byte", "999 bytes", "1.0 kB", "14.2 kB", "999.9 kB", "1.0 MB", "189.3 MB", "1.4 GB"])
        var options = BuildOptions()
        options.formats = [.html, .json]
        let limit = SiteSize.largestFile
        XCTAssertEqual(SiteSize.warnings(largest: [("data/messages.jsonl", limit)], files: 10, bytes: limit, options: options), [])
        XCTAssertEqual(
            SiteSize.warnings(
                largest: [("data/messages.jsonl", 189_300_000), ("conversations/general/index.html", limit + 1), ("data/people.csv", 10)],
                files: 12_345, bytes: 1_000_000_001, options: options),
            [
                "data/messages.jsonl is 189.3 MB: GitHub refuses files over 100 MiB (Cloudflare Pages over 25 MiB); --format html,markdown leaves the data files out (or publish them compressed, elsewhere)",
                "conversations/general/index.html is 104.9 MB: GitHub refuses files over 100 MiB (Cloudflare Pages over 25 MiB); a smaller --page-size splits it",
                "the site is 1.0 GB in 12,345 files: GitHub Pages publishes at most 1 GB; --format html,markdown leaves the data files out"
            ])
    }
}
