/// What a week's digest says, as plain values: the title, the headline figures with their
/// change, the top messages, the rankings and the way to the full report. Made from the week's
/// report model (`WeekReportModel`), so a figure row or a ranking added to the report is one more
/// element here, and the writers (`SlackDigest`, `DiscordDigest`, `TextDigest`) lay out whatever
/// figures and rankings they are given without knowing what they are.
///
/// Every text here is as people read it, not escaped: the writers make all of it inert for
/// their platform (`DigestDialect`), whether it came from an export or from us.
struct DigestContent: Sendable, Equatable {
    /// A headline figure: `Messages`, `4`, `▲ 2 (+100.0%)` (`ChangeText`'s wording, as in the report).
    struct Figure: Sendable, Equatable {
        var label: String
        var value: String
        var change: String
    }

    /// One of the week's top messages.
    struct Message: Sendable, Equatable {
        var rank: Int
        /// One line of its text (`TextExcerpt`), `(no text)` or `(deleted message)`.
        var excerpt: String
        var author: String
        var conversation: String
        /// Its reactions, exact counts: `👍 4 · ❤️ 2`.
        var reactions: String
        /// Its anchor on its transcript page, absolute; nil without `baseURL`.
        var link: String?
    }

    /// A ranking: a title and its entries, best first.
    struct Ranking: Sendable, Equatable {
        enum Style: Sendable, Equatable {
            /// One line: `👍 4 · 🔥 1`.
            case inline
            /// One numbered line per entry: `1. Ada Okafor — 5`.
            case numbered
        }

        var title: String
        var style: Style
        var entries: [Entry]
        /// Said when there are no entries.
        var empty: String
    }

    /// An entry of a ranking: `Ada Okafor`, `5`.
    struct Entry: Sendable, Equatable {
        var label: String
        var count: String
    }

    var siteTitle: String
    /// `2026-W13`.
    var week: String
    /// `2026-03-23 to 2026-03-29`.
    var range: String
    var timezone: String
    /// Why the week is not compared with the week before (it or that week is partial), said
    /// under the dates; nil when it is.
    var note: String?
    var figures: [Figure]
    var topMessages: [Message]
    /// Top emoji, top reactors, top receivers, in that order.
    var rankings: [Ranking]
    /// The full report's page, absolute; nil without `baseURL`.
    var reportLink: String?
    /// The full report's path in the site (`weeks/2026-W13/index.html`), named when there is no link.
    var reportPath: String

    /// How many of the week's unanswered questions a digest names.
    static let unansweredShown = 3

    /// `Golden fixture · Week 2026-W13`.
    var title: String { "\(siteTitle) · Week \(week)" }

    /// The digest of the week `model` reports.
    /// - Parameter linked: the site has a `baseURL`, so the model's Markdown links are absolute
    ///   and can be followed from a chat app; without one, the digest has no links (a relative
    ///   link means nothing in Slack or Discord) and names the report's path instead.
    init(_ model: WeekReportModel, linked: Bool) {
        siteTitle = model.base.siteTitle
        week = model.week
        range = model.range
        timezone = model.timezone
        note = model.partialNote
        figures = (model.figures + model.responsiveness + model.participation + model.mood).filter(\.inDigest).map {
            Figure(label: $0.label, value: $0.value, change: $0.change.text)
        }
        topMessages = model.topMessages.map { message in
            Message(
                rank: message.rank, excerpt: message.excerpt, author: message.author, conversation: message.conversation,
                reactions: message.reactions.map { "\($0.emoji.display) \(model.locale.integer($0.count))" }.joined(separator: " · "),
                link: linked ? message.link : nil)
        }
        func person(_ row: WeekReportModel.PersonRow) -> Entry {
            Entry(label: row.showPlatform ? "\(row.name) (\(row.platform))" : row.name, count: row.count)
        }
        rankings = [
            Ranking(
                title: "Top emoji", style: .inline, entries: model.topEmoji.map { Entry(label: $0.display, count: $0.count) },
                empty: "No reactions this week."),
            Ranking(title: "Top reactors", style: .numbered, entries: model.topReactors.map(person), empty: "No listed reactors this week."),
            Ranking(title: "Top receivers", style: .numbered, entries: model.topReceivers.map(person), empty: "Nobody's messages got reactions this week."),
            Ranking(
                title: "Who reacts to whom", style: .numbered,
                entries: model.topPairs.map { pair in
                    Entry(label: "\(pair.reactor) → \(pair.author)" + (pair.showPlatform ? " (\(pair.platform))" : ""), count: pair.count)
                }, empty: "Nobody reacted to someone else's message this week."),
            Ranking(
                title: "Unanswered questions", style: .numbered,
                entries: model.unanswered.prefix(Self.unansweredShown).map { question in
                    Entry(label: question.excerpt, count: "\(question.author) in \(question.conversation)")
                }, empty: "No question went unanswered this week.")
        ]
        // Groups, where the configuration has them: reactions with their change, one line each.
        if !model.groups.isEmpty {
            rankings.append(
                Ranking(
                    title: "Groups", style: .numbered,
                    entries: model.groups.map { group in
                        Entry(
                            label: "\(group.name) (\(group.messages) message\(group.messages == "1" ? "" : "s"))",
                            count: "\(group.reactions) reaction\(group.reactions == "1" ? "" : "s"), \(group.reactionsChange.text)")
                    }, empty: ""))
        }
        reportLink = linked ? model.htmlLink : nil
        reportPath = String(model.htmlHref.dropFirst(model.base.root.count))
    }

    /// A digest from its parts (for tests and for digests made outside a site build).
    init(
        siteTitle: String, week: String, range: String, timezone: String, note: String? = nil, figures: [Figure], topMessages: [Message],
        rankings: [Ranking], reportLink: String?, reportPath: String
    ) {
        self.siteTitle = siteTitle
        self.week = week
        self.range = range
        self.timezone = timezone
        self.note = note
        self.figures = figures
        self.topMessages = topMessages
        self.rankings = rankings
        self.reportLink = reportLink
        self.reportPath = reportPath
    }
}
