/// A file, folder or archive entry that cannot be read, and why.
public struct FileError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The path as the caller gave it (for an archive's entry, the archive's path, `/`, and the
    /// entry's name).
    public var file: String
    /// What is wrong, as a sentence a user can act on.
    public var reason: String

    /// An error about `file`.
    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// `file: reason`.
    public var description: String { "\(file): \(reason)" }
}
