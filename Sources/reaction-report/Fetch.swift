import ArgumentParser
import ChatFetch
import Foundation
import HTTPExchange
import ReactionReportKit

struct Fetch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fetch a chat platform's history with reactions into an archive folder that `build` reads.",
        discussion: """
            Each run takes what is new since the last one (messages, reaction changes, and the \
            look-back window of recent days fetched again) and can be stopped at any moment and run \
            again. Credentials come from the environment or from --credentials FILE (NAME=value lines), \
            never from a flag's value, and are never printed or written: for pubnub, \
            PUBNUB_SUBSCRIBE_KEY, and where the keyset needs them PUBNUB_AUTH_KEY, or PUBNUB_SECRET_KEY \
            with PUBNUB_PUBLISH_KEY; PUBNUB_USER_ID sets the uuid the requests carry; for stream, STREAM_API_KEY and \
            STREAM_API_SECRET, channels named type:id, every channel of the app when none is named; for cometchat, \
            COMETCHAT_APP_ID, COMETCHAT_REGION and COMETCHAT_API_KEY, channels named group:GUID or user:UID:OTHER, \
            every group when none is named. Exit status 1 for \
            a usage mistake, 2 when the platform refused a request or a page kept failing.
            """)

    @Argument(help: "The platform.")
    var platform: FetchPlatformName

    @Option(name: .long, help: ArgumentHelp("The archive folder (made when missing).", valueName: "folder"))
    var into: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A channel to fetch (repeatable; cometchat: group:GUID or user:UID:OTHER). Default: the configuration's [fetch.<platform>] channels, else (stream) every channel, (cometchat) every group.",
            valueName: "id"))
    var channel: [String] = []

    @Option(name: .long, help: ArgumentHelp("Where a new channel's archive starts (YYYY-MM-DD, UTC). Default: its whole history.", valueName: "date"))
    var since: String?

    @Option(name: .long, help: ArgumentHelp("File of NAME=value lines holding the credentials. Default: the environment.", valueName: "file"))
    var credentials: String?

    @Option(
        name: .customLong("api-url"),
        help: ArgumentHelp(
            "The API's address. Default: the platform's (https://ps.pndsn.com for pubnub, https://chat.stream-io-api.com for stream, https://{appId}.api-{region}.cometchat.io/v3 for cometchat).",
            valueName: "url"))
    var apiURL: String?

    @Option(name: .long, help: ArgumentHelp("Channels fetched at once, 1 to 16.", valueName: "n"))
    var concurrency = 2

    @Option(
        name: .long,
        help: ArgumentHelp("Most requests a second. Default: the platform's documented limit (25 for pubnub, 1 for stream, 333 for cometchat).", valueName: "n")
    )
    var requestsPerSecond: Double?

    @Option(name: .long, help: ArgumentHelp("Days of the recent past fetched again, 0 to 3650. Default: 7.", valueName: "days"))
    var lookbackDays: Int?

    @Option(name: .long, help: ArgumentHelp("Seconds each request may take, 1 to 600.", valueName: "seconds"))
    var timeout = 30

    @Option(name: .long, help: ArgumentHelp("Attempts per page, 1 to 20.", valueName: "n"))
    var attempts = 6

    @Option(name: .long, help: ArgumentHelp("Configuration file. Default: reaction-report.toml in the working folder, when there is one.", valueName: "file"))
    var config: String?

    @Flag(name: .long, help: "Print nothing but errors.")
    var quiet = false

    /// The look-back window unless the flags or the configuration say otherwise.
    static let defaultLookbackDays = 7

    func validate() throws {
        if !(1...16).contains(concurrency) { throw ValidationError("--concurrency must be 1 to 16") }
        if !(1...600).contains(timeout) { throw ValidationError("--timeout must be 1 to 600 seconds") }
        if !(1...20).contains(attempts) { throw ValidationError("--attempts must be 1 to 20") }
        if let lookbackDays, !(0...3650).contains(lookbackDays) { throw ValidationError("--lookback-days must be 0 to 3650") }
        if let requestsPerSecond, !(requestsPerSecond > 0 && requestsPerSecond <= 10_000) {
            throw ValidationError("--requests-per-second must be more than 0 and at most 10000")
        }
        if let since, Self.day(since) == nil { throw ValidationError("--since '\(since)' is not a day (YYYY-MM-DD)") }
        if channel.contains(where: \.isEmpty) { throw ValidationError("--channel must not be empty") }
    }

    func run() throws {
        var options = BuildOptions()
        if let path = config ?? (FileManager.default.fileExists(atPath: ConfigurationFile.defaultName) ? ConfigurationFile.defaultName : nil) {
            try ConfigurationFile.load(path, into: &options)
        }
        let settings = options.fetch[platform.name] ?? FetchSettings()
        // Each channel once, in the order first given: two workers must never share a channel.
        var seen: Set<String> = []
        var channels = (channel.isEmpty ? settings.channels : channel).filter { seen.insert($0).inserted }
        let kind = ChatPlatforms.named(platform.name)!
        let secrets = try FetchSecrets.load(kind.credentialNames, environment: ProcessInfo.processInfo.environment, file: credentials)
        let chat = try kind.init(secrets: secrets)
        let address = try APIAddress(apiURL ?? settings.apiURL ?? chat.defaultAPIURL)
        let pacer = RequestPacer(requestsPerSecond: requestsPerSecond ?? chat.documentedRequestsPerSecond)
        let toStandardError: @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
        let visible: @Sendable (String) -> String = { Console.visible($0) }
        let progress = FetchProgress(
            platform: chat.name, output: quiet ? nil : toStandardError, terminal: isatty(STDERR_FILENO) == 1, pacer: pacer, visible: visible)
        let client = FetchClient(
            platform: chat.displayName, address: address, transport: CurlFetchTransport(), pacer: pacer,
            policy: RetryPolicy(attempts: attempts, timeout: timeout, firstWait: 1, longestWait: 30, longestRetryAfter: 120), secrets: chat.secrets,
            headers: ["User-Agent: reaction-report/" + ReactionReportVersion.current] + chat.headers, note: { progress.note($0) })
        // None named: every channel, where the platform lists them (Stream; CometChat's groups).
        if channels.isEmpty, let listed = try chat.listChannels(with: client) { channels = listed }
        guard !channels.isEmpty else {
            throw FetchError.usage(
                "no channel to fetch: give --channel ID (repeatable), or list them as channels in [fetch.\(platform.name)] of the configuration file")
        }
        for name in channels { try chat.check(channel: name) }
        let archive = try ArchiveFolder(into)
        let fetch = FetchRun(
            platform: chat, channels: channels, archive: archive, client: client, concurrency: concurrency, since: since.flatMap(Self.day),
            lookbackDays: lookbackDays ?? settings.lookbackDays ?? Self.defaultLookbackDays, progress: progress)
        let summary = try fetch.run()
        guard !quiet else { return }
        let totals = pacer.totals
        let rate = totals.seconds > 0 ? Double(totals.requests) / totals.seconds : 0
        print(
            "fetched \(channels.count) channel(s) from \(chat.displayName) at \(client.shownHost) into \(Console.visible(into)): "
                + "\(summary.messages) messages, \(summary.actions) actions, \(summary.removals) removals in \(summary.pages) files; "
                + "\(totals.requests) requests, \(totals.bytes) bytes, \(String(format: "%.1f", totals.seconds)) s, \(String(format: "%.1f", rate)) requests/s")
    }

    /// The start of day `text` (YYYY-MM-DD) in UTC.
    static func day(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        guard text.count == 10, let date = formatter.date(from: text) else { return nil }
        return date
    }
}

/// The platforms `fetch` reads.
struct FetchPlatformName: ExpressibleByArgument {
    var name: String

    init?(argument: String) {
        guard Self.allValueStrings.contains(argument) else { return nil }
        name = argument
    }

    static var allValueStrings: [String] { ChatPlatforms.all.map { $0.name } }
}
