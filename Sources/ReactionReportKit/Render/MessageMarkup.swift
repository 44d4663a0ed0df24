import ByteOutput
import Foundation

/// Converts platform markup to CommonMark before libcmark renders it (Slack mrkdwn and Discord
/// mentions), and to the plain text people read in the app, for excerpts. Names come from the
/// people and conversations the ledger knows.
struct MessageMarkup {
    /// Display names by platform and user id.
    let people: [Platform: [String: String]]
    /// Conversation names by platform and id.
    let conversations: [Platform: [String: String]]
    /// Discord's timestamps (`<t:1700000000>`) are shown in the report's time zone (UTC unless
    /// given).
    var times = TimeText.utc
    /// Shortcodes in text (`:rocket:`) become emoji through the standard table.
    let emojiNames = EmojiResolver()

    /// The HTML of a message's text: its CommonMark through libcmark, with bare URLs linked
    /// where the platform's apps link them.
    func html(_ message: MessageSummary) -> String {
        // Read once: a long text is read back from the ledger's spill file at each `text`.
        let text = message.text
        // Text whose markup would cost libcmark more than a few bytes a byte is shown as it is
        // written: plain, markup and mentions unresolved (its conversion costs too).
        guard CommonMark.isAffordable(text) else {
            return CommonMark.plainHTML(text, keepingEntities: message.markup == .slackMrkdwn)
        }
        let markdown = commonMark(text, markup: message.markup)
        // Asked of the text as written: plain text is escaped whole (`https\:\/\/…`).
        guard message.markup.linksBareURLs, !markdown.isEmpty, BareURLs.mayContain(text) else { return CommonMark.html(markdown) }
        return CommonMark.cmarkHTML(markdown, autolink: true)
    }

    /// CommonMark for a message's text.
    func commonMark(_ message: MessageSummary) -> String {
        commonMark(message.text, markup: message.markup)
    }

    /// CommonMark for `text`, written in `markup`.
    func commonMark(_ text: String, markup: TextMarkup) -> String {
        switch markup {
        case .commonMark, .commonMarkAutolinked: return text
        case .plain: return CommonMarkText.escape(text).replacingOccurrences(of: "\n", with: "\\\n")
        case .slackMrkdwn: return slack(text)
        case .discord: return discord(text)
        }
    }

    /// The most bytes of a message's text a ranking shows rendered; a longer text is shown as
    /// the start of its plain text and a mark that it goes on, to be read on its page.
    static let rankingTextLimit = 4_096

    /// The HTML of a message's text in a ranking: `html(_:)`, or for a text longer than
    /// `rankingTextLimit` bytes its start as plain text, ending in "…".
    func rankingHTML(_ message: MessageSummary) -> String {
        guard message.text.utf8.count > Self.rankingTextLimit else { return html(message) }
        return CommonMark.plainHTML(readableText(of: message.markup, Self.prefix(message.text, bytes: Self.rankingTextLimit)) + " …")
    }

    /// The most bytes of a message's text its excerpt is made from: more than a line of 140
    /// characters needs, whatever they are, so that a text of megabytes is not read whole for it.
    static let excerptSourceLimit = 8_192

    /// The one-line excerpt of a message for rankings (`TextExcerpt`), made from the first
    /// `excerptSourceLimit` bytes of its text.
    func excerpt(_ message: MessageSummary, limit: Int = 140) -> String {
        let source = Self.prefix(message.text, bytes: Self.excerptSourceLimit)
        return TextExcerpt.make(readableText(of: message.markup, source), deleted: message.deleted, limit: limit)
    }

    /// The longest start of `text` of at most `bytes` UTF-8 bytes that ends between scalars.
    static func prefix(_ text: String, bytes: Int) -> Substring {
        let utf8 = text.utf8
        guard utf8.count > bytes else { return Substring(text) }
        var end = utf8.index(utf8.startIndex, offsetBy: bytes)
        while end > utf8.startIndex, UTF8.isContinuation(utf8[end]) { end = utf8.index(before: end) }
        return text[..<end]
    }

    /// A message's text as people read it in the app, markup resolved but not rendered: Slack
    /// and Discord mentions as `@Name` and `#channel`, Slack links as their label (else their
    /// URL), `*bold*` and `_italic_` without their marks, entities decoded, shortcodes and
    /// Discord's custom emoji as `:name:` or emoji. Markdown and plain text are as written.
    func readableText(_ message: MessageSummary) -> String {
        readableText(of: message.markup, Substring(message.text))
    }

    /// `text` in the markup `markup`, as people read it.
    func readableText(of markup: TextMarkup, _ text: Substring) -> String {
        switch markup {
        case .commonMark, .commonMarkAutolinked, .plain: return String(text)
        case .slackMrkdwn: return slackReadable(String(text))
        case .discord: return discordReadable(String(text))
        }
    }

    /// Slack: `<@U1>`, `<#C1|name>`, `<!here>`, `<url|label>` (only http(s) and mailto become
    /// links), `*bold*`, `_italic_`, and the `&amp;`/`&lt;`/`&gt;` escapes.
    func slack(_ text: String) -> String {
        guard UTF8Bytes.contains(text, UInt8(ascii: "<")) else { return slackEmphasis(decodeSlackEntities(text)) }
        return Self.slackPieces(text).map { piece in
            piece.isControl ? slackControl(String(piece.text)) : slackEmphasis(decodeSlackEntities(String(piece.text)))
        }.joined()
    }

    /// Slack text as people read it: controls as the words they show, emphasis marks gone.
    func slackReadable(_ text: String) -> String {
        Self.slackPieces(text).map { piece in
            piece.isControl ? slackControlParts(String(piece.text)).text : slackWords(decodeSlackEntities(String(piece.text)))
        }.joined()
    }

    /// The text cut at its `<…>` controls: runs of text and control bodies, ending with text (an
    /// unclosed `<` starts a last text of its own). The delimiters are found on UTF-8 bytes where
    /// they stand alone (`onBytes`, by default `delimitersStandAlone`), else by `Character`.
    static func slackPieces(_ text: String, onBytes: Bool? = nil) -> [(text: Substring, isControl: Bool)] {
        guard UTF8Bytes.contains(text, UInt8(ascii: "<")) else { return [(Substring(text), false)] }
        let bytewise = onBytes ?? delimitersStandAlone(text)
        func first(_ delimiter: Character, in part: Substring) -> Substring.Index? {
            bytewise ? part.utf8.firstIndex(of: delimiter.asciiValue!) : part.firstIndex(of: delimiter)
        }
        var pieces: [(text: Substring, isControl: Bool)] = []
        var rest = Substring(text)
        while let open = first("<", in: rest) {
            pieces.append((rest[..<open], false))
            guard let close = first(">", in: rest[open...]) else {
                rest = rest[open...]
                break
            }
            pieces.append((rest[rest.index(after: open)..<close], true))
            rest = rest[rest.index(after: close)...]
        }
        pieces.append((rest, false))
        return pieces
    }

    /// True when no `<` or `>` has a non-ASCII neighbour. Otherwise a combining mark or a
    /// prepended character could join one with its neighbour into one grapheme, which a search
    /// by `Character` passes over; bytes and characters then find different delimiters.
    static func delimitersStandAlone(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var delimiterBefore = false
        for byte in text.utf8 {
            if delimiterBefore, byte >= 0x80 { return false }
            delimiterBefore = byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            if delimiterBefore, previous >= 0x80 { return false }
            previous = byte
        }
        return true
    }

    /// A Slack control (`<…>`, delimiters removed) in CommonMark: its words, escaped, as a link
    /// when it is an http(s) or mailto link.
    func slackControl(_ body: String) -> String {
        let (text, url) = slackControlParts(body)
        guard let url else { return CommonMarkText.escape(text) }
        return "[" + CommonMarkText.escape(text) + "](<" + url.replacingOccurrences(of: ">", with: "%3E").replacingOccurrences(of: "<", with: "%3C") + ">)"
    }

    /// What a Slack control shows and, for an http(s) or mailto link, where it leads:
    /// `@U1` → `@Ada` (the known name, else the label, else the id), `#C1|general` →
    /// `#general`, `!here` → `@here` (or its label), `url|label` → the label, else the URL.
    func slackControlParts(_ body: String) -> (text: String, url: String?) {
        let parts = body.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target = parts[0]
        let label = parts.count > 1 ? decodeSlackEntities(parts[1]) : nil
        if target.hasPrefix("@") {
            let id = String(target.dropFirst())
            return ("@" + (people[.slack]?[id] ?? label ?? id), nil)
        }
        if target.hasPrefix("#") {
            let id = String(target.dropFirst())
            return ("#" + (label ?? conversations[.slack]?[id] ?? id), nil)
        }
        if target.hasPrefix("!") {
            let command = String(target.dropFirst())
            if let label { return (label, nil) }
            return ("@" + (command.split(separator: "^").first.map(String.init) ?? command), nil)
        }
        let url = decodeSlackEntities(target)
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") else {
            return (label ?? url, nil)
        }
        return (label ?? url, url)
    }

    func decodeSlackEntities(_ text: String) -> String {
        guard UTF8Bytes.contains(text, UInt8(ascii: "&")) else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// `*bold*` → `**bold**` and `_italic_` → `*italic*` where they stand as words.
    func slackEmphasis(_ text: String) -> String {
        let text = shortcodesToEmoji(text)
        guard UTF8Bytes.contains(text, UInt8(ascii: "*")) || UTF8Bytes.contains(text, UInt8(ascii: "_")) else { return text }
        let bold = Self.boldPattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "**$1**")
        return Self.italicPattern.stringByReplacingMatches(in: bold, range: NSRange(bold.startIndex..., in: bold), withTemplate: "*$1*")
    }

    /// Slack text outside controls as people read it: `*bold*` and `_italic_` without their
    /// marks, shortcodes as emoji.
    func slackWords(_ text: String) -> String {
        let text = shortcodesToEmoji(text)
        guard UTF8Bytes.contains(text, UInt8(ascii: "*")) || UTF8Bytes.contains(text, UInt8(ascii: "_")) else { return text }
        let bold = Self.boldPattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1")
        return Self.italicPattern.stringByReplacingMatches(in: bold, range: NSRange(bold.startIndex..., in: bold), withTemplate: "$1")
    }

    /// Compiled once (a pattern given as a string is compiled on every call).
    static let boldPattern = try! NSRegularExpression(pattern: #"(?<![\w*\\])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])"#)
    static let italicPattern = try! NSRegularExpression(pattern: #"(?<![\w_\\])_(?=\S)([^_\n]+?)(?<=\S)_(?![\w_])"#)

    static let discordPattern = try! NSRegularExpression(pattern: #"<(@!?|#|@&|a?:[A-Za-z0-9_~-]+:|t:)(\d+)(?::[tTdDfFR])?>"#)
    static let shortcodePattern = try! NSRegularExpression(pattern: #":([a-z0-9_+'-]+)(::skin-tone-[2-6])?:"#)

    /// `:rocket:` → 🚀, `:+1::skin-tone-2:` → 👍🏻; names that are not standard emoji stay as written.
    func shortcodesToEmoji(_ text: String) -> String {
        guard UTF8Bytes.contains(text, UInt8(ascii: ":")) else { return text }
        var out = ""
        var last = text.startIndex
        for match in Self.shortcodePattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range, in: text) else { continue }
            let name = String(text[range].dropFirst().dropLast())
            guard let found = emojiNames.resolve(ReactionValue(name, style: .shortcode)), !found.custom else { continue }
            out += text[last..<range.lowerBound]
            out += found.display
            last = range.upperBound
        }
        return out + text[last...]
    }

    /// Discord in CommonMark: `<@123>`/`<@!123>` → @name, `<#123>` → #channel, `<@&123>` →
    /// @role, `<:name:123>` → `:name:`, `<t:1700000000:R>` → the date, each escaped.
    func discord(_ text: String) -> String {
        discordMentions(text, escape: true)
    }

    /// Discord text as people read it: mentions as `discord(_:)` shows them, unescaped.
    func discordReadable(_ text: String) -> String {
        discordMentions(text, escape: false)
    }

    func discordMentions(_ text: String, escape: Bool) -> String {
        guard UTF8Bytes.contains(text, UInt8(ascii: "<")) else { return text }
        var out = ""
        var last = text.startIndex
        for match in Self.discordPattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range, in: text), let kindRange = Range(match.range(at: 1), in: text),
                let idRange = Range(match.range(at: 2), in: text)
            else { continue }
            out += text[last..<range.lowerBound]
            let kind = String(text[kindRange])
            let id = String(text[idRange])
            let shown: String
            switch kind {
            case "@", "@!": shown = "@" + (people[.discord]?[id] ?? id)
            case "#": shown = "#" + (conversations[.discord]?[id] ?? id)
            case "@&": shown = "@role"
            case "t:":
                // Digits, a date, or letters and digits: nothing CommonMark reads.
                out += Int64(id).flatMap(Timestamp.unixSeconds).map { times.display($0) } ?? id
                last = range.upperBound
                continue
            default:
                // `:name:` or `a:name:` (animated): the name is what the colons enclose.
                let name = kind.split(separator: ":", omittingEmptySubsequences: false).dropFirst().first ?? ""
                shown = ":" + name + ":"
            }
            out += escape ? CommonMarkText.escape(shown) : shown
            last = range.upperBound
        }
        return out + text[last...]
    }
}

/// Escapes text so that CommonMark shows it literally: every ASCII punctuation character is
/// backslash-escaped.
enum CommonMarkText {
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.generalCategory.isPunctuationOrSymbol { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}

extension Unicode.GeneralCategory {
    var isPunctuationOrSymbol: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
