import ByteOutput
import Foundation
import ParallelWork
import Templates

/// Turns the ledger's result into the site: view models fed to templates, data files, and the
/// assets, handed one file at a time to a `SiteWriter`.
public struct SiteRenderer {
    public var options: BuildOptions
    public var templates: TemplateSet
    /// A phrase naming the inputs, for page footers ("3 files").
    public var inputSummary: String
    /// The time zone of weeks and days.
    public var calendar: WeekCalendar
    /// The configured palette, resolved to emoji.
    public var palette: [Emoji]

    public init(options: BuildOptions, templates: TemplateSet, inputSummary: String, calendar: WeekCalendar = WeekCalendar("UTC")!, palette: [Emoji] = []) {
        self.options = options
        self.templates = templates
        self.inputSummary = inputSummary
        self.calendar = calendar
        self.palette = palette
    }

    /// Writes every output file of `analysis`: the outputs of `outputs(_:)`, the files each
    /// writes straight away first, in order, then every page, rendered on both cores and
    /// written in order as they come ready.
    public func render(_ analysis: Analysis, to writer: SiteWriter) throws {
        let outputs = outputs(analysis)
        writer.expect(outputs.reduce(0) { $0 + $1.files })
        for output in outputs { try output.write?(writer) }
        try ParallelPages.render(outputs.flatMap(\.pages), to: writer)
        guard let engine = searchEngine(analysis) else { return }
        let records = SearchRecords(layout: analysis.layout, markup: markup(analysis.result), calendar: calendar)
        switch engine {
        case .builtin: try SearchIndex(records: records).write(to: writer)
        case .pagefind, .auto: try records.write(to: writer, pagefind: try Pagefind.locate())
        }
    }

    /// What indexes the site's messages for search, nil without search.
    func searchEngine(_ analysis: Analysis) -> SearchEngine? { options.searchEngine(messages: analysis.layout.messages.count) }

    /// The site has a search page and index: `search` is on and the site is written as HTML.
    var hasSearch: Bool { options.search && options.formats.contains(.html) }

    /// How message texts, names and times are written, for every page of `result`.
    func markup(_ result: LedgerResult) -> MessageMarkup {
        var conversationNames: [Platform: [String: String]] = [:]
        for conversation in result.conversations { conversationNames[conversation.platform, default: [:]][conversation.id] = conversation.name }
        return MessageMarkup(people: result.people, conversations: conversationNames, times: TimeText(calendar: calendar, locale: options.locale))
    }

    /// What every page's head and foot use: the site title, the way to the root, the
    /// navigation to the latest weekly report.
    func pageBase(root: String, latestWeek: ISOWeek?) -> PageBase {
        PageBase(
            siteTitle: options.title, root: root, inputSummary: inputSummary, timezone: calendar.name,
            highlightColor: options.highlightColor, bubbleStack: options.bubbleStack.rawValue,
            latestWeek: latestWeek.map { week in (week.description, root + WeeklyPages.path(week), link(WeeklyPages.path(week), root)) },
            isPublic: options.isPublic, publishedAt: publishedAt, hasSearch: hasSearch,
            language: options.locale.htmlLanguage, listStyle: options.locale.listStyle)
    }

    /// What a reader of the overview should know about what the report leaves out: direct
    /// conversations, and reactions of the input that are not counted.
    static func notes(_ result: LedgerResult, locale: LocaleFormat) -> [String] {
        var notes: [String] = []
        if let note = result.directConversations?.reportNote { notes.append(note) }
        let diagnosed = result.tallies.values.reduce(0) { $0.addingClamped($1.diagnosed) }
        if diagnosed > 0 {
            notes.append(
                "\(locale.integer(diagnosed)) reaction\(diagnosed == 1 ? "" : "s") of the input \(diagnosed == 1 ? "is" : "are") not counted; the diagnostics below name \(diagnosed == 1 ? "it" : "them")."
            )
        }
        return notes
    }

    /// The overview's view model, for both `index.html` and `summary.md`.
    /// - Parameter root: the relative path from the page to the site root.
    func indexModel(_ analysis: Analysis, _ weekPages: WeeklyPages, notes: [String] = [], markup: MessageMarkup, root: String) -> OverviewModel {
        let (overview, layout, diagnostics) = (analysis.overview, analysis.layout, analysis.result.diagnostics)
        let weeks = weekPages.report.weeks
        let bubbles = BubbleViewModel(options: options, times: markup.times, people: weekPages.people)
        let people = analysis.people
        let polarityResolver = options.emojiResolver
        var model = OverviewModel(
            base: pageBase(root: root, latestWeek: weekPages.reported.latest.map { weeks[$0].week }),
            period: OverviewModel.period(overview, calendar: calendar, locale: options.locale),
            totals: OverviewModel.totals(overview, weeks: weeks.count, locale: options.locale),
            reactionsChart: OverviewModel.reactionsChart(weeks, locale: options.locale),
            rateChart: OverviewModel.rateChart(weeks, locale: options.locale),
            emojiChart: OverviewModel.emojiChart(overview, locale: options.locale),
            unansweredChart: OverviewModel.unansweredChart(weeks, locale: options.locale),
            retention: RetentionModel(analysis.weekly.cohorts, locale: options.locale),
            positiveEmoji: options.polarity.positive.compactMap { polarityResolver.resolve(ReactionValue($0)) },
            negativeEmoji: options.polarity.negative.compactMap { polarityResolver.resolve(ReactionValue($0)) },
            weeks: weekPages.weekList(root: root),
            topMessages: overview.topMessages.enumerated().map { rank, index in
                TopMessageModel(rank: rank + 1, messageAt: index, layout: layout, markup: markup, bubbles: bubbles, root: root, link: link)
            },
            topEmoji: overview.topEmoji.map { EmojiUseModel($0, total: overview.reactions, locale: options.locale) },
            conversations: OverviewModel.conversations(overview, layout: layout, root: root, link: link, locale: options.locale),
            notes: notes,
            hasDiagnostics: diagnostics.total > 0,
            diagnostics: OverviewModel.diagnostics(diagnostics, locale: options.locale))
        model.base.peoplePages = !weekPages.people.people.isEmpty
        model.topReactors = people.topReactors.enumerated().map { weekPages.personRow($1, rank: $0 + 1) }
        model.topReceivers = people.topReceivers.enumerated().map { weekPages.personRow($1, rank: $0 + 1) }
        model.topPairs = people.topPairs.enumerated().map { weekPages.pairRow($1, rank: $0 + 1) }
        return model
    }

    /// The address of a public site with a `baseURL`, without a trailing slash; nil otherwise.
    var publishedAt: String? {
        guard options.isPublic, let base = options.baseURL else { return nil }
        return base.hasSuffix("/") ? String(base.dropLast()) : base
    }

    /// A link from Markdown: absolute under `baseURL` when set, else relative from `root`.
    func link(_ path: String, _ root: String) -> String {
        guard let base = options.baseURL else { return root + path }
        return URLText.linkSafe((base.hasSuffix("/") ? base : base + "/") + path)
    }
}

/// URLs written into Markdown link destinations and XML attributes.
enum URLText {
    /// Percent-encodes what could end or break a Markdown link destination (space, `(`, `)`,
    /// `<`, `>`, quotes, backslash, control and non-ASCII characters).
    static func linkSafe(_ url: String) -> String {
        var out = ""
        for byte in url.utf8 {
            switch byte {
            case 0x21, 0x23...0x26, 0x2A...0x3B, 0x3D, 0x3F...0x5B, 0x5D, 0x5F, 0x61...0x7A, 0x7E:
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
