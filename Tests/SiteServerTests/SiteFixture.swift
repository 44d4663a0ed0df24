import Foundation

/// A built site's shapes in a temporary folder, for the server's tests: a file of every type
/// the site and Pagefind write, a folder with an index.html and one without, our hidden folder,
/// a dot-file, and symbolic links inside the site and out of it (to a sibling folder `outside`).
struct SiteFixture {
    let base: URL
    var site: URL { base.appendingPathComponent("site") }
    var outside: URL { base.appendingPathComponent("outside") }

    /// Each file the fixture writes, by path inside the site, with its content.
    static let files: [(String, String)] = [
        ("index.html", "<!doctype html><title>Home</title>\n"),
        ("style.css", "body { color: #222; }\n"),
        ("sub/index.html", "<!doctype html><title>Sub</title>\n"),
        ("empty/note.txt", "no index here\n"),
        ("data/messages.jsonl", "{\"id\":\"1\"}\n{\"id\":\"2\"}\n"),
        ("data/weeks.csv", "week,messages\n2026-W47,3\n"),
        ("data/weeks.json", "[{\"week\":\"2026-W47\"}]\n"),
        ("c/general.md", "# general\n"),
        ("favicon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"),
        ("sitemap.xml", "<?xml version=\"1.0\"?><urlset/>\n"),
        ("robots.txt", "User-agent: *\nDisallow: /\n"),
        ("pagefind/pagefind.js", "export const search = 1;\n"),
        ("pagefind/pagefind-ui.css", ".pagefind-ui { margin: 0; }\n"),
        ("pagefind/pagefind-entry.json", "{\"version\":\"1.4.0\"}\n"),
        ("pagefind/wasm.unknown.pagefind", "wasm-gz"),
        ("pagefind/pagefind.wasm", "\0asm\u{1}\0\0\0"),
        ("pagefind/pagefind.en_1a2b.pf_meta", "meta"),
        ("pagefind/index/en_3c4d.pf_index", "index"),
        ("pagefind/fragment/en_5e6f.pf_fragment", "fragment"),
        ("archive.bin", "bytes"),
        ("LICENSE", "no extension\n"),
        (".reaction-report/manifest", "# reaction-report: the files of this site it wrote\nindex.html\n"),
        (".hidden", "a dot-file\n"),
        ("sub/.secret", "a dot-file in a folder\n")
    ]

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("site-server-\(UUID().uuidString)")
        for (path, content) in Self.files { try Self.write(content, to: site.appendingPathComponent(path)) }
        try Self.write("<!doctype html><title>Secret</title>\n", to: outside.appendingPathComponent("secret.html"))
        let links = [
            ("out.html", outside.appendingPathComponent("secret.html").path),
            ("outdir", outside.path),
            ("up.html", "../outside/secret.html"),
            ("inside.html", "index.html"),
            ("manifest.txt", ".reaction-report/manifest")
        ]
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent(name).path, withDestinationPath: target)
        }
    }

    /// The content of the fixture's file at `path`.
    static func content(_ path: String) -> String { files.first { $0.0 == path }!.1 }

    func remove() { try? FileManager.default.removeItem(at: base) }

    private static func write(_ content: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: url)
    }
}
