import ByteOutput
import Templates

/// The people pages: one a person (`people/<slug>.html`, `PersonFigures`) and their index
/// (`people/index.html`). Each page is made from its person's figures alone, on any thread.
struct PersonPages: Sendable {
    let figures: PersonFigures
    let layout: SiteLayout
    let templates: TemplateSet
    let markup: MessageMarkup
    let pageBase: PageBase
    /// The base object, made once, with room for each page's own values.
    let base: TemplateObject

    init(figures: PersonFigures, layout: SiteLayout, templates: TemplateSet, markup: MessageMarkup, base: PageBase) {
        self.figures = figures
        self.layout = layout
        self.templates = templates
        self.markup = markup
        pageBase = base
        self.base = base.templateObject(room: 24)
    }

    static let indexPath = "people/index.html"

    /// How numbers are written: the report's locale.
    var locale: LocaleFormat { markup.times.locale }

    /// The index and every person's page, in writing order.
    var jobs: [() throws -> ParallelPages.Page] {
        guard !figures.people.isEmpty else { return [] }
        return [{ try renderIndex() }] + figures.people.indices.map { person in { try render(person: person) } }
    }

    /// The people, by name (ignoring case), platform and id, with their figures.
    func renderIndex() throws -> ParallelPages.Page {
        var model = base
        model.append("pageTitle", .text("People"))
        pageBase.appendAddress(of: Self.indexPath, to: &model)
        let people = figures.people
        let order = people.indices.sorted { a, b in
            let (na, nb) = (people[a].name.lowercased(), people[b].name.lowercased())
            return na != nb ? UTF8Bytes.precedes(na, nb) : a < b
        }
        model.append("peopleText", .text(locale.counted(people.count, "person", plural: "people")))
        model.append(
            "people",
            .list(
                order.map { index -> TemplateValue in
                    let person = people[index]
                    return .object([
                        "name": .text(person.name), "href": .text(person.fileName), "platform": .text(person.platform.displayName),
                        "bot": .flag(person.bot), "messages": .text(locale.integer(person.messages)),
                        "given": .text(locale.integer(person.reactionsGiven)), "received": .text(locale.integer(person.reactionsReceived))
                    ])
                }))
        return (Self.indexPath, try templates.renderHTML("people", model))
    }

    /// One person's page.
    func render(person number: Int) throws -> ParallelPages.Page {
        let person = figures.people[number]
        let path = "people/" + person.fileName
        var model = base
        model.append("pageTitle", .text(person.name))
        pageBase.appendAddress(of: path, to: &model)
        model.append("name", .text(person.name))
        model.append("id", .text(person.id))
        model.append("platform", .text(person.platform.displayName))
        model.append("bot", .flag(person.bot))
        model.append("messagesText", .text(locale.counted(person.messages, "message")))
        model.append("givenText", .text(locale.counted(person.reactionsGiven, "reaction")))
        model.append("receivedText", .text(locale.counted(person.reactionsReceived, "reaction")))
        if let first = person.firstActive, let last = person.lastActive {
            model.append("hasActivity", .flag(true))
            model.append("first", .text(markup.times.display(first)))
            model.append("firstISO", .text(markup.times.attribute(first)))
            model.append("last", .text(markup.times.display(last)))
            model.append("lastISO", .text(markup.times.attribute(last)))
        }
        model.append("emojiGiven", .list(person.emojiGiven.map { emoji($0, total: person.reactionsGiven) }))
        model.append("emojiReceived", .list(person.emojiReceived.map { emoji($0, total: person.reactionsReceived) }))
        model.append("hasEmojiGiven", .flag(!person.emojiGiven.isEmpty))
        model.append("hasEmojiReceived", .flag(!person.emojiReceived.isEmpty))
        model.append("reactsTo", .list(person.reactsTo.map(other)))
        model.append("reactedToBy", .list(person.reactedToBy.map(other)))
        model.append("hasReactsTo", .flag(!person.reactsTo.isEmpty))
        model.append("hasReactedToBy", .flag(!person.reactedToBy.isEmpty))
        model.append("mostReacted", .list(person.mostReacted.map(message)))
        model.append("latest", .list(person.latest.map(message)))
        model.append("hasMessages", .flag(!person.latest.isEmpty))
        model.append("hasMostReacted", .flag(!person.mostReacted.isEmpty))
        model.append("mostReactedText", .text(shownText(person.mostReacted.count, of: person.messages, "most reacted first")))
        model.append("latestText", .text(shownText(person.latest.count, of: person.messages, "latest first")))
        model.append("conversations", .list(person.conversations.map(conversation)))
        return (path, try templates.renderHTML("person", model))
    }

    /// "The 5 of 1,234 messages, latest first", "The only message", "All 3 messages, latest first".
    func shownText(_ shown: Int, of total: Int, _ order: String) -> String {
        if total == 1 { return "The only message." }
        if shown == total { return "All \(locale.counted(total, "message")), \(order)." }
        return "\(locale.integer(shown)) of \(locale.counted(total, "message")), \(order)."
    }

    private func emoji(_ use: (emoji: Emoji, count: Int), total: Int) -> TemplateValue {
        .object(EmojiUseModel(Overview.EmojiUse(emoji: use.emoji, count: use.count), total: total, locale: locale).templateValue)
    }

    private func other(_ entry: (person: Int, count: Int)) -> TemplateValue {
        let person = figures.people[entry.person]
        return .object([
            "name": .text(person.name), "href": .text(person.fileName), "platform": .text(person.platform.displayName),
            "count": .text(locale.integer(entry.count))
        ])
    }

    private func message(_ index: Int) -> TemplateValue {
        let message = layout.messages[index]
        var object: TemplateObject = [
            "href": .text(layout.link(toMessageAt: index)), "excerpt": .text(markup.excerpt(message, limit: 120)),
            "conversation": .text(layout.conversation(of: message).name),
            "reactionsText": .text(locale.counted(message.reactionCount, "reaction"))
        ]
        if let at = message.sentAt {
            object.append("hasTime", .flag(true))
            object.append("time", .text(markup.times.display(at)))
            object.append("timeISO", .text(markup.times.attribute(at)))
        } else {
            object.append("hasTime", .flag(false))
        }
        return .object(object)
    }

    private func conversation(_ entry: (conversation: Int, messages: Int, reactions: Int)) -> TemplateValue {
        let conversation = layout.conversations[entry.conversation]
        return .object([
            "name": .text(conversation.name), "href": .text(conversation.path(page: 1)), "platform": .text(conversation.platform.displayName),
            "messages": .text(locale.integer(entry.messages)), "reactions": .text(locale.integer(entry.reactions))
        ])
    }
}
