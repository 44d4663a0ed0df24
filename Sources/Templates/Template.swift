import SourceText

/// A compiled Mustache template: the parts of its text, names resolved to `TemplateName`s once.
///
/// The dialect is Mustache's core (spec v1.3 without lambdas, plus its rules for standalone
/// lines): variables `{{name}}`, `{{{name}}}` and `{{& name}}`, dotted names (`a.b`, `.`),
/// sections `{{#name}}…{{/name}}`, inverted sections `{{^name}}…{{/name}}`, partials
/// `{{> name}}` (indented where they stand alone), comments `{{! … }}` and set delimiters
/// `{{=<% %>=}}`. Whitespace and standalone lines are handled exactly as swift-mustache 2.x
/// handles them, the engine these templates were first written for, so existing templates give
/// the same bytes. Its extensions (transforms such as `uppercased(name)`, inheritance with
/// `{{<parent}}` and `{{$block}}`, pragmas) are refused with an error naming the line.
public struct Template: Sendable {
    indirect enum Node: Sendable {
        case text([UInt8])
        case variable(TemplatePath, escaped: Bool)
        case section(TemplatePath, [Node], inverted: Bool)
        /// A partial by name; `indentation` is the whitespace before a standalone partial tag;
        /// `line` and `column` are where the name is written.
        case partial(String, indentation: [UInt8]?, line: Int, column: Int)
    }

    let nodes: [Node]

    /// The partial tags, in the order they are written: the name, where it is, and whether it
    /// is inside a section (normal or inverted), where the data may keep it from rendering.
    var partials: [(name: String, line: Int, column: Int, inSection: Bool)] {
        var found: [(name: String, line: Int, column: Int, inSection: Bool)] = []
        func collect(_ nodes: [Node], inSection: Bool) {
            for node in nodes {
                switch node {
                case .partial(let name, _, let line, let column): found.append((name, line, column, inSection))
                case .section(_, let inner, _): collect(inner, inSection: true)
                case .text, .variable: continue
                }
            }
        }
        collect(nodes, inSection: false)
        return found
    }

    /// The deepest nesting of sections a template may hold: parsing, compiling and rendering
    /// go one call deeper per section, and no stack is to run out on any template text.
    public static let maximumSectionDepth = 100

    /// A template that does not parse: the line and column (1-based, in Unicode scalars) where
    /// parsing stopped, and why.
    public struct ParseError: Error, Sendable {
        public let line: Int
        public let column: Int
        public let reason: String
    }

    /// Parses template text.
    public init(_ text: String) throws(ParseError) {
        var parser = TemplateParser(Array(text.utf8))
        do {
            nodes = try parser.parse(section: nil, newLine: true)
        } catch {
            throw parser.error(error.reason, at: error.offset)
        }
    }
}

/// A name as a template writes it: `.` (the current value), `name`, or `a.b.c` (looked up from
/// `a`); a leading dot (`.name`) looks only in the current value.
struct TemplatePath: Sendable {
    let components: [TemplateName]
    let currentOnly: Bool

    init(_ text: String) {
        if text == "." {
            components = []
            currentOnly = true
        } else {
            currentOnly = text.hasPrefix(".")
            components = text.split(separator: ".").map { TemplateName(String($0)) }
        }
    }
}

/// Reads template text into nodes (see `Template` for the dialect).
struct TemplateParser {
    struct Failure: Error {
        let reason: String
        let offset: Int
    }

    let bytes: [UInt8]
    var position = 0
    /// The sections open at `position`.
    var depth = 0
    var open: [UInt8] = Array("{{".utf8)
    var close: [UInt8] = Array("}}".utf8)

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }

    /// The length of the line break at `offset` (`\n` or `\r\n`), or 0.
    func newline(at offset: Int) -> Int {
        guard offset < bytes.count else { return 0 }
        if bytes[offset] == 0x0A { return 1 }
        if bytes[offset] == 0x0D, offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { return 2 }
        return 0
    }

    func starts(with token: [UInt8], at offset: Int) -> Bool {
        guard offset + token.count <= bytes.count else { return false }
        for index in token.indices where bytes[offset + index] != token[index] { return false }
        return true
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    static func isWhitespace(_ byte: UInt8) -> Bool { isBlank(byte) || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C }
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "?"), UInt8(ascii: "*"):
            return true
        default:
            return false
        }
    }

    mutating func skipWhitespace() {
        while !atEnd, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    /// The nodes up to the end of the text, or up to the tag closing `section`. `newLine` says
    /// whether the text starts at the beginning of a line.
    mutating func parse(section: String?, newLine startsLine: Bool) throws(Failure) -> [Template.Node] {
        var nodes: [Template.Node] = []
        var newLine = startsLine
        var whitespaceBefore: [UInt8] = []
        while !atEnd {
            if newLine {
                let start = position
                while !atEnd, Self.isBlank(bytes[position]) { position += 1 }
                whitespaceBefore = Array(bytes[start..<position])
            }
            let (text, foundTag) = readText()
            let lineBreak = newline(at: position)
            if !foundTag, lineBreak > 0 {
                nodes.append(.text(whitespaceBefore + text + bytes[position..<position + lineBreak]))
                position += lineBreak
                newLine = true
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(whitespaceBefore + text))
                whitespaceBefore = []
                newLine = false
            }
            guard foundTag, !atEnd else { break }
            func flushWhitespace() {
                if !whitespaceBefore.isEmpty {
                    nodes.append(.text(whitespaceBefore))
                    whitespaceBefore = []
                }
            }
            var standalone = false
            let tagStart = position - open.count
            switch bytes[position] {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                let inverted = bytes[position] == UInt8(ascii: "^")
                guard depth < Template.maximumSectionDepth else {
                    throw Failure(reason: "sections are nested more than \(Template.maximumSectionDepth) deep", offset: tagStart)
                }
                position += 1
                let name = try readName()
                standalone = newLine && finishesLine()
                if !standalone { flushWhitespace() }
                depth += 1
                let inner = try parse(section: name, newLine: standalone)
                depth -= 1
                nodes.append(.section(TemplatePath(name), inner, inverted: inverted))
            case UInt8(ascii: "/"):
                position += 1
                let nameStart = position
                let name = try readName()
                guard name == section else {
                    let reason = section.map { "{{/\(name)}} closes {{#\($0)}}" } ?? "{{/\(name)}} closes no section"
                    throw Failure(reason: reason, offset: nameStart)
                }
                if !(newLine && finishesLine()) { flushWhitespace() }
                return nodes
            case UInt8(ascii: "!"):
                position += 1
                guard let end = find(close) else { throw Failure(reason: "a comment is not closed", offset: tagStart) }
                position = end + close.count
                standalone = newLine && finishesLine()
            case UInt8(ascii: "{"), UInt8(ascii: "&"):
                flushWhitespace()
                let triple = bytes[position] == UInt8(ascii: "{")
                position += 1
                let name = try readName()
                if triple {
                    guard !atEnd, bytes[position] == UInt8(ascii: "}") else { throw Failure(reason: "{{{ is not closed by }}}", offset: position) }
                    position += 1
                }
                nodes.append(.variable(TemplatePath(name), escaped: false))
            case UInt8(ascii: ">"):
                let tag = try readPartialTag()
                // The whitespace before a partial tag is kept as text even where the tag stands
                // alone; the partial's further lines are indented by it.
                if !whitespaceBefore.isEmpty { nodes.append(.text(whitespaceBefore)) }
                standalone = newLine && finishesLine()
                nodes.append(.partial(tag.name, indentation: standalone ? whitespaceBefore : nil, line: tag.line, column: tag.column))
                whitespaceBefore = []
            case UInt8(ascii: "="):
                position += 1
                try setDelimiters(tagStart: tagStart)
                standalone = newLine && finishesLine()
            case UInt8(ascii: "<"), UInt8(ascii: "$"):
                throw Failure(reason: "template inheritance ({{<parent}}, {{$block}}) is not supported", offset: tagStart)
            case UInt8(ascii: "%"):
                throw Failure(reason: "pragmas ({{% … }}) are not supported", offset: tagStart)
            default:
                flushWhitespace()
                let name = try readName()
                nodes.append(.variable(TemplatePath(name), escaped: true))
            }
            newLine = standalone
        }
        if let section {
            throw Failure(reason: "{{#\(section)}} is not closed", offset: position)
        }
        return nodes
    }

    /// Text up to a line break or an opening delimiter; after a delimiter, `position` is past it.
    mutating func readText() -> (text: [UInt8], foundTag: Bool) {
        let start = position
        while !atEnd {
            if newline(at: position) > 0 { return (Array(bytes[start..<position]), false) }
            if starts(with: open, at: position) {
                let text = Array(bytes[start..<position])
                position += open.count
                return (text, true)
            }
            position += 1
        }
        return (Array(bytes[start..<position]), false)
    }

    /// A partial tag from its `>` to the closing delimiter, which it consumes: the name, and
    /// the line and column where it starts.
    mutating func readPartialTag() throws(Failure) -> (name: String, line: Int, column: Int) {
        position += 1
        skipWhitespace()
        let nameStart = position
        while !atEnd, Self.isNameByte(bytes[position]) || bytes[position] == UInt8(ascii: "/") { position += 1 }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        skipWhitespace()
        guard !name.hasPrefix("*") else { throw Failure(reason: "dynamic partials ({{>*name}}) are not supported", offset: nameStart) }
        guard starts(with: close, at: position) else { throw Failure(reason: "the partial tag is not closed", offset: position) }
        position += close.count
        let start = self.position(of: nameStart)
        return (name, start.line, start.column)
    }

    /// A tag's name up to the closing delimiter, which it consumes.
    mutating func readName() throws(Failure) -> String {
        skipWhitespace()
        let start = position
        while !atEnd, Self.isNameByte(bytes[position]) || bytes[position] == UInt8(ascii: "(") || bytes[position] == UInt8(ascii: ")") { position += 1 }
        let name = String(decoding: bytes[start..<position], as: UTF8.self)
        skipWhitespace()
        guard starts(with: close, at: position) else {
            throw Failure(reason: "the tag is not closed by \(String(decoding: close, as: UTF8.self)) or holds a character a name cannot", offset: position)
        }
        guard !name.contains("(") else { throw Failure(reason: "transforms such as uppercased(name) are not supported", offset: start) }
        guard !name.isEmpty else { throw Failure(reason: "the tag has no name", offset: start) }
        position += close.count
        return name
    }

    /// Whether only blanks follow up to the end of the line or text; if so, they and the line
    /// break are consumed.
    mutating func finishesLine() -> Bool {
        if atEnd { return true }
        var probe = position
        while probe < bytes.count, Self.isBlank(bytes[probe]) { probe += 1 }
        let lineBreak = newline(at: probe)
        guard lineBreak > 0 else { return false }
        position = probe + lineBreak
        return true
    }

    func find(_ token: [UInt8]) -> Int? {
        var offset = position
        while offset + token.count <= bytes.count {
            if starts(with: token, at: offset) { return offset }
            offset += 1
        }
        return nil
    }

    /// `{{=<% %>=}}`: two delimiters separated by whitespace, then `=` and the current closing one.
    mutating func setDelimiters(tagStart: Int) throws(Failure) {
        let failure = Failure(reason: "a delimiter change is written {{=<% %>=}}", offset: tagStart)
        skipWhitespace()
        let openStart = position
        while !atEnd, !Self.isWhitespace(bytes[position]) { position += 1 }
        guard !atEnd else { throw failure }
        let newOpen = Array(bytes[openStart..<position])
        skipWhitespace()
        let closeStart = position
        while !atEnd, !Self.isWhitespace(bytes[position]), bytes[position] != UInt8(ascii: "=") { position += 1 }
        guard !atEnd else { throw failure }
        let newClose = Array(bytes[closeStart..<position])
        skipWhitespace()
        guard !atEnd, bytes[position] == UInt8(ascii: "=") else { throw failure }
        position += 1
        guard starts(with: close, at: position), !newOpen.isEmpty, !newClose.isEmpty else { throw failure }
        position += close.count
        open = newOpen
        close = newClose
    }

    /// The error for a failure at byte `offset`, with its line and column.
    func error(_ reason: String, at offset: Int) -> Template.ParseError {
        let position = self.position(of: offset)
        return Template.ParseError(line: position.line, column: position.column, reason: reason)
    }

    /// The 1-based line and column of byte `offset`; a column counts Unicode scalars (UTF-8
    /// continuation bytes do not count), as the kit's JSON and TOML errors do.
    func position(of offset: Int) -> (line: Int, column: Int) { UTF8Text.position(of: offset, in: bytes) }
}
