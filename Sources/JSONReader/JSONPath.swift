/// A place in a JSON document, written as JSONPath writes it: `$` for the whole document, then
/// `.name` or `["name"]` for a member and `[3]` for an array element. A pattern may also hold
/// `[*]` (any element) and `.*` (any member), as in `$.channels.*[*].actions`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step into a value.
    public enum Component: Sendable, Hashable {
        /// The member with this name.
        case key(String)
        /// The element at this position, from 0.
        case index(Int)
        /// Any element of an array: what a path's array positions become when paths are grouped.
        case anyIndex
        /// Any member of an object (patterns only).
        case anyKey
    }

    /// The steps from the whole document, outermost first.
    public var components: [Component]

    /// The path of `components` (none: the whole document).
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// Reads a path written as `description` writes one. Paths in the program's own tables are
    /// literals, so text that is not a path is a programming error.
    public init(_ text: String) {
        guard let path = JSONPath(parsing: text) else { preconditionFailure("not a JSON path: \(text)") }
        self = path
    }

    /// Reads a path, or nil for text that is not one.
    public init?(parsing text: String) {
        var rest = Substring(text)
        guard rest.first == "$" else { return nil }
        rest = rest.dropFirst()
        var components: [Component] = []
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { return nil }
                components.append(name == "*" ? .anyKey : .key(String(name)))
                rest = rest.dropFirst(name.count)
            } else if rest.hasPrefix("[*]") {
                components.append(.anyIndex)
                rest = rest.dropFirst(3)
            } else if rest.hasPrefix("[\"") {
                // A quoted name: JSON string rules, of which the program's own paths use `\"` and `\\`.
                var name = ""
                var index = rest.index(rest.startIndex, offsetBy: 2)
                var closed = false
                while index < rest.endIndex {
                    let character = rest[index]
                    if character == "\\" {
                        index = rest.index(after: index)
                        guard index < rest.endIndex else { return nil }
                        name.append(rest[index])
                    } else if character == "\"" {
                        closed = true
                        break
                    } else {
                        name.append(character)
                    }
                    index = rest.index(after: index)
                }
                guard closed else { return nil }
                rest = rest[rest.index(after: index)...]
                guard rest.first == "]" else { return nil }
                rest = rest.dropFirst()
                components.append(.key(name))
            } else if first == "[" {
                let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty, let number = Int(digits), rest.dropFirst(1 + digits.count).first == "]" else { return nil }
                components.append(.index(number))
                rest = rest.dropFirst(2 + digits.count)
            } else {
                return nil
            }
        }
        self.components = components
    }

    /// The path with one more step.
    public func appending(_ component: Component) -> JSONPath {
        JSONPath(components + [component])
    }

    /// The same path with every array position written as `[*]`.
    public var grouped: JSONPath {
        JSONPath(components.map { if case .index = $0 { return .anyIndex } else { return $0 } })
    }

    /// True when this pattern names `path`: steps match one for one, `[*]` matching any element
    /// and `.*` any member.
    public func matches(_ path: JSONPath) -> Bool {
        guard components.count == path.components.count else { return false }
        return zip(components, path.components).allSatisfy { pattern, step in
            switch (pattern, step) {
            case (.anyKey, .key), (.anyIndex, .index), (.anyIndex, .anyIndex): return true
            default: return pattern == step
            }
        }
    }

    /// True when this pattern names the first `components.count` steps of `path`.
    public func matchesPrefix(of path: JSONPath) -> Bool {
        guard components.count <= path.components.count else { return false }
        return matches(JSONPath(Array(path.components.prefix(components.count))))
    }

    /// The path as JSONPath writes it, e.g. `$.channels.general[3]["m.relations"]`.
    public var description: String {
        var out = "$"
        for component in components {
            switch component {
            case .key(let name) where Self.isPlainName(name): out += "." + name
            case .key(let name):
                out += "[\""
                for character in name {
                    if character == "\"" || character == "\\" { out += "\\" }
                    out.append(character)
                }
                out += "\"]"
            case .index(let index): out += "[\(index)]"
            case .anyIndex: out += "[*]"
            case .anyKey: out += ".*"
            }
        }
        return out
    }

    /// Names written after a dot: ASCII letters, digits, `_`, `@` and `-`, not starting with a digit.
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(0x30...0x39).contains(first), name != "*" else { return false }
        return name.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "@")
        }
    }
}
