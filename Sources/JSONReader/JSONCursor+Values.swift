import SourceText

/// The parser proper: values, objects and arrays, read (and built, or only checked) where the
/// cursor stands.
extension JSONCursor {
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

    func fail(_ reason: String) -> JSONParser.Failure { JSONParser.Failure(offset: position, reason: reason) }

    /// Reads a whole document: a byte-order mark, one value, nothing after it but whitespace.
    mutating func parseDocument(file: String) throws -> JSONValue {
        do {
            skipByteOrderMark()
            skipWhitespace()
            let value = try parseValue(depth: 0)
            skipWhitespace()
            if position < buffer.count {
                throw JSONParser.Failure(offset: position, reason: JSONParser.textAfterValue)
            }
            return value
        } catch let failure as JSONParser.Failure {
            throw JSONParser.error(for: failure, in: buffer, file: file, mapped: pages?.file)
        }
    }

    mutating func parseValue(depth: Int) throws -> JSONValue {
        guard position < buffer.count else { throw fail("the file ends where a JSON value was expected") }
        switch buffer[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            let text = try parseString()
            return building ? .string(text) : .null
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let text = try parseNumber()
            return building ? .number(text) : .null
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
        guard
            try walkObject(
                depth: depth,
                { reader, key in
                    let value = try reader.parseValue(depth: depth)
                    if reader.building { reader.memberStack.append((key, value)) }
                })
        else { return .object(JSONObject()) }
        return building ? .object(JSONObject(members: Array(memberStack[base...]))) : .null
    }

    /// Reads an object from its `{` (at `depth`), handing each member's name to `member`
    /// with the cursor at the member's value, which `member` must read whole. False for an
    /// empty object. What `members` and `parseObject` both read objects with.
    @inline(__always)
    mutating func walkObject(depth: Int, _ member: (inout JSONCursor, String) throws -> Void) throws -> Bool {
        guard depth <= JSONParser.maximumDepth else { throw fail("nesting deeper than \(JSONParser.maximumDepth) levels") }
        position += 1
        skipWhitespace()
        if position < buffer.count, buffer[position] == UInt8(ascii: "}") {
            position += 1
            return false
        }
        notes?.enterObject()
        defer { notes?.leave() }
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
            if notes != nil { notes!.member(nameStart: nameStart, nameEnd: nameEnd, valueStart: position, in: buffer) }
            try member(&self, key)
            passPages()
            skipWhitespace()
            guard position < buffer.count else { throw fail("the file ends inside an object") }
            switch buffer[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return true
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
        guard
            try walkArray(
                depth: depth,
                { reader in
                    let value = try reader.parseValue(depth: depth)
                    if reader.building { reader.elementStack.append(value) }
                })
        else { return .array([]) }
        if building { return .array(Array(elementStack[base...])) }
        if position - start >= deferringFrom { deferredEnds[start] = position }
        return .null
    }

    /// Reads an array from its `[` (at `depth`), calling `element` with the cursor at each
    /// element, which `element` must read whole. False for an empty array.
    @inline(__always)
    mutating func walkArray(depth: Int, _ element: (inout JSONCursor) throws -> Void) throws -> Bool {
        guard depth <= JSONParser.maximumDepth else { throw fail("nesting deeper than \(JSONParser.maximumDepth) levels") }
        position += 1
        skipWhitespace()
        if position < buffer.count, buffer[position] == UInt8(ascii: "]") {
            position += 1
            return false
        }
        notes?.enterArray()
        defer { notes?.leave() }
        while true {
            skipWhitespace()
            try element(&self)
            passPages()
            skipWhitespace()
            guard position < buffer.count else { throw fail("the file ends inside an array") }
            switch buffer[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return true
            default: throw fail("expected ',' or ']' in an array")
            }
        }
    }
}
