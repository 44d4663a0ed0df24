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
///
/// A template may include itself, directly or through others, as the Mustache spec allows
/// ("Partials - Recursion": a partial inside a section over a nested list), but never so that
/// rendering cannot end. Two rules keep it so:
/// - at link time, a cycle of partial tags none of which is inside a section (normal or
///   inverted) is an error (`LinkError.Problem.cycle`): each template of it includes the next
///   whatever the data, so any rendering that reaches it would never end;
/// - when rendering, sections and partials nest at most `maximumDepth` deep; a cycle whose
///   sections the data does not end (a section that finds the same list, or `true`, at every
///   depth, the context stack being searched outwards) stops there with a `RecursionError`
///   naming the cycle, instead of running out of stack.
public struct TemplateLibrary: Sendable {
    /// A partial tag the library cannot link: the template holding it, where its name is
    /// written (1-based line and column), and what is wrong.
    public struct LinkError: Error, Equatable, Sendable {
        public enum Problem: Equatable, Sendable {
            /// The tag names no template of the library.
            case missingPartial(String)
            /// The tag starts a cycle of partial tags outside any section: the names of the
            /// cycle's templates, from the one holding the tag back to it (`["a", "b", "a"]`).
            case cycle([String])
        }

        public let template: String
        public let line: Int
        public let column: Int
        public let problem: Problem
    }

    /// Rendering nested sections and partials more than `maximumDepth` deep: a recursion the
    /// data did not end. The partial tag where the repeating cycle is first entered (its
    /// template, line and column) and the cycle's templates (`["a", "b", "a"]`; the whole
    /// chain of partials when none repeats).
    public struct RecursionError: Error, Equatable, Sendable {
        public let template: String
        public let line: Int
        public let column: Int
        public let cycle: [String]
    }

    /// The deepest nesting of sections and partials a rendering may reach: far beyond what a
    /// page needs (the spec's recursion over a tree of 128 levels fits), small enough for the
    /// stack of any thread (a level takes under 0.5 kB of stack in a release build, 2.2 kB in
    /// a debug one; glibc gives a thread 2 MB under `ulimit -s unlimited`).
    public static let maximumDepth = 256

    private let program: TemplateProgram
    private let names: [String]
    private let indexByName: [String: Int]
    /// How the library's templates escape the values they print.
    public let escaping: TemplateEscaping

    /// What a partial tag naming no template of the library does.
    public enum MissingPartials: Sendable {
        /// The library is not made: `init` throws `LinkError` (a typo in a template is found
        /// before anything is rendered).
        case error
        /// The tag renders nothing, as the Mustache specification says.
        case renderNothing
    }

    /// Compiles the templates, linking partial tags to the templates they name.
    /// - Parameters:
    ///   - templates: the templates by the name partial tags call them.
    ///   - missingPartials: what a tag naming no template does (by default an error).
    /// - Throws: `LinkError` for the first tag (templates in name order, tags in text order)
    ///   that names no template, unless such tags render nothing; then for the first tag that
    ///   starts a cycle of tags outside sections.
    public init(
        _ templates: [String: Template], escaping: TemplateEscaping,
        missingPartials: MissingPartials = .error
    ) throws(LinkError) {
        let names = templates.keys.sorted()
        var indexByName: [String: Int] = [:]
        for (index, name) in names.enumerated() { indexByName[name] = index }
        if missingPartials == .error {
            for name in names {
                for tag in templates[name]!.partials where indexByName[tag.name] == nil {
                    throw LinkError(template: name, line: tag.line, column: tag.column, problem: .missingPartial(tag.name))
                }
            }
        }
        try PartialCycles.check(templates, names: names)
        program = TemplateProgram(names.map { templates[$0]! }, index: { indexByName[$0] ?? -1 })
        self.names = names
        self.indexByName = indexByName
        self.escaping = escaping
    }

    /// Renders template `name` with `model` as its context, appending to `out`; false when there
    /// is no such template.
    /// - Throws: `RecursionError` when sections and partials nest deeper than `maximumDepth`;
    ///   `out` then holds what was rendered up to there.
    public func render(_ name: String, _ model: TemplateValue, into out: ByteBuffer) throws(RecursionError) -> Bool {
        guard let index = indexByName[name] else { return false }
        if let runaway = program.render(index, model, escaping: escaping, into: out, maximumDepth: Self.maximumDepth) {
            throw RecursionError(
                template: names[runaway.tag.template], line: runaway.tag.line, column: runaway.tag.column, cycle: runaway.cycle.map { names[$0] })
        }
        return true
    }
}

/// Finds a cycle of partial tags outside sections: a depth-first walk over those tags,
/// templates in name order and tags in text order, so the same templates always give the same
/// cycle, reported at the tag of its first template.
enum PartialCycles {
    static func check(_ templates: [String: Template], names: [String]) throws(TemplateLibrary.LinkError) {
        // The tags each template renders whatever the data, to templates that exist.
        var unguarded: [String: [(name: String, line: Int, column: Int)]] = [:]
        for name in names {
            unguarded[name] = templates[name]!.partials.filter { !$0.inSection && templates[$0.name] != nil }.map { ($0.name, $0.line, $0.column) }
        }
        var finished = Set<String>()
        // The templates being walked, each with the tag it left by.
        var path: [(name: String, tag: Int)] = []
        for root in names where !finished.contains(root) {
            path = [(root, 0)]
            while let last = path.last {
                let tags = unguarded[last.name]!
                guard last.tag < tags.count else {
                    finished.insert(last.name)
                    path.removeLast()
                    if let parent = path.indices.last { path[parent].tag += 1 }
                    continue
                }
                let next = tags[last.tag].name
                if let start = path.firstIndex(where: { $0.name == next }) {
                    let tag = unguarded[path[start].name]![path[start].tag]
                    throw TemplateLibrary.LinkError(
                        template: path[start].name, line: tag.line, column: tag.column, problem: .cycle(path[start...].map(\.name) + [next]))
                }
                if finished.contains(next) {
                    path[path.count - 1].tag += 1
                } else {
                    path.append((next, 0))
                }
            }
        }
    }
}
