/// A problem in a configuration file, its syntax (from `TOMLParser`) or a setting's value (from
/// `ConfigurationFile`): an input error like any other, `file:line:column: reason`.
public typealias ConfigurationError = ImportError

extension ImportError {
    /// An error at a position in `file`.
    public init(file: String, at position: TOMLPosition, reason: String) {
        self.init(file: file, line: position.line, column: position.column, reason: reason)
    }
}

/// Where something starts in a TOML document: 1-based line and column (columns count characters,
/// a tab is one).
public struct TOMLPosition: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// A value read from a TOML document, with where it starts.
public struct TOMLValue: Sendable {
    public enum Kind: Sendable {
        case string(String)
        case integer(Int64)
        case boolean(Bool)
        case array([TOMLValue])
        case table(TOMLTable)
    }

    public var kind: Kind
    /// Where the value starts; for a table made by a header or a dotted key, where its key is.
    public var position: TOMLPosition

    public init(_ kind: Kind, at position: TOMLPosition) {
        self.kind = kind
        self.position = position
    }

    /// "a string", "an integer", … for messages.
    public var typeName: String {
        switch kind {
        case .string: return "a string"
        case .integer: return "an integer"
        case .boolean: return "a boolean"
        case .array: return "an array"
        case .table: return "a table"
        }
    }
}

extension TOMLValue: CustomStringConvertible {
    /// A compact, canonical rendering (JSON-like, tables keep document order), for tests and messages.
    public var description: String {
        switch kind {
        case .string(let text): return TOMLKey.quoted(text)
        case .integer(let number): return String(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .array(let elements): return "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .table(let table): return table.description
        }
    }
}

/// A table: keys in the order the document defines them.
public struct TOMLTable: Sendable, CustomStringConvertible {
    public struct Entry: Sendable {
        public var key: String
        /// Where the key (or, for a dotted or header key, this part of it) first appears.
        public var keyPosition: TOMLPosition
        public var value: TOMLValue
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    public subscript(key: String) -> TOMLValue? {
        entries.first { $0.key == key }?.value
    }

    public var description: String {
        "{" + entries.map { TOMLKey.display($0.key) + " = " + $0.value.description }.joined(separator: ", ") + "}"
    }
}

/// A parsed document.
public struct TOMLDocument: Sendable {
    /// The file as the user named it, for errors.
    public var file: String
    public var root: TOMLTable

    /// An error at `position` in this document.
    public func error(at position: TOMLPosition, _ reason: String) -> ConfigurationError {
        ConfigurationError(file: file, at: position, reason: reason)
    }
}

/// How keys are written in messages.
enum TOMLKey {
    /// A key as TOML would accept it: bare when it can be, quoted otherwise.
    static func display(_ key: String) -> String {
        let bare = !key.isEmpty && key.utf8.allSatisfy(isBareKeyByte)
        return bare ? key : quoted(key)
    }

    /// A dotted path of keys.
    static func display(_ path: [String]) -> String {
        path.map(display).joined(separator: ".")
    }

    /// A basic string literal for `text`.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}

/// A TOML 1.0 parser for configuration files, over UTF-8 bytes.
///
/// It reads comments, bare, quoted and dotted keys, basic and literal strings (single- and
/// multi-line, every escape), integers (decimal with sign and underscores, hexadecimal, octal,
/// binary; 64-bit, overflow is an error), booleans, arrays, inline tables and `[table]` headers.
/// Floats, dates and times and arrays of tables (`[[…]]`) are not needed by any setting and are
/// rejected with an error that says so. Every error is a `ConfigurationError` with line and column.
public enum TOMLParser {
    /// Deepest nesting of arrays and inline tables accepted.
    public static let maximumDepth = 64

    /// Parses a document. A UTF-8 byte-order mark is skipped.
    public static func parse(_ bytes: [UInt8], file: String) throws -> TOMLDocument {
        var reader = Reader(bytes: bytes, file: file)
        return TOMLDocument(file: file, root: try reader.parseDocument())
    }

    /// Parses a document given as text.
    public static func parse(_ text: String, file: String) throws -> TOMLDocument {
        try parse(Array(text.utf8), file: file)
    }
}

extension TOMLParser {
    /// A failure at a byte offset; turned into line and column at the end.
    struct Failure: Error {
        var offset: Int
        var reason: String
    }

    /// One part of a (dotted) key: its name, and where it starts as a byte offset (for errors)
    /// and as a line and column (for the table entry it makes).
    struct KeyPart {
        var name: String
        var offset: Int
        var position: TOMLPosition
    }

    /// How a table was made, which decides whether later lines may add to it.
    enum Origin {
        /// The document's top level, or an inline table while it is read.
        case root
        /// Made by a `[header]`.
        case header
        /// Made on the way to a deeper header (`a` for `[a.b]`); a later `[a]` may still define it.
        case implicit
        /// Made by a dotted key (`a.b = 1` makes `a`).
        case dotted
    }

    /// The tables of a document, or of an inline table, while they are filled in: the values
    /// themselves, and what the parser must remember of the tables it made. A table it did not
    /// make (one written inline, found as a value) is complete and cannot be added to.
    struct TableAssembly {
        /// What is known of a table the assembly made. Tables are named by their number in
        /// `made`; 0 is `table` itself.
        struct Made {
            var origin: Origin
            /// Its key below `table`.
            let path: [String]
            /// The entry indices that lead from `table` to it.
            let route: [Int]
            /// The entry index of each key.
            var slots: [String: Int] = [:]
            /// The number of each table under its keys that the assembly made.
            var tables: [String: Int] = [:]
        }

        private(set) var table = TOMLTable()
        /// The key of `table` in the document, for messages.
        let path: [String]
        private var made = [Made(origin: .root, path: [], route: [])]

        init(path: [String]) {
            self.path = path
        }

        /// The key in the document of table `number`.
        func key(of number: Int) -> [String] {
            path + made[number].path
        }

        /// Adds `value` under a (dotted) key to table `base`, making the tables on the way.
        mutating func insert(_ value: TOMLValue, at key: [KeyPart], below base: Int) throws {
            var current = base
            for (index, part) in key.enumerated() {
                if index == key.count - 1 {
                    guard made[current].slots[part.name] == nil else { throw failure("duplicate key '\(shown(part, in: current))'", part) }
                    add(value, at: part, to: current)
                    return
                }
                if let inner = made[current].tables[part.name] {
                    guard made[inner].origin == .dotted else {
                        throw failure("the table '\(shown(part, in: current))' is defined by a header and cannot be extended with dotted keys", part)
                    }
                    current = inner
                } else if let existing = entry(part.name, in: current) {
                    throw notATableToExtend(existing, part, in: current)
                } else {
                    current = add(TOMLValue(.table(TOMLTable()), at: part.position), at: part, to: current, making: .dotted)
                }
            }
        }

        /// The number of the table a `[header]` with `key` opens, made (with the tables on the
        /// way) when new.
        mutating func openHeader(_ key: [KeyPart]) throws -> Int {
            var current = 0
            for (index, part) in key.enumerated() {
                let last = index == key.count - 1
                if let inner = made[current].tables[part.name] {
                    if last {
                        guard made[inner].origin == .implicit else { throw failure("the table '\(shown(part, in: current))' is already defined", part) }
                        made[inner].origin = .header
                    }
                    current = inner
                } else if let existing = entry(part.name, in: current) {
                    throw notATableToExtend(existing, part, in: current)
                } else {
                    current = add(TOMLValue(.table(TOMLTable()), at: part.position), at: part, to: current, making: last ? .header : .implicit)
                }
            }
            return current
        }

        /// The dotted key of `part` in table `number`, as messages show it.
        func shown(_ part: KeyPart, in number: Int) -> String {
            TOMLKey.display(key(of: number) + [part.name])
        }

        func failure(_ reason: String, _ part: KeyPart) -> Failure {
            Failure(offset: part.offset, reason: reason)
        }

        /// The error for a key that leads through `existing`, a value the assembly did not make
        /// as a table: a string, an integer, …, or an inline table, which is complete.
        func notATableToExtend(_ existing: TOMLValue, _ part: KeyPart, in number: Int) -> Failure {
            guard case .table = existing.kind else {
                return failure("'\(shown(part, in: number))' is already defined as \(existing.typeName)", part)
            }
            return failure("the inline table '\(shown(part, in: number))' cannot be extended", part)
        }

        /// The value under `name` in table `number`.
        func entry(_ name: String, in number: Int) -> TOMLValue? {
            guard let index = made[number].slots[name] else { return nil }
            var inner = table
            for step in made[number].route {
                guard case .table(let next) = inner.entries[step].value.kind else { preconditionFailure("a route leads through tables") }
                inner = next
            }
            return inner.entries[index].value
        }

        /// Appends an entry to table `number`. When the value is a table made here, `origin`
        /// says how, and the number it gets is returned: later keys and headers may add to it.
        @discardableResult
        mutating func add(_ value: TOMLValue, at part: KeyPart, to number: Int, making origin: Origin? = nil) -> Int {
            let index = made[number].slots.count
            Self.change(&table, at: made[number].route[...]) {
                $0.entries.append(TOMLTable.Entry(key: part.name, keyPosition: part.position, value: value))
            }
            made[number].slots[part.name] = index
            guard let origin else { return number }
            made.append(Made(origin: origin, path: made[number].path + [part.name], route: made[number].route + [index]))
            made[number].tables[part.name] = made.count - 1
            return made.count - 1
        }

        /// Lets `body` change the table at `route` below `table` in place.
        static func change(_ table: inout TOMLTable, at route: ArraySlice<Int>, _ body: (inout TOMLTable) -> Void) {
            guard let step = route.first else { return body(&table) }
            guard case .table(var inner) = table.entries[step].value.kind else { preconditionFailure("a route leads through tables") }
            // Take the table out while it changes, so that its entries are not shared and not copied.
            table.entries[step].value.kind = .boolean(false)
            change(&inner, at: route.dropFirst(), body)
            table.entries[step].value.kind = .table(inner)
        }
    }

    struct Reader {
        let bytes: [UInt8]
        let file: String
        var position = 0
        /// Offsets at which lines start.
        var lineStarts: [Int] = [0]

        init(bytes: [UInt8], file: String) {
            self.bytes = bytes
            self.file = file
        }

        // MARK: Document

        mutating func parseDocument() throws -> TOMLTable {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
            lineStarts = [position]
            for (index, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(index + 1) }
            var document = TableAssembly(path: [])
            do {
                if let invalid = firstInvalidUTF8(bytes) {
                    throw Failure(offset: invalid, reason: "the file is not valid UTF-8")
                }
                var current = 0
                while true {
                    skipBlanks()
                    guard let byte = peek() else { break }
                    switch byte {
                    case 0x0A, 0x0D:
                        try consumeNewline()
                    case UInt8(ascii: "#"):
                        try skipComment()
                    case UInt8(ascii: "["):
                        current = try parseHeader(into: &document)
                        try expectLineEnd(after: "a table header")
                    default:
                        try parseKeyValue(into: &document, below: current)
                        try expectLineEnd(after: "a value")
                    }
                }
            } catch let failure as Failure {
                throw ConfigurationError(file: file, at: place(failure.offset), reason: failure.reason)
            }
            return document.table
        }

        /// Line and column of a byte offset.
        func place(_ offset: Int) -> TOMLPosition {
            var low = 0, high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return TOMLPosition(line: low + 1, column: textColumn(of: offset, lineStart: lineStarts[low], in: bytes))
        }

        // MARK: Lines, blanks and comments

        func peek(_ ahead: Int = 0) -> UInt8? {
            position + ahead < bytes.count ? bytes[position + ahead] : nil
        }

        func fail(_ reason: String, at offset: Int? = nil) -> Failure {
            Failure(offset: offset ?? position, reason: reason)
        }

        /// Skips spaces and tabs.
        mutating func skipBlanks() {
            while let byte = peek(), byte == 0x20 || byte == 0x09 { position += 1 }
        }

        /// Reads LF or CRLF.
        mutating func consumeNewline() throws {
            if peek() == 0x0D {
                guard peek(1) == 0x0A else { throw fail("a carriage return must be followed by a line feed") }
                position += 2
            } else {
                position += 1
            }
        }

        func isNewline(_ byte: UInt8?) -> Bool { byte == 0x0A || byte == 0x0D }

        /// Skips a comment up to (not including) the line break.
        mutating func skipComment() throws {
            position += 1
            while let byte = peek(), byte != 0x0A {
                if byte == 0x0D, peek(1) == 0x0A { return }
                if isForbiddenControl(byte) { throw fail("a control character in a comment") }
                position += 1
            }
        }

        /// Control characters TOML does not allow unescaped: all but tab (line breaks are handled by the caller).
        func isForbiddenControl(_ byte: UInt8) -> Bool {
            (byte < 0x20 && byte != 0x09) || byte == 0x7F
        }

        /// After a value or header: blanks, an optional comment, then a line break or the end.
        mutating func expectLineEnd(after what: String) throws {
            skipBlanks()
            if peek() == UInt8(ascii: "#") { try skipComment() }
            guard let byte = peek() else { return }
            guard isNewline(byte) else { throw fail("expected the end of the line after \(what)") }
            try consumeNewline()
        }

        /// Skips blanks, line breaks and comments (inside arrays).
        mutating func skipBlankLines() throws {
            while let byte = peek() {
                switch byte {
                case 0x20, 0x09: position += 1
                case 0x0A, 0x0D: try consumeNewline()
                case UInt8(ascii: "#"): try skipComment()
                default: return
                }
            }
        }

        // MARK: Keys and tables

        /// A key, possibly dotted: its parts and where each starts.
        mutating func parseKey() throws -> [KeyPart] {
            var parts: [KeyPart] = []
            while true {
                skipBlanks()
                let start = position
                guard let byte = peek() else { throw fail("expected a key") }
                switch byte {
                case UInt8(ascii: "\""):
                    if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") { throw fail("a key cannot be a multi-line string") }
                    parts.append(KeyPart(name: try parseBasicString(), offset: start, position: place(start)))
                case UInt8(ascii: "'"):
                    if peek(1) == UInt8(ascii: "'"), peek(2) == UInt8(ascii: "'") { throw fail("a key cannot be a multi-line string") }
                    parts.append(KeyPart(name: try parseLiteralString(), offset: start, position: place(start)))
                default:
                    while let next = peek(), TOMLKey.isBareKeyByte(next) { position += 1 }
                    guard position > start else {
                        throw fail(byte == UInt8(ascii: "=") ? "expected a key before '='" : "expected a key (letters, digits, '_' and '-', or a quoted string)")
                    }
                    parts.append(KeyPart(name: String(decoding: bytes[start..<position], as: UTF8.self), offset: start, position: place(start)))
                }
                skipBlanks()
                guard peek() == UInt8(ascii: ".") else { return parts }
                position += 1
            }
        }

        mutating func parseKeyValue(into document: inout TableAssembly, below base: Int) throws {
            let key = try parseKey()
            guard peek() == UInt8(ascii: "=") else {
                throw fail(peek() == nil || isNewline(peek()) ? "expected '=' after the key" : "expected '=' after the key (a key with spaces needs quotes)")
            }
            position += 1
            skipBlanks()
            let value = try parseValue(depth: 0, path: document.key(of: base) + key.map(\.name))
            try document.insert(value, at: key, below: base)
        }

        /// Reads `[a.b]` and returns the number of the table it opens.
        mutating func parseHeader(into document: inout TableAssembly) throws -> Int {
            if peek(1) == UInt8(ascii: "[") { throw fail("arrays of tables ([[…]]) are not supported in this file") }
            position += 1
            let key = try parseKey()
            guard peek() == UInt8(ascii: "]") else { throw fail("expected ']' to close the table header") }
            position += 1
            return try document.openHeader(key)
        }

        // MARK: Values

        /// Reads a value; `path` is its key, for messages about what is inside it.
        mutating func parseValue(depth: Int, path: [String]) throws -> TOMLValue {
            let start = position
            guard let byte = peek(), !isNewline(byte) else { throw fail("expected a value") }
            switch byte {
            case UInt8(ascii: "\""):
                if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                    return TOMLValue(.string(try parseMultilineString(quote: UInt8(ascii: "\""))), at: place(start))
                }
                return TOMLValue(.string(try parseBasicString()), at: place(start))
            case UInt8(ascii: "'"):
                if peek(1) == UInt8(ascii: "'"), peek(2) == UInt8(ascii: "'") {
                    return TOMLValue(.string(try parseMultilineString(quote: UInt8(ascii: "'"))), at: place(start))
                }
                return TOMLValue(.string(try parseLiteralString()), at: place(start))
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                // `depth` counts the arrays and inline tables around this value.
                guard depth < TOMLParser.maximumDepth else { throw fail("arrays and inline tables nested deeper than \(TOMLParser.maximumDepth) levels") }
                return byte == UInt8(ascii: "[") ? try parseArray(depth: depth, path: path) : try parseInlineTable(depth: depth, path: path)
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return TOMLValue(.integer(try parseNumber()), at: place(start))
            default:
                guard TOMLKey.isBareKeyByte(byte) else { throw fail("expected a value") }
                switch readWord() {
                case "true": return TOMLValue(.boolean(true), at: place(start))
                case "false": return TOMLValue(.boolean(false), at: place(start))
                case "inf", "nan": throw fail("floating-point numbers are not supported; no setting takes one", at: start)
                default: throw fail("expected a value: text needs quotes, like \"this\"", at: start)
                }
            }
        }

        /// Reads letters, digits and the characters numbers, dates and times are written with.
        mutating func readWord() -> String {
            let start = position
            while let byte = peek(), TOMLKey.isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") {
                position += 1
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        mutating func parseNumber() throws -> Int64 {
            let start = position
            let word = readWord()
            let digits = Array(word.utf8)
            func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
            // A date (1979-05-27) or a time (07:32:00) starts with digits and a separator.
            if (digits.count >= 5 && digits[0..<4].allSatisfy(isDigit) && digits[4] == UInt8(ascii: "-"))
                || (digits.count >= 3 && digits[0..<2].allSatisfy(isDigit) && digits[2] == UInt8(ascii: ":")) {
                throw fail("dates and times are not supported; write the value as a quoted string, like \"2026-01-05\"", at: start)
            }
            var body = digits[...]
            var negative = false
            if let sign = body.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                negative = sign == UInt8(ascii: "-")
                body = body.dropFirst()
            }
            let unsignedText = String(decoding: body, as: UTF8.self)
            if unsignedText == "inf" || unsignedText == "nan" {
                throw fail("floating-point numbers are not supported; no setting takes one", at: start)
            }
            var radix: Int64 = 10
            if body.count >= 2, body.first == UInt8(ascii: "0") {
                switch body[body.startIndex + 1] {
                case UInt8(ascii: "x"): radix = 16
                case UInt8(ascii: "o"): radix = 8
                case UInt8(ascii: "b"): radix = 2
                default: break
                }
                if radix != 10 {
                    guard body.count == digits.count else { throw fail("a hexadecimal, octal or binary integer cannot have a sign", at: start) }
                    body = body.dropFirst(2)
                }
            }
            if radix == 10, body.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }), body.first.map(isDigit) == true {
                throw fail("floating-point numbers are not supported; no setting takes one", at: start)
            }
            guard !body.isEmpty else { throw fail("'\(word)' is not a valid integer", at: start) }
            if radix == 10, body.count > 1, body.first == UInt8(ascii: "0") {
                throw fail("an integer cannot have leading zeros", at: start)
            }
            var value: Int64 = 0
            var previousWasDigit = false
            for byte in body {
                if byte == UInt8(ascii: "_") {
                    guard previousWasDigit else { throw fail("'\(word)' is not a valid integer: '_' must stand between digits", at: start) }
                    previousWasDigit = false
                    continue
                }
                let digit: Int64
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int64(byte - 0x30)
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int64(byte - 0x57)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int64(byte - 0x37)
                default: digit = radix
                }
                guard digit < radix else { throw fail("'\(word)' is not a valid integer", at: start) }
                previousWasDigit = true
                // Accumulate negative numbers downwards so that -9223372036854775808 fits.
                let (shifted, overflowA) = value.multipliedReportingOverflow(by: radix)
                let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
                guard !overflowA, !overflowB else { throw fail("the integer \(word) does not fit in 64 bits", at: start) }
                value = next
            }
            guard previousWasDigit else { throw fail("'\(word)' is not a valid integer: '_' must stand between digits", at: start) }
            return value
        }

        /// Reads `"…"` on one line.
        mutating func parseBasicString() throws -> String {
            let open = position
            position += 1
            var out: [UInt8] = []
            while true {
                guard let byte = peek() else { throw fail("the string is not closed", at: open) }
                switch byte {
                case UInt8(ascii: "\""):
                    position += 1
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    try appendEscape(to: &out)
                case 0x0A, 0x0D:
                    throw fail("the string is not closed on its line (use \"\"\" for text over several lines)", at: open)
                default:
                    if isForbiddenControl(byte) { throw fail("a control character in a string must be written as an escape") }
                    out.append(byte)
                    position += 1
                }
            }
        }

        /// Reads `'…'` on one line: no escapes.
        mutating func parseLiteralString() throws -> String {
            let open = position
            position += 1
            let start = position
            while true {
                guard let byte = peek() else { throw fail("the string is not closed", at: open) }
                if byte == UInt8(ascii: "'") {
                    position += 1
                    return String(decoding: bytes[start..<position - 1], as: UTF8.self)
                }
                if isNewline(byte) { throw fail("the string is not closed on its line (use ''' for text over several lines)", at: open) }
                if isForbiddenControl(byte) { throw fail("a control character in a literal string") }
                position += 1
            }
        }

        /// Reads `"""…"""` (with escapes) or `'''…'''` (without). A line break right after the
        /// opening quotes is dropped; CRLF becomes LF.
        mutating func parseMultilineString(quote: UInt8) throws -> String {
            let open = position
            let basic = quote == UInt8(ascii: "\"")
            position += 3
            if peek() == 0x0A || (peek() == 0x0D && peek(1) == 0x0A) { try consumeNewline() }
            var out: [UInt8] = []
            while true {
                guard let byte = peek() else { throw fail("the multi-line string is not closed", at: open) }
                if byte == quote {
                    var run = 0
                    while peek(run) == quote { run += 1 }
                    if run < 3 {
                        out.append(contentsOf: repeatElement(quote, count: run))
                        position += run
                        continue
                    }
                    guard run <= 5 else { throw fail("three quotes in a row end a multi-line string; escape one of them") }
                    out.append(contentsOf: repeatElement(quote, count: run - 3))
                    position += run
                    return String(decoding: out, as: UTF8.self)
                }
                if byte == 0x0A || byte == 0x0D {
                    try consumeNewline()
                    out.append(0x0A)
                    continue
                }
                if basic, byte == UInt8(ascii: "\\") {
                    // A backslash ending a line drops the line break and the blanks that follow.
                    var ahead = 1
                    while let next = peek(ahead), next == 0x20 || next == 0x09 { ahead += 1 }
                    if isNewline(peek(ahead)) {
                        position += ahead
                        while let next = peek(), next == 0x20 || next == 0x09 || isNewline(next) {
                            if isNewline(next) { try consumeNewline() } else { position += 1 }
                        }
                        continue
                    }
                    try appendEscape(to: &out)
                    continue
                }
                if isForbiddenControl(byte) { throw fail("a control character in a string must be written as an escape") }
                out.append(byte)
                position += 1
            }
        }

        /// Reads an escape at the backslash and appends what it stands for.
        mutating func appendEscape(to out: inout [UInt8]) throws {
            let start = position
            position += 1
            guard let byte = peek() else { throw fail("the string is not closed", at: start) }
            position += 1
            switch byte {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "u"), UInt8(ascii: "U"):
                let count = byte == UInt8(ascii: "u") ? 4 : 8
                let name = byte == UInt8(ascii: "u") ? "\\u" : "\\U"
                var value: UInt32 = 0
                for _ in 0..<count {
                    guard let digit = peek(), let number = hexValue(digit) else {
                        throw fail("\(name) needs \(count == 4 ? "four" : "eight") hexadecimal digits", at: start)
                    }
                    value = value << 4 | number
                    position += 1
                }
                guard let scalar = Unicode.Scalar(value) else {
                    let text = String(decoding: bytes[start..<position], as: UTF8.self)
                    throw fail("\(text) is not a Unicode scalar value", at: start)
                }
                out.append(contentsOf: UTF8.encode(scalar)!)
            default:
                let shown = byte < 0x20 || byte >= 0x7F ? "" : " '\\" + String(UnicodeScalar(byte)) + "'"
                throw fail("unknown escape\(shown) in a string", at: start)
            }
        }

        func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - 0x57)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - 0x37)
            default: return nil
            }
        }

        /// Reads `[…]`: line breaks, comments and a trailing comma are allowed.
        mutating func parseArray(depth: Int, path: [String]) throws -> TOMLValue {
            let open = position
            position += 1
            var elements: [TOMLValue] = []
            while true {
                try skipBlankLines()
                guard let byte = peek() else { throw fail("the array is not closed", at: open) }
                if byte == UInt8(ascii: "]") {
                    position += 1
                    return TOMLValue(.array(elements), at: place(open))
                }
                elements.append(try parseValue(depth: depth + 1, path: path))
                try skipBlankLines()
                guard let next = peek() else { throw fail("the array is not closed", at: open) }
                switch next {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "]"): position += 1; return TOMLValue(.array(elements), at: place(open))
                default: throw fail("expected ',' or ']' in an array")
                }
            }
        }

        /// Reads `{ a = 1, b.c = 2 }` on one line, without a trailing comma.
        mutating func parseInlineTable(depth: Int, path: [String]) throws -> TOMLValue {
            let open = position
            position += 1
            var assembly = TableAssembly(path: path)
            skipBlanks()
            if peek() == UInt8(ascii: "}") {
                position += 1
                return TOMLValue(.table(assembly.table), at: place(open))
            }
            while true {
                skipBlanks()
                if isNewline(peek()) { throw fail("an inline table must be written on one line") }
                if peek() == UInt8(ascii: "}") { throw fail("an inline table cannot end with a comma") }
                let key = try parseKey()
                guard peek() == UInt8(ascii: "=") else { throw fail("expected '=' after the key") }
                position += 1
                skipBlanks()
                let value = try parseValue(depth: depth + 1, path: path + key.map(\.name))
                try assembly.insert(value, at: key, below: 0)
                skipBlanks()
                guard let byte = peek() else { throw fail("the inline table is not closed", at: open) }
                switch byte {
                case UInt8(ascii: ","):
                    position += 1
                case UInt8(ascii: "}"):
                    position += 1
                    return TOMLValue(.table(assembly.table), at: place(open))
                case 0x0A, 0x0D:
                    throw fail("an inline table must be written on one line")
                default:
                    throw fail("expected ',' or '}' in an inline table")
                }
            }
        }
    }
}
