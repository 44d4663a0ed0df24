// The TOML parser's strings: basic and literal, on one line or several, and escapes.

extension TOMLParser.Reader {
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
}
