import ByteOutput
import CCmark
import Foundation

/// Renders message text as HTML through libcmark in safe mode.
///
/// Beyond cmark's own safe mode, raw HTML is shown as text rather than dropped (a chat user who
/// typed `<b>` meant the characters), and every link and image keeps only an http(s), mailto or
/// relative destination. On request, bare http(s) URLs in the text become links, as chat apps
/// show them.
public enum CommonMark {
    /// HTML for a CommonMark string.
    /// - Parameter autolink: link bare `http://` and `https://` URLs outside code and links
    ///   (`BareURLs` says where they end), as GFM's autolink extension does.
    public static func html(_ markdown: String, autolink: Bool = false) -> String {
        guard !markdown.isEmpty else { return "" }
        if autolink, BareURLs.mayContain(markdown) { return cmarkHTML(markdown, autolink: true) }
        return plainParagraph(markdown) ?? cmarkHTML(markdown)
    }

    /// The HTML of one line of text in which nothing can mean CommonMark, without libcmark (it
    /// cost 10,000 instructions for a chat line): it starts with an ASCII letter (so no block
    /// starts on it), does not end in a space (a paragraph's trailing spaces are dropped), holds
    /// no control character or line break, and none of the characters that open inline syntax,
    /// entities or escapes. Such text is a paragraph of itself, with `"` written as `&quot;`, as
    /// cmark writes it. Nil for any other text; a test compares the two on generated text.
    static func plainParagraph(_ markdown: String) -> String? {
        guard let first = markdown.utf8.first, markdown.utf8.last != 0x20 else { return nil }
        let letter = first | 0x20
        guard letter >= UInt8(ascii: "a"), letter <= UInt8(ascii: "z") else { return nil }
        var quotes = 0
        let plain = UTF8Bytes.allSatisfy(markdown) { byte in
            switch byte {
            case UInt8(ascii: "\""):
                quotes += 1
                return true
            case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
                UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                return false
            case 0x20...0x7E, 0x80...0xFF: return true
            default: return false
            }
        }
        guard plain else { return nil }
        guard quotes > 0 else { return UTF8Bytes.enclosed(markdown, prefix: "<p>", suffix: "</p>\n") }
        // `"` is ASCII, so the pieces between quotes are whole UTF-8.
        let pieces = markdown.utf8.split(separator: UInt8(ascii: "\""), omittingEmptySubsequences: false)
        return UTF8Bytes.enclosed(pieces.map { String(Substring($0)) }.joined(separator: "&quot;"), prefix: "<p>", suffix: "</p>\n")
    }

    /// The bytes libcmark may hold per node it makes, at most (measured with libcmark 0.30 on
    /// 2 MiB runs of one construct: `*a_` 300, `[` 200, `]`, `!` and `<` 160, a line 150).
    static let bytesPerNode = 320
    /// What rendering one text may cost beyond its own bytes: each of its bytes may cost this
    /// much, and any text `affordableFloor` bytes more.
    static let affordablePerByte = 8
    static let affordableFloor = 2 << 20

    /// True when libcmark can render `text` (as written, before any conversion to CommonMark)
    /// within `affordablePerByte` bytes a byte plus `affordableFloor`. libcmark makes a node of
    /// every bracket, emphasis mark, code mark, entity and line outside fenced code, and holds
    /// them all: 2 MiB of `[` took 400 MB. The count is of the characters that can open a node,
    /// outside fences (whose lines are one literal), so prose and pasted code in fences always
    /// pass; a text that does not is shown as plain text (`plainHTML`).
    public static func isAffordable(_ text: String) -> Bool {
        let budget = (text.utf8.count * affordablePerByte + affordableFloor) / bytesPerNode
        guard text.utf8.count > budget else { return true }
        var nodes = 0
        var fence: (byte: UInt8, length: Int)?
        var lineStart = true
        var indent = 0
        var run: (byte: UInt8, length: Int) = (0, 0)
        for byte in text.utf8 {
            if lineStart {
                if byte == 0x20, indent < 3 {
                    indent += 1
                    continue
                }
                if byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~") {
                    run = run.byte == byte ? (byte, run.length + 1) : (byte, 1)
                    continue
                }
                // The line's start is known: a run of three or more fence marks opens or closes a fence.
                if run.length >= 3, fence == nil || (fence!.byte == run.byte && run.length >= fence!.length) {
                    fence = fence == nil ? run : nil
                    nodes += 1
                }
                lineStart = false
                run = (0, 0)
            }
            if byte == 0x0A {
                lineStart = true
                indent = 0
                nodes += 1
                if run.length >= 3, fence == nil || (fence!.byte == run.byte && run.length >= fence!.length) { fence = fence == nil ? run : nil }
                run = (0, 0)
                if nodes > budget { return false }
                continue
            }
            guard fence == nil else { continue }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "*"),
                UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "&"), UInt8(ascii: "\\"), UInt8(ascii: "~"):
                nodes += 1
                if nodes > budget { return false }
            default:
                continue
            }
        }
        return nodes <= budget
    }

    /// `text` as plain HTML, without libcmark: escaped, its lines joined by line breaks and
    /// stripped of the spaces and tabs at their ends, its blank lines ending paragraphs, as
    /// libcmark shows plain text with hard breaks. Linear in the text, a few bytes a byte.
    /// - Parameter keepingEntities: keep `&amp;`, `&lt;` and `&gt;` as written (Slack's text).
    public static func plainHTML(_ text: String, keepingEntities: Bool = false) -> String {
        let out = ByteBuffer(capacity: ByteBuffer.plainTextHTMLCapacity(text))
        out.appendPlainTextHTML(text, keepingEntities: keepingEntities)
        return out.text
    }

    /// HTML for a CommonMark string, through libcmark.
    static func cmarkHTML(_ markdown: String, autolink: Bool = false) -> String {
        let options = CMARK_OPT_SAFE | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_HARDBREAKS
        guard let document = markdown.withCString({ cmark_parse_document($0, strlen($0), options) }) else { return "" }
        defer { cmark_node_free(document) }
        if autolink { linkBareURLs(document) }
        neutralise(document)
        guard let rendered = cmark_render_html(document, options) else { return "" }
        // Freed by the allocator that made it (libcmark's), not by whichever `free` this
        // program was linked with.
        defer { cmark_get_default_mem_allocator().pointee.free(rendered) }
        return String(cString: rendered)
    }

    /// Rewrites raw HTML nodes as text, clears unsafe link destinations and puts an image
    /// without a source it may load (unsafe, `mailto:` or empty) in its description's place:
    /// an `<img src="">` is invalid HTML and shows the reader a broken image.
    static func neutralise(_ document: OpaquePointer) {
        var htmlNodes: [OpaquePointer] = []
        var sourcelessImages: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(document) else { return }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK:
                htmlNodes.append(node)
            case CMARK_NODE_LINK:
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                if !URLPolicy.isSafe(url) { cmark_node_set_url(node, "") }
            case CMARK_NODE_IMAGE:
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                if !URLPolicy.isSafeImage(url) { sourcelessImages.append(node) }
            default:
                break
            }
        }
        cmark_iter_free(iterator)
        // Outer images come first; an inner one moved out with its parent's description is
        // still a node of the document when its turn comes.
        for image in sourcelessImages {
            while let child = cmark_node_first_child(image) { cmark_node_insert_before(image, child) }
            cmark_node_free(image)
        }
        for node in htmlNodes {
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            let isBlock = cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK
            let text = cmark_node_new(CMARK_NODE_TEXT)
            cmark_node_set_literal(text, isBlock ? trimmingTrailingNewlines(literal) : literal)
            if isBlock {
                let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH)
                cmark_node_append_child(paragraph, text)
                cmark_node_replace(node, paragraph)
            } else {
                cmark_node_replace(node, text)
            }
            cmark_node_free(node)
        }
    }

    /// Splits every text node outside links and images at its bare URLs, each becoming a link
    /// whose text is the URL. Code spans and blocks are nodes of their own, so their URLs stay
    /// text. Adjacent text nodes are merged first: cmark cuts text at every backslash escape
    /// and delimiter, which would cut `https\:\/\/…` of escaped plain text into pieces.
    static func linkBareURLs(_ document: OpaquePointer) {
        cmark_consolidate_text_nodes(document)
        var texts: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(document) else { return }
        var linkDepth = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                linkDepth += event == CMARK_EVENT_ENTER ? 1 : -1
            case CMARK_NODE_TEXT where event == CMARK_EVENT_ENTER && linkDepth == 0:
                texts.append(node)
            default:
                break
            }
        }
        cmark_iter_free(iterator)
        for node in texts {
            guard let literal = cmark_node_get_literal(node).map({ String(cString: $0) }), BareURLs.mayContain(literal) else { continue }
            let bytes = Array(literal.utf8)
            let urls = BareURLs.byteRanges(in: bytes)
            guard !urls.isEmpty else { continue }
            let pieces = urls.map { String(decoding: bytes[$0], as: UTF8.self) }
            // The text before the first URL, then the text after each.
            var between = [String(decoding: bytes[..<urls[0].lowerBound], as: UTF8.self)]
            for (index, url) in urls.enumerated() {
                let next = index + 1 < urls.count ? urls[index + 1].lowerBound : bytes.count
                between.append(String(decoding: bytes[url.upperBound..<next], as: UTF8.self))
            }
            cmark_node_set_literal(node, between[0])
            var last = node
            for (url, after) in zip(pieces, between.dropFirst()) {
                guard let link = cmark_node_new(CMARK_NODE_LINK), let text = cmark_node_new(CMARK_NODE_TEXT) else { return }
                cmark_node_set_url(link, url)
                cmark_node_set_literal(text, url)
                cmark_node_append_child(link, text)
                cmark_node_insert_after(last, link)
                last = link
                if !after.isEmpty {
                    guard let rest = cmark_node_new(CMARK_NODE_TEXT) else { return }
                    cmark_node_set_literal(rest, after)
                    cmark_node_insert_after(last, rest)
                    last = rest
                }
            }
        }
    }

    static func trimmingTrailingNewlines(_ text: String) -> String {
        var text = Substring(text)
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }
}

/// Which URLs may reach a page as a link or image source.
public enum URLPolicy {
    /// True for http(s) and mailto URLs, and for relative references (no scheme).
    public static func isSafe(_ url: String) -> Bool {
        let trimmed = url.trimmingWhitespace
        guard !trimmed.isEmpty else { return true }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") { return true }
        // A relative reference has no scheme: no ':' before the first '/', '?' or '#'.
        guard !lower.hasPrefix("//") else { return false }
        for scalar in lower.unicodeScalars {
            if scalar == "/" || scalar == "?" || scalar == "#" { return true }
            if scalar == ":" { return false }
            if scalar.value < 0x21 || scalar == "\\" { return false }
        }
        return true
    }

    /// True for URLs that may be used as an image source: http(s) or relative.
    public static func isSafeImage(_ url: String) -> Bool {
        isSafe(url) && !url.lowercased().hasPrefix("mailto:") && !url.trimmingWhitespace.isEmpty
    }
}
