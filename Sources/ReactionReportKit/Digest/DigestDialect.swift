/// How one kind of digest writes text from an export (names, conversation names, excerpts,
/// custom emoji names) and every other text of `DigestContent`, so that it stays inert: it can
/// mention or ping nobody, makes no link, and cannot restyle or unbalance the markup around it.
/// Every text of a digest goes through here; only the writers' own markup (`*…*`, `**…**`,
/// links to the site) is written around it.
///
/// Each text is first made one line of printable text (`flatten`), then escaped a character
/// (grapheme cluster) at a time, so that a cut (`fit`) falls between two characters, never inside
/// an escape, an emoji or any other grapheme, and ends with `…`.
///
/// - Slack (mrkdwn, and the header's `plain_text`): `&`, `<` and `>` become `&amp;`, `&lt;` and
///   `&gt;`, as Slack's formatting reference asks of text objects ("Escaping text",
///   https://docs.slack.dev/messaging/formatting-message-text), so no `<!channel>`, `<@U…>`,
///   `<#C…>`, `<!subteam^…>` or `<url|label>` can form. mrkdwn has no escape for its style marks,
///   so `*`, `_`, `~`, `` ` `` and their full-width forms become look-alikes (`∗ ˍ ∼ ˋ`, `﹡ ⸏ ˋ`),
///   the replacements jsx-slack's `<Escape>` makes for the same reason
///   (github.com/yhatt/jsx-slack, docs/about-escape-and-exact-mode.md); a `>` that starts a text
///   gets a soft hyphen before it, so it never quotes a line (ibid.). Text objects are also sent
///   with `"verbatim": true`, which turns off Slack's automatic parsing of mentions, channel
///   names and URLs (text object reference,
///   https://docs.slack.dev/reference/block-kit/composition-objects/text-object); as a second
///   guard, a word joiner (U+2060, invisible, no break) follows every `@`, so `@here`,
///   `@channel` and `@everyone` are not those words to any parser, and every `:` before a `/`,
///   so `https://…` and `javascript://…` in a message are text, not links.
/// - Discord (content and embeds): a backslash before `\ * _ ~ ` | [ ] ( ) < >` wherever they
///   stand, before `#`, `-`, `+` and a list number's `.` (`1. `) at the start of a text (headings,
///   `-#` subtext, lists), and before a `:` followed by `/` (Discord links `scheme://` URLs); Discord's
///   markdown shows any escaped punctuation as itself, so `<@123>`, `<@&123>`, `<#123>`,
///   `[x](y)` and `||spoiler||` stay text. A zero-width space (U+200B) follows every `@`, as
///   discord.js's `cleanContent` does for `@everyone` and `@here`; the payload's
///   `"allowed_mentions": {"parse": []}` allows no mention anyway.
/// - Plain text: a word joiner after every `@`, so that pasting the digest pings nobody; nothing
///   else is escaped (the text digest is for reading).
///
/// Every kind also drops what could disturb a terminal or the text around it: control
/// characters (C0, DEL, C1; line and paragraph separators, tabs and newlines become spaces) and
/// the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), whose
/// effect would run on into the digest's own text.
struct DigestDialect: Sendable {
    enum Kind: Sendable {
        case slack, slackPlainText, discord, plain
    }

    let kind: Kind

    static let slack = DigestDialect(kind: .slack)
    /// Slack's `plain_text` (the header): entities and the `@` guard, no mrkdwn look-alikes.
    static let slackPlainText = DigestDialect(kind: .slackPlainText)
    static let discord = DigestDialect(kind: .discord)
    static let plain = DigestDialect(kind: .plain)

    static let wordJoiner = "\u{2060}"
    static let zeroWidthSpace = "\u{200B}"
    static let ellipsis = "…"

    /// The length of `text` as the platform counts it against its limits. Discord counts code
    /// points ("Our API uses Python 3, so the API calculates length based on the number of
    /// codepoints", github.com/discord/discord-api-docs/issues/1315). Slack says "characters"
    /// without saying which; its JavaScript clients and SDKs count UTF-16 code units, which are
    /// never fewer than code points, so Slack text is counted in UTF-16 code units.
    func length(_ text: String) -> Int {
        switch kind {
        case .slack, .slackPlainText: return text.utf16.count
        case .discord: return text.unicodeScalars.count
        case .plain: return text.count
        }
    }

    /// `text` made inert, whole.
    func inert(_ text: String) -> String {
        if Self.isPlainASCII(text) { return text }
        var out = ""
        forEachEscaped(text) { piece in
            out += piece
            return true
        }
        return out
    }

    /// `text` made inert and cut to at most `limit` (in `length`) with `…` at the end when it
    /// is longer: the cut falls between two characters of the text, after an escape, never
    /// inside one.
    func fit(_ text: String, _ limit: Int) -> String {
        // ASCII text is as long as its bytes in every dialect.
        if Self.isPlainASCII(text), text.utf8.count <= limit { return text }
        // One pass that stops once the text is known to be too long: where the text with an
        // ellipsis would end is noted as the pieces come.
        let room = limit - length(Self.ellipsis)
        var out = ""
        var used = 0
        var cut: String.Index?
        forEachEscaped(text) { piece in
            let size = length(piece)
            if cut == nil, used + size > room { cut = out.endIndex }
            used += size
            guard used <= limit else { return false }
            out += piece
            return true
        }
        guard used > limit else { return out }
        guard room >= 0, let cut else { return "" }
        var shown = out[..<cut]
        while shown.last == " " { shown.removeLast() }
        return shown + Self.ellipsis
    }

    /// Hands `body` the escaped form of each character of `flatten(text)`, in order, until it
    /// returns false.
    private func forEachEscaped(_ text: String, _ body: (String) -> Bool) {
        let characters = Array(Self.flatten(text))
        // A list number at the start (`12. `, not `12.5`) ends at this index.
        let listNumberDot = characters.firstIndex { !$0.isASCII || !$0.isNumber }.flatMap { index in
            index > 0 && characters[index] == "." && (index + 1 == characters.count || characters[index + 1] == " ") ? index : nil
        }
        for index in characters.indices {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            guard body(escape(characters[index], atStart: index == 0, beforeSlash: next == "/", listNumberDot: index == listNumberDot)) else { return }
        }
    }

    private func escape(_ character: Character, atStart: Bool, beforeSlash: Bool, listNumberDot: Bool) -> String {
        switch kind {
        case .plain:
            return character == "@" ? "@" + Self.wordJoiner : String(character)
        case .slack, .slackPlainText:
            return slackEscape(character, atStart: atStart, beforeSlash: beforeSlash)
        case .discord:
            switch character {
            case "\\", "*", "_", "~", "`", "|", "[", "]", "(", ")", "<", ">": return "\\" + String(character)
            case "#", "-", "+": return atStart ? "\\" + String(character) : String(character)
            case "." where listNumberDot: return "\\."
            case ":" where beforeSlash: return "\\:"
            case "@": return "@" + Self.zeroWidthSpace
            default: return String(character)
            }
        }
    }

    private func slackEscape(_ character: Character, atStart: Bool, beforeSlash: Bool) -> String {
        // A character is escaped scalar by scalar: `<` with a combining mark is still a `<`.
        var out = atStart && (character.unicodeScalars.first == ">" || character.unicodeScalars.first == "\u{FF1E}") ? "\u{00AD}" : ""
        for scalar in character.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "@": out += "@" + Self.wordJoiner
            case ":" where beforeSlash: out += ":" + Self.wordJoiner
            default:
                if kind == .slack, let lookAlike = Self.slackLookAlikes[scalar] {
                    out.unicodeScalars.append(lookAlike)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// mrkdwn's style marks and the look-alikes that stand for them.
    static let slackLookAlikes: [Unicode.Scalar: Unicode.Scalar] = [
        "*": "\u{2217}", "_": "\u{02CD}", "~": "\u{223C}", "`": "\u{02CB}",
        "\u{FF0A}": "\u{FE61}", "\u{FF3F}": "\u{2E0F}", "\u{FF40}": "\u{02CB}"
    ]

    /// True for text that every dialect leaves as it is: ASCII letters, digits and single
    /// spaces between them (our own labels, most names), which is its own flattened form and
    /// needs no escape, so it is taken whole instead of character by character.
    static func isPlainASCII(_ text: String) -> Bool {
        var previousWasSpace = true
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                previousWasSpace = false
            case UInt8(ascii: " ") where !previousWasSpace:
                previousWasSpace = true
            default:
                return false
            }
        }
        return !previousWasSpace || text.isEmpty
    }

    /// `text` on one line, without control characters or bidirectional formatting, runs of
    /// spaces made one, no space at either end. A text that starts with a character that joins
    /// the one before it (a combining mark) gets a no-break space to join, and one that ends
    /// with a character that joins the one after it (a prepended concatenation mark) gets one
    /// too, so that no character of the text merges with the digest's own text around it.
    static func flatten(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isBreak =
                value == 0x09 || value == 0x0A || value == 0x0B || value == 0x0C || value == 0x0D || value == 0x85 || value == 0x2028 || value == 0x2029
            if isBreak || scalar == " " {
                if !lastWasSpace { scalars.append(" ") }
                lastWasSpace = true
                continue
            }
            if value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) { continue }
            scalars.append(scalar)
            lastWasSpace = false
        }
        var flat = String(scalars)
        while flat.last == " " { flat.removeLast() }
        // Only the first and last characters can join a neighbour: they are checked alone.
        if let first = flat.first, ("a" + String(first)).count == 1 { flat = "\u{00A0}" + flat }
        if let last = flat.last, (String(last) + "a").count == 1 { flat += "\u{00A0}" }
        return flat
    }
}
