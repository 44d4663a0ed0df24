import Foundation

/// A platform's credentials, read from the environment or from a file named by
/// `--credentials`, never from a flag's value (which `ps` and the shell's history would show).
///
/// The file holds `NAME=value` lines (blank lines and lines starting with `#` are passed over;
/// spaces around the name and the value are dropped, and so are quotes around the whole value),
/// so one file can hold every platform's keys. When a file is given it alone is read.
///
/// Values are never printed: the type describes and dumps itself as the names it holds, and
/// `values` is what every text the fetch prints or writes is checked against.
public struct FetchSecrets: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private let found: [String: String]
    /// Where the values came from, as messages name it (`the environment`, `the credentials
    /// file 'keys.env'`).
    public let source: String

    /// The values of `names`, from `file` when one is given, else from `environment`; empty
    /// values count as missing. An unreadable file, or a line that is not `NAME=value`, is an
    /// error naming the file and the line's number, never its text.
    public static func load(_ names: [String], environment: [String: String], file: String?) throws(FetchError) -> FetchSecrets {
        guard let file else {
            return FetchSecrets(found: environment.filter { names.contains($0.key) && !$0.value.isEmpty }, source: "the environment")
        }
        let source = "the credentials file '\(file)'"
        guard let data = FileManager.default.contents(atPath: file) else { throw FetchError("cannot read \(source)") }
        var found: [String: String] = [:]
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty || text.hasPrefix("#") { continue }
            guard let equals = text.firstIndex(of: "="), !text[..<equals].trimmingCharacters(in: .whitespaces).isEmpty else {
                throw FetchError("line \(number + 1) of \(source) is not NAME=value (its text is not shown, as it may be secret)")
            }
            let name = text[..<equals].trimmingCharacters(in: .whitespaces)
            var value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            if names.contains(name), !value.isEmpty { found[name] = value }
        }
        return FetchSecrets(found: found, source: source)
    }

    /// The value of `name`, if given.
    public subscript(name: String) -> String? { found[name] }

    /// The value of `name`; a usage error naming it and `source` when it is missing.
    public func required(_ name: String, for what: String) throws(FetchError) -> String {
        guard let value = found[name] else {
            throw FetchError.usage("\(what) needs \(name): set it in the environment or in a file given with --credentials FILE (NAME=value lines)")
        }
        return value
    }

    /// Every value held, longest first: what no printed or written text may contain.
    public var values: [String] { found.values.sorted { ($0.count, $0) > ($1.count, $1) } }

    public var description: String { "credentials " + found.keys.sorted().joined(separator: ", ") + " from \(source)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["names": found.keys.sorted(), "source": source]) }
}
