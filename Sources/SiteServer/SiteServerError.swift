/// Why `serve` cannot serve: each says what to do.
public enum SiteServerError: Error, CustomStringConvertible, Equatable {
    /// The folder is missing or holds no built site: the folder, and why.
    case missingSite(String, String)
    /// The port cannot be listened on: the port and the system's reason.
    case cannotListen(port: Int, reason: String)

    public var description: String {
        switch self {
        case .missingSite(let folder, let why):
            return "\(folder) is not a built site (\(why)); run `reaction-report build -o \(folder)` first"
        case .cannotListen(let port, let reason):
            return "cannot listen on 127.0.0.1:\(port): \(reason); choose another port with --port N, or --port 0 for any free one"
        }
    }
}
