import Foundation

/// A strict JSON parser (RFC 8259) over UTF-8 bytes that reports errors by line and column.
///
/// Numbers are kept as text; strings must be valid UTF-8; nesting is limited so that hostile
/// input cannot exhaust the stack.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512
    /// The reason given for text after a document's value (several values one after another).
    static let textAfterValue = "unexpected text after the JSON value"

    /// A parse failure at a byte offset; `ImportError` turns it into line and column.
    struct Failure: Error {
        var offset: Int
        var reason: String
    }

    /// Parses one JSON document. A UTF-8 byte-order mark is skipped.
    /// - Parameters:
    ///   - bytes: the document.
    ///   - file: the name used in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer)
            return try reader.parseDocument(file: file)
        }
    }

    /// Parses one JSON document, collecting the members that may hold reactions into `sites`
    /// when it is not nil.
    static func parse(_ bytes: [UInt8], file: String, sites: inout ReactionSites?) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer)
            if sites != nil { reader.sites = ReactionSiteCollector() }
            let value = try reader.parseDocument(file: file)
            if reader.sites != nil { sites = reader.sites!.finish() }
            return value
        }
    }

    /// Parses a JSON-lines document: one value per non-blank line.
    public static func parseLines(_ bytes: [UInt8], file: String) throws -> [JSONValue] {
        var sites: ReactionSites?
        return try parseLines(bytes, file: file, sites: &sites)
    }

    /// Parses a JSON-lines document, collecting the members that may hold reactions into
    /// `sites` when it is not nil (the lines are the elements of the array `$`).
    static func parseLines(_ bytes: [UInt8], file: String, sites: inout ReactionSites?) throws -> [JSONValue] {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer)
            if sites != nil {
                reader.sites = ReactionSiteCollector()
                reader.sites!.beginLines()
            }
            defer { if reader.sites != nil { sites = reader.sites!.finish() } }
            var values: [JSONValue] = []
            do {
                reader.skipByteOrderMark()
                while true {
                    reader.skipWhitespace()
                    if reader.position >= buffer.count { break }
                    values.append(try reader.parseValue(depth: 0))
                    reader.skipBlanks()
                    if reader.position < buffer.count, buffer[reader.position] != 0x0A, buffer[reader.position] != 0x0D {
                        throw Failure(offset: reader.position, reason: "expected a line break after the JSON value")
                    }
                }
                return values
            } catch let failure as Failure {
                throw error(for: failure, in: buffer, file: file)
            }
        }
    }

    /// Returns true when the bytes hold a value followed by more values on later lines.
    /// True when the first line holds a whole JSON value and more content follows on later
    /// lines. Only the first line is parsed (a JSON-lines record never spans lines), so a large
    /// single-document file is not parsed twice.
    static func looksLikeJSONLines(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { whole in
            // memchr: most files have no line break at all, and this looks through all of them.
            guard let base = whole.baseAddress, let found = memchr(base, 0x0A, whole.count) else { return false }
            let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            guard whole[(newline + 1)...].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return false }
            let buffer = UnsafeBufferPointer(rebasing: whole[..<newline])
            var reader = Reader(buffer: buffer)
            reader.skipByteOrderMark()
            reader.skipWhitespace()
            guard reader.position < buffer.count, (try? reader.parseValue(depth: 0)) != nil else { return false }
            reader.skipWhitespace()
            return reader.position == buffer.count
        }
    }

    static func error(for failure: Failure, in buffer: UnsafeBufferPointer<UInt8>, file: String) -> ImportError {
        let position = textPosition(of: failure.offset, in: buffer)
        return ImportError(file: file, line: position.line, column: position.column, reason: failure.reason)
    }
}

extension JSONParser {
    struct Reader {
        let buffer: UnsafeBufferPointer<UInt8>
        var position = 0
        /// Members and elements of the objects and arrays being read, innermost last: each
        /// container is copied out at its end into an array of exactly its size.
        var memberStack: [JSONObject.Member] = []
        var elementStack: [JSONValue] = []
        /// False on a validating pass: values are checked exactly as when building, but not built
        /// (`parseValue` returns `.null`), and arrays of at least `deferringFrom` bytes are
        /// recorded in `deferredEnds`.
        var building = true
        var deferringFrom = Int.max
        /// Offset of a recorded array's `[` → offset just after its `]`.
        var deferredEnds: [Int: Int] = [:]
        /// The document whose recorded arrays a building pass leaves unparsed.
        var source: JSONSource?
        /// Used as a `JSONCursor`: the nesting of the value the cursor stands at.
        var cursorDepth = 0
        /// Set to collect the members that may hold reactions (`ReactionSites`) as they are read.
        var sites: ReactionSiteCollector?

        init(buffer: UnsafeBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        mutating func skipByteOrderMark() {
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { position = 3 }
        }

        mutating func skipWhitespace() {
            while position < buffer.count {
                switch buffer[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        /// Skips spaces and tabs, not line breaks.
        mutating func skipBlanks() {
            while position < buffer.count, buffer[position] == 0x20 || buffer[position] == 0x09 { position += 1 }
        }

        func fail(_ reason: String) -> Failure { Failure(offset: position, reason: reason) }

        /// Reads a whole document: a byte-order mark, one value, nothing after it but whitespace.
        mutating func parseDocument(file: String) throws -> JSONValue {
            do {
                skipByteOrderMark()
                skipWhitespace()
                let value = try parseValue(depth: 0)
                skipWhitespace()
                if position < buffer.count {
                    throw Failure(offset: position, reason: JSONParser.textAfterValue)
                }
                return value
            } catch let failure as Failure {
                throw JSONParser.error(for: failure, in: buffer, file: file)
            }
        }

        mutating func parseValue(depth: Int) throws -> JSONValue {
            guard position < buffer.count else { throw fail("the file ends where a JSON value was expected") }
            switch buffer[position] {
            case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
            case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
            case UInt8(ascii: "\""): let text = try parseString(); return building ? .string(text) : .null
            case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
            case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
            case UInt8(ascii: "n"): try expectWord("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): let text = try parseNumber(); return building ? .number(text) : .null
            case 0: throw fail("a NUL byte where a JSON value was expected")
            default: throw fail("unexpected character where a JSON value was expected")
            }
        }

        mutating func expectWord(_ word: StaticString) throws {
            let count = word.utf8CodeUnitCount
            guard position + count <= buffer.count else { throw fail("the file ends inside a literal") }
            let start = word.utf8Start
            for index in 0..<count where buffer[position + index] != start[index] {
                throw fail("unexpected character where a JSON value was expected")
            }
            position += count
        }

        mutating func parseObject(depth: Int) throws -> JSONValue {
            let base = memberStack.count
            defer { memberStack.removeSubrange(base...) }
            guard try walkObject(depth: depth, { reader, key in
                let value = try reader.parseValue(depth: depth)
                if reader.building { reader.memberStack.append((key, value)) }
            }) else { return .object(JSONObject()) }
            return building ? .object(JSONObject(members: Array(memberStack[base...]))) : .null
        }

        /// Reads an object from its `{` (at `depth`), handing each member's name to `member`
        /// with the reader at the member's value, which `member` must read whole. False for an
        /// empty object. What `JSONCursor` and `parseObject` both read objects with.
        @inline(__always)
        mutating func walkObject(depth: Int, _ member: (inout Reader, String) throws -> Void) throws -> Bool {
            guard depth <= JSONParser.maximumDepth else { throw fail("nesting deeper than \(JSONParser.maximumDepth) levels") }
            position += 1
            skipWhitespace()
            if position < buffer.count, buffer[position] == UInt8(ascii: "}") {
                position += 1
                return false
            }
            sites?.enterObject()
            defer { sites?.leave() }
            while true {
                skipWhitespace()
                guard position < buffer.count else { throw fail("the file ends inside an object") }
                guard buffer[position] == UInt8(ascii: "\"") else { throw fail("expected a member name in quotes") }
                let nameStart = position + 1
                let key = try parseString()
                let nameEnd = position - 1
                skipWhitespace()
                guard position < buffer.count, buffer[position] == UInt8(ascii: ":") else { throw fail("expected ':' after a member name") }
                position += 1
                skipWhitespace()
                if sites != nil { sites!.member(nameStart: nameStart, nameEnd: nameEnd, valueStart: position, in: buffer) }
                try member(&self, key)
                skipWhitespace()
                guard position < buffer.count else { throw fail("the file ends inside an object") }
                switch buffer[position] {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "}"): position += 1; return true
                default: throw fail("expected ',' or '}' in an object")
                }
            }
        }

        mutating func parseArray(depth: Int) throws -> JSONValue {
            let start = position
            if building, let source, let end = source.deferredEnds[start] {
                guard depth <= JSONParser.maximumDepth else { throw fail("nesting deeper than \(JSONParser.maximumDepth) levels") }
                position = end
                return .deferredArray(JSONDeferredArray(source: source, start: start, end: end, depth: depth))
            }
            let base = elementStack.count
            defer { elementStack.removeSubrange(base...) }
            guard try walkArray(depth: depth, { reader in
                let value = try reader.parseValue(depth: depth)
                if reader.building { reader.elementStack.append(value) }
            }) else { return .array([]) }
            if building { return .array(Array(elementStack[base...])) }
            if position - start >= deferringFrom { deferredEnds[start] = position }
            return .null
        }

        /// Reads an array from its `[` (at `depth`), calling `element` with the reader at each
        /// element, which `element` must read whole. False for an empty array.
        @inline(__always)
        mutating func walkArray(depth: Int, _ element: (inout Reader) throws -> Void) throws -> Bool {
            guard depth <= JSONParser.maximumDepth else { throw fail("nesting deeper than \(JSONParser.maximumDepth) levels") }
            position += 1
            skipWhitespace()
            if position < buffer.count, buffer[position] == UInt8(ascii: "]") {
                position += 1
                return false
            }
            sites?.enterArray()
            defer { sites?.leave() }
            while true {
                skipWhitespace()
                try element(&self)
                skipWhitespace()
                guard position < buffer.count else { throw fail("the file ends inside an array") }
                switch buffer[position] {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "]"): position += 1; return true
                default: throw fail("expected ',' or ']' in an array")
                }
            }
        }

        mutating func parseNumber() throws -> String {
            let start = position
            if buffer[position] == UInt8(ascii: "-") { position += 1 }
            guard position < buffer.count, isDigit(buffer[position]) else { throw fail("a number needs a digit") }
            if buffer[position] == UInt8(ascii: "0") {
                position += 1
            } else {
                while position < buffer.count, isDigit(buffer[position]) { position += 1 }
            }
            if position < buffer.count, buffer[position] == UInt8(ascii: ".") {
                position += 1
                guard position < buffer.count, isDigit(buffer[position]) else { throw fail("a decimal point needs digits after it") }
                while position < buffer.count, isDigit(buffer[position]) { position += 1 }
            }
            if position < buffer.count, buffer[position] | 0x20 == UInt8(ascii: "e") {
                position += 1
                if position < buffer.count, buffer[position] == UInt8(ascii: "+") || buffer[position] == UInt8(ascii: "-") { position += 1 }
                guard position < buffer.count, isDigit(buffer[position]) else { throw fail("an exponent needs digits") }
                while position < buffer.count, isDigit(buffer[position]) { position += 1 }
            }
            return building ? String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<position]), as: UTF8.self) : ""
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        mutating func parseString() throws -> String {
            position += 1
            let start = position
            var ascii = true
            // Fast path: no escapes.
            while position < buffer.count {
                let byte = buffer[position]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: buffer[start..<position])
                    // Checked by RFC 3629's rules (those of `String(validating:)`, whose generic
                    // code cost a thousand instructions a string), then copied.
                    if !ascii, let invalid = firstInvalidUTF8(slice) {
                        throw Failure(offset: start + invalid, reason: "a string is not valid UTF-8")
                    }
                    position += 1
                    return building ? String(decoding: slice, as: UTF8.self) : ""
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw fail(byte == 0 ? "a NUL byte inside a string" : "a control character inside a string") }
                if byte >= 0x80 { ascii = false }
                position += 1
            }
            return try parseEscapedString(from: start)
        }

        mutating func parseEscapedString(from start: Int) throws -> String {
            var bytes = Array(UnsafeBufferPointer(rebasing: buffer[start..<position]))
            while true {
                guard position < buffer.count else { throw Failure(offset: start - 1, reason: "a string is not closed") }
                let byte = buffer[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    guard firstInvalidUTF8(bytes) == nil else {
                        throw Failure(offset: start, reason: "a string is not valid UTF-8")
                    }
                    return String(decoding: bytes, as: UTF8.self)
                }
                if byte < 0x20 { throw fail(byte == 0 ? "a NUL byte inside a string" : "a control character inside a string") }
                if byte != UInt8(ascii: "\\") {
                    bytes.append(byte)
                    position += 1
                    continue
                }
                position += 1
                guard position < buffer.count else { throw Failure(offset: start - 1, reason: "a string is not closed") }
                let escape = buffer[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): bytes.append(0x22)
                case UInt8(ascii: "\\"): bytes.append(0x5C)
                case UInt8(ascii: "/"): bytes.append(0x2F)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"): appendScalar(try parseUnicodeEscape(), to: &bytes)
                default:
                    position -= 1
                    throw fail("unknown escape in a string")
                }
            }
        }

        mutating func parseHex4() throws -> UInt32 {
            guard position + 4 <= buffer.count else { throw fail("\\u needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = buffer[position]
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x37
                case 0x61...0x66: digit = byte - 0x57
                default: throw fail("\\u needs four hex digits")
                }
                value = value << 4 | UInt32(digit)
                position += 1
            }
            return value
        }

        /// Reads the digits after `\u`, joining a surrogate pair; a lone surrogate becomes U+FFFD.
        mutating func parseUnicodeEscape() throws -> Unicode.Scalar {
            let first = try parseHex4()
            if (0xD800...0xDBFF).contains(first) {
                if position + 6 <= buffer.count, buffer[position] == UInt8(ascii: "\\"), buffer[position + 1] == UInt8(ascii: "u") {
                    let saved = position
                    position += 2
                    let second = try parseHex4()
                    if (0xDC00...0xDFFF).contains(second) {
                        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
                    }
                    position = saved
                }
                return "\u{FFFD}"
            }
            return Unicode.Scalar(first) ?? "\u{FFFD}"
        }

        func appendScalar(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
            bytes.append(contentsOf: UTF8.encode(scalar)!)
        }
    }
}
