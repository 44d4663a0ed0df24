import SourceText

/// Numbers and strings, read where the cursor stands: a number is kept as its text, a string is
/// checked as UTF-8 and its escapes decoded.
extension JSONCursor {
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
                // Checked by RFC 3629's rules (those of `String(validating:)`, without its
                // generic code, which is slow for short strings), then copied.
                if !ascii, let invalid = UTF8Text.firstInvalidByte(in: slice) {
                    throw JSONParser.Failure(offset: start + invalid, reason: "a string is not valid UTF-8")
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
            guard position < buffer.count else { throw JSONParser.Failure(offset: start - 1, reason: "a string is not closed") }
            let byte = buffer[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                guard UTF8Text.firstInvalidByte(in: bytes) == nil else {
                    throw JSONParser.Failure(offset: start, reason: "a string is not valid UTF-8")
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
            guard position < buffer.count else { throw JSONParser.Failure(offset: start - 1, reason: "a string is not closed") }
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
