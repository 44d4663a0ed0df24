import Foundation

/// A chat platform `fetch` can read: one type that knows the platform's API and what its
/// archive files hold. Everything else is shared: the HTTP client and its retries and pacing
/// (`FetchClient`), the credentials (`FetchSecrets`), the archive and its state files
/// (`ArchiveFolder`, `ChannelFolder`), the channels worked through in parallel (`FetchRun`) and
/// the progress (`FetchProgress`).
public protocol ChatPlatform: Sendable {
    /// The command's argument and the archive's folder (`pubnub`).
    static var name: String { get }
    /// The credentials it reads, from the environment or a credentials file.
    static var credentialNames: [String] { get }
    /// The platform with `secrets`' credentials; a usage error naming what is missing.
    init(secrets: FetchSecrets) throws(FetchError)

    /// The command's argument and the archive's folder (`pubnub`).
    var name: String { get }
    /// The name messages use (`PubNub`).
    var displayName: String { get }
    /// The API's address unless `--api-url` gives another.
    var defaultAPIURL: String { get }
    /// The rate limit the platform documents, in requests per second: the default pace.
    var documentedRequestsPerSecond: Double { get }
    /// The header lines every request carries (beyond none, for PubNub, which signs queries).
    var headers: [String] { get }
    /// Every value a printed or written text must not contain: keys, tokens, secrets.
    var secrets: [String] { get }

    /// Fetches one channel into its folder, going on from its state: the new messages, the
    /// reaction changes since the last fetch, and the look-back window. Writes the state after
    /// every page.
    func fetch(_ channel: ChannelFolder, with context: FetchContext) throws(FetchError) -> ChannelSummary

    /// The channels to fetch when none is named, listed by the platform; nil where it cannot
    /// list them (PubNub).
    func listChannels(with client: FetchClient) throws(FetchError) -> [String]?

    /// A usage error when `channel` is no channel name of the platform, before anything is fetched.
    func check(channel: String) throws(FetchError)
}

extension ChatPlatform {
    /// None: the channels are named.
    public func listChannels(with client: FetchClient) throws(FetchError) -> [String]? { nil }

    /// Every name is one.
    public func check(channel: String) throws(FetchError) {}
}

/// The platforms `fetch` reads, by name.
public enum ChatPlatforms {
    /// Every platform, in the order the command lists them.
    public static let all: [any ChatPlatform.Type] = [PubNubPlatform.self, StreamPlatform.self, CometChatPlatform.self]

    /// The platform named `name`, or nil.
    public static func named(_ name: String) -> (any ChatPlatform.Type)? { all.first { $0.name == name } }
}

/// What a platform's fetch of a channel is given besides the channel.
public struct FetchContext: Sendable {
    /// Gets the API's pages.
    public var client: FetchClient
    /// Where a new channel's archive starts (`--since`); nil for its whole history.
    public var since: Date?
    /// Days of the recent past fetched again, where the platform cannot say what changed.
    public var lookbackDays: Int
    /// Told of every page.
    public var progress: FetchProgress
    /// True once another channel's fetch failed: the fetch stops at its next page.
    public var isCancelled: @Sendable () -> Bool

    public init(client: FetchClient, since: Date?, lookbackDays: Int, progress: FetchProgress, isCancelled: @escaping @Sendable () -> Bool) {
        self.client = client
        self.since = since
        self.lookbackDays = lookbackDays
        self.progress = progress
        self.isCancelled = isCancelled
    }
}

/// What a fetch of one channel wrote.
public struct ChannelSummary: Sendable, Equatable {
    public var pages = 0
    public var messages = 0
    /// Reactions and other actions added.
    public var actions = 0
    /// Actions found removed.
    public var removals = 0

    public init(pages: Int = 0, messages: Int = 0, actions: Int = 0, removals: Int = 0) {
        self.pages = pages
        self.messages = messages
        self.actions = actions
        self.removals = removals
    }

    static func + (a: ChannelSummary, b: ChannelSummary) -> ChannelSummary {
        ChannelSummary(pages: a.pages + b.pages, messages: a.messages + b.messages, actions: a.actions + b.actions, removals: a.removals + b.removals)
    }
}
