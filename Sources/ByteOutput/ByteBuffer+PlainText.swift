/// Plain text as HTML paragraphs, in one pass over its bytes.
extension ByteBuffer {
    /// `text` as HTML paragraphs: each run of lines that are not blank is one `<p>`, its lines
    /// joined by `<br />` and stripped of the spaces, tabs and carriage returns at their ends,
    /// escaped as `appendHTMLEscaped` escapes. With `keepingEntities`, `&amp;`, `&lt;` and
    /// `&gt;` in the text are kept as they are (Slack writes those three characters so), so
    /// that they show as the characters. Nothing is allocated beyond the buffer's own growth.
    public func appendPlainTextHTML(_ text: String, keepingEntities: Bool = false) {
        UTF8Bytes.withBytes(of: text) { bytes in
            var inParagraph = false
            var lineStart = 0
            while lineStart <= bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                var first = lineStart
                var last = lineEnd
                while first < last, Self.isBlank(bytes[first]) { first += 1 }
                while last > first, Self.isBlank(bytes[last - 1]) { last -= 1 }
                if first == last {
                    if inParagraph { append(literal: "</p>\n") }
                    inParagraph = false
                } else {
                    append(literal: inParagraph ? "<br />\n" : "<p>")
                    inParagraph = true
                    appendEscapedLine(UnsafeBufferPointer(rebasing: bytes[first..<last]), keepingEntities: keepingEntities)
                }
                lineStart = lineEnd + 1
            }
            if inParagraph { append(literal: "</p>\n") }
        }
    }

    /// The most bytes `appendPlainTextHTML` writes for `text`: its bytes, an entity's length for
    /// each character escaped, a line break for each line and a paragraph's tags. A buffer made
    /// this large never grows while the text is written (growing copies it, and holds both).
    public static func plainTextHTMLCapacity(_ text: String) -> Int {
        var extra = 16
        for byte in text.utf8 {
            switch byte {
            case 0x26, 0x3C, 0x3E, 0x22, 0x27: extra += 5
            case 0x0A: extra += 8
            default: continue
            }
        }
        return text.utf8.count + extra
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    /// One line, escaped; with `keepingEntities`, Slack's three entities copied as they are.
    private func appendEscapedLine(_ line: UnsafeBufferPointer<UInt8>, keepingEntities: Bool) {
        guard keepingEntities else { return appendHTMLEscaped(utf8: line) }
        var start = 0
        var index = 0
        while index < line.count {
            guard line[index] == 0x26 else {
                index += 1
                continue
            }
            appendHTMLEscaped(utf8: UnsafeBufferPointer(rebasing: line[start..<index]))
            let rest = UnsafeBufferPointer(rebasing: line[index...])
            if let entity = Self.slackEntities.first(where: { rest.starts(with: $0.utf8) }) {
                append(entity)
                index += entity.utf8.count
            } else {
                append(literal: "&amp;")
                index += 1
            }
            start = index
        }
        appendHTMLEscaped(utf8: UnsafeBufferPointer(rebasing: line[start..<line.count]))
    }

    static let slackEntities = ["&amp;", "&lt;", "&gt;"]
}
