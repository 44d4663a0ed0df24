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

/// An option of a build that cannot be used (a time zone that does not exist, …), given in
/// code rather than read from a file: it names the option.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The option, as `BuildOptions` names it.
    public var option: String
    /// What is wrong, as a sentence a user can act on.
    public var reason: String

    public init(option: String, reason: String) {
        self.option = option
        self.reason = reason
    }

    public var description: String { "\(option): \(reason)" }
}

// The names of the two error types this one replaced, until every use says `LocatedError`.
public typealias ImportError = LocatedError
public typealias TemplateError = LocatedError
