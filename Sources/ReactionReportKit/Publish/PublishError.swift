/// Writing the site failed: which step, on which path, and why. The previous output is intact.
public struct PublishError: Error, CustomStringConvertible, Sendable {
    /// The step that failed ("create the staging folder", "write", "swap in the new site", …).
    public var step: String
    public var path: String
    public var reason: String

    public var description: String { "cannot \(step) \(path): \(reason)" }
}
