// The TOML parser's values: what starts one, integers (and the refusal of floats, dates and
// times), booleans, arrays and inline tables.

extension TOMLParser.Reader {
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
            || (digits.count >= 3 && digits[0..<2].allSatisfy(isDigit) && digits[2] == UInt8(ascii: ":"))
        {
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
            case UInt8(ascii: "]"):
                position += 1
                return TOMLValue(.array(elements), at: place(open))
            default: throw fail("expected ',' or ']' in an array")
            }
        }
    }

    /// Reads `{ a = 1, b.c = 2 }` on one line, without a trailing comma.
    mutating func parseInlineTable(depth: Int, path: [String]) throws -> TOMLValue {
        let open = position
        position += 1
        var assembly = TOMLParser.TableAssembly(path: path)
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
