@_exported import SourceText

// `LocatedError` (a file, and where in it) comes from the SourceText module, shared with the
// JSON reader and the template engine; it is part of this library's API.

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
