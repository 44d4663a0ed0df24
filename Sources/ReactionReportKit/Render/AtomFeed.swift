/// `feed.xml`: an Atom feed (RFC 4287) with one entry per weekly report (the weeks with a
/// report of their own, `ReportedWeeks`), newest first. Links are absolute under `baseURL`, else
/// relative to the feed; ids are stable across builds.
enum AtomFeed {
    static func xml(_ report: WeeklyReport, reported: ReportedWeeks, messages: [MessageSummary], options: BuildOptions) -> String {
        let base = options.baseURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        func href(_ path: String) -> String { base.map { $0 + "/" + path } ?? path }
        let idBase = base.map { $0 + "/" } ?? "urn:reaction-report:\(StableHash.hex(options.title)):"
        var latestOfWeek: [Int64] = report.weeks.map(\.start)
        for (index, week) in report.weeks.enumerated() {
            for message in week.messages { if let seconds = messages[message].sentAt?.seconds { latestOfWeek[index] = max(latestOfWeek[index], seconds) } }
        }
        func stamp(_ seconds: Int64) -> String { Timestamp(nanoseconds: seconds * 1_000_000_000, fractionDigits: 0).rfc3339 }
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        out += "<title>\(escape(options.title)): weekly reactions</title>\n"
        out += "<id>\(escape(base.map { $0 + "/feed.xml" } ?? idBase + "feed"))</id>\n"
        out += "<updated>\(stamp(reported.indexes.map { latestOfWeek[$0] }.max() ?? 0))</updated>\n"
        out += "<author><name>\(escape(options.title))</name></author>\n"
        out += "<generator>reaction-report</generator>\n"
        if let base { out += "<link rel=\"self\" href=\"\(escape(base + "/feed.xml"))\"/>\n" }
        out += "<link rel=\"alternate\" type=\"text/html\" href=\"\(escape(href("index.html")))\"/>\n"
        for index in reported.indexes.reversed() {
            let week = report.weeks[index]
            let before = index > 0 ? report.weeks[index - 1].figures : nil
            let figures = week.figures
            let path = WeeklyPages.path(week.week)
            // A partial week, or the week after one, is not compared: the summary says why.
            let change =
                ChangeText(locale: .standard).partial(report.weeks, at: index).map { "\($0.text): not compared" }
                ?? "\(ChangeText(locale: .standard).count(figures.reactions, before?.reactions).text) against the week before"
            let partial = week.partial ? " (partial week, \(week.days) of 7 days)" : ""
            out += "<entry>\n"
            out +=
                "<title>Week \(week.week): \(NumberText.counted(figures.reactions, "reaction")) on \(NumberText.counted(figures.messages, "message"))\(partial)</title>\n"
            out += "<id>\(escape(idBase + (base == nil ? "\(week.week)" : path)))</id>\n"
            out += "<link rel=\"alternate\" type=\"text/html\" href=\"\(escape(href(path)))\"/>\n"
            out += "<updated>\(stamp(latestOfWeek[index]))</updated>\n"
            out +=
                "<summary>\(escape("\(NumberText.counted(figures.messages, "message")), \(NumberText.integer(figures.reactedMessages)) with reactions (\(NumberText.percent(figures.reactionRate))), \(NumberText.counted(figures.reactions, "reaction")) (\(change)) from \(NumberText.counted(figures.reactors, "person", plural: "people"))."))</summary>\n"
            out += "</entry>\n"
        }
        return out + "</feed>\n"
    }

    /// XML text and attribute escaping; characters XML 1.0 does not allow are dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
