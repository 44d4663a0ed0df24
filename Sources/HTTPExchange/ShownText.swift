import Foundation

/// Text from outside made fit to print: an answer's body, libcurl's message for a failed
/// connection. Either may echo a secret (a webhook's URL, whose path is its secret; an API's
/// keys), so every secret it holds is shown as "…"; it is put on one line and cut at 200
/// characters.
public enum ShownText {
    /// `text` on one line, at most 200 characters, each of `secrets` in it shown as "…"; nil
    /// when it has nothing but white space. A text that was `cut` (the start of a longer one)
    /// ends with "…", without an end that begins one of `secrets` (the cut may have fallen in
    /// the URL) or a character cut in two.
    public static func excerpt(_ text: String, hiding secrets: [String], cut: Bool = false) -> String? {
        var text = text
        for secret in secrets { text = text.replacingOccurrences(of: secret, with: "…") }
        if cut {
            if text.hasSuffix("\u{FFFD}") { text.removeLast() }
            text = droppingStartOfSecret(text, secrets)
        }
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        guard !words.isEmpty else { return nil }
        let line = words.joined(separator: " ")
        return line.count <= 200 && !cut ? line : String(line.prefix(199)) + "…"
    }

    /// `text` without its longest end (of two characters or more) that one of `secrets` begins
    /// with.
    static func droppingStartOfSecret(_ text: String, _ secrets: [String]) -> String {
        let longest = secrets.map { secret in (2..<max(secret.count, 2)).last { text.hasSuffix(secret.prefix($0)) } ?? 0 }.max() ?? 0
        return String(text.dropLast(longest))
    }

    /// The parts of `url` a text might echo, longest first: the URL, its path and its query,
    /// percent-encoded and not (a part of one character, such as the path `/`, is no secret).
    public static func secrets(of url: URL) -> [String] {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let parts = [url.absoluteString, components?.percentEncodedPath, components?.path, components?.percentEncodedQuery, components?.query]
        let kept = parts.compactMap { $0 }.filter { $0.count > 1 }
        return Array(Set(kept)).sorted { ($0.count, $0) > ($1.count, $1) }
    }
}
