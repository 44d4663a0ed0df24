import ByteOutput

/// What the site tells crawlers: `robots.txt` always (beside the HTML), and, for a public site
/// with a `baseURL`, `sitemap.xml` listing every page (sitemaps.org: at most 50,000 addresses a
/// file; past that, `sitemap.xml` is an index of `sitemaps/sitemap-N.xml`).
enum SiteMap {
    /// The most addresses one sitemap file may list.
    static let addressesPerFile = 50_000

    /// `robots.txt`: disallowing every crawler unless the site is public. (It counts only at a
    /// host's root; the pages' own `noindex` holds wherever the site is.)
    static func robots(isPublic: Bool, publishedAt: String?) -> String {
        guard isPublic else {
            return "# Chat archives hold people's words: this site asks not to be crawled (public = true allows it).\n"
                + "User-agent: *\nDisallow: /\n"
        }
        return "User-agent: *\nAllow: /\n" + (publishedAt.map { "\nSitemap: \(URLText.linkSafe($0 + "/sitemap.xml"))\n" } ?? "")
    }

    /// How many files the sitemap of `pages` pages takes.
    static func fileCount(pages: Int) -> Int {
        pages <= addressesPerFile ? 1 : 1 + (pages + addressesPerFile - 1) / addressesPerFile
    }

    /// The sitemap files of `paths` (the pages' paths in the site, in order) under `publishedAt`.
    static func files(_ paths: [String], publishedAt: String) -> [(path: String, text: String)] {
        func address(_ path: String) -> String { AtomFeed.escape(URLText.linkSafe(publishedAt + "/" + path)) }
        func urlset(_ slice: ArraySlice<String>) -> String {
            var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
            for path in slice { out += "<url><loc>\(address(path))</loc></url>\n" }
            return out + "</urlset>\n"
        }
        guard paths.count > addressesPerFile else { return [("sitemap.xml", urlset(paths[...]))] }
        let parts = stride(from: 0, to: paths.count, by: addressesPerFile).map { paths[$0..<min($0 + addressesPerFile, paths.count)] }
        var index = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
        var files: [(path: String, text: String)] = []
        for (number, part) in parts.enumerated() {
            let path = "sitemaps/sitemap-\(number + 1).xml"
            index += "<sitemap><loc>\(address(path))</loc></sitemap>\n"
            files.append((path, urlset(part)))
        }
        return [("sitemap.xml", index + "</sitemapindex>\n")] + files
    }
}
