import JSONReader

/// The rows of one facts table (JSON Lines, docs/facts.md), each line parsed on its own, so that
/// every error names the file, the line and the column: a line that is not JSON where the parser
/// stopped, a row whose value is not what the schema says at that value.
struct FactsLines: Sendable {
    /// The file as the user named it.
    let file: String
    let bytes: [UInt8]
    /// Each row's line number (from 1) and bytes; blank lines hold no row.
    let rows: [(line: Int, range: Range<Int>)]

    init(_ bytes: [UInt8], file: String) throws {
        self.file = file
        self.bytes = try TextEncoding.utf8(bytes, file: file)
        var rows: [(line: Int, range: Range<Int>)] = []
        var start = 0
        var line = 1
        let count = self.bytes.count
        while start < count {
            var end = start
            while end < count, self.bytes[end] != 0x0A { end += 1 }
            if self.bytes[start..<end].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) { rows.append((line, start..<end)) }
            start = end + 1
            line += 1
        }
        self.rows = rows
    }

    /// Row `index`: its line parsed, which must be a JSON object.
    func row(_ index: Int) throws -> FactsRow {
        let (line, range) = rows[index]
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(bytes[range]), file: file)
        } catch let error as LocatedError {
            throw LocatedError(file: file, line: line, column: error.column, reason: error.reason)
        }
        let row = FactsRow(value: value, lines: self, index: index)
        guard case .object = value else { throw row.error(nil, "a row of a facts table must be a JSON object") }
        return row
    }
}

/// One row of a facts table, read by column: a missing column or a value of another type is an
/// error at the row's line and the value's column.
struct FactsRow {
    let value: JSONValue
    let lines: FactsLines
    let index: Int

    func string(_ key: String) throws -> String {
        guard case .string(let text)? = value[key] else { throw error(key, "`\(key)` must be a string") }
        return text
    }

    func optionalString(_ key: String) throws -> String? {
        switch value[key] {
        case .string(let text)?: return text
        case .null?: return nil
        default: throw error(key, "`\(key)` must be a string or null")
        }
    }

    func bool(_ key: String) throws -> Bool {
        guard case .bool(let flag)? = value[key] else { throw error(key, "`\(key)` must be true or false") }
        return flag
    }

    func int(_ key: String) throws -> Int {
        guard case .number(let text)? = value[key], let number = Int(text), number >= 0 else {
            throw error(key, "`\(key)` must be a whole number from 0")
        }
        return number
    }

    /// An RFC 3339 time with its fraction digits kept, or null.
    func time(_ key: String) throws -> Timestamp? {
        guard let text = try optionalString(key) else { return nil }
        guard let time = Timestamp.iso8601(text) else { throw error(key, "`\(key)` must be an RFC 3339 time or null") }
        return time
    }

    /// A platform id (`slack`, `pubnub`, …).
    func platform(_ key: String = "platform") throws -> Platform {
        guard let platform = Platform(rawValue: try string(key)) else {
            throw error(key, "`\(key)` must be one of " + Platform.allCases.map(\.rawValue).sorted().joined(separator: ", "))
        }
        return platform
    }

    /// An error at this row's line, at the value of `key` (the row's start when it has no such
    /// member).
    func error(_ key: String?, _ reason: String) -> LocatedError {
        let (line, range) = lines.rows[index]
        let offset = key.flatMap { Self.valueOffset(of: $0, in: lines.bytes, range) } ?? range.lowerBound
        return LocatedError(file: lines.file, line: line, column: UTF8Text.column(of: offset, lineStart: range.lowerBound, in: lines.bytes), reason: reason)
    }

    /// Where the value of the top-level member `key` starts in the object at `range` (a line
    /// that parsed), found by walking its bytes: strings skipped, depth counted.
    static func valueOffset(of key: String, in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        let wanted = Array(key.utf8)
        var depth = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == 0x22 {
                let start = index + 1
                index += 1
                while index < range.upperBound, bytes[index] != 0x22 { index += bytes[index] == 0x5C ? 2 : 1 }
                var after = index + 1
                while after < range.upperBound, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
                if depth == 1, after < range.upperBound, bytes[after] == 0x3A, Array(bytes[start..<min(index, range.upperBound)]) == wanted {
                    after += 1
                    while after < range.upperBound, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
                    return after
                }
            } else if byte == 0x7B || byte == 0x5B {
                depth += 1
            } else if byte == 0x7D || byte == 0x5D {
                depth -= 1
            }
            index += 1
        }
        return nil
    }
}
