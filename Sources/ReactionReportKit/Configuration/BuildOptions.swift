/// Everything a build can be told, with the product's defaults. Command-line flags and the
/// configuration file both end up here.
public struct BuildOptions: Sendable {
    /// Which outputs to write.
    public enum OutputFormat: String, Sendable, CaseIterable {
        case html, markdown, json
        /// The facts tables in `data/facts/` (docs/facts.md): opt-in, as they hold about as
        /// many bytes as the input.
        case facts
    }

    /// The outputs written unless others are asked for: the site, Markdown and the data files.
    public static let defaultFormats: [OutputFormat] = [.html, .markdown, .json]

    /// The site title.
    public var title = "Reaction report"
    /// Absolute site URL for links in feeds and Markdown; nil for relative links only.
    public var baseURL: String?
    /// Let search engines index the site (`public = true`): no `noindex`, a `robots.txt` that
    /// allows crawling, and with `baseURL` a `sitemap.xml` and OpenGraph tags. Off by default:
    /// chat archives hold people's words.
    public var isPublic = false
    /// Build the search index (`search = true`, `--search`): every message is indexed, by
    /// Pagefind into `pagefind/` or by the builtin index into `search/` (`searchEngine`), and
    /// the site gets `search.html`.
    public var search = false
    /// What indexes the messages when `search` is on (`searchEngine`, `--search-engine`).
    public var searchEngine = SearchEngine.auto
    /// The user whose own reactions are highlighted.
    public var viewer: String?
    /// Which outputs to write.
    public var formats: Set<OutputFormat> = Set(BuildOptions.defaultFormats)
    /// Bubble order.
    public var reactionOrder = ReactionOrder.firstReacted
    /// Counts above this show as `cap+`.
    public var countCap = 99
    /// At most this many names in a "reacted by" list.
    public var reactorsLimit = 100
    /// Count 👍🏻 as 👍.
    public var mergeSkinTones = false
    /// Reaction names → emoji or image URL.
    public var aliases: [String: String] = [:]
    /// PubNub action types that are reactions.
    public var reactionActionTypes: Set<String> = ["reaction", "reactions"]
    /// Keep direct-message conversations (Slack DMs and group DMs, Mattermost direct posts,
    /// Telegram personal chats…): true includes them, false leaves them out, nil (the default)
    /// leaves them out unless the input holds nothing else (one exported DM or personal chat).
    public var includeDirectMessages: Bool?
    /// Messages per transcript page.
    public var pageSize = 500
    /// Entries in rankings.
    public var topN = 10
    /// Highlight colour for the viewer's reactions (a CSS colour).
    public var highlightColor = "rgba(239,58,67,0.24)"
    /// Bubbles side by side (`horizontal`) or one under another (`vertical`).
    public var bubbleStack = BubbleStack.horizontal
    /// IANA time zone in which weeks and days are counted.
    public var timezone = "UTC"
    /// How dates and numbers are written on pages, in Markdown and in digests (`locale`,
    /// `--locale`); `standard` keeps the report's own forms.
    public var locale = LocaleFormat.standard
    /// First day or ISO week of the report (inclusive), in `timezone`.
    public var since: PeriodBound?
    /// Last day or ISO week of the report (inclusive), in `timezone`.
    public var until: PeriodBound?
    /// The emoji the weekly report's palette usage lists, including those nobody used.
    public var palette = ["👍", "❤️", "😂", "😲", "😢", "🔥"]
    /// When not empty, only conversations matching one of these (id, or name ignoring case).
    public var includeConversations: [String] = []
    /// Conversations left out (id, or name ignoring case).
    public var excludeConversations: [String] = []
    /// People left out of rankings, pairs and digests (never out of the data files or the
    /// transcripts): user ids, or names ignoring case.
    public var excludePeople: [String] = []
    /// Leave the people and messages the platform marks as bots out of rankings, pairs and digests.
    public var excludeBots = true
    /// Groups of conversations with figures of their own in the weekly report, in the
    /// configuration's order.
    public var groups: [ConversationGroup] = []
    /// What answers a message and what asks (`responseWindow`, `questionMarks`,
    /// `supportConversations`).
    public var responses = ResponseRules()
    /// Which emoji are positive and which negative (`[polarity]`).
    public var polarity = PolarityTable()
    /// The posting days of each engagement level (`engagementLevels`).
    public var engagementLevels = EngagementLevels()
    /// Stable pseudonyms instead of people's names and ids, everywhere.
    public var anonymize = false
    /// Folder of templates overriding the built-ins by file name.
    public var templates: String?
    /// Only this shard's share of the messages (`--shard K/N`, `ShardPlan`), applied in the
    /// filter step.
    public var shard: Shard?

    /// A shard of an anonymized build that writes only facts: its facts keep the real names
    /// and ids, and say so (`anonymizeAtJoin` in `report.jsonl`), for the build that joins the
    /// shards to replace them all at once, as one build would: pseudonyms that collide are
    /// numbered among everyone of the report, not among one shard's people.
    public var anonymizesAtJoin: Bool { anonymize && shard != nil && formats == [.facts] }
    /// What `fetch` reads from the configuration file, by platform (`[fetch.pubnub]`); a build
    /// passes it over.
    public var fetch: [String: FetchSettings] = [:]

    /// How bubbles are laid out.
    public enum BubbleStack: String, Sendable, CaseIterable {
        case horizontal, vertical
    }

    public init() {}
}

extension BuildOptions {
    /// How every reaction value of the build is read into an emoji (`aliases`,
    /// `mergeSkinTones`): the ledger's, and the palette's and polarity table's, which must name
    /// emoji as the reactions do.
    var emojiResolver: EmojiResolver { EmojiResolver(aliases: aliases, mergeSkinTones: mergeSkinTones) }
}
