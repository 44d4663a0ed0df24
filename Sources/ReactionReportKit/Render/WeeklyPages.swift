import Templates

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
            TopMessageModel.make(rank: rank + 1, messageAt: messageIndex, layout: layout, markup: markup, bubbles: bubbles, root: root, link: link)
        }
        model["hasTopEmoji"] = !week.topEmoji.isEmpty
        model["topEmoji"] = week.topEmoji.map { EmojiUseModel.make($0, total: week.figures.reactions) }
        model["hasPalette"] = !week.palette.isEmpty
        model["palette"] = week.palette.map { EmojiUseModel.make($0, total: week.figures.reactions) }
        let offPaletteTotal = week.offPalette.reduce(0) { $0.addingClamped($1.count) }
        model["hasOffPalette"] = offPaletteTotal > 0
        model["offPaletteCount"] = NumberText.integer(offPaletteTotal)
        model["offPaletteShare"] = NumberText.percent(week.figures.reactions == 0 ? 0 : Double(offPaletteTotal) / Double(week.figures.reactions))
        model["offPalette"] = week.offPalette.map { EmojiUseModel.make($0, total: week.figures.reactions) }
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
                "reactionsChange": ChangeText.count(entry.figures.reactions, earlier?.reactions),
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
        func row(_ label: String, _ value: String, _ previous: String, _ change: [String: Any]) -> [String: Any] {
            ["label": label, "value": value, "previous": before == nil ? "–" : previous, "change": change]
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
                    "reactionsChange": ChangeText.count(week.figures.reactions, before?.reactions)]
        }
    }
}

/// A message in a ranking: its bubbles, excerpt, rendered text and a link to its anchor.
enum TopMessageModel {
    static func make(rank: Int, messageAt index: Int, layout: SiteLayout, markup: MessageMarkup, bubbles: BubbleViewModel,
                     root: String, link: (String, String) -> String) -> TemplateObject {
        let message = layout.messages[index]
        var entry = bubbles.bubbles(message.reactions, room: 13)
        let conversation = layout.conversation(of: message)
        entry.append("rank", .number(rank))
        entry.append("author", .text(message.authorName ?? message.authorID ?? "unknown"))
        entry.append("conversation", .text(message.conversationName))
        entry.append("conversationHref", .text(root + conversation.path(page: 1)))
        entry.append("href", .text(root + layout.link(toMessageAt: index)))
        entry.append("link", .text(link(layout.link(toMessageAt: index), root)))
        entry.append("excerpt", .text(TextExcerpt.make(markup.readableText(message), deleted: message.deleted)))
        entry.append("html", .text(markup.html(message)))
        entry.append("reactionCount", .text(NumberText.integer(message.reactionCount)))
        entry.append("bubblesText", .text(bubbles.plainText(message.reactions)))
        if let at = message.sentAt {
            entry.append("hasTime", .flag(true))
            entry.append("time", .text(TimeText.display(at)))
            entry.append("timeISO", .text(TimeText.attribute(at)))
        }
        return entry
    }
}

/// An emoji in a ranking or the palette table.
enum EmojiUseModel {
    static func make(_ use: Overview.EmojiUse, total: Int) -> [String: Any] {
        var entry: [String: Any] = ["display": use.emoji.display, "name": use.emoji.name ?? use.emoji.key, "count": NumberText.integer(use.count),
                                    "share": NumberText.percent(total == 0 ? 0 : Double(use.count) / Double(total)), "unused": use.count == 0]
        if let image = use.emoji.image, URLPolicy.isSafeImage(image) {
            entry["hasImage"] = true
            entry["image"] = image
            entry["localImage"] = image.hasPrefix(MediaLibrary.folder)
        }
        return entry
    }
}

/// A figure's change against the week before: `{text, direction, description}` where direction
/// is `up`, `down`, `same`, `new` or `none` (no week before), for the ▲/▼ and its colour.
enum ChangeText {
    /// `tone` colours the change: `good` (more engagement, faster reactions), `bad`, or `neutral`.
    static func model(_ text: String, _ direction: String, _ description: String, lowerIsBetter: Bool = false) -> [String: Any] {
        let tone: String
        switch direction {
        case "up": tone = lowerIsBetter ? "bad" : "good"
        case "down": tone = lowerIsBetter ? "good" : "bad"
        case "new": tone = "good"
        default: tone = "neutral"
        }
        return ["text": text, "direction": direction, "tone": tone, "description": description]
    }

    static var none: [String: Any] { model("–", "none", "no earlier week to compare with") }

    /// Counts: `▲ 12 (+25.0%)`, `▼ 3 (−10.0%)`, `= 0`, or `new` when the week before had none.
    /// The difference of any two counts is exact (a `UInt` holds it); its percentage reads
    /// `over +1,000,000,000%` beyond the limit of `NumberText`. A negative count before (which
    /// only a summary made outside the ledger has) is compared by its size.
    static func count(_ now: Int, _ before: Int?) -> [String: Any] {
        guard let before else { return none }
        if before == 0 { return now == 0 ? model("= 0", "same", "no change") : model("new", "new", "new: none the week before") }
        if now == before { return model("= 0 (0.0%)", "same", "no change") }
        let up = now > before
        // Two's complement: the wrapped difference, read unsigned, is the exact one.
        let delta = up ? UInt(bitPattern: now &- before) : UInt(bitPattern: before &- now)
        let ratio = Double(delta) / Double(before.magnitude)
        let percent = signedPercent(up ? ratio : -ratio)
        let arrow = up ? "▲" : "▼"
        return model("\(arrow) \(NumberText.integer(magnitude: delta)) (\(percent))", up ? "up" : "down",
                     "\(up ? "up" : "down") \(NumberText.integer(magnitude: delta)) from \(NumberText.integer(before))")
    }

    /// A rate, compared in percentage points: `▲ 2.5 pts`.
    static func rate(_ now: Double, _ before: Double?, known: Bool, knownBefore: Bool) -> [String: Any] {
        guard let before else { return none }
        guard knownBefore else { return known ? model("new", "new", "new: no messages the week before") : model("= 0", "same", "no change") }
        guard known else { return model("–", "none", "no messages this week") }
        let tenths = ((now - before) * 1000).rounded()
        guard !tenths.isNaN else { return model("–", "none", "no rate to compare") }
        if tenths == 0 { return model("= 0.0 pts", "same", "no change") }
        let magnitude = NumberText.fixedPoint(abs(tenths), decimals: 1) ?? "over " + NumberText.limitText
        return model("\(tenths > 0 ? "▲" : "▼") \(magnitude) pts", tenths > 0 ? "up" : "down",
                     "\(tenths > 0 ? "up" : "down") \(magnitude) percentage points")
    }

    /// A ratio such as reactions per message: `▲ 0.25 (+10.0%)`.
    static func ratio(_ now: Double, _ before: Double?, known: Bool, knownBefore: Bool) -> [String: Any] {
        guard let before else { return none }
        guard knownBefore else { return known ? model("new", "new", "new: no messages the week before") : model("= 0", "same", "no change") }
        guard known else { return model("–", "none", "no messages this week") }
        let hundredths = ((now - before) * 100).rounded()
        guard !hundredths.isNaN else { return model("–", "none", "no ratio to compare") }
        if hundredths == 0 { return model("= 0.00", "same", "no change") }
        let magnitude = NumberText.fixedPoint(abs(hundredths), decimals: 2) ?? "over " + NumberText.limitText
        let percent = before == 0 ? "" : " (\(signedPercent((now - before) / abs(before))))"
        return model("\(hundredths > 0 ? "▲" : "▼") \(magnitude)\(percent)", hundredths > 0 ? "up" : "down",
                     "\(hundredths > 0 ? "up" : "down") \(magnitude)")
    }

    /// A duration: `▼ 2 min 10 s` (shorter is down).
    static func duration(_ now: Int64?, _ before: Int64??) -> [String: Any] {
        guard let before else { return none }
        guard let now else { return model("–", "none", "no reaction times this week") }
        guard let earlier = before else { return model("new", "new", "new: no reaction times the week before") }
        let delta = now - earlier
        if delta == 0 { return model("= 0 s", "same", "no change") }
        let text = DurationText.make(abs(delta))
        return model("\(delta > 0 ? "▲" : "▼") \(text)", delta > 0 ? "up" : "down", "\(delta > 0 ? "longer" : "shorter") by \(text)", lowerIsBetter: true)
    }

    /// `+25.0%` / `−10.0%` (a true minus sign); `over +1,000,000,000%` /
    /// `under −1,000,000,000%` beyond the limit of `NumberText`.
    static func signedPercent(_ ratio: Double) -> String {
        guard !ratio.isNaN else { return "–" }
        let sign = ratio < 0 ? "−" : "+"
        guard let digits = NumberText.fixedPoint((abs(ratio) * 1000).rounded(), decimals: 1) else {
            return (ratio < 0 ? "under " : "over ") + sign + NumberText.limitText + "%"
        }
        return sign + digits + "%"
    }
}

/// Durations for people: `45 s`, `5 min 40 s`, `2 h 5 min`, `3 d 4 h`.
enum DurationText {
    static func make(_ seconds: Int64) -> String {
        let s = max(0, seconds)
        if s < 60 { return "\(s) s" }
        if s < 3600 { return s % 60 == 0 ? "\(s / 60) min" : "\(s / 60) min \(s % 60) s" }
        if s < 86_400 { return s / 60 % 60 == 0 ? "\(s / 3600) h" : "\(s / 3600) h \(s / 60 % 60) min" }
        return s / 3600 % 24 == 0 ? "\(s / 86_400) d" : "\(s / 86_400) d \(s / 3600 % 24) h"
    }
}
