/// How printed values are escaped.
enum TemplateEscaping: Sendable {
    /// `&`, `<`, `>`, `"` and `'` become entities.
    case html
    /// Markdown punctuation is backslash-escaped and line breaks become spaces
    /// (`MarkdownEscaping`).
    case markdown

    func append(_ text: String, to out: ByteBuffer) {
        switch self {
        case .html: HTMLEscaping.append(text, to: out)
        case .markdown: out.append(MarkdownEscaping.escape(text))
        }
    }
}

/// Templates that can include one another as partials, compiled together into one
/// `TemplateProgram` and rendered straight into bytes.
struct TemplateLibrary: Sendable {
    private let program: TemplateProgram
    private let indexByName: [String: Int]
    let escaping: TemplateEscaping

    /// Compiles the templates, linking partial tags to the templates they name (a partial of
    /// no template renders nothing).
    init(_ templates: [String: Template], escaping: TemplateEscaping) {
        let names = templates.keys.sorted()
        var indexByName: [String: Int] = [:]
        for (index, name) in names.enumerated() { indexByName[name] = index }
        program = TemplateProgram(names.map { templates[$0]! }, index: { indexByName[$0] })
        self.indexByName = indexByName
        self.escaping = escaping
    }

    /// Renders template `name` with `model` as its context, appending to `out`; false when there
    /// is no such template.
    func render(_ name: String, _ model: TemplateValue, into out: ByteBuffer) -> Bool {
        guard let index = indexByName[name] else { return false }
        program.render(index, model, escaping: escaping, into: out)
        return true
    }
}

/// HTML escaping of `&`, `<`, `>`, `"` and `'` on UTF-8 bytes: text with nothing to escape (most
/// of it) is copied in one piece.
enum HTMLEscaping {
    static func append(_ text: String, to out: ByteBuffer) {
        var text = text
        text.withUTF8 { bytes in
            var copied = 0
            var index = 0
            while index < bytes.count {
                // Eight bytes at a time while none needs an entity.
                if index + 8 <= bytes.count {
                    let word = ByteWord.load(bytes, index)
                    if ByteWord.mayHold(word, 0x26) | ByteWord.mayHold(word, 0x3C) | ByteWord.mayHold(word, 0x3E)
                        | ByteWord.mayHold(word, 0x22) | ByteWord.mayHold(word, 0x27) == 0 {
                        index += 8
                        continue
                    }
                }
                let entity: StaticString
                switch bytes[index] {
                case 0x26: entity = "&amp;"
                case 0x3C: entity = "&lt;"
                case 0x3E: entity = "&gt;"
                case 0x22: entity = "&quot;"
                case 0x27: entity = "&#39;"
                default:
                    index += 1
                    continue
                }
                out.append(UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                out.append(literal: entity)
                index += 1
                copied = index
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[copied..<bytes.count]))
        }
    }
}
