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

    /// Writes every output file for `result`.
    public func render(_ result: LedgerResult, to writer: SiteWriter) throws {
        // The ledger lists reactions first-reacted first; another order needs a reordered copy.
        let messages = options.reactionOrder == .firstReacted ? result.messages : result.messages.map { message -> MessageSummary in
            var ordered = message
            ordered.reactions.sort(by: options.reactionOrder.areInIncreasingOrder)
            return ordered
        }
        // Three independent passes over the messages, on both cores.
        let (layout, overview, weekly) = Concurrently.run(
            { SiteLayout(messages: messages, conversations: result.conversations, pageSize: options.pageSize) },
            { Overview(messages: messages, topN: options.topN) },
            { WeeklyReport(messages: messages, calendar: calendar, topN: options.topN, palette: palette,
                           first: options.since.map { ISOWeek(containing: $0.firstDay) },
                           last: options.until.map { ISOWeek(containing: CivilDate(daysSinceEpoch: $0.dayAfter.daysSinceEpoch - 1)) }) })
        var conversationNames: [Platform: [String: String]] = [:]
        for conversation in result.conversations { conversationNames[conversation.platform, default: [:]][conversation.id] = conversation.name }
        let markup = MessageMarkup(people: result.people, conversations: conversationNames)
        let weekPages = WeeklyPages(options: options, report: weekly, messages: messages, layout: layout, markup: markup, link: link)
        let latestWeek = weekly.weeks.last?.week
        var total = 0
        // Media (custom emoji images an export held) serve the pages and the data files.
        let writesMedia = options.formats.contains(.html) || options.formats.contains(.json)
        if writesMedia { total += result.media.count }
        if options.formats.contains(.json) { total += 4 }
        if options.formats.contains(.html) { total += templates.assets.count + pages(layout) + weekly.weeks.count + 2 }
        if options.formats.contains(.markdown) { total += weekly.weeks.count + 1 }
        writer.expect(total)

        if writesMedia {
            for (path, bytes) in result.media.sorted(by: { $0.key < $1.key }) { try writer.write(path, ByteBuffer(bytes)) }
        }
        if options.formats.contains(.json) {
            try writer.write("data/messages.jsonl", parts: { emit in
                try ParallelChunks.write(count: messages.count, append: { index, out in
                    MessageRecord.append(messages[index], reactions: messages[index].reactions, to: out)
                    out.append(0x0A)
                }, emit: emit)
            })
            try writer.write("data/diagnostics.json", ByteBuffer(DiagnosticsRecord.json(result.diagnostics, tallies: result.tallies)))
            try writer.write("data/weeks.json", ByteBuffer(WeeksRecord.json(weekly, messages: messages)))
            try writer.write("data/reactions.csv", parts: { try ReactionsCSV.write(messages, report: weekly, emit: $0) })
        }
        // Every page, HTML and Markdown, in one list in writing order: rendered on both cores,
        // written in order as they come ready.
        var jobs: [() throws -> ParallelPages.Page] = []
        let base = pageBase(root: "../../", latestWeek: latestWeek)
        // A week's HTML and Markdown reports share one view model, made by the first to need it
        // and let go by the last; the two pages are next to each other in the list, so only the
        // weeks being rendered hold a model (a report over centuries has tens of thousands).
        let weekFormats = [BuildOptions.OutputFormat.html, .markdown].filter(options.formats.contains)
        let weekModels = weekly.weeks.indices.map { index in
            SharedValue(uses: weekFormats.count) { TemplateObject(any: base.merging(weekPages.model(index, root: "../../")) { _, new in new }) }
        }
        if options.formats.contains(.html) {
            for (name, text) in templates.assets.sorted(by: { $0.key < $1.key }) {
                try writer.write("assets/" + name, ByteBuffer(text))
            }
            let pages = ConversationPages(options: options, layout: layout, templates: templates, markup: markup, base: base)
            jobs += pages.pages.map { page in { try pages.render(conversation: page.conversation, page: page.page) } }
        }
        for index in weekly.weeks.indices {
            let week = weekly.weeks[index].week
            for format in weekFormats {
                jobs.append(format == .html
                    ? { (WeeklyPages.path(week), try templates.renderHTML("week", weekModels[index].take())) }
                    : { (WeeklyPages.markdownPath(week), try templates.renderMarkdown("week", weekModels[index].take())) })
            }
        }
        if options.formats.contains(.html) {
            jobs.append {
                ("feed.xml", ByteBuffer(AtomFeed.xml(weekly, messages: messages, options: options)))
            }
            jobs.append { ("index.html", try templates.renderHTML("index", TemplateObject(any: indexModel(overview, weekPages, messages, layout, result.diagnostics, notes: Self.notes(result), markup: markup, root: "")))) }
        }
        if options.formats.contains(.markdown) {
            jobs.append { ("summary.md", try templates.renderMarkdown("summary", TemplateObject(any: indexModel(overview, weekPages, messages, layout, result.diagnostics, notes: Self.notes(result), markup: markup, root: "")))) }
        }
        try ParallelPages.render(jobs, to: writer)
    }

    func pages(_ layout: SiteLayout) -> Int { layout.conversations.reduce(0) { $0 + $1.pageCount } }

    /// What every page's head and foot use: the site title, the way to the root, the
    /// navigation to the latest weekly report.
    func pageBase(root: String, latestWeek: ISOWeek?) -> [String: Any] {
        var base: [String: Any] = ["siteTitle": options.title, "root": root, "inputSummary": inputSummary,
                                   "hasLatestWeek": latestWeek != nil, "timezone": calendar.name,
                                   "highlightColor": options.highlightColor, "bubbleStack": options.bubbleStack.rawValue]
        if let latestWeek {
            base["latestWeek"] = latestWeek.description
            base["latestWeekHref"] = root + WeeklyPages.path(latestWeek)
            base["latestWeekLink"] = link(WeeklyPages.path(latestWeek), root)
        }
        return base
    }

    /// What a reader of the overview should know about what the report leaves out: direct
    /// conversations, and reactions of the input that are not counted.
    static func notes(_ result: LedgerResult) -> [String] {
        var notes: [String] = []
        if let note = result.directConversations?.reportNote { notes.append(note) }
        let diagnosed = result.tallies.values.reduce(0) { $0.addingClamped($1.diagnosed) }
        if diagnosed > 0 {
            notes.append("\(NumberText.integer(diagnosed)) reaction\(diagnosed == 1 ? "" : "s") of the input \(diagnosed == 1 ? "is" : "are") not counted; the diagnostics below name \(diagnosed == 1 ? "it" : "them").")
        }
        return notes
    }

    func indexModel(_ overview: Overview, _ weekPages: WeeklyPages, _ messages: [MessageSummary], _ layout: SiteLayout,
                    _ diagnostics: DiagnosticLog, notes: [String] = [], markup: MessageMarkup, root: String) -> [String: Any] {
        let bubbles = BubbleViewModel(options: options)
        var model = pageBase(root: root, latestWeek: weekPages.report.weeks.last?.week)
        model["pageTitle"] = "Overview"
        if let first = overview.firstMessageAt, let last = overview.lastMessageAt {
            model["period"] = "Messages from \(calendar.day(of: first).isoText) to \(calendar.day(of: last).isoText) (\(calendar.name))"
        } else {
            model["period"] = "No dated messages"
        }
        let rate = overview.messages == 0 ? 0 : Double(overview.reactedMessages) / Double(overview.messages)
        model["totals"] = [
            ["label": "Messages", "value": NumberText.integer(overview.messages)],
            ["label": "Reacted messages", "value": NumberText.integer(overview.reactedMessages)],
            ["label": "Reaction rate", "value": NumberText.percent(rate)],
            ["label": "Reactions", "value": NumberText.integer(overview.reactions)],
            ["label": "Reactors", "value": NumberText.integer(overview.reactors)],
            ["label": "Posters", "value": NumberText.integer(overview.posters)],
            ["label": "Conversations", "value": NumberText.integer(overview.conversations.count)],
            ["label": "Weeks", "value": NumberText.integer(weekPages.report.weeks.count)],
        ]
        model["hasWeeks"] = !weekPages.report.weeks.isEmpty
        let weeks = weekPages.report.weeks
        let reactionPoints = weeks.map { week -> ChartModel.Point in
            let count = week.figures.reactions
            return (label: week.week.description, value: Double(count), valueText: NumberText.integer(count) + (count == 1 ? " reaction" : " reactions"))
        }
        model["reactionsChart"] = ChartModel.columns(id: "reactions-chart", title: "Reactions per week",
                                                     summary: ChartModel.summary("Reactions per week", points: reactionPoints),
                                                     points: reactionPoints, unit: "Reactions")
        let ratePoints = weeks.map { week -> ChartModel.Point in
            let figures = week.figures
            return (label: week.week.description, value: figures.reactionRate,
                    valueText: figures.messages == 0 ? "no messages"
                        : NumberText.percent(figures.reactionRate) + " of " + NumberText.integer(figures.messages) + " messages reacted to")
        }
        model["rateChart"] = ChartModel.line(id: "rate-chart", title: "Reaction rate per week",
                                             summary: ChartModel.summary("Reaction rate per week", points: ratePoints), points: ratePoints, unit: "Reaction rate")
        let total = overview.reactions
        let emojiSummary = total == 0 ? "No reactions yet" : "Share of all \(NumberText.integer(total)) reactions: "
            + overview.topEmoji.prefix(6).map { "\($0.emoji.display) \(NumberText.percent(Double($0.count) / Double(total)))" }.joined(separator: ", ")
        model["emojiChart"] = ChartModel.shares(id: "emoji-chart", title: "Emoji share", summary: emojiSummary,
                                                items: overview.topEmoji.map { (label: $0.emoji.display, value: $0.count) }, otherLabel: "Other", total: total)
        model["weeks"] = weekPages.weekList(root: root)
        model["hasTopMessages"] = !overview.topMessages.isEmpty
        model["topMessages"] = overview.topMessages.enumerated().map { rank, index in
            TopMessageModel.make(rank: rank + 1, messageAt: index, layout: layout, markup: markup, bubbles: bubbles, root: root, link: link)
        }
        model["hasTopEmoji"] = !overview.topEmoji.isEmpty
        model["topEmoji"] = overview.topEmoji.map { EmojiUseModel.make($0, total: overview.reactions) }
        model["conversations"] = overview.conversations.map { totals -> [String: Any] in
            let conversation = layout.conversation(platform: totals.platform, id: totals.id)
            return ["name": totals.name, "platform": totals.platform.displayName, "href": root + conversation.path(page: 1),
                    "link": link(conversation.path(page: 1), root), "messages": NumberText.integer(totals.messages),
                    "reactedMessages": NumberText.integer(totals.reactedMessages), "reactions": NumberText.integer(totals.reactions)]
        }
        model["hasNotes"] = !notes.isEmpty
        model["notes"] = notes.map { ["text": $0] }
        model["hasDiagnostics"] = diagnostics.total > 0
        model["diagnostics"] = diagnostics.kinds.map { ["label": $0.label, "count": NumberText.integer(diagnostics.counts[$0]!)] }
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
