import ByteOutput

/// Templates compiled into one flat list of plain operations: rendering walks integers and byte
/// ranges instead of a tree of enum nodes, so it does no reference counting of its own (the
/// node tree cost a retain and a release per node and name on every page).
struct TemplateProgram: Sendable {
    enum Kind: UInt8, Sendable {
        /// Bytes `a..<b` of `text`.
        case text
        /// The value of the name at `names[a..<a+b]`, escaped (`escaped`) or not.
        case variable
        /// A section over the name at `names[a..<a+b]`; its body is the operations after it up
        /// to `c` (exclusive), where rendering goes on.
        case section
        /// An inverted section, as `section`.
        case inverted
        /// Template number `a`, indented by `indentations[b]` when `b >= 0`; the tag is
        /// `partialTags[c]`.
        case partial
    }

    struct Operation: Sendable {
        var kind: Kind
        /// Variables: escaped. Names: looked up only in the innermost context (`.name`).
        var escaped = false
        var currentOnly = false
        var a: Int32 = 0
        var b: Int32 = 0
        var c: Int32 = 0
    }

    private(set) var operations: [Operation] = []
    private(set) var text: [UInt8] = []
    private(set) var names: [TemplateName] = []
    private(set) var indentations: [[UInt8]] = []
    /// Each template's operations.
    private(set) var templates: [Range<Int>] = []
    /// Where each partial tag is: the template holding it, and its line and column.
    private(set) var partialTags: [(template: Int, line: Int, column: Int)] = []

    /// A rendering that went deeper than it may: the partial tag where the repeating cycle is
    /// first entered, and the cycle's templates by number (the whole chain when none repeats).
    struct Runaway {
        var tag: (template: Int, line: Int, column: Int)
        var cycle: [Int]
    }

    /// Compiles parsed templates; partials are linked by name through `index`, which knows
    /// every name they use.
    init(_ parsed: [Template], index: (String) -> Int) {
        for (number, template) in parsed.enumerated() {
            let start = operations.count
            append(template.nodes, template: number, index: index)
            templates.append(start..<operations.count)
        }
    }

    private mutating func append(_ nodes: [Template.Node], template: Int, index: (String) -> Int) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                operations.append(Operation(kind: .text, a: Int32(text.count), b: Int32(text.count + bytes.count)))
                text.append(contentsOf: bytes)
            case .variable(let path, let escaped):
                operations.append(
                    Operation(
                        kind: .variable, escaped: escaped, currentOnly: path.currentOnly,
                        a: Int32(names.count), b: Int32(path.components.count)))
                names.append(contentsOf: path.components)
            case .section(let path, let inner, let inverted):
                let position = operations.count
                operations.append(
                    Operation(
                        kind: inverted ? .inverted : .section, currentOnly: path.currentOnly,
                        a: Int32(names.count), b: Int32(path.components.count)))
                names.append(contentsOf: path.components)
                append(inner, template: template, index: index)
                operations[position].c = Int32(operations.count)
            case .partial(let name, let indentation, let line, let column):
                var operation = Operation(kind: .partial, a: Int32(index(name)), b: -1, c: Int32(partialTags.count))
                partialTags.append((template, line, column))
                if let indentation {
                    operation.b = Int32(indentations.count)
                    indentations.append(indentation)
                }
                operations.append(operation)
            }
        }
    }

    /// Renders template number `template` with `model` as its context, appending to `out`;
    /// stops where sections and partials nest deeper than `maximumDepth`, and says where.
    func render(_ template: Int, _ model: TemplateValue, escaping: TemplateEscaping, into out: ByteBuffer, maximumDepth: Int) -> Runaway? {
        operations.withUnsafeBufferPointer { operations in
            names.withUnsafeBufferPointer { names in
                var renderer = Renderer(
                    program: self, operations: operations, names: names, escaping: escaping, stack: [model], maximumDepth: maximumDepth)
                renderer.run(templates[template], indentation: [], into: out)
                return renderer.stopped ? runaway(template, chain: renderer.partials) : nil
            }
        }
    }

    /// The cycle of a chain of partial operations (by position) entered from `root`: the last
    /// template entered, back to where it was entered before, started where the chain first
    /// met the cycle's tags.
    func runaway(_ root: Int, chain: [Int]) -> Runaway {
        let entered = chain.map { Int(operations[$0].a) }
        guard let last = entered.last, let previous = entered.dropLast().lastIndex(of: last) else {
            let first = chain.first.map { partialTags[Int(operations[$0].c)] } ?? (root, 0, 0)
            return Runaway(tag: first, cycle: [root] + entered)
        }
        let cycleTags = Set(chain[(previous + 1)...])
        let start = chain.firstIndex(where: cycleTags.contains)!
        let length = chain.count - 1 - previous
        let tag = partialTags[Int(operations[chain[start]].c)]
        return Runaway(tag: tag, cycle: [tag.template] + entered[start..<start + length])
    }

    /// One rendering: the program's parts as buffers, and the context stack.
    private struct Renderer {
        let program: TemplateProgram
        let operations: UnsafeBufferPointer<Operation>
        let names: UnsafeBufferPointer<TemplateName>
        let escaping: TemplateEscaping
        var stack: [TemplateValue]
        let maximumDepth: Int
        /// Sections and partials being rendered.
        var depth = 0
        /// The partial operations being rendered, outermost first.
        var partials: [Int] = []
        /// Set where the nesting passed `maximumDepth`: every run then returns at once.
        var stopped = false

        /// Runs the operations of one template or section body. Where a standalone partial was
        /// indented, `indentation` goes before every operation that starts a new line of this
        /// run and prints something.
        mutating func run(_ range: Range<Int>, indentation: [UInt8], into out: ByteBuffer) {
            guard depth < maximumDepth else {
                stopped = true
                return
            }
            depth += 1
            defer { depth -= 1 }
            let start = out.count
            var position = range.lowerBound
            while position < range.upperBound, !stopped {
                let before = out.count
                let onNewLine = !indentation.isEmpty && before > start && out[before - 1] == 0x0A
                position = step(at: position, indentation: indentation, into: out)
                if onNewLine, out.count > before { out.insert(indentation, at: before) }
            }
        }

        /// Executes the operation at `position`; returns the position of the next one.
        mutating func step(at position: Int, indentation: [UInt8], into out: ByteBuffer) -> Int {
            let operation = operations[position]
            switch operation.kind {
            case .text:
                out.append(program.text, Int(operation.a)..<Int(operation.b))
                return position + 1
            case .variable:
                switch lookup(operation) {
                case .text(let value)?:
                    if operation.escaped { escaping.append(value, to: out) } else { out.append(value) }
                case .number(let number)?:
                    out.append(decimal: number)
                case .flag(let flag)?:
                    out.append(literal: flag ? "true" : "false")
                case .list?, .object?, .null?, nil:
                    break
                }
                return position + 1
            case .inverted:
                let body = position + 1..<Int(operation.c)
                if !(lookup(operation)?.isTrue ?? false) { run(body, indentation: indentation, into: out) }
                return body.upperBound
            case .section:
                let body = position + 1..<Int(operation.c)
                let value = lookup(operation)
                switch value {
                case .flag(true)?:
                    run(body, indentation: indentation, into: out)
                case .list(let elements)?:
                    for element in elements {
                        stack.append(element)
                        run(body, indentation: indentation, into: out)
                        stack.removeLast()
                    }
                case .text?, .number?, .object?:
                    stack.append(value!)
                    run(body, indentation: indentation, into: out)
                    stack.removeLast()
                case .flag(false)?, .null?, nil:
                    break
                }
                return body.upperBound
            case .partial:
                // A partial naming no template (allowed only when the library was asked to
                // render such partials as nothing, as the Mustache spec does) has index -1.
                guard operation.a >= 0 else { return position + 1 }
                let own = operation.b >= 0 ? indentation + program.indentations[Int(operation.b)] : indentation
                partials.append(position)
                run(program.templates[Int(operation.a)], indentation: own, into: out)
                if !stopped { partials.removeLast() }
                return position + 1
            }
        }

        /// The value an operation's name gives: its first part looked up from the innermost
        /// context outwards (only in the innermost for `.name`), the rest inside what was found.
        func lookup(_ operation: Operation) -> TemplateValue? {
            let count = Int(operation.b)
            guard count > 0 else { return stack.last }
            let first = names[Int(operation.a)]
            var found: TemplateValue?
            if operation.currentOnly {
                found = Self.child(first, of: stack[stack.count - 1])
            } else {
                var level = stack.count - 1
                while level >= 0 {
                    if let value = Self.child(first, of: stack[level]) {
                        found = value
                        break
                    }
                    level -= 1
                }
            }
            guard var value = found else { return nil }
            for offset in 1..<count {
                guard let next = Self.child(names[Int(operation.a) + offset], of: value) else { return nil }
                value = next
            }
            return value
        }

        @inline(__always)
        static func child(_ name: TemplateName, of value: TemplateValue) -> TemplateValue? {
            guard case .object(let object) = value else { return nil }
            return object[name]
        }
    }
}
