/// A `[fetch.<platform>]` table of the configuration file: what `reaction-report fetch` reads
/// besides its flags (which win), such as
///
/// ```toml
/// [fetch.pubnub]
/// channels = ["general", "support"]
/// lookbackDays = 7
/// apiURL = "https://ps.pndsn.com"
/// ```
public struct FetchSettings: Sendable, Equatable {
    /// The platforms a table may name.
    public static let platforms = ["pubnub", "stream", "cometchat"]
    /// The keys a table may hold.
    public static let keys = ["channels", "lookbackDays", "apiURL"]

    /// The channels fetched when no `--channel` is given.
    public var channels: [String] = []
    /// Days of the recent past fetched again (`--lookback-days`).
    public var lookbackDays: Int?
    /// The API's address (`--api-url`).
    public var apiURL: String?

    public init(channels: [String] = [], lookbackDays: Int? = nil, apiURL: String? = nil) {
        self.channels = channels
        self.lookbackDays = lookbackDays
        self.apiURL = apiURL
    }
}

extension SettingReader {
    /// The `[fetch]` table: a table per platform of `FetchSettings.platforms`.
    func fetchSettings(_ value: TOMLValue) throws -> [String: FetchSettings] {
        guard case .table(let table) = value.kind else { throw wrongType(value, "fetch", "a table of platforms, such as [fetch.pubnub]") }
        var out: [String: FetchSettings] = [:]
        for entry in table.entries {
            let platform = entry.key
            guard FetchSettings.platforms.contains(platform) else {
                throw document.error(
                    at: entry.keyPosition,
                    "unknown platform 'fetch.\(TOMLKey.display(platform))': fetch reads \(ConfigurationFile.choices(FetchSettings.platforms))")
            }
            guard case .table(let settings) = entry.value.kind else { throw wrongType(entry.value, "fetch." + platform, "a table") }
            var result = FetchSettings()
            for setting in settings.entries {
                let key = "fetch.\(platform).\(TOMLKey.display(setting.key))"
                switch setting.key {
                case "channels": result.channels = try strings(setting.value, key, unique: true)
                case "lookbackDays":
                    guard case .integer(let days) = setting.value.kind else { throw wrongType(setting.value, key, "an integer") }
                    guard (0...3650).contains(days) else { throw document.error(at: setting.value.position, "'\(key)' must be 0 to 3650, not \(days)") }
                    result.lookbackDays = Int(days)
                case "apiURL": result.apiURL = try nonEmptyString(setting.value, key)
                default:
                    throw document.error(
                        at: setting.keyPosition, "unknown key '\(key)': a [fetch.\(platform)] table holds \(ConfigurationFile.choices(FetchSettings.keys))")
                }
            }
            out[platform] = result
        }
        return out
    }
}
