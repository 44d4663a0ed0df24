/// Why a digest could not be printed or posted: the built site, the week or the digest file is
/// missing, the webhook address is missing or not an http(s) URL, or the webhook refused the
/// digest or never took it. The command line prints `description` and exits with status 2.
///
/// No description ever holds the webhook's URL (its path is the secret that lets anyone post to
/// the channel): only its host, and where the address came from.
public struct DeliveryError: Error, Equatable, CustomStringConvertible {
    /// A sentence a user can act on.
    public var description: String

    public init(_ description: String) { self.description = description }
}
