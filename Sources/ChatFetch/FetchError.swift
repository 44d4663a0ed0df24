/// Why a fetch stopped: a usage mistake (exit 1: no channel, a credential missing, a bad
/// address) or a failure of the platform or the archive (exit 2: a refusal such as HTTP 403, a
/// page that kept failing, a file that could not be written). The command line prints
/// `description` and exits with `exitCode`.
///
/// No description ever holds a credential or a request's URL (PubNub's subscribe key is in its
/// paths): only the platform, its host and the channel.
public struct FetchError: Error, Equatable, CustomStringConvertible {
    /// A sentence a user can act on.
    public var description: String
    /// 1 for a usage mistake, 2 for a failure of the platform or the archive.
    public var exitCode: Int32

    public init(_ description: String, exitCode: Int32 = 2) {
        self.description = description
        self.exitCode = exitCode
    }

    /// A usage mistake (exit 1).
    public static func usage(_ description: String) -> FetchError { FetchError(description, exitCode: 1) }
}
