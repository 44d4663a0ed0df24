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

    /// Writes every output file of `analysis`.
    public func render(_ analysis: Analysis, to writer: SiteWriter) throws {
        let result = analysis.result
        let messages = result.messages
        let (layout, weekly) = (analysis.layout, analysis.weekly)
        var conversationNames: [Platform: [String: String]] = [:]
        for conversation in result.conversations { conversationNames[conversation.platform, default: [:]][conversation.id] = conversation.name }
        let markup = MessageMarkup(people: result.people, conversations: conversationNames, times: TimeText(calendar: calendar))
        let reported = ReportedWeeks(weekly.weeks)
        let weekPages = WeeklyPages(
            options: options, report: weekly, messages: messages, layout: layout, markup: markup, link: link, reported: reported)
        let latestWeek = reported.latest.map { weekly.weeks[$0].week }
        var total = 0
        // Media (custom emoji images an export held) serve the pages and the data files.
        let writesMedia = options.formats.contains(.html) || options.formats.contains(.json)
        if writesMedia { total += result.media.count }
        if options.formats.contains(.json) { total += 5 }
        if options.formats.contains(.facts) { total += FactsTables.fileCount(result) }
        if options.formats.contains(.html) { total += templates.assets.count + pages(layout) + reported.indexes.count + 2 }
        if options.formats.contains(.markdown) { total += reported.indexes.count + 1 }
        let writesDigests = options.formats.contains(.html) || options.formats.contains(.markdown)
        if writesDigests { total += reported.indexes.count * DigestFormat.allCases.count + 1 }
        writer.expect(total)

        if writesMedia {
            for (path, bytes) in result.media.sorted(by: { $0.key < $1.key }) { try writer.write(path, ByteBuffer(bytes)) }
        }
        try writeData(analysis, to: writer)
        if writesDigests { try writer.write(DigestFormat.reportsRecordPath, ByteBuffer(reported.record(weekly.weeks))) }
        // Every page, HTML and Markdown, in one list in writing order: rendered on both cores,
        // written in order as they come ready.
        var jobs: [() throws -> ParallelPages.Page] = []
        let base = pageBase(root: "../../", latestWeek: latestWeek)
        // A week's HTML and Markdown reports and its digests share one view model, made by the
        // first to need it and let go by the last; their files are next to each other in the
        // list, so only the weeks being rendered hold a model (a report over centuries has tens
        // of thousands).
        let weekFormats = [BuildOptions.OutputFormat.html, .markdown].filter(options.formats.contains)
        let digests = writesDigests ? DigestFormat.allCases : []
        let weekModels = reported.indexes.map { index in
            SharedValue(uses: weekFormats.count + digests.count) {
                let model = weekPages.model(index, base: base)
                return (model: model, value: model.templateValue)
            }
        }
        if options.formats.contains(.html) {
            for (name, text) in templates.assets.sorted(by: { $0.key < $1.key }) {
                try writer.write("assets/" + name, ByteBuffer(text))
            }
            let pages = ConversationPages(options: options, layout: layout, templates: templates, markup: markup, base: base)
            jobs += pages.pages.map { page in { try pages.render(conversation: page.conversation, page: page.page) } }
        }
        // Only the weeks with a report of their own: a run of empty weeks is said once, in the
        // list of weeks and the navigation (`ReportedWeeks`).
        for (place, index) in reported.indexes.enumerated() {
            let week = weekly.weeks[index].week
            for format in weekFormats {
                jobs.append(
                    format == .html
                        ? { (WeeklyPages.path(week), try templates.renderHTML("week", weekModels[place].take().value)) }
                        : { (WeeklyPages.markdownPath(week), try templates.renderMarkdown("week", weekModels[place].take().value)) })
            }
            jobs += digests.map { digest in { digest.file(weekModels[place].take().model, linked: options.baseURL != nil) } }
        }
        if options.formats.contains(.html) {
            jobs.append {
                ("feed.xml", ByteBuffer(AtomFeed.xml(weekly, reported: reported, messages: messages, options: options)))
            }
            jobs.append {
                (
                    "index.html",
                    try templates.renderHTML(
                        "index",
                        indexModel(analysis, weekPages, notes: Self.notes(result), markup: markup, root: "").templateValue
                    )
                )
            }
        }
        if options.formats.contains(.markdown) {
            jobs.append {
                (
                    "summary.md",
                    try templates.renderMarkdown(
                        "summary",
                        indexModel(analysis, weekPages, notes: Self.notes(result), markup: markup, root: "").templateValue
                    )
                )
            }
        }
        try ParallelPages.render(jobs, to: writer)
    }

    /// The data files (`json`) and the facts tables (`facts`), as the formats ask.
    func writeData(_ analysis: Analysis, to writer: SiteWriter) throws {
        let (result, messages, weekly) = (analysis.result, analysis.result.messages, analysis.weekly)
        if options.formats.contains(.json) {
            try writer.write(
                "data/messages.jsonl",
                parts: { emit in
                    try ParallelChunks.write(
                        count: messages.count,
                        append: { index, out in
                            MessageRecord.append(messages[index], reactions: messages[index].reactions, to: out)
                            out.append(0x0A)
                        }, emit: emit)
                })
            try writer.write("data/diagnostics.json", ByteBuffer(DiagnosticsRecord.json(result.diagnostics, tallies: result.tallies)))
            try writer.write("data/weeks.json", ByteBuffer(WeeksRecord.json(weekly, messages: messages)))
            try writer.write("data/reactions.csv", parts: { try ReactionsCSV.write(messages, report: weekly, emit: $0) })
            try writer.write("data/people.csv", PeopleCSV.text(analysis.people))
        }
        if options.formats.contains(.facts) { try FactsTables.write(analysis, options: options, inputSummary: inputSummary, to: writer) }
    }

    func pages(_ layout: SiteLayout) -> Int { layout.conversations.reduce(0) { $0 + $1.pageCount } }

    /// What every page's head and foot use: the site title, the way to the root, the
    /// navigation to the latest weekly report.
    func pageBase(root: String, latestWeek: ISOWeek?) -> PageBase {
        PageBase(
            siteTitle: options.title, root: root, inputSummary: inputSummary, timezone: calendar.name,
            highlightColor: options.highlightColor, bubbleStack: options.bubbleStack.rawValue,
            latestWeek: latestWeek.map { week in (week.description, root + WeeklyPages.path(week), link(WeeklyPages.path(week), root)) })
    }

    /// What a reader of the overview should know about what the report leaves out: direct
    /// conversations, and reactions of the input that are not counted.
    static func notes(_ result: LedgerResult) -> [String] {
        var notes: [String] = []
        if let note = result.directConversations?.reportNote { notes.append(note) }
        let diagnosed = result.tallies.values.reduce(0) { $0.addingClamped($1.diagnosed) }
        if diagnosed > 0 {
            notes.append(
                "\(NumberText.integer(diagnosed)) reaction\(diagnosed == 1 ? "" : "s") of the input \(diagnosed == 1 ? "is" : "are") not counted; the diagnostics below name \(diagnosed == 1 ? "it" : "them")."
            )
        }
        return notes
    }

    /// The overview's view model, for both `index.html` and `summary.md`.
    /// - Parameter root: the relative path from the page to the site root.
    func indexModel(_ analysis: Analysis, _ weekPages: WeeklyPages, notes: [String] = [], markup: MessageMarkup, root: String) -> OverviewModel {
        let (overview, layout, diagnostics) = (analysis.overview, analysis.layout, analysis.result.diagnostics)
        let weeks = weekPages.report.weeks
        let bubbles = BubbleViewModel(options: options, times: markup.times)
        let people = analysis.people
        var model = OverviewModel(
            base: pageBase(root: root, latestWeek: weekPages.reported.latest.map { weeks[$0].week }),
            period: OverviewModel.period(overview, calendar: calendar),
            totals: OverviewModel.totals(overview, weeks: weeks.count),
            reactionsChart: OverviewModel.reactionsChart(weeks),
            rateChart: OverviewModel.rateChart(weeks),
            emojiChart: OverviewModel.emojiChart(overview),
            weeks: weekPages.weekList(root: root),
            topMessages: overview.topMessages.enumerated().map { rank, index in
                TopMessageModel(rank: rank + 1, messageAt: index, layout: layout, markup: markup, bubbles: bubbles, root: root, link: link)
            },
            topEmoji: overview.topEmoji.map { EmojiUseModel($0, total: overview.reactions) },
            conversations: OverviewModel.conversations(overview, layout: layout, root: root, link: link),
            notes: notes,
            hasDiagnostics: diagnostics.total > 0,
            diagnostics: OverviewModel.diagnostics(diagnostics))
        model.topReactors = people.topReactors.enumerated().map { weekPages.personRow($1, rank: $0 + 1) }
        model.topReceivers = people.topReceivers.enumerated().map { weekPages.personRow($1, rank: $0 + 1) }
        model.topPairs = people.topPairs.enumerated().map { weekPages.pairRow($1, rank: $0 + 1) }
        return model
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
