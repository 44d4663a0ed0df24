import ByteOutput

/// How printed values are escaped.
public enum TemplateEscaping: Sendable {
    /// `&`, `<`, `>`, `"` and `'` become entities.
    case html
    /// Markdown punctuation is backslash-escaped and line breaks become spaces
    /// (`MarkdownEscaping`).
    case markdown

    func append(_ text: String, to out: ByteBuffer) {
        switch self {
        case .html: out.appendHTMLEscaped(text)
        case .markdown: out.append(MarkdownEscaping.escape(text))
        }
    }
}

/// Escapes values for Markdown so that a renderer, even one with raw HTML enabled, shows them
/// as text: Markdown punctuation is backslash-escaped, `<` and `&` become entities, and line
/// breaks become spaces so that a value cannot break a table row.
enum MarkdownEscaping {
    static func escape(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = ""
        out.reserveCapacity(text.utf8.count)
        // Where the value starts a line, only what would start a block needs a backslash: a
        // heading (`#` to `######` then space or end), a list item (`-`, `+` then space or end,
        // or digits then `.`/`)` then space or end), or a setext underline (`=` only).
        var blockMarker: Int?
        let first = scalars.firstIndex { $0 != " " }
        if let start = first {
            func endsMarker(_ index: Int) -> Bool { index >= scalars.count || scalars[index] == " " || scalars[index] == "\t" }
            switch scalars[start] {
            case "#":
                var end = start
                while end < scalars.count, scalars[end] == "#" { end += 1 }
                if end - start <= 6, endsMarker(end) { blockMarker = start }
            case "-", "+":
                if endsMarker(start + 1) { blockMarker = start }
            case "=":
                if scalars[start...].allSatisfy({ $0 == "=" || $0 == " " }) { blockMarker = start }
            case "0"..."9":
                var end = start
                while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
                if end < scalars.count, scalars[end] == "." || scalars[end] == ")", end - start <= 9, endsMarker(end + 1) { blockMarker = end }
            default:
                break
            }
        }
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n", "\r", "\t", "\u{2028}", "\u{2029}": out += " "
            case "\\", "`", "*", "_", "[", "]", "|", "~":
                out += "\\"
                out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                if index == blockMarker { out += "\\" }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
