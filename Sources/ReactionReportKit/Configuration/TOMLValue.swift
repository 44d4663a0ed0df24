// What a TOML document holds once it is read (positions, values, tables, the document), the
// position of a configuration file's errors, and how keys are written in messages.

// A problem in a configuration file, its syntax (from `TOMLParser`) or a setting's value (from
// `ConfigurationFile`), is a `LocatedError` like any other: `file:line:column: reason`.
extension LocatedError {
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
    public func error(at position: TOMLPosition, _ reason: String) -> LocatedError {
        LocatedError(file: file, at: position, reason: reason)
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
