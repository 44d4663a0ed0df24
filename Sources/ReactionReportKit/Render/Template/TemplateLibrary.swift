/// How printed values are escaped.
enum TemplateEscaping: Sendable {
    /// `&`, `<`, `>`, `"` and `'` become entities.
    case html
    /// Markdown punctuation is backslash-escaped and line breaks become spaces
    /// (`MarkdownEscaping`).
    case markdown

    func append(_ text: String, to out: inout [UInt8]) {
        switch self {
        case .html: HTMLEscaping.append(text, to: &out)
        case .markdown: out.append(contentsOf: MarkdownEscaping.escape(text).utf8)
        }
    }
}

/// Templates that can include one another as partials, rendered straight into bytes.
struct TemplateLibrary: Sendable {
    private let templates: [Template]
    private let indexByName: [String: Int]
    let escaping: TemplateEscaping

    /// Links the templates' partial tags to the templates they name.
    init(_ templates: [String: Template], escaping: TemplateEscaping) {
        let names = templates.keys.sorted()
        var indexByName: [String: Int] = [:]
        for (index, name) in names.enumerated() { indexByName[name] = index }
        func link(_ nodes: [Template.Node]) -> [Template.Node] {
            nodes.map { node in
                switch node {
                case .partial(let name, _, let indentation): return .partial(name, index: indexByName[name] ?? -1, indentation: indentation)
                case .section(let path, let inner, let inverted): return .section(path, link(inner), inverted: inverted)
                case .text, .variable: return node
                }
            }
        }
        self.templates = names.map { name in
            var template = templates[name]!
            template.nodes = link(template.nodes)
            return template
        }
        self.indexByName = indexByName
        self.escaping = escaping
    }

    func contains(_ name: String) -> Bool { indexByName[name] != nil }

    /// Renders template `name` with `model` as its context, appending to `out`; false when there
    /// is no such template.
    func render(_ name: String, _ model: TemplateValue, into out: inout [UInt8]) -> Bool {
        guard let index = indexByName[name] else { return false }
        var stack = [model]
        render(templates[index].nodes, stack: &stack, indentation: [], into: &out)
        return true
    }

    /// Renders nodes. Where a standalone partial was indented, `indentation` goes before every
    /// node that starts a new line of this rendering and prints something.
    private func render(_ nodes: [Template.Node], stack: inout [TemplateValue], indentation: [UInt8], into out: inout [UInt8]) {
        if indentation.isEmpty {
            for node in nodes { render(node, stack: &stack, indentation: indentation, into: &out) }
            return
        }
        let start = out.count
        for node in nodes {
            let before = out.count
            let onNewLine = before > start && out[before - 1] == 0x0A
            render(node, stack: &stack, indentation: indentation, into: &out)
            if onNewLine, out.count > before { out.insert(contentsOf: indentation, at: before) }
        }
    }

    private func render(_ node: Template.Node, stack: inout [TemplateValue], indentation: [UInt8], into out: inout [UInt8]) {
        switch node {
        case .text(let bytes):
            out.append(contentsOf: bytes)
        case .variable(let path, let escaped):
            switch Self.lookup(path, in: stack) {
            case .text(let text)?:
                if escaped { escaping.append(text, to: &out) } else { out.append(contentsOf: text.utf8) }
            case .number(let number)?:
                out.append(contentsOf: String(number).utf8)
            case .flag(let flag)?:
                out.append(contentsOf: (flag ? "true" : "false").utf8)
            case .list?, .object?, .null?, nil:
                break
            }
        case .section(let path, let inner, let inverted):
            let value = Self.lookup(path, in: stack)
            if inverted {
                if !(value?.isTrue ?? false) { render(inner, stack: &stack, indentation: indentation, into: &out) }
                return
            }
            switch value {
            case .flag(true)?:
                render(inner, stack: &stack, indentation: indentation, into: &out)
            case .list(let elements)?:
                for element in elements {
                    stack.append(element)
                    render(inner, stack: &stack, indentation: indentation, into: &out)
                    stack.removeLast()
                }
            case .text?, .number?, .object?:
                stack.append(value!)
                render(inner, stack: &stack, indentation: indentation, into: &out)
                stack.removeLast()
            case .flag(false)?, .null?, nil:
                break
            }
        case .partial(_, let index, let own):
            guard index >= 0 else { return }
            render(templates[index].nodes, stack: &stack, indentation: own.map { indentation + $0 } ?? indentation, into: &out)
        }
    }

    /// The value a path names: its first name is looked up from the innermost context outwards
    /// (only in the innermost for `.name`), the rest inside what was found.
    static func lookup(_ path: TemplatePath, in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = path.components.first else { return stack.last }
        var found: TemplateValue?
        if path.currentOnly {
            found = child(first, of: stack[stack.count - 1])
        } else {
            var level = stack.count - 1
            while level >= 0 {
                if let value = child(first, of: stack[level]) {
                    found = value
                    break
                }
                level -= 1
            }
        }
        guard var value = found else { return nil }
        for name in path.components.dropFirst() {
            guard let next = child(name, of: value) else { return nil }
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

/// HTML escaping of `&`, `<`, `>`, `"` and `'` on UTF-8 bytes: text with nothing to escape (most
/// of it) is copied in one piece.
enum HTMLEscaping {
    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var copied = 0
            for index in 0..<bytes.count {
                let entity: StaticString
                switch bytes[index] {
                case 0x26: entity = "&amp;"
                case 0x3C: entity = "&lt;"
                case 0x3E: entity = "&gt;"
                case 0x22: entity = "&quot;"
                case 0x27: entity = "&#39;"
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                out.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                copied = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<bytes.count]))
        }
    }

    static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
