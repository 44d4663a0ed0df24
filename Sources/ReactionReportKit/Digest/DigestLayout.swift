/// What the three digests write alike: their phrases, the room each kind of text gets, and how
/// a list is cut to a budget (whole items, then "…and N more").
enum DigestLayout {
    /// A name, a conversation, an emoji or a figure's label, at most (longer ones are cut).
    static let labelLimit = 80
    /// A top message's excerpt, at most.
    static let excerptLimit = 300
    /// A top message's reactions (`👍 4 · ❤️ 2`), at most.
    static let reactionsLimit = 200
    /// A link longer than this (a message id of thousands of characters makes its anchor that
    /// long) is left out rather than cut: half a link leads nowhere.
    static let linkLimit = 1_000
    /// All figures together, at most; the rest are named by count.
    static let figureBudget = 1_500
    /// All rankings together, titles included, at most; each has an equal share, up to
    /// `rankingLimit`, and names the entries left out by count. With the figures' budget this
    /// leaves the top messages room however many figures and rankings a report grows.
    static let rankingsBudget = 2_400
    static let rankingLimit = 600

    /// The room for one ranking's entries when there are `count` rankings and its title takes
    /// `title`.
    static func rankingBudget(count: Int, title: Int) -> Int {
        min(rankingLimit, rankingsBudget / max(1, count)) - title
    }

    static let topMessagesTitle = "Top messages"
    static let noTopMessages = "No message got a reaction this week."
    static let messageLinkLabel = "view message"

    static func moreMessages(_ count: Int) -> String {
        "…and \(count) more top message\(count == 1 ? "" : "s") in the full report"
    }

    static func moreFigures(_ count: Int) -> String {
        "…and \(count) more figure\(count == 1 ? "" : "s") in the full report"
    }

    static func moreEntries(_ count: Int) -> String { "…and \(count) more" }

    static func reportLabel(_ content: DigestContent) -> String { "Full report for week \(content.week)" }

    /// Said instead of the report's link when the site has no `baseURL`.
    static func unlinkedReport(_ content: DigestContent) -> String {
        "Full report: \(content.reportPath) in the built site (no baseURL is set, so the digest has no links)"
    }

    /// `figure` on one line: `4 · ▲ 2 (+100.0%)`.
    static func figureValue(_ figure: DigestContent.Figure, _ dialect: DigestDialect) -> String {
        dialect.fit(figure.value, labelLimit) + " · " + dialect.fit(figure.change, labelLimit)
    }

    /// A top message's second line: `👍 3 · 🔥 1 — Ada Okafor in Team`.
    static func messageDetails(_ message: DigestContent.Message, _ dialect: DigestDialect) -> String {
        dialect.fit(message.reactions, reactionsLimit) + " — " + dialect.fit(message.author, labelLimit) + " in "
            + dialect.fit(message.conversation, labelLimit)
    }

    /// The ranking's entries for `dialect`, within `budget` (whole entries, then "…and N more"),
    /// or what it says when it has none.
    static func rankingBody(_ ranking: DigestContent.Ranking, _ dialect: DigestDialect, budget: Int) -> String {
        if ranking.entries.isEmpty { return dialect.inert(ranking.empty) }
        let items = ranking.entries.enumerated().map { index, entry in
            switch ranking.style {
            case .inline:
                return dialect.fit(entry.label, labelLimit) + " " + dialect.inert(entry.count)
            case .numbered:
                return dialect.inert("\(index + 1).") + " " + dialect.fit(entry.label, labelLimit) + " — " + dialect.inert(entry.count)
            }
        }
        let separator = ranking.style == .inline ? " · " : "\n"
        return keep(items, separator: separator, budget: budget, dialect: dialect, more: { dialect.inert(moreEntries($0)) }).joined(separator: separator)
    }

    /// How many of the items of `sizes` fit, in order, in `budget` and `slots` (blocks or
    /// fields): all when they can, else the first ones that leave room for a "…and N more" item
    /// of size `reserve` (and a slot for it when `moreTakesSlot`).
    static func fitting(_ sizes: [Int], budget: Int, slots: Int, reserve: Int, moreTakesSlot: Bool) -> Int {
        if sizes.count <= slots, sizes.reduce(0, +) <= budget { return sizes.count }
        let slotsLeft = moreTakesSlot ? slots - 1 : slots
        var used = 0
        var kept = 0
        for size in sizes {
            guard kept < slotsLeft, used + size + reserve <= budget else { break }
            used += size
            kept += 1
        }
        return kept
    }

    /// All of `items` when they fit in `budget` joined by `separator`; else the first ones that
    /// fit together with a last item `more(number left out)`. Items are never cut.
    static func keep(_ items: [String], separator: String, budget: Int, dialect: DigestDialect, more: (Int) -> String) -> [String] {
        let gap = dialect.length(separator)
        let sizes = items.map(dialect.length)
        let whole = sizes.reduce(0, +) + gap * max(0, items.count - 1)
        if whole <= budget { return items }
        // The longest "more" item there can be (fewer left out is never longer).
        let reserve = dialect.length(more(items.count))
        var kept: [String] = []
        var used = 0
        for (item, size) in zip(items, sizes) {
            let next = used + (kept.isEmpty ? 0 : gap) + size
            if next + gap + reserve > budget { break }
            kept.append(item)
            used = next
        }
        return kept + [more(items.count - kept.count)]
    }
}
