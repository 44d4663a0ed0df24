/// View models of the weekly engagement reports (product.md §5): `weeks/<week>/index.html`,
/// `weeks/<week>/report.md`, and the list of weeks on the index page.
struct WeeklyPages {
    let options: BuildOptions
    let report: WeeklyReport
    let messages: [MessageSummary]
    let layout: SiteLayout
    let markup: MessageMarkup
    /// `link(path, root)`: a Markdown link, absolute under `baseURL`, else relative from `root`.
    let link: (String, String) -> String

    /// `weeks/2026-W47/index.html`.
    static func path(_ week: ISOWeek) -> String { "weeks/\(week)/index.html" }
    static func markdownPath(_ week: ISOWeek) -> String { "weeks/\(week)/report.md" }

    /// The view model of week `index`, for both the HTML and the Markdown template.
    /// - Parameter root: the relative path from the page to the site root.
    func model(_ index: Int, root: String) -> [String: Any] {
        let week = report.weeks[index]
        let previous = index > 0 ? report.weeks[index - 1] : nil
        let calendar = report.calendar
        let lastDay = CivilDate(daysSinceEpoch: week.week.monday.daysSinceEpoch + 6)
        var model: [String: Any] = [
            "week": week.week.description,
            "pageTitle": "Week \(week.week)",
            "range": "\(week.week.monday.isoText) to \(lastDay.isoText)",
            "timezone": calendar.name,
            "startISO": calendar.localText(seconds: week.start),
            "hasPrevious": previous != nil,
            "hasNext": index + 1 < report.weeks.count,
            "htmlHref": root + Self.path(week.week),
            "htmlLink": link(Self.path(week.week), root),
            "markdownHref": root + Self.markdownPath(week.week),
        ]
        if let previous {
            model["previousWeek"] = previous.week.description
            model["previousHref"] = root + Self.path(previous.week)
            model["previousLink"] = link(Self.path(previous.week), root)
        }
        if index + 1 < report.weeks.count {
            let next = report.weeks[index + 1].week
            model["nextWeek"] = next.description
            model["nextHref"] = root + Self.path(next)
            model["nextLink"] = link(Self.path(next), root)
        }
        model["figures"] = figureRows(week.figures, previous?.figures)
        model["quiet"] = week.figures.messages == 0

        let bubbles = BubbleViewModel(options: options)
        model["hasTopMessages"] = !week.topMessages.isEmpty
        model["topMessages"] = week.topMessages.enumerated().map { rank, messageIndex in
            TopMessageModel(rank: rank + 1, messageAt: messageIndex, layout: layout, markup: markup, bubbles: bubbles, root: root, link: link).templateValue
        }
        model["hasTopEmoji"] = !week.topEmoji.isEmpty
        model["topEmoji"] = week.topEmoji.map { EmojiUseModel($0, total: week.figures.reactions).templateValue }
        model["hasPalette"] = !week.palette.isEmpty
        model["palette"] = week.palette.map { EmojiUseModel($0, total: week.figures.reactions).templateValue }
        let offPaletteTotal = week.offPalette.reduce(0) { $0.addingClamped($1.count) }
        model["hasOffPalette"] = offPaletteTotal > 0
        model["offPaletteCount"] = NumberText.integer(offPaletteTotal)
        model["offPaletteShare"] = NumberText.percent(week.figures.reactions == 0 ? 0 : Double(offPaletteTotal) / Double(week.figures.reactions))
        model["offPalette"] = week.offPalette.map { EmojiUseModel($0, total: week.figures.reactions).templateValue }
        model["hasTopReactors"] = !week.topReactors.isEmpty
        model["topReactors"] = week.topReactors.enumerated().map { personModel($1, rank: $0 + 1) }
        model["hasTopReceivers"] = !week.topReceivers.isEmpty
        model["topReceivers"] = week.topReceivers.enumerated().map { personModel($1, rank: $0 + 1) }

        let before = Dictionary((previous?.conversations ?? []).map { (SiteLayout.key($0.platform, $0.id), $0.figures) }, uniquingKeysWith: { a, _ in a })
        model["hasConversations"] = !week.conversations.isEmpty
        model["conversations"] = week.conversations.map { entry -> [String: Any] in
            let earlier = previous == nil ? nil : (before[SiteLayout.key(entry.platform, entry.id)] ?? Engagement())
            var row: [String: Any] = [
                "name": entry.name, "platform": entry.platform.displayName,
                "messages": NumberText.integer(entry.figures.messages),
                "reactedMessages": NumberText.integer(entry.figures.reactedMessages),
                "rate": NumberText.percent(entry.figures.reactionRate),
                "reactions": NumberText.integer(entry.figures.reactions),
                "reactors": NumberText.integer(entry.figures.reactors),
                "reactionsChange": ChangeText.count(entry.figures.reactions, earlier?.reactions).templateValue,
            ]
            if let conversation = layout.conversationIfPresent(platform: entry.platform, id: entry.id) {
                row["hasHref"] = true
                row["href"] = root + conversation.path(page: 1)
                row["link"] = link(conversation.path(page: 1), root)
            }
            return row
        }
        return model
    }

    /// The rows of the figures table, each with its change against the week before.
    func figureRows(_ now: Engagement, _ before: Engagement?) -> [[String: Any]] {
        func row(_ label: String, _ value: String, _ previous: String, _ change: FigureChange) -> [String: Any] {
            ["label": label, "value": value, "previous": before == nil ? "–" : previous, "change": change.templateValue]
        }
        let old = before ?? Engagement()
        let median = now.medianSecondsToFirstReaction.map(DurationText.make) ?? "–"
        let oldMedian = old.medianSecondsToFirstReaction.map(DurationText.make) ?? "–"
        return [
            row("Messages", NumberText.integer(now.messages), NumberText.integer(old.messages), ChangeText.count(now.messages, before?.messages)),
            row("Reacted messages", NumberText.integer(now.reactedMessages), NumberText.integer(old.reactedMessages),
                ChangeText.count(now.reactedMessages, before?.reactedMessages)),
            row("Reaction rate", NumberText.percent(now.reactionRate), NumberText.percent(old.reactionRate),
                ChangeText.rate(now.reactionRate, before.map(\.reactionRate), known: now.messages > 0, knownBefore: (before?.messages ?? 0) > 0)),
            row("Reactions", NumberText.integer(now.reactions), NumberText.integer(old.reactions), ChangeText.count(now.reactions, before?.reactions)),
            row("Distinct reactors", NumberText.integer(now.reactors), NumberText.integer(old.reactors), ChangeText.count(now.reactors, before?.reactors)),
            row("Active posters", NumberText.integer(now.posters), NumberText.integer(old.posters), ChangeText.count(now.posters, before?.posters)),
            row("Reactions per message", NumberText.decimal(now.reactionsPerMessage), NumberText.decimal(old.reactionsPerMessage),
                ChangeText.ratio(now.reactionsPerMessage, before.map(\.reactionsPerMessage), known: now.messages > 0, knownBefore: (before?.messages ?? 0) > 0)),
            row("Median time to first reaction", median, oldMedian,
                ChangeText.duration(now.medianSecondsToFirstReaction, before == nil ? nil : .some(old.medianSecondsToFirstReaction))),
            row("New reactors", NumberText.integer(now.newReactors), NumberText.integer(old.newReactors), ChangeText.count(now.newReactors, before?.newReactors)),
        ]
    }

    func personModel(_ person: WeeklyReport.PersonCount, rank: Int) -> [String: Any] {
        ["rank": rank, "name": person.name ?? person.id, "platform": person.platform.displayName, "showPlatform": showPlatforms,
         "count": NumberText.integer(person.count)]
    }

    /// People are shown with their platform when the report covers several.
    var showPlatforms: Bool { Set(layout.conversations.map(\.platform)).count > 1 }

    /// The list of weeks on the index page, newest first.
    func weekList(root: String) -> [[String: Any]] {
        report.weeks.indices.reversed().map { index -> [String: Any] in
            let week = report.weeks[index]
            let before = index > 0 ? report.weeks[index - 1].figures : nil
            return ["week": week.week.description, "href": root + Self.path(week.week), "link": link(Self.path(week.week), root),
                    "range": week.week.monday.isoText,
                    "messages": NumberText.integer(week.figures.messages), "reactions": NumberText.integer(week.figures.reactions),
                    "rate": NumberText.percent(week.figures.reactionRate),
                    "reactionsChange": ChangeText.count(week.figures.reactions, before?.reactions).templateValue]
        }
    }
}
