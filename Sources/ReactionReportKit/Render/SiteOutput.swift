import ByteOutput
import Foundation
import ParallelWork

/// One output of the site: what it is, how many files it writes (known before anything is
/// written, so that progress and the build's file count come from the same list as the
/// writing), and how it writes them. `SiteRenderer.outputs(_:)` registers every output the
/// formats ask for; adding one is adding an entry there.
struct SiteOutput {
    /// What it is, for tests and messages (`data files`, `weekly reports`).
    let name: String
    /// How many files it writes.
    let files: Int
    /// Writes its files straight away, before any page (data files, assets, media).
    let write: ((SiteWriter) throws -> Void)?
    /// Its pages, rendered on both cores and written in order after every output's `write`.
    let pages: [() throws -> ParallelPages.Page]

    /// An output whose `files` files are written straight away.
    init(_ name: String, files: Int, write: @escaping (SiteWriter) throws -> Void) {
        self.name = name
        self.files = files
        self.write = write
        pages = []
    }

    /// An output of pages: a file each.
    init(_ name: String, pages: [() throws -> ParallelPages.Page]) {
        self.name = name
        files = pages.count
        write = nil
        self.pages = pages
    }
}

extension SiteRenderer {
    /// Every output the formats ask for, in writing order.
    func outputs(_ analysis: Analysis) -> [SiteOutput] {
        let (result, weekly) = (analysis.result, analysis.weekly)
        let markup = markup(result)
        let reported = ReportedWeeks(weekly.weeks)
        let formats = options.formats
        let (html, markdown) = (formats.contains(.html), formats.contains(.markdown))
        // People pages are HTML only; their figures are counted once, here.
        let people = html ? PersonFigures(analysis.people, layout: analysis.layout, leftOut: result.leftOutOfRankings) : PersonFigures.none
        let weekPages = WeeklyPages(
            options: options, report: weekly, messages: result.messages, layout: analysis.layout, markup: markup, link: link, reported: reported,
            people: people)
        var base = pageBase(root: "../../", latestWeek: reported.latest.map { weekly.weeks[$0].week })
        base.peoplePages = !people.people.isEmpty
        // Threads are on the HTML pages only.
        let threads = html ? ThreadIndex(analysis.layout) : ThreadIndex.none
        let polls = PollIndex(result.polls, layout: analysis.layout)
        var outputs: [SiteOutput] = []
        // Media (custom emoji images an export held) serve the pages and the data files.
        if html || formats.contains(.json) { outputs.append(media(result)) }
        if formats.contains(.json) {
            outputs.append(dataFiles(analysis))
            // Only an input with polls has the file (docs/data-files.md).
            outputs.append(
                SiteOutput("polls", files: polls.messages.isEmpty ? 0 : 1) { writer in
                    guard !polls.messages.isEmpty else { return }
                    try writer.write("data/polls.jsonl", polls.jsonLines(analysis.layout, linked: html))
                })
        }
        if formats.contains(.facts) {
            outputs.append(
                SiteOutput("facts tables", files: FactsTables.fileCount(result)) { writer in
                    try FactsTables.write(analysis, options: options, inputSummary: inputSummary, to: writer)
                })
        }
        if html || markdown {
            outputs.append(
                SiteOutput("list of weekly reports", files: 1) { writer in
                    try writer.write(DigestFormat.reportsRecordPath, ByteBuffer(reported.record(weekly.weeks)))
                })
        }
        if html {
            // The search page's scripts and styles only where there is a search page, those of its engine.
            let engine = searchEngine(analysis)
            let searchAssets = engine == .builtin ? SearchIndex.assets : engine == nil ? [] : SearchRecords.assets
            let assets = templates.assets.filter { searchAssets.contains($0.key) || !SearchRecords.assets.union(SearchIndex.assets).contains($0.key) }
                .sorted(by: { $0.key < $1.key })
            outputs.append(
                SiteOutput("assets", files: assets.count) { writer in
                    for (name, text) in assets { try writer.write("assets/" + name, ByteBuffer(text)) }
                })
            let pages = ConversationPages(
                options: options, layout: analysis.layout, templates: templates, markup: markup, base: base, threads: threads, polls: polls,
                people: people)
            outputs.append(SiteOutput("transcripts", pages: pages.pages.map { page in { try pages.render(conversation: page.conversation, page: page.page) } }))
            let calendars = CalendarPages(layout: analysis.layout, templates: templates, times: markup.times, base: base)
            outputs.append(SiteOutput("calendars", pages: analysis.layout.conversations.indices.map { index in { try calendars.render(conversation: index) } }))
            outputs.append(SiteOutput("threads", pages: threads.roots.map { root in { try pages.render(thread: root) } }))
            var peopleBase = pageBase(root: "../", latestWeek: reported.latest.map { weekly.weeks[$0].week })
            peopleBase.peoplePages = base.peoplePages
            let personPages = PersonPages(figures: people, layout: analysis.layout, templates: templates, markup: markup, base: peopleBase)
            outputs.append(SiteOutput("people", pages: personPages.jobs))
        }
        outputs.append(SiteOutput("weekly reports", pages: weekReports(weekPages, reported: reported, base: base)))
        let overview = { (root: String) in
            indexModel(analysis, weekPages, notes: Self.notes(result, locale: options.locale), markup: markup, root: root).templateValue
        }
        if html {
            outputs.append(
                SiteOutput("feed", pages: [{ ("feed.xml", ByteBuffer(AtomFeed.xml(weekly, reported: reported, messages: result.messages, options: options))) }])
            )
            outputs.append(SiteOutput("overview", pages: [{ ("index.html", try templates.renderHTML("index", overview(""))) }]))
        }
        if hasSearch {
            let page = pageBase(root: "", latestWeek: reported.latest.map { weekly.weeks[$0].week })
            var model = page.templateObject(room: 4)
            model.append("pageTitle", .text("Search"))
            model.append("builtinSearch", .flag(searchEngine(analysis) == .builtin))
            page.appendAddress(of: "search.html", to: &model)
            outputs.append(SiteOutput("search page", pages: [{ [model] in ("search.html", try templates.renderHTML("search", model)) }]))
        }
        if html { outputs.append(contentsOf: crawling(analysis.layout, reported: reported, weeks: weekly.weeks, threads: threads, people: people)) }
        if markdown { outputs.append(SiteOutput("summary", pages: [{ ("summary.md", try templates.renderMarkdown("summary", overview(""))) }])) }
        return outputs
    }

    /// `robots.txt`, and for a public site with a `baseURL` its sitemap of every page.
    func crawling(_ layout: SiteLayout, reported: ReportedWeeks, weeks: [WeeklyReport.Week], threads: ThreadIndex, people: PersonFigures) -> [SiteOutput] {
        let publishedAt = publishedAt
        var outputs = [
            SiteOutput("robots.txt", files: 1) { writer in
                try writer.write("robots.txt", ByteBuffer(SiteMap.robots(isPublic: options.isPublic, publishedAt: publishedAt)))
            }
        ]
        guard let publishedAt else { return outputs }
        let personPaths = people.people.isEmpty ? [] : [PersonPages.indexPath] + people.people.map { "people/" + $0.fileName }
        let pages = 1 + reported.indexes.count + layout.conversations.reduce(0) { $0 + $1.pageCount + 1 } + threads.roots.count + personPaths.count
        outputs.append(
            SiteOutput("sitemap", files: SiteMap.fileCount(pages: pages)) { writer in
                var paths = ["index.html"]
                paths += reported.indexes.map { WeeklyPages.path(weeks[$0].week) }
                for conversation in layout.conversations {
                    paths += (1...conversation.pageCount).map { conversation.path(page: $0) }
                    paths.append(CalendarPages.path(conversation))
                }
                paths += threads.roots.map { "conversations/\(layout.conversation(of: layout.messages[$0]).slug)/" + (threads.fileName[$0] ?? "") }
                paths += personPaths
                for file in SiteMap.files(paths, publishedAt: publishedAt) { try writer.write(file.path, ByteBuffer(file.text)) }
            })
        return outputs
    }

    /// The custom emoji images an export held, by their paths in the site.
    func media(_ result: LedgerResult) -> SiteOutput {
        SiteOutput("media", files: result.media.count) { writer in
            for (path, bytes) in result.media.sorted(by: { $0.key < $1.key }) { try writer.write(path, ByteBuffer(bytes)) }
        }
    }

    /// `data/`: every message, the diagnostics, the weeks, every reaction and every person, and
    /// the weekly cohorts.
    func dataFiles(_ analysis: Analysis) -> SiteOutput {
        let (result, messages, weekly) = (analysis.result, analysis.result.messages, analysis.weekly)
        return SiteOutput("data files", files: 7) { writer in
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
            try writer.write("data/people.csv", PeopleCSV.text(analysis.people, levels: weekly.levels))
            try writer.write("data/cohorts.json", ByteBuffer(CohortRecords.json(weekly)))
            try writer.write("data/cohorts.csv", ByteBuffer(CohortRecords.csv(weekly)))
        }
    }

    /// Each reported week's HTML and Markdown reports and its digests, as the formats ask. They
    /// share one view model, made by the first to need it and let go by the last; their files
    /// are next to each other in the list, so only the weeks being rendered hold a model (a
    /// report over centuries has tens of thousands). Only the weeks with a report of their own:
    /// a run of empty weeks is said once, in the list of weeks and the navigation.
    func weekReports(_ weekPages: WeeklyPages, reported: ReportedWeeks, base: PageBase) -> [() throws -> ParallelPages.Page] {
        let weekFormats = [BuildOptions.OutputFormat.html, .markdown].filter(options.formats.contains)
        let digests = weekFormats.isEmpty ? [] : DigestFormat.allCases
        let weeks = weekPages.report.weeks
        var jobs: [() throws -> ParallelPages.Page] = []
        for index in reported.indexes {
            let model = SharedValue(uses: weekFormats.count + digests.count) {
                let model = weekPages.model(index, base: base)
                return (model: model, value: model.templateValue)
            }
            let week = weeks[index].week
            for format in weekFormats {
                jobs.append(
                    format == .html
                        ? { (WeeklyPages.path(week), try templates.renderHTML("week", model.take().value)) }
                        : { (WeeklyPages.markdownPath(week), try templates.renderMarkdown("week", model.take().value)) })
            }
            jobs += digests.map { digest in { digest.file(model.take().model, linked: options.baseURL != nil) } }
        }
        return jobs
    }
}
