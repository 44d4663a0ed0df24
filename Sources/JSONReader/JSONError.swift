/// A document that is not JSON: the file, the 1-based line and column (in characters) where
/// reading stopped, and why.
public struct JSONError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The reason given for text after a document's value: several values one after another,
    /// which a caller may read as JSON lines instead (`JSONParser.parseLines`).
    public static let textAfterValue = "unexpected text after the JSON value"

    /// The name the caller gave the document.
    public var file: String
    /// 1-based line of the fault.
    public var line: Int
    /// 1-based column of the fault, in Unicode scalars.
    public var column: Int
    /// What is wrong, as a sentence a user can act on.
    public var reason: String

    /// Creates an error for `file` at `line` and `column`.
    public init(file: String, line: Int, column: Int, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `file:line:column: reason`.
    public var description: String { "\(file):\(line):\(column): \(reason)" }
}
