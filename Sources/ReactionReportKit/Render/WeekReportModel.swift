import Templates

/// A weekly engagement report (`weeks/<week>/index.html` and `weeks/<week>/report.md`, one
/// model for both): the week's figures against the week before, its rankings and its
/// conversations. Made by `WeeklyPages`.
struct WeekReportModel: TemplateRepresentable {
    /// Another week's report, as the links to it name it.
    struct WeekLink {
        /// `2026-W46`.
        var week: String
        /// Its page, from this one.
        var href: String
        /// Its page, for Markdown: absolute under `baseURL`.
        var link: String
        /// The weeks without a report between it and this one, in words; nil when there are none.
        var gap: String? = nil
    }

    /// What the navigation shows on one side: the nearest week with a report (across any gap),
    /// or, at an end of the report, only the gap.
    enum Neighbour {
        case week(WeekLink)
        case gap(String)

        /// The week with a report, if there is one.
        var week: WeekLink? {
            if case .week(let link) = self { return link }
            return nil
        }

        /// The weeks without a report on this side, in words.
        var gap: String? {
            switch self {
            case .week(let link): return link.gap
            case .gap(let text): return text
            }
        }
    }

    /// A row of the figures table.
    struct FigureRow: TemplateRepresentable {
        var label: String
        var value: String
        /// The week before's value (`–` when there is none).
        var previous: String
        var change: FigureChange
        /// The digests show the row too.
        var inDigest = true

        var templateValue: TemplateObject {
            ["label": .text(label), "value": .text(value), "previous": .text(previous), "change": .object(change.templateValue)]
        }
    }

    /// A person among the top reactors or receivers.
    struct PersonRow: TemplateRepresentable {
        /// The place in the ranking, in the locale's digits.
        var rank: String
        var name: String
        var platform: String
        /// The report covers several platforms.
        var showPlatform: Bool
        var count: String
        /// The person's page from the site's root, when they have one.
        var href: String?

        var templateValue: TemplateObject {
            [
                "rank": .text(rank), "name": .text(name), "platform": .text(platform), "showPlatform": .flag(showPlatform), "count": .text(count),
                "hasPage": .flag(href != nil), "href": .text(href ?? "")
            ]
        }
    }

    /// Who reacts to whom: a pair among the week's top pairs.
    struct PairRow: TemplateRepresentable {
        /// The place in the ranking, in the locale's digits.
        var rank: String
        var reactor: String
        var author: String
        var platform: String
        /// The report covers several platforms.
        var showPlatform: Bool
        var count: String
        /// The two people's pages from the site's root, when they have them.
        var reactorHref: String?
        var authorHref: String?

        var templateValue: TemplateObject {
            [
                "rank": .text(rank), "reactor": .text(reactor), "author": .text(author), "platform": .text(platform),
                "showPlatform": .flag(showPlatform), "count": .text(count), "reactorHasPage": .flag(reactorHref != nil),
                "reactorHref": .text(reactorHref ?? ""), "authorHasPage": .flag(authorHref != nil), "authorHref": .text(authorHref ?? "")
            ]
        }
    }

    /// A configured group's figures this week, with its change in reactions.
    struct GroupRow: TemplateRepresentable {
        var name: String
        var messages, rate, reactions, reactors, replies, medianReply: String
        var reactionsChange: FigureChange

        var templateValue: TemplateObject {
            [
                "name": .text(name), "messages": .text(messages), "rate": .text(rate), "reactions": .text(reactions), "reactors": .text(reactors),
                "replies": .text(replies), "medianReply": .text(medianReply), "reactionsChange": .object(reactionsChange.templateValue)
            ]
        }
    }

    /// A conversation's figures this week, with its change in reactions.
    struct ConversationRow: TemplateRepresentable {
        var name: String
        var platform: String
        var messages, reactedMessages, rate, reactions, reactors: String
        var reactionsChange: FigureChange
        /// Its first transcript page, and its Markdown link; nil for a conversation the site
        /// has no pages of.
        var page: (href: String, link: String)?

        var templateValue: TemplateObject {
            var object = TemplateObject(capacity: 11)
            object.append("name", .text(name))
            object.append("platform", .text(platform))
            object.append("messages", .text(messages))
            object.append("reactedMessages", .text(reactedMessages))
            object.append("rate", .text(rate))
            object.append("reactions", .text(reactions))
            object.append("reactors", .text(reactors))
            object.append("reactionsChange", .object(reactionsChange.templateValue))
            if let page {
                object.append("hasHref", .flag(true))
                object.append("href", .text(page.href))
                object.append("link", .text(page.link))
            }
            return object
        }
    }

    var base: PageBase
    var week: String
    /// `Week 2026-W47`.
    var pageTitle: String
    /// `2026-11-16 to 2026-11-22`.
    var range: String
    /// The time zone the week is counted in.
    var timezone: String
    /// The week's start, in that time zone.
    var startISO: String
    /// This report's own pages, from itself (and for Markdown).
    var htmlHref, htmlLink, markdownHref: String
    var previous: Neighbour?
    var next: Neighbour?
    var figures: [FigureRow]
    /// The responsiveness table's rows, the rules they follow, and the questions with no
    /// answer (at most `WeeklyReport.unansweredListed`, oldest first; `unansweredCount` all).
    var responsiveness: [FigureRow] = []
    var responseRule = ""
    /// The participation table's rows and the rules they follow.
    var participation: [FigureRow] = []
    var participationRule = ""
    /// The mood table's rows, and the messages whose reactions disagree most.
    var mood: [FigureRow] = []
    var disagreements: [TopMessageModel] = []
    var unanswered: [TopMessageModel] = []
    var unansweredCount = 0
    /// Why the week is not compared with the week before, when it or that week is partial.
    var partialNote: String?
    /// No messages were sent in the week.
    var quiet: Bool
    var topMessages: [TopMessageModel]
    var topEmoji: [EmojiUseModel]
    var palette: [EmojiUseModel]
    /// Reactions with emoji off the palette: how many, their share, and which emoji.
    var hasOffPalette: Bool
    var offPaletteCount, offPaletteShare: String
    var offPalette: [EmojiUseModel]
    var topReactors: [PersonRow]
    var topReceivers: [PersonRow]
    var topPairs: [PairRow]
    /// The report has replies: the reply figures and columns are shown.
    var showReplies: Bool
    var groups: [GroupRow]
    var conversations: [ConversationRow]
    /// How the week's dates and numbers are written (the digests' counts too).
    var locale = LocaleFormat.standard

    var templateValue: TemplateObject {
        var object = base.templateObject(room: 58)
        base.appendAddress(of: String(htmlHref.dropFirst(base.root.count)), to: &object)
        // The report's own time zone, in place of the base's (the two are the same calendar's).
        object["timezone"] = .text(timezone)
        object.append("week", .text(week))
        object.append("pageTitle", .text(pageTitle))
        object.append("range", .text(range))
        object.append("startISO", .text(startISO))
        object.append("htmlHref", .text(htmlHref))
        object.append("htmlLink", .text(htmlLink))
        object.append("markdownHref", .text(markdownHref))
        object.append("hasPrevious", .flag(previous?.week != nil))
        if let previous = previous?.week {
            object.append("previousWeek", .text(previous.week))
            object.append("previousHref", .text(previous.href))
            object.append("previousLink", .text(previous.link))
        }
        object.append("hasPreviousGap", .flag(previous?.gap != nil))
        object.append("previousGap", .text(previous?.gap ?? ""))
        object.append("hasNext", .flag(next?.week != nil))
        if let next = next?.week {
            object.append("nextWeek", .text(next.week))
            object.append("nextHref", .text(next.href))
            object.append("nextLink", .text(next.link))
        }
        object.append("hasNextGap", .flag(next?.gap != nil))
        object.append("nextGap", .text(next?.gap ?? ""))
        object.append("figures", figures.templateList)
        object.append("responsiveness", responsiveness.templateList)
        object.append("responseRule", .text(responseRule))
        object.append("participation", participation.templateList)
        object.append("participationRule", .text(participationRule))
        object.append("mood", mood.templateList)
        object.append("hasDisagreements", .flag(!disagreements.isEmpty))
        object.append("disagreements", disagreements.templateList)
        object.append("hasUnanswered", .flag(!unanswered.isEmpty))
        object.append("unanswered", unanswered.templateList)
        let more = unansweredCount - unanswered.count
        object.append("hasUnansweredMore", .flag(more > 0))
        object.append("unansweredMore", .text("… and " + locale.counted(more, "more question") + " with no answer."))
        object.append("hasPartialNote", .flag(partialNote != nil))
        object.append("partialNote", .text(partialNote ?? ""))
        object.append("quiet", .flag(quiet))
        appendRankings(to: &object)
        object.append("showReplies", .flag(showReplies))
        object.append("hasGroups", .flag(!groups.isEmpty))
        object.append("groups", groups.templateList)
        object.append("hasConversations", .flag(!conversations.isEmpty))
        object.append("conversations", conversations.templateList)
        return object
    }

    /// The top messages, emoji, palette, reactors and receivers, each list with its `has…` flag.
    private func appendRankings(to object: inout TemplateObject) {
        object.append("hasTopMessages", .flag(!topMessages.isEmpty))
        object.append("topMessages", topMessages.templateList)
        object.append("hasTopEmoji", .flag(!topEmoji.isEmpty))
        object.append("topEmoji", topEmoji.templateList)
        object.append("hasPalette", .flag(!palette.isEmpty))
        object.append("palette", palette.templateList)
        object.append("hasOffPalette", .flag(hasOffPalette))
        object.append("offPaletteCount", .text(offPaletteCount))
        object.append("offPaletteShare", .text(offPaletteShare))
        object.append("offPalette", offPalette.templateList)
        object.append("hasTopReactors", .flag(!topReactors.isEmpty))
        object.append("topReactors", topReactors.templateList)
        object.append("hasTopReceivers", .flag(!topReceivers.isEmpty))
        object.append("topReceivers", topReceivers.templateList)
        object.append("hasTopPairs", .flag(!topPairs.isEmpty))
        object.append("topPairs", topPairs.templateList)
    }
}
