/// Turns the ledger's result into the site: view models fed to templates, data files, and the
/// assets, handed one file at a time to a `SiteWriter`.
public struct SiteRenderer {
    public var options: BuildOptions
    public var templates: TemplateSet
    /// A phrase naming the inputs, for page footers ("3 files").
    public var inputSummary: String

    public init(options: BuildOptions, templates: TemplateSet, inputSummary: String) {
        self.options = options
        self.templates = templates
        self.inputSummary = inputSummary
    }

    /// Writes every output file for `result`.
    public func render(_ result: LedgerResult, to writer: SiteWriter) throws {
        let messages = result.messages.map { message -> MessageSummary in
            var ordered = message
            ordered.reactions.sort(by: options.reactionOrder.areInIncreasingOrder)
            return ordered
        }
        let layout = SiteLayout(messages: messages, conversations: result.conversations, pageSize: options.pageSize)
        let overview = Overview(messages: messages, topN: options.topN)
        var conversationNames: [Platform: [String: String]] = [:]
        for conversation in result.conversations { conversationNames[conversation.platform, default: [:]][conversation.id] = conversation.name }
        let markup = MessageMarkup(people: result.people, conversations: conversationNames)

        if options.formats.contains(.json) {
            var lines = ""
            for message in messages {
                lines += MessageRecord.line(message, reactions: message.reactions)
                lines += "\n"
            }
            try writer.write("data/messages.jsonl", lines)
            try writer.write("data/diagnostics.json", DiagnosticsRecord.json(result.diagnostics))
        }
        if options.formats.contains(.html) {
            for (name, text) in templates.assets.sorted(by: { $0.key < $1.key }) {
                try writer.write("assets/" + name, text)
            }
            let pages = ConversationPages(options: options, layout: layout, templates: templates, markup: markup, base: pageBase(root: "../../"))
            for conversation in layout.conversations {
                try pages.render(conversation, to: writer)
            }
            try writer.write("index.html", try templates.renderHTML("index", indexModel(overview, messages, layout, result.diagnostics, markup: markup, root: "")))
        }
        if options.formats.contains(.markdown) {
            try writer.write("summary.md", try templates.renderMarkdown("summary", indexModel(overview, messages, layout, result.diagnostics, markup: markup, root: "")))
        }
    }

    func pageBase(root: String) -> [String: Any] {
        ["siteTitle": options.title, "root": root, "inputSummary": inputSummary]
    }

    func indexModel(_ overview: Overview, _ messages: [MessageSummary], _ layout: SiteLayout, _ diagnostics: DiagnosticLog, markup: MessageMarkup, root: String) -> [String: Any] {
        let bubbles = BubbleViewModel(options: options)
        var model = pageBase(root: root)
        model["pageTitle"] = "Overview"
        if let first = overview.firstMessageAt, let last = overview.lastMessageAt {
            model["period"] = "Messages from \(TimeText.day(first)) to \(TimeText.day(last))"
        } else {
            model["period"] = "No dated messages"
        }
        let rate = overview.messages == 0 ? 0 : Double(overview.reactedMessages) / Double(overview.messages)
        model["totals"] = [
            ["label": "Messages", "value": NumberText.integer(overview.messages)],
            ["label": "Reacted messages", "value": NumberText.integer(overview.reactedMessages)],
            ["label": "Reaction rate", "value": NumberText.percent(rate)],
            ["label": "Reactions", "value": NumberText.integer(overview.reactions)],
            ["label": "Reactors", "value": NumberText.integer(overview.reactors)],
            ["label": "Posters", "value": NumberText.integer(overview.posters)],
            ["label": "Conversations", "value": NumberText.integer(overview.conversations.count)],
        ]
        model["hasTopMessages"] = !overview.topMessages.isEmpty
        model["topMessages"] = overview.topMessages.enumerated().map { rank, index -> [String: Any] in
            let message = messages[index]
            var entry = bubbles.bubbles(message.reactions)
            let conversation = layout.conversation(of: message)
            entry["rank"] = rank + 1
            entry["author"] = message.authorName ?? message.authorID ?? "unknown"
            entry["conversation"] = message.conversationName
            entry["conversationHref"] = root + conversation.path(page: 1)
            entry["href"] = root + layout.link(to: message)
            entry["link"] = link(layout.link(to: message))
            entry["excerpt"] = TextExcerpt.make(message.text, deleted: message.deleted)
            entry["html"] = CommonMark.html(markup.commonMark(message))
            entry["reactionCount"] = message.reactionCount
            entry["bubblesText"] = bubbles.plainText(message.reactions)
            if let at = message.sentAt {
                entry["hasTime"] = true
                entry["time"] = TimeText.display(at)
                entry["timeISO"] = at.rfc3339
            }
            return entry
        }
        model["hasTopEmoji"] = !overview.topEmoji.isEmpty
        model["topEmoji"] = overview.topEmoji.map { use -> [String: Any] in
            var entry: [String: Any] = ["display": use.emoji.display, "name": use.emoji.name ?? use.emoji.key, "count": NumberText.integer(use.count),
                                        "share": NumberText.percent(overview.reactions == 0 ? 0 : Double(use.count) / Double(overview.reactions))]
            if let image = use.emoji.image, URLPolicy.isSafeImage(image) {
                entry["hasImage"] = true
                entry["image"] = image
            }
            return entry
        }
        model["conversations"] = overview.conversations.map { totals -> [String: Any] in
            let conversation = layout.conversation(platform: totals.platform, id: totals.id)
            return ["name": totals.name, "platform": totals.platform.displayName, "href": root + conversation.path(page: 1),
                    "link": link(conversation.path(page: 1)), "messages": NumberText.integer(totals.messages),
                    "reactedMessages": NumberText.integer(totals.reactedMessages), "reactions": NumberText.integer(totals.reactions)]
        }
        model["hasDiagnostics"] = diagnostics.total > 0
        model["diagnostics"] = diagnostics.kinds.map { ["label": $0.label, "count": NumberText.integer(diagnostics.counts[$0]!)] }
        return model
    }

    /// A link from Markdown: absolute under `baseURL` when set, else relative to the output folder.
    func link(_ path: String) -> String {
        guard let base = options.baseURL else { return path }
        return (base.hasSuffix("/") ? base : base + "/") + path
    }
}
