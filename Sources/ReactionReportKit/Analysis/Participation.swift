/// Who takes part, week by week (product.md §10): people who posted, people who only reacted,
/// new and returning people, engagement levels over the trailing 28 days, and weekly cohorts.
///
/// Only people count: bots and the people the rankings leave out (`excludeBots`,
/// `excludePeople`) are in none of these figures, and a bot's message is no one's post. A
/// person is active in a week when they sent one of its messages or are a listed reactor on one
/// (a reaction counts in its message's week, as every reaction of the report does). New: active
/// for the first time in the report. Returning: active before, but not in the week before.
/// A cohort is the people first active in a week; its retention, the part of them active in
/// each of the 12 weeks after.
struct Participation {
    /// What one person did in one week: bit d (0 to 6) a post on the week's day d, bit 7 a
    /// listed reaction.
    struct WeekActivity: Sendable {
        private(set) var people: [PersonKey: UInt8] = [:]

        static let reacted: UInt8 = 0x80

        mutating func posted(_ person: PersonKey, weekday: Int) {
            people[person, default: 0] |= UInt8(1) << UInt8(min(max(weekday, 0), 6))
        }

        mutating func reacted(_ person: PersonKey) {
            people[person, default: 0] |= Self.reacted
        }

        /// The activity of `week`'s messages, days in `calendar`; people in `leftOut` or
        /// `bots` (by platform) are not counted, nor bots' messages.
        init(_ week: WeeklyReport.Week, messages: [MessageSummary], calendar: WeekCalendar, leftOut: [Platform: Set<String>], bots: [Platform: Set<String>]) {
            let uncounted = UncountedPeople(bots: bots, leftOut: leftOut)
            func counts(_ platform: Platform, _ id: String) -> Bool { !uncounted.contains(platform, id) }
            let monday = week.week.monday.daysSinceEpoch
            for index in week.messages {
                let message = messages[index]
                if let author = message.authorID, !message.fromBot, let sentAt = message.sentAt, counts(message.platform, author) {
                    posted(PersonKey(platform: message.platform, id: author), weekday: Int(calendar.day(of: sentAt).daysSinceEpoch - monday))
                }
                for reaction in message.reactions {
                    for reactor in reaction.reactors where counts(message.platform, reactor.id) {
                        reacted(PersonKey(platform: message.platform, id: reactor.id))
                    }
                }
            }
        }

        init() {}
    }

    /// A week's participation figures.
    struct Figures: Sendable, Equatable {
        var active = 0, posting = 0, reactingOnly = 0, new = 0, returning = 0
        /// People at each level of `EngagementLevels.Level`, in its order.
        var levels = [Int](repeating: 0, count: EngagementLevels.Level.allCases.count)
    }

    /// The people first active in a week, and how many of them were active in each of the
    /// weeks after it (nil for a week past the report's end).
    struct Cohort: Sendable, Equatable {
        var week: ISOWeek
        var people: Int
        var active: [Int?]
    }

    /// Weeks after a cohort's own that its retention follows.
    static let cohortWeeks = 12

    let levels: EngagementLevels
    /// Each person's first active week and latest active week (indexes of the report's weeks).
    private var firstWeek: [PersonKey: Int] = [:]
    private var lastWeek: [PersonKey: Int] = [:]
    /// The last `EngagementLevels.windowWeeks` weeks' activity, the latest last.
    private var window: [WeekActivity] = []
    private(set) var cohorts: [(people: Int, active: [Int])] = []
    private var weeks = 0

    init(levels: EngagementLevels) {
        self.levels = levels
    }

    /// Counts the next week (in week order) from its activity.
    mutating func add(_ activity: WeekActivity) -> Figures {
        let week = weeks
        weeks += 1
        var figures = Figures()
        cohorts.append((0, [Int](repeating: 0, count: Self.cohortWeeks)))
        for (person, bits) in activity.people {
            figures.active += 1
            if bits & ~WeekActivity.reacted != 0 { figures.posting += 1 } else { figures.reactingOnly += 1 }
            if let first = firstWeek[person] {
                if lastWeek[person]! < week - 1 { figures.returning += 1 }
                let after = week - first
                if after <= Self.cohortWeeks { cohorts[first].active[after - 1] += 1 }
            } else {
                firstWeek[person] = week
                figures.new += 1
                cohorts[week].people += 1
            }
            lastWeek[person] = week
        }
        window.append(activity)
        if window.count > EngagementLevels.windowWeeks { window.removeFirst() }
        for level in personLevels().values { figures.levels[EngagementLevels.Level.allCases.firstIndex(of: level)!] += 1 }
        return figures
    }

    /// The level of everyone active in the window of the latest weeks added.
    func personLevels() -> [PersonKey: EngagementLevels.Level] {
        var days: [PersonKey: (posting: Int, reacted: Bool)] = [:]
        for activity in window {
            for (person, bits) in activity.people {
                var entry = days[person] ?? (0, false)
                entry.posting += (bits & ~WeekActivity.reacted).nonzeroBitCount
                entry.reacted = entry.reacted || bits & WeekActivity.reacted != 0
                days[person] = entry
            }
        }
        return days.compactMapValues { levels.level(postingDays: $0.posting, reacted: $0.reacted) }
    }

    /// The cohorts of `weeks` (the report's weeks, all added), each followed up to the report's end.
    func cohorts(of weeks: [ISOWeek]) -> [Cohort] {
        cohorts.indices.map { index in
            Cohort(
                week: weeks[index], people: cohorts[index].people,
                active: (1...Self.cohortWeeks).map { after in index + after < weeks.count ? cohorts[index].active[after - 1] : nil })
        }
    }
}
