import ParallelWork

/// The analyse step: everything the pages, the data files and `inspect` show, computed once
/// from the filtered ledger result. Rendering only turns this into files.
public struct Analysis: Sendable {
    /// The filtered result, its messages' reactions in the report's order (`reactionOrder`).
    public let result: LedgerResult
    /// Where each conversation and message goes: slugs and transcript pages.
    let layout: SiteLayout
    /// The figures of the whole report.
    public let overview: Overview
    /// The weeks of the report and their figures.
    public let weekly: WeeklyReport
    /// Reactions given and received per person, and pairs, over the whole report.
    public var people: PeopleReport { weekly.people }
    /// The time zone of the report's days and weeks.
    public let calendar: WeekCalendar
    /// The configured palette, resolved to emoji.
    public let palette: [Emoji]

    /// Analyses `result` with the report's options, in `calendar`'s time zone; `palette` is the
    /// configured palette, resolved to emoji.
    public init(_ result: LedgerResult, options: BuildOptions, calendar: WeekCalendar, palette: [Emoji] = []) {
        var result = result
        // The ledger lists reactions first-reacted first; another order sorts each message's.
        if options.reactionOrder != .firstReacted {
            for index in result.messages.indices {
                result.messages[index].reactions.sort(by: options.reactionOrder.areInIncreasingOrder)
            }
        }
        let messages = result.messages
        let leftOut = result.leftOutOfRankings
        let mood = Mood(options.polarity, resolver: options.emojiResolver)
        // Independent passes over the messages, on both cores: the weeks, the longest, start
        // first (with what answers what, which only they read), while the other core makes
        // the layout and then the overview.
        (weekly, layout, overview) = Concurrently.run(
            {
                var responses = Responses(reactionsIn: messages, rules: options.responses, bots: result.bots, leftOut: leftOut)
                let replies = ReplyTimes(messages: messages, answering: &responses)
                var context = WeeklyReport.Context(
                    replies: replies, responses: responses, levels: options.engagementLevels, leftOut: leftOut, groups: options.groups,
                    skipBotMessages: options.excludeBots, bots: result.bots)
                context.mood = mood
                return WeeklyReport(
                    messages: messages, calendar: calendar, topN: options.topN, palette: palette,
                    first: options.since.map { ISOWeek(containing: $0.firstDay) },
                    last: options.until.map { ISOWeek(containing: CivilDate(daysSinceEpoch: $0.dayAfter.daysSinceEpoch - 1)) },
                    context: context)
            },
            { SiteLayout(messages: messages, conversations: result.conversations, pageSize: options.pageSize) },
            { Overview(messages: messages, topN: options.topN) })
        self.result = result
        self.calendar = calendar
        self.palette = palette
    }

    /// The messages of the report, in report order.
    public var messages: [MessageSummary] { result.messages }
}
