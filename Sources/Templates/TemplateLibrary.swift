// Templates: our Mustache engine. It owns parsing template text (`Template`, errors by line and
// column), compiling a set of templates that include one another into one flat program
// (`TemplateLibrary`, `TemplateProgram`), the values templates see (`TemplateValue`,
// `TemplateObject`, names packed into two machine words as `TemplateName`), and rendering
// straight into a `ByteBuffer` with HTML or Markdown escaping (`TemplateEscaping`). Which
// templates exist, where they are read from and what the pages' view models hold is the
// kit's business (`TemplateSet`), not this module's. The public API is safe; inside, the
// renderer walks the program through buffer pointers and a name is packed from its bytes.

import ByteOutput

/// Templates that can include one another as partials, compiled together into one
/// `TemplateProgram` and rendered straight into bytes.
public struct TemplateLibrary: Sendable {
    /// A partial tag naming no template of the library: the template holding the tag, where
    /// the name is written (1-based line and column), and the name.
    public struct MissingPartial: Error, Equatable, Sendable {
        public let template: String
        public let line: Int
        public let column: Int
        public let partial: String
    }

    private let program: TemplateProgram
    private let indexByName: [String: Int]
    /// How the library's templates escape the values they print.
    public let escaping: TemplateEscaping

    /// What a partial tag naming no template of the library does.
    public enum MissingPartials: Sendable {
        /// The library is not made: `init` throws `MissingPartial` (a typo in a template is
        /// found before anything is rendered).
        case error
        /// The tag renders nothing, as the Mustache specification says.
        case renderNothing
    }

    /// Compiles the templates, linking partial tags to the templates they name.
    /// - Parameters:
    ///   - templates: the templates by the name partial tags call them.
    ///   - missingPartials: what a tag naming no template does (by default an error).
    /// - Throws: `MissingPartial` for the first tag (templates in name order, tags in text
    ///   order) that names no template, unless such tags render nothing.
    public init(
        _ templates: [String: Template], escaping: TemplateEscaping,
        missingPartials: MissingPartials = .error
    ) throws(MissingPartial) {
        let names = templates.keys.sorted()
        var indexByName: [String: Int] = [:]
        for (index, name) in names.enumerated() { indexByName[name] = index }
        if missingPartials == .error {
            for name in names {
                for tag in templates[name]!.partials where indexByName[tag.name] == nil {
                    throw MissingPartial(template: name, line: tag.line, column: tag.column, partial: tag.name)
                }
            }
        }
        program = TemplateProgram(names.map { templates[$0]! }, index: { indexByName[$0] ?? -1 })
        self.indexByName = indexByName
        self.escaping = escaping
    }

    /// Renders template `name` with `model` as its context, appending to `out`; false when there
    /// is no such template.
    public func render(_ name: String, _ model: TemplateValue, into out: ByteBuffer) -> Bool {
        guard let index = indexByName[name] else { return false }
        program.render(index, model, escaping: escaping, into: out)
        return true
    }
}
