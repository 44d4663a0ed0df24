import ByteOutput

/// How printed values are escaped.
enum TemplateEscaping: Sendable {
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
