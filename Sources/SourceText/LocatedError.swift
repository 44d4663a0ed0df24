// SourceText: where a problem stands in a text the program reads (JSON, TOML, templates) and
// the one error that names it. The readers place errors alike: lines and columns from 1,
// columns counted in Unicode scalars.

/// A file that cannot be used, and where: an input that is unreadable, malformed or of no known
/// format, a configuration file that does not parse, a template that does not compile. It
/// names the file and, where known, the line and column (1-based) where reading stopped.
public struct LocatedError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file as the user named it.
    public var file: String
    /// 1-based line of the problem, when known.
    public var line: Int?
    /// 1-based column (in characters) of the problem, when known.
    public var column: Int?
    /// What is wrong, as a sentence a user can act on.
    public var reason: String

    /// Creates an error for `file` at an optional position.
    public init(file: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `file:line:column: reason`, leaving out what is not known.
    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return "\(place): \(reason)"
    }
}
