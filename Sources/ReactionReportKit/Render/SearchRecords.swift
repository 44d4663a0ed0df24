import ByteOutput

/// One message as the search index holds it: Pagefind's custom record. Its address is the
/// message's anchor on its transcript page, its content the message's plain text (never HTML:
/// Pagefind escapes what it shows of it), and its filters say which conversation, author,
/// emoji and week it belongs to, so that a filter narrows the results to exactly its messages.
struct SearchRecord: Equatable, Sendable {
    /// The message's anchor on its transcript page, from the site's root
    /// (`conversations/general/page-2.html#m-1712`).
    var url: String
    /// The text people read, markup resolved (`MessageMarkup.readableText`).
    var content: String
    /// The result's heading: `Ada in general, 2024-04-17 09:30`.
    var title: String
    /// The conversation's name.
    var conversation: String
    /// The author's name (their id when the export names none).
    var author: String
    /// The emoji the message got, in the order of its bubbles.
    var emoji: [String]
    /// The ISO week the message was sent in (`2024-W16`), in the report's time zone; empty
    /// for a message without a time.
    var week: String

    /// The record in the service's `AddRecord` shape, for the index `index`. Filter values
    /// are HTML-escaped: Pagefind's search box writes them into its filter labels as HTML (its
    /// titles and the text it indexes it treats as text).
    func json(index: Int) -> String {
        func values(_ values: [String]) -> String { JSONText.array(values.map { JSONText.quote(Self.html($0)) }) }
        var filters: [(String, String)] = [("conversation", values([conversation])), ("author", values([author]))]
        if !emoji.isEmpty { filters.append(("emoji", values(emoji))) }
        if !week.isEmpty { filters.append(("week", values([week]))) }
        return JSONText.object([
            ("type", JSONText.quote("AddRecord")), ("index_id", String(index)), ("url", JSONText.quote(url)),
            ("content", JSONText.quote(content)), ("language", JSONText.quote(SearchRecords.language)),
            ("meta", JSONText.object([("title", JSONText.quote(title))])), ("filters", JSONText.object(filters))
        ])
    }
}

extension SearchRecord {
    /// `text` as HTML text: `&`, `<`, `>` and `"` as entities.
    static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Every message of the site as a search record, in the site's order.
struct SearchRecords {
    /// The language every record is indexed in: one index for the whole site, whatever the
    /// messages' languages (Pagefind splits words and stems by it).
    static let language = "en"
    /// The folder of the site that holds the index and Pagefind's scripts.
    static let folder = "pagefind"
    /// The search page's own script and style, under `assets/`, written only with it: the
    /// script starts Pagefind's search box where the page is served over http(s).
    static let assets: Set<String> = ["search.js", "search.css"]

    let layout: SiteLayout
    let markup: MessageMarkup
    let calendar: WeekCalendar

    /// The record of the message at `index` of the layout.
    func record(_ index: Int) -> SearchRecord {
        let message = layout.messages[index]
        let conversation = layout.conversation(of: message).name
        let author = message.authorName ?? message.authorID ?? "unknown"
        var title = author + " in " + conversation
        if let at = message.sentAt { title += ", " + markup.times.display(at) }
        return SearchRecord(
            url: layout.link(toMessageAt: index), content: markup.readableText(message), title: title, conversation: conversation,
            author: author, emoji: message.reactions.map(\.emoji.display),
            week: message.sentAt.map { calendar.week(of: $0).description } ?? "")
    }

    /// How many records there are.
    var count: Int { layout.messages.count }

    /// Indexes every record with `pagefind` into the site's `pagefind/` folder.
    func write(to writer: SiteWriter, pagefind: Pagefind) throws {
        _ = try writer.adopt(folder: Self.folder) { path in
            try pagefind.index(count: count, record: { record($0).json(index: $1) }, into: path)
        }
    }
}
