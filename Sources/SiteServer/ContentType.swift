/// The `Content-Type` a file of a built site is served with, by its name: the site's pages,
/// styles, data and Pagefind's search files. Text is UTF-8, as `build` writes it; Markdown,
/// `.jsonl` and `robots.txt` are shown as plain text, so that a browser displays them rather
/// than downloading them; anything else is `application/octet-stream`.
public enum ContentType {
    /// The type of the file named `name` (a path or a file name).
    public static func of(_ name: String) -> String {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return fallback }
        return byExtension[file[file.index(after: dot)...].lowercased()] ?? fallback
    }

    /// The type of a file whose extension is not in the table.
    public static let fallback = "application/octet-stream"

    /// The types by lowercase extension. Pagefind's index files (`.pf_meta`, `.pf_index`,
    /// `.pf_fragment`, `.pagefind`) are compressed binary its script fetches.
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "jsonl": "text/plain; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "md": "text/plain; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "xml": "application/xml",
        "svg": "image/svg+xml",
        "png": "image/png",
        "ico": "image/x-icon",
        "wasm": "application/wasm",
        "woff2": "font/woff2",
        "pf_meta": "application/octet-stream",
        "pf_index": "application/octet-stream",
        "pf_fragment": "application/octet-stream",
        "pagefind": "application/octet-stream"
    ]
}
