// The TOML parser's entry points and its reader: the document's lines, blanks and comments,
// keys, key/value lines and table headers. Values, strings and tables are in the files
// TOMLParser+Values.swift, TOMLParser+Strings.swift and TOMLParser+Tables.swift.

/// A TOML 1.0 parser for configuration files, over UTF-8 bytes.
///
/// It reads comments, bare, quoted and dotted keys, basic and literal strings (single- and
/// multi-line, every escape), integers (decimal with sign and underscores, hexadecimal, octal,
/// binary; 64-bit, overflow is an error), booleans, arrays, inline tables and `[table]` headers.
/// Floats, dates and times and arrays of tables (`[[…]]`) are not needed by any setting and are
/// rejected with an error that says so. Every error is a `LocatedError` with line and column.
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

    /// Reads one document; its methods are spread over the TOMLParser files by what they read.
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
                if let invalid = UTF8Text.firstInvalidByte(in: bytes) {
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
                throw LocatedError(file: file, at: place(failure.offset), reason: failure.reason)
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
            return TOMLPosition(line: low + 1, column: UTF8Text.column(of: offset, lineStart: lineStarts[low], in: bytes))
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
                        throw fail(
                            byte == UInt8(ascii: "=") ? "expected a key before '='" : "expected a key (letters, digits, '_' and '-', or a quoted string)")
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
    }
}
