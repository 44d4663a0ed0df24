import Templates

/// The overview (`index.html` and `summary.md`, one model for both): the totals, the trends
/// over the weeks, the list of weeks, the rankings, the conversations, and what the report
/// leaves out (notes, diagnostics). Made by `SiteRenderer.indexModel` from the parts below.
struct OverviewModel: TemplateRepresentable {
    /// One figure of the totals.
    struct Total: TemplateRepresentable {
        var label: String
        var value: String

        var templateValue: TemplateObject { ["label": .text(label), "value": .text(value)] }
    }

    /// A row of the list of weeks: a week with its report, or a run of weeks without messages.
    struct WeekRow: TemplateRepresentable {
        /// `2026-W47`, or `2026-W48 to 2027-W10` for a gap.
        var week: String
        /// The week's report, from the overview (and for Markdown); nil for a gap.
        var href, link: String?
        /// The week's first day (the gap's).
        var range: String
        var messages, reactions, rate: String
        var reactionsChange: FigureChange
        /// For a gap, what it is: `no messages from 2026-W48 to 2027-W10 (16 weeks)`.
        var gap: String? = nil

        var templateValue: TemplateObject {
            [
                "week": .text(week), "href": .text(href ?? ""), "link": .text(link ?? ""), "range": .text(range), "messages": .text(messages),
                "reactions": .text(reactions), "rate": .text(rate), "reactionsChange": .object(reactionsChange.templateValue),
                "isGap": .flag(gap != nil), "gap": .text(gap ?? "")
            ]
        }
    }

    /// A conversation's totals, linked to its first transcript page.
    struct ConversationRow: TemplateRepresentable {
        var name, platform: String
        var href, link: String
        var messages, reactedMessages, reactions: String

        var templateValue: TemplateObject {
            [
                "name": .text(name), "platform": .text(platform), "href": .text(href), "link": .text(link),
                "messages": .text(messages), "reactedMessages": .text(reactedMessages), "reactions": .text(reactions)
            ]
        }
    }

    /// A kind of diagnostic and how often it occurred.
    struct DiagnosticRow: TemplateRepresentable {
        var label: String
        var count: String

        var templateValue: TemplateObject { ["label": .text(label), "count": .text(count)] }
    }

    var base: PageBase
    /// `Messages from 2026-11-02 to 2026-11-20 (UTC)`.
    var period: String
    var totals: [Total]
    var reactionsChart: ChartModel
    var rateChart: ChartModel
    var emojiChart: ChartModel
    /// Unanswered questions per week (`Responses`).
    var unansweredChart: ChartModel
    /// The latest weekly cohorts' retention.
    var retention: RetentionModel
    /// The polarity table: the positive and the negative emoji, as configured.
    var positiveEmoji: [Emoji] = []
    var negativeEmoji: [Emoji] = []
    /// Newest first.
    var weeks: [WeekRow]
    var topMessages: [TopMessageModel]
    var topEmoji: [EmojiUseModel]
    var conversations: [ConversationRow]
    /// The whole report's top reactors, receivers and pairs (people left out of rankings are not in them).
    var topReactors: [WeekReportModel.PersonRow] = []
    var topReceivers: [WeekReportModel.PersonRow] = []
    var topPairs: [WeekReportModel.PairRow] = []
    /// What the report leaves out, in sentences.
    var notes: [String]
    /// The input gave diagnostics (listed by kind in `diagnostics`).
    var hasDiagnostics: Bool
    var diagnostics: [DiagnosticRow]

    var templateValue: TemplateObject {
        var object = base.templateObject(room: 32)
        object.append("pageTitle", .text("Overview"))
        base.appendAddress(of: "index.html", to: &object)
        object.append("period", .text(period))
        object.append("totals", totals.templateList)
        object.append("hasWeeks", .flag(!weeks.isEmpty))
        object.append("reactionsChart", .object(reactionsChart.templateValue))
        object.append("rateChart", .object(rateChart.templateValue))
        object.append("emojiChart", .object(emojiChart.templateValue))
        object.append("unansweredChart", .object(unansweredChart.templateValue))
        object.append("retention", .object(retention.templateValue))
        func shown(_ emoji: [Emoji]) -> TemplateValue {
            .list(emoji.map { .object(["display": .text($0.display), "name": .text($0.name ?? $0.display)]) })
        }
        object.append("positiveEmoji", shown(positiveEmoji))
        object.append("negativeEmoji", shown(negativeEmoji))
        object.append("weeks", weeks.templateList)
        object.append("hasTopMessages", .flag(!topMessages.isEmpty))
        object.append("topMessages", topMessages.templateList)
        object.append("hasTopEmoji", .flag(!topEmoji.isEmpty))
        object.append("topEmoji", topEmoji.templateList)
        object.append("conversations", conversations.templateList)
        object.append("hasPeople", .flag(!topReactors.isEmpty || !topReceivers.isEmpty))
        object.append("topReactors", topReactors.templateList)
        object.append("hasTopReceivers", .flag(!topReceivers.isEmpty))
        object.append("topReceivers", topReceivers.templateList)
        object.append("hasTopPairs", .flag(!topPairs.isEmpty))
        object.append("topPairs", topPairs.templateList)
        object.append("hasNotes", .flag(!notes.isEmpty))
        object.append("notes", .list(notes.map { .object(["text": .text($0)]) }))
        object.append("hasDiagnostics", .flag(hasDiagnostics))
        object.append("diagnostics", diagnostics.templateList)
        return object
    }
}

// MARK: - Parts

extension OverviewModel {
    /// The dates of the first and last messages, in the time zone of the weeks.
    static func period(_ overview: Overview, calendar: WeekCalendar, locale: LocaleFormat) -> String {
        guard let first = overview.firstMessageAt, let last = overview.lastMessageAt else { return "No dated messages" }
        return "Messages from \(locale.longDate(calendar.day(of: first))) to \(locale.longDate(calendar.day(of: last))) (\(calendar.name))"
    }

    /// The figures of the whole report that `WeekFigure.all` marks for the overview, the
    /// conversations, and how many weeks it covers.
    static func totals(_ overview: Overview, weeks: Int, locale: LocaleFormat) -> [Total] {
        WeekFigure.all.compactMap { figure in figure.overviewLabel.map { Total(label: $0, value: figure.text(overview.figures, locale)) } } + [
            Total(label: "Conversations", value: locale.integer(overview.conversations.count)),
            Total(label: "Weeks", value: locale.integer(weeks))
        ]
    }

    /// Reactions per week, as columns.
    static func reactionsChart(_ weeks: [WeeklyReport.Week], locale: LocaleFormat) -> ChartModel {
        let points = weeks.map { week -> ChartModel.Point in
            let count = week.figures.reactions
            return (
                label: week.week.description, value: Double(count),
                valueText: locale.integer(count) + (count == 1 ? " reaction" : " reactions") + partialText(week, locale: locale)
            )
        }
        return ChartModel.columns(
            id: "reactions-chart", title: "Reactions per week",
            summary: ChartModel.summary("Reactions per week", points: points), points: points, unit: "Reactions", partial: partialIndexes(weeks),
            locale: locale)
    }

    /// Questions with no answer within the window, per week, as columns.
    static func unansweredChart(_ weeks: [WeeklyReport.Week], locale: LocaleFormat) -> ChartModel {
        let points = weeks.map { week -> ChartModel.Point in
            let figures = week.figures
            return (
                label: week.week.description, value: Double(figures.unansweredQuestions),
                valueText: locale.integer(figures.unansweredQuestions) + " of " + locale.counted(figures.questions, "question") + " unanswered"
                    + partialText(week, locale: locale)
            )
        }
        return ChartModel.columns(
            id: "unanswered-chart", title: "Unanswered questions per week",
            summary: ChartModel.summary("Unanswered questions per week", points: points), points: points, unit: "Unanswered questions",
            partial: partialIndexes(weeks), locale: locale)
    }

    /// The reaction rate per week, as a line, which stops over weeks without messages: they
    /// have no rate (a rate of 0% would say every message went without a reaction).
    static func rateChart(_ weeks: [WeeklyReport.Week], locale: LocaleFormat) -> ChartModel {
        let points = weeks.map { week -> ChartModel.Point in
            let figures = week.figures
            return (
                label: week.week.description, value: figures.messages == 0 ? .nan : figures.reactionRate,
                valueText: figures.messages == 0
                    ? "no messages"
                    : locale.percent(figures.reactionRate) + " of " + locale.integer(figures.messages) + " messages reacted to"
                        + partialText(week, locale: locale)
            )
        }
        return ChartModel.line(
            id: "rate-chart", title: "Reaction rate per week",
            summary: ChartModel.summary("Reaction rate per week", points: points), points: points, unit: "Reaction rate",
            partial: partialIndexes(weeks), locale: locale)
    }

    /// The indexes of the partial weeks, which the charts draw apart.
    static func partialIndexes(_ weeks: [WeeklyReport.Week]) -> Set<Int> {
        Set(weeks.indices.filter { weeks[$0].partial })
    }

    /// ` (partial week, 3 of 7 days)` after a partial week's value in the charts, else nothing.
    static func partialText(_ week: WeeklyReport.Week, locale: LocaleFormat) -> String {
        week.partial ? locale.native(" (partial week, \(week.days) of 7 days)") : ""
    }

    /// Each top emoji's share of all reactions, the rest as "Other".
    static func emojiChart(_ overview: Overview, locale: LocaleFormat) -> ChartModel {
        let total = overview.reactions
        let summary =
            total == 0
            ? "No reactions yet"
            : "Share of all \(locale.integer(total)) reactions: "
                + overview.topEmoji.prefix(6).map { "\($0.emoji.display) \(locale.percent(Double($0.count) / Double(total)))" }.joined(separator: ", ")
        return ChartModel.shares(
            id: "emoji-chart", title: "Emoji share", summary: summary,
            items: overview.topEmoji.map { (label: $0.emoji.display, value: $0.count) }, otherLabel: "Other", total: total,
            locale: locale)
    }

    /// Every conversation's totals, linked from a page at `root`.
    /// - Parameter link: `link(path, root)`: a Markdown link, absolute under `baseURL`, else relative.
    static func conversations(_ overview: Overview, layout: SiteLayout, root: String, link: (String, String) -> String, locale: LocaleFormat)
        -> [ConversationRow]
    {
        overview.conversations.map { totals in
            let path = layout.conversation(platform: totals.platform, id: totals.id).path(page: 1)
            return ConversationRow(
                name: totals.name, platform: totals.platform.displayName, href: root + path, link: link(path, root),
                messages: locale.integer(totals.messages), reactedMessages: locale.integer(totals.reactedMessages),
                reactions: locale.integer(totals.reactions))
        }
    }

    /// Each kind of diagnostic with its count.
    static func diagnostics(_ log: DiagnosticLog, locale: LocaleFormat) -> [DiagnosticRow] {
        log.kinds.map { DiagnosticRow(label: $0.label, count: locale.integer(log.counts[$0]!)) }
    }
}
