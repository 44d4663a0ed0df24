import Templates

/// Makes the view models of the weekly engagement reports (product.md §5):
/// `weeks/<week>/index.html`, `weeks/<week>/report.md` (`WeekReportModel`), and the list of weeks
/// on the index page.
struct WeeklyPages {
    let options: BuildOptions
    let report: WeeklyReport
    let messages: [MessageSummary]
    let layout: SiteLayout
    let markup: MessageMarkup
    /// `link(path, root)`: a Markdown link, absolute under `baseURL`, else relative from `root`.
    let link: (String, String) -> String
    /// The weeks with a report of their own, and the gaps between them.
    let reported: ReportedWeeks
    /// Who has a page: names in rankings link to it.
    var people = PersonFigures.none

    /// How dates and numbers are written: the report's locale.
    var locale: LocaleFormat { markup.times.locale }
    /// The changes against the week before, in `locale`.
    var changes: ChangeText { ChangeText(locale: locale) }

    /// `weeks/2026-W47/index.html`.
    static func path(_ week: ISOWeek) -> String { "weeks/\(week)/index.html" }
    static func markdownPath(_ week: ISOWeek) -> String { "weeks/\(week)/report.md" }

    /// The view model of week `index`, for both the HTML and the Markdown template.
    /// - Parameter base: the page base; its root is the relative path from the page to the site root.
    func model(_ index: Int, base: PageBase) -> WeekReportModel {
        let root = base.root
        let week = report.weeks[index]
        // The calendar week before, with a report of its own or not: a week after a gap is
        // compared with the empty week before it.
        let previous = index > 0 ? report.weeks[index - 1] : nil
        let lastDay = CivilDate(daysSinceEpoch: week.week.monday.daysSinceEpoch + 6)
        let bubbles = BubbleViewModel(options: options, times: markup.times, people: people)
        let reactions = week.figures.reactions
        let offPaletteTotal = week.offPalette.reduce(0) { $0.addingClamped($1.count) }
        var figures = figureRows(week.figures, previous?.figures)
        var responsiveness = figureRows(week.figures, previous?.figures, section: .responsiveness)
        var participation = figureRows(week.figures, previous?.figures, section: .participation)
        var mood = figureRows(week.figures, previous?.figures, section: .mood)
        if let instead = changes.partial(report.weeks, at: index) {
            for row in figures.indices { figures[row].change = instead }
            for row in responsiveness.indices { responsiveness[row].change = instead }
            for row in participation.indices { participation[row].change = instead }
            for row in mood.indices { mood[row].change = instead }
        }
        return WeekReportModel(
            base: base,
            week: week.week.description,
            pageTitle: "Week \(week.week)",
            range: "\(locale.longDate(week.week.monday)) to \(locale.longDate(lastDay))",
            timezone: report.calendar.name,
            startISO: report.calendar.localText(seconds: week.start),
            htmlHref: root + Self.path(week.week),
            htmlLink: link(Self.path(week.week), root),
            markdownHref: root + Self.markdownPath(week.week),
            previous: neighbour(reported.previous(index), root: root),
            next: neighbour(reported.next(index), root: root),
            figures: figures,
            responsiveness: responsiveness,
            responseRule: responseRule,
            participation: participation,
            participationRule: participationRule,
            mood: mood,
            disagreements: week.disagreements.enumerated().map { rank, messageIndex in
                TopMessageModel(rank: rank + 1, messageAt: messageIndex, layout: layout, markup: markup, bubbles: bubbles, root: root, link: link)
            },
            unanswered: week.unanswered.enumerated().map { rank, messageIndex in
                TopMessageModel(rank: rank + 1, messageAt: messageIndex, layout: layout, markup: markup, bubbles: bubbles, root: root, link: link)
            },
            unansweredCount: week.figures.unansweredQuestions,
            partialNote: partialNote(index),
            quiet: week.figures.messages == 0,
            topMessages: week.topMessages.enumerated().map { rank, messageIndex in
                TopMessageModel(rank: rank + 1, messageAt: messageIndex, layout: layout, markup: markup, bubbles: bubbles, root: root, link: link)
            },
            topEmoji: week.topEmoji.map { EmojiUseModel($0, total: reactions, locale: locale) },
            palette: week.palette.map { EmojiUseModel($0, total: reactions, locale: locale) },
            hasOffPalette: offPaletteTotal > 0,
            offPaletteCount: locale.integer(offPaletteTotal),
            offPaletteShare: locale.percent(reactions == 0 ? 0 : Double(offPaletteTotal) / Double(reactions)),
            offPalette: week.offPalette.map { EmojiUseModel($0, total: reactions, locale: locale) },
            topReactors: week.topReactors.enumerated().map { personRow($1, rank: $0 + 1) },
            topReceivers: week.topReceivers.enumerated().map { personRow($1, rank: $0 + 1) },
            topPairs: week.topPairs.enumerated().map { pairRow($1, rank: $0 + 1) },
            showReplies: showReplies,
            groups: groupRows(index),
            conversations: conversationRows(index, root: root),
            locale: locale)
    }

    /// A link to another week's report from a page at `root`, with the gap between the two
    /// weeks (nil when they are next to each other).
    func weekLink(_ week: ISOWeek, root: String, gap: String? = nil) -> WeekReportModel.WeekLink {
        WeekReportModel.WeekLink(week: week.description, href: root + Self.path(week), link: link(Self.path(week), root), gap: gap)
    }

    /// The navigation to the nearest week with a report on one side, across the weeks without
    /// one (a gap at an end of the report has no week beyond it: only the gap is said).
    func neighbour(_ side: (week: Int?, gap: Range<Int>), root: String) -> WeekReportModel.Neighbour? {
        let gap = side.gap.isEmpty ? nil : ReportedWeeks.gapText(report.weeks, side.gap, locale: locale)
        guard let week = side.week else { return gap.map { .gap($0) } }
        return .week(weekLink(report.weeks[week].week, root: root, gap: gap))
    }

    /// The rows of a table of figures, each with its change against the week before: the
    /// figures of `WeekFigure.all` in `section` whose `row` says the report shows them.
    func figureRows(_ now: Engagement, _ before: Engagement?, section: WeekFigure.Section = .engagement) -> [WeekReportModel.FigureRow] {
        WeekFigure.all.filter { $0.section == section && shows($0) }.map { figure in
            WeekReportModel.FigureRow(
                label: figure.label, value: figure.text(now, locale), previous: before.map { figure.text($0, locale) } ?? "–",
                change: figure.change(now, before, changes), inDigest: figure.section == .engagement || figure.inDigest)
        }
    }

    /// "a question mark of any script (? ¿ ؟ ？ and 16 more)" for the default marks; the
    /// configured ones listed otherwise.
    static func questionMarksText(_ marks: String) -> String {
        if marks == ResponseRules.defaultQuestionMarks {
            return "a question mark of any script (? ¿ ؟ ？ and \(marks.unicodeScalars.count - 4) more)"
        }
        if marks.isEmpty { return "no question mark (`questionMarks` is empty)" }
        return "one of the question marks " + marks.unicodeScalars.map { String($0) }.joined(separator: " ")
    }

    /// The rules of the participation figures, as the reports print them.
    var participationRule: String {
        "People only: bots and people left out of the rankings are not counted. Active: posted or reacted this week"
            + " (a reaction counts in its message's week). New: active for the first time in the report."
            + " Returning: active before, but not in the week before. " + options.engagementLevels.text
    }

    /// The rules of the responsiveness figures, as the reports print them.
    var responseRule: String {
        "A message is answered when someone other than its author replies to it or reacts to it within "
            + DurationText.make(options.responses.window, locale)
            + " (bots and people left out of the rankings do not answer; a reaction the export gives no time for counts as in time)."
            + " A question is a message with " + Self.questionMarksText(options.responses.questionMarks)
            + (options.responses.supportConversations.isEmpty ? "" : ", or a message in a support conversation that replies to none") + "."
    }

    /// Whether the week reports show `figure` as a row.
    func shows(_ figure: WeekFigure) -> Bool {
        switch figure.row {
        case .always: return true
        case .whenReportHasReplies: return showReplies
        case .never: return false
        }
    }

    /// True when some message of the report replies to another.
    var showReplies: Bool { report.hasReplies }

    func pairRow(_ pair: PairCount, rank: Int) -> WeekReportModel.PairRow {
        WeekReportModel.PairRow(
            rank: locale.native(String(rank)), reactor: pair.reactorName ?? pair.reactorID, author: pair.authorName ?? pair.authorID,
            platform: pair.platform.displayName, showPlatform: showPlatforms, count: locale.integer(pair.count),
            reactorHref: people.path(pair.platform, pair.reactorID), authorHref: people.path(pair.platform, pair.authorID))
    }

    /// Why week `index` is not compared with the week before, when it or the week before is
    /// partial: "Partial week: the data covers 2 of its 7 days (2027-03-22 to 2027-03-23), so
    /// it is not compared with another week." Nil when the two are compared.
    func partialNote(_ index: Int) -> String? {
        let week = report.weeks[index]
        if week.partial {
            guard let covered = report.coveredDays, week.days > 0 else { return "Partial week: the data covers none of its 7 days." }
            let monday = week.week.monday.daysSinceEpoch
            let first = CivilDate(daysSinceEpoch: max(monday, covered.lowerBound.daysSinceEpoch))
            let last = CivilDate(daysSinceEpoch: min(monday + 6, covered.upperBound.daysSinceEpoch))
            let days =
                week.days == 1
                ? locale.native("1 of its 7 days") + " (\(locale.longDate(first)))"
                : locale.native("\(week.days) of its 7 days") + " (\(locale.longDate(first)) to \(locale.longDate(last)))"
            return "Partial week: the data covers \(days), so it is not compared with another week."
        }
        guard index > 0, report.weeks[index - 1].partial else { return nil }
        return "The week before is partial (the data covers \(report.weeks[index - 1].days) of its 7 days), so this week is not compared with it."
    }

    /// Week `index`'s groups, each with its change in reactions against the week before.
    func groupRows(_ index: Int) -> [WeekReportModel.GroupRow] {
        let previous = index > 0 ? report.weeks[index - 1].groups : nil
        let instead = changes.partial(report.weeks, at: index)
        return report.weeks[index].groups.enumerated().map { position, group in
            let figures = group.figures
            return WeekReportModel.GroupRow(
                name: group.name, messages: locale.integer(figures.messages), rate: locale.percent(figures.reactionRate),
                reactions: locale.integer(figures.reactions), reactors: locale.integer(figures.reactors),
                replies: locale.integer(figures.replies), medianReply: figures.medianSecondsToFirstReply.map { DurationText.make($0, locale) } ?? "–",
                reactionsChange: instead ?? changes.count(figures.reactions, previous?[position].figures.reactions))
        }
    }

    func personRow(_ person: WeeklyReport.PersonCount, rank: Int) -> WeekReportModel.PersonRow {
        WeekReportModel.PersonRow(
            rank: locale.native(String(rank)), name: person.name ?? person.id, platform: person.platform.displayName, showPlatform: showPlatforms,
            count: locale.integer(person.count), href: people.path(person.platform, person.id))
    }

    /// People are shown with their platform when the report covers several.
    var showPlatforms: Bool { Set(layout.conversations.map(\.platform)).count > 1 }

    /// Week `index`'s conversations, each with its change in reactions against the week before
    /// (against none when the conversation had no messages then).
    func conversationRows(_ index: Int, root: String) -> [WeekReportModel.ConversationRow] {
        let week = report.weeks[index]
        let previous = index > 0 ? report.weeks[index - 1] : nil
        let before = Dictionary((previous?.conversations ?? []).map { (SiteLayout.key($0.platform, $0.id), $0.figures) }, uniquingKeysWith: { a, _ in a })
        let instead = changes.partial(report.weeks, at: index)
        return week.conversations.map { entry in
            let earlier = previous == nil ? nil : (before[SiteLayout.key(entry.platform, entry.id)] ?? Engagement())
            let conversation = layout.conversationIfPresent(platform: entry.platform, id: entry.id)
            return WeekReportModel.ConversationRow(
                name: entry.name, platform: entry.platform.displayName,
                messages: locale.integer(entry.figures.messages),
                reactedMessages: locale.integer(entry.figures.reactedMessages),
                rate: locale.percent(entry.figures.reactionRate),
                reactions: locale.integer(entry.figures.reactions),
                reactors: locale.integer(entry.figures.reactors),
                reactionsChange: instead ?? changes.count(entry.figures.reactions, earlier?.reactions),
                page: conversation.map { (root + $0.path(page: 1), link($0.path(page: 1), root)) })
        }
    }

    /// The list of weeks on the index page, newest first: each week with a report, and each
    /// gap as one row.
    func weekList(root: String) -> [OverviewModel.WeekRow] {
        var rows: [OverviewModel.WeekRow] = []
        var gaps = reported.gaps
        for index in report.weeks.indices.reversed() {
            if let gap = gaps.last, gap.contains(index) {
                gaps.removeLast()
                let (first, last) = (report.weeks[gap.lowerBound].week, report.weeks[gap.upperBound - 1].week)
                rows.append(
                    OverviewModel.WeekRow(
                        week: gap.count > 1 ? "\(first) to \(last)" : first.description, href: nil, link: nil, range: locale.longDate(first.monday),
                        messages: locale.integer(0), reactions: locale.integer(0), rate: "–", reactionsChange: ChangeText.none,
                        active: locale.integer(0), unanswered: locale.integer(0),
                        gap: ReportedWeeks.gapText(report.weeks, gap, capitalized: true, locale: locale)))
            }
            guard reported.hasReport(index) else { continue }
            let week = report.weeks[index]
            let before = index > 0 ? report.weeks[index - 1].figures : nil
            rows.append(
                OverviewModel.WeekRow(
                    week: week.week.description, href: root + Self.path(week.week), link: link(Self.path(week.week), root),
                    range: locale.longDate(week.week.monday),
                    messages: locale.integer(week.figures.messages), reactions: locale.integer(week.figures.reactions),
                    rate: locale.percent(week.figures.reactionRate),
                    reactionsChange: changes.partial(report.weeks, at: index) ?? changes.count(week.figures.reactions, before?.reactions),
                    active: locale.integer(week.figures.participation.active), unanswered: locale.integer(week.figures.unansweredQuestions)))
        }
        return rows
    }
}
