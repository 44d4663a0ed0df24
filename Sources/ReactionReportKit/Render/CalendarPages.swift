import ByteOutput
import Templates

/// Each conversation's calendar (`conversations/<slug>/calendar.html`): its years, months and
/// days with their message counts, each day linking to the heading that opens it on the first
/// transcript page holding it. Days are the report's time zone's.
struct CalendarPages {
    let layout: SiteLayout
    let templates: TemplateSet
    let times: TimeText
    /// The page base, made once: each calendar adds its own values.
    let base: TemplateObject
    let pageBase: PageBase

    init(layout: SiteLayout, templates: TemplateSet, times: TimeText, base: PageBase) {
        self.layout = layout
        self.templates = templates
        self.times = times
        self.base = base.templateObject(room: 10)
        pageBase = base
    }

    /// The anchor of a day's heading in a transcript: `day-2024-04-17`.
    static func anchor(_ day: CivilDate) -> String { "day-" + day.isoText }

    /// The calendar file of a conversation.
    static func path(_ conversation: SiteLayout.Conversation) -> String { "conversations/\(conversation.slug)/calendar.html" }

    /// One day of a conversation: its date, its messages, and the page of its first.
    struct Day: Equatable {
        var date: CivilDate
        var messages: Int
        var page: Int
    }

    /// The days of a conversation that have messages, in order (messages without a time are in none).
    func days(of conversation: SiteLayout.Conversation) -> [Day] {
        var days: [Day] = []
        var index: [CivilDate: Int] = [:]
        for (position, message) in conversation.messages.enumerated() {
            guard let at = layout.messages[message].sentAt else { continue }
            let date = times.local(at).date
            if let known = index[date] {
                days[known].messages += 1
            } else {
                index[date] = days.count
                days.append(Day(date: date, messages: 1, page: position / conversation.pageSize + 1))
            }
        }
        return days.sorted { $0.date < $1.date }
    }

    /// The calendar page of conversation `index`: its path and its HTML.
    func render(conversation index: Int) throws -> ParallelPages.Page {
        let conversation = layout.conversations[index]
        let days = days(of: conversation)
        var model = base
        model.append("pageTitle", .text(conversation.name + ": calendar"))
        pageBase.appendAddress(of: Self.path(conversation), to: &model)
        model.append("name", .text(conversation.name))
        model.append("platform", .text(conversation.platform.displayName))
        model.append("messagesText", .text(times.locale.counted(conversation.messages.count, "message")))
        model.append("daysText", .text(times.locale.counted(days.count, "day")))
        if let first = days.first, let last = days.last {
            model.append("hasDays", .flag(true))
            model.append("range", .text(times.locale.dayRange(first.date, last.date)))
        }
        model.append("years", .list(Self.years(days, locale: times.locale).map { .object($0) }))
        return (Self.path(conversation), try templates.renderHTML("calendar", model))
    }

    /// `years[{year, messagesText, months[{id, name, messagesText, days[{day, href, label, count, countNoun}]}]}]`.
    static func years(_ days: [Day], locale: LocaleFormat) -> [TemplateObject] {
        var years: [TemplateObject] = []
        var start = 0
        while start < days.count {
            let year = days[start].date.year
            var end = start
            while end < days.count, days[end].date.year == year { end += 1 }
            var months: [TemplateValue] = []
            var monthStart = start
            while monthStart < end {
                let month = days[monthStart].date.month
                var monthEnd = monthStart
                while monthEnd < end, days[monthEnd].date.month == month { monthEnd += 1 }
                let slice = days[monthStart..<monthEnd]
                let name = locale.monthYear(year: year, month: month)
                months.append(
                    .object([
                        "id": .text("m-\(year)-" + (month < 10 ? "0" : "") + "\(month)"),
                        "name": .text(name),
                        "messagesText": .text(locale.counted(slice.reduce(0) { $0 + $1.messages }, "message")),
                        "days": .list(
                            slice.map { day in
                                .object([
                                    "day": .text(locale.native(String(day.date.day))),
                                    "href": .text(SiteLayout.Conversation.fileName(page: day.page) + "#" + anchor(day.date)),
                                    "label": .text(locale.fullDate(day.date) + ": " + locale.counted(day.messages, "message")),
                                    "count": .text(locale.integer(day.messages)),
                                    "countNoun": .text(day.messages == 1 ? "message" : "messages")
                                ])
                            })
                    ]))
                monthStart = monthEnd
            }
            years.append([
                "year": .text(String(year)), "yearText": .text(locale.native(String(year))),
                "messagesText": .text(locale.counted(days[start..<end].reduce(0) { $0 + $1.messages }, "message")),
                "months": .list(months)
            ])
            start = end
        }
        return years
    }
}
