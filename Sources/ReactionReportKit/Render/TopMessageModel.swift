import Templates

/// A message in a ranking (the overview's and each week's top messages): its bubbles, excerpt,
/// rendered text and a link to its anchor.
struct TopMessageModel: TemplateRepresentable {
    /// From 1.
    var rank: Int
    /// `rank` in the locale's digits.
    var rankText: String
    var author: String
    /// The author's page from the site's root, when they have one.
    var authorHref: String?
    var platform: Platform
    var conversation: String
    /// The conversation's first page.
    var conversationHref: String
    /// The message on its transcript page.
    var href: String
    /// `href` for Markdown: absolute under `baseURL`.
    var link: String
    /// One plain line of the text, for the Markdown table.
    var excerpt: String
    var html: String
    var reactionCount: String
    /// `1 reaction`, `4 reactions`.
    var reactionsText: String
    /// The bubbles as text (`👍 4 · ❤️ 2`), for the Markdown table.
    var bubblesText: String
    /// When the message was sent, shown and as a `datetime` attribute.
    var time: (display: String, iso: String)?
    var reactions: ReactionList
    var bubbles: BubbleViewModel

    /// The message at `index` of the layout, ranked `rank`.
    /// - Parameters:
    ///   - root: the relative path from the page to the site root.
    ///   - link: `link(path, root)`: a Markdown link, absolute under `baseURL`, else relative.
    init(
        rank: Int, messageAt index: Int, layout: SiteLayout, markup: MessageMarkup, bubbles: BubbleViewModel,
        root: String, link: (String, String) -> String
    ) {
        let message = layout.messages[index]
        self.rank = rank
        rankText = markup.times.locale.native(String(rank))
        author = message.authorName ?? message.authorID ?? "unknown"
        authorHref = bubbles.people.path(message.platform, message.authorID)
        platform = message.platform
        conversation = message.conversationName
        conversationHref = root + layout.conversation(of: message).path(page: 1)
        href = root + layout.link(toMessageAt: index)
        self.link = link(layout.link(toMessageAt: index), root)
        excerpt = markup.excerpt(message)
        html = markup.rankingHTML(message)
        reactionCount = bubbles.times.locale.integer(message.reactionCount)
        reactionsText = bubbles.times.locale.counted(message.reactionCount, "reaction")
        bubblesText = bubbles.plainText(message.reactions)
        time = message.sentAt.map { (bubbles.times.display($0), bubbles.times.attribute($0)) }
        reactions = message.reactions
        self.bubbles = bubbles
    }

    var templateValue: TemplateObject {
        var object = bubbles.bubbles(reactions, of: platform, room: 15)
        object.append("rank", .text(rankText))
        object.append("author", .text(author))
        object.append("authorHasPage", .flag(authorHref != nil))
        if let authorHref { object.append("authorHref", .text(authorHref)) }
        object.append("conversation", .text(conversation))
        object.append("conversationHref", .text(conversationHref))
        object.append("href", .text(href))
        object.append("link", .text(link))
        object.append("excerpt", .text(excerpt))
        object.append("html", .text(html))
        object.append("reactionCount", .text(reactionCount))
        object.append("reactionsText", .text(reactionsText))
        object.append("bubblesText", .text(bubblesText))
        if let time {
            object.append("hasTime", .flag(true))
            object.append("time", .text(time.display))
            object.append("timeISO", .text(time.iso))
        }
        return object
    }
}
