/// An input that cannot be read: unreadable, malformed, or of no known format.
/// It names the file and, for JSON, the line and column (1-based) where reading stopped.
public struct ImportError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The input file as the user named it.
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

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return "\(place): \(reason)"
    }
}
