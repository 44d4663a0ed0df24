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
        /// Template number `a`, indented by `indentations[b]` when `b >= 0`.
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

    /// Compiles parsed templates; partials are linked by name through `index`, which knows
    /// every name they use.
    init(_ parsed: [Template], index: (String) -> Int) {
        for template in parsed {
            let start = operations.count
            append(template.nodes, index: index)
            templates.append(start..<operations.count)
        }
    }

    private mutating func append(_ nodes: [Template.Node], index: (String) -> Int) {
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
                append(inner, index: index)
                operations[position].c = Int32(operations.count)
            case .partial(let name, let indentation, _, _):
                var operation = Operation(kind: .partial, a: Int32(index(name)), b: -1)
                if let indentation {
                    operation.b = Int32(indentations.count)
                    indentations.append(indentation)
                }
                operations.append(operation)
            }
        }
    }

    /// Renders template number `template` with `model` as its context, appending to `out`.
    func render(_ template: Int, _ model: TemplateValue, escaping: TemplateEscaping, into out: ByteBuffer) {
        operations.withUnsafeBufferPointer { operations in
            names.withUnsafeBufferPointer { names in
                var renderer = Renderer(program: self, operations: operations, names: names, escaping: escaping, stack: [model])
                renderer.run(templates[template], indentation: [], into: out)
            }
        }
    }

    /// One rendering: the program's parts as buffers, and the context stack.
    private struct Renderer {
        let program: TemplateProgram
        let operations: UnsafeBufferPointer<Operation>
        let names: UnsafeBufferPointer<TemplateName>
        let escaping: TemplateEscaping
        var stack: [TemplateValue]

        /// Runs the operations of one template or section body. Where a standalone partial was
        /// indented, `indentation` goes before every operation that starts a new line of this
        /// run and prints something.
        mutating func run(_ range: Range<Int>, indentation: [UInt8], into out: ByteBuffer) {
            let start = out.count
            var position = range.lowerBound
            while position < range.upperBound {
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
                run(program.templates[Int(operation.a)], indentation: own, into: out)
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
