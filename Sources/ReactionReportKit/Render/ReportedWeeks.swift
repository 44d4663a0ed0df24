/// Which weeks get a report of their own (a page, a Markdown report, three digests and a feed
/// entry), and the runs of weeks without messages shown once instead: 25 messages over seven
/// years made 358 weekly reports, nearly all of them empty.
///
/// A week with messages has a report, and so has a single week without messages between two
/// weeks with messages (a quiet week in an active stretch is worth its "nothing this week").
/// Two or more empty weeks in a row, and an empty week at either end of the report (where
/// `--since` or `--until` widened it), are a gap: no report of their own, one line where the
/// list of weeks and the neighbouring reports' navigation reach them ("no messages from
/// 2026-W48 to 2027-W10 (16 weeks)"). `data/weeks.json` and the charts keep every week.
struct ReportedWeeks: Sendable {
    /// The weeks with a report, by their index in the report, in order.
    let indexes: [Int]
    /// Each week's place in `indexes`, -1 for a week in a gap.
    private let places: [Int]
    /// The runs of weeks without a report, in order.
    let gaps: [Range<Int>]

    init(_ weeks: [WeeklyReport.Week]) {
        func active(_ index: Int) -> Bool { weeks[index].figures.messages > 0 }
        var indexes: [Int] = []
        var places = [Int](repeating: -1, count: weeks.count)
        var gaps: [Range<Int>] = []
        for index in weeks.indices {
            let lone = index > 0 && index + 1 < weeks.count && active(index - 1) && active(index + 1)
            if active(index) || lone {
                places[index] = indexes.count
                indexes.append(index)
            } else if let last = gaps.last, last.upperBound == index {
                gaps[gaps.count - 1] = last.lowerBound..<index + 1
            } else {
                gaps.append(index..<index + 1)
            }
        }
        self.indexes = indexes
        self.places = places
        self.gaps = gaps
    }

    /// True when week `index` has a report of its own.
    func hasReport(_ index: Int) -> Bool { places[index] >= 0 }

    /// The last week with a report.
    var latest: Int? { indexes.last }

    /// The nearest week with a report before week `index` (nil when there is none), and the
    /// weeks without one between them (empty when there are none).
    func previous(_ index: Int) -> (week: Int?, gap: Range<Int>) {
        var before = index - 1
        while before >= 0, !hasReport(before) { before -= 1 }
        return (before >= 0 ? before : nil, before + 1..<index)
    }

    /// The nearest week with a report after week `index` (nil when there is none), and the
    /// weeks without one between them (empty when there are none).
    func next(_ index: Int) -> (week: Int?, gap: Range<Int>) {
        var after = index + 1
        while after < places.count, !hasReport(after) { after += 1 }
        return (after < places.count ? after : nil, index + 1..<after)
    }

    /// `no messages from 2026-W48 to 2027-W10 (16 weeks)`, or `no messages in 2026-W42` for one;
    /// `No messages …` to begin a sentence or a cell.
    static func gapText(_ weeks: [WeeklyReport.Week], _ run: Range<Int>, capitalized: Bool = false, locale: LocaleFormat) -> String {
        let start = capitalized ? "No messages" : "no messages"
        guard run.count > 1 else { return "\(start) in \(weeks[run.lowerBound].week)" }
        return "\(start) from \(weeks[run.lowerBound].week) to \(weeks[run.upperBound - 1].week) (\(locale.integer(run.count)) weeks)"
    }

    /// `weeks/reports.json` (`DigestFormat.reportsRecordPath`): the weeks with a report, oldest
    /// first, with the days of each the data covers, one week a line.
    func record(_ weeks: [WeeklyReport.Week]) -> String {
        let lines = indexes.map { index in
            JSONText.object([
                "week": JSONText.quote(weeks[index].week.description), "partial": weeks[index].partial ? "true" : "false",
                "days": String(weeks[index].days)
            ])
        }
        return "{\"weeks\":[\n" + lines.joined(separator: ",\n") + "]}\n"
    }
}
