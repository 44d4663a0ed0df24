import ByteOutput
import Foundation
import ParallelWork
import Templates

/// Renders a conversation's transcript pages.
struct ConversationPages: Sendable {
    let options: BuildOptions
    let layout: SiteLayout
    let templates: TemplateSet
    let markup: MessageMarkup
    let base: TemplateObject
    /// Each conversation's reaction count, summed once (every page shows it), held at
    /// `Int.max`.
    let reactionTotals: [Int]
    /// What the base object was made from: each page adds its own address.
    let pageBase: PageBase

    /// Each reply's root and each root's replies and thread page.
    let threads: ThreadIndex
    /// The messages' polls, shown under their text.
    let polls: PollIndex
    /// Who has a page: authors' and reactors' names link to it.
    let people: PersonFigures

    init(
        options: BuildOptions, layout: SiteLayout, templates: TemplateSet, markup: MessageMarkup, base: PageBase, threads: ThreadIndex,
        polls: PollIndex = PollIndex(), people: PersonFigures = .none
    ) {
        self.options = options
        self.people = people
        self.threads = threads
        self.polls = polls
        self.layout = layout
        self.templates = templates
        self.markup = markup
        // Made once, with room for each page's own values.
        self.base = base.templateObject(room: 12)
        pageBase = base
        reactionTotals = layout.conversations.map { conversation in
            conversation.messages.reduce(0) { $0.addingClamped(layout.messages[$1].reactionCount) }
        }
    }

    /// Every page of every conversation, in writing order.
    var pages: [(conversation: Int, page: Int)] {
        layout.conversations.indices.flatMap { index in (1...layout.conversations[index].pageCount).map { (index, $0) } }
    }

    /// One transcript page: its path and its HTML. Safe to call from several threads.
    func render(conversation index: Int, page: Int) throws -> ParallelPages.Page {
        let conversation = layout.conversations[index]
        let bubbles = BubbleViewModel(options: options, times: markup.times, people: people)
        let slice = conversation.messages.dropFirst((page - 1) * conversation.pageSize).prefix(conversation.pageSize)
        // The base holds none of these names.
        var model = base
        model.append("pageTitle", .text(conversation.name))
        pageBase.appendAddress(of: conversation.path(page: page), to: &model)
        model.append("name", .text(conversation.name))
        model.append("platform", .text(conversation.platform.displayName))
        model.append("messageCount", .text(markup.times.locale.integer(conversation.messages.count)))
        model.append("reactionCount", .text(markup.times.locale.integer(reactionTotals[index])))
        model.append("messagesText", .text(markup.times.locale.counted(conversation.messages.count, "message")))
        model.append("reactionsText", .text(markup.times.locale.counted(reactionTotals[index], "reaction")))
        model.append("hasPages", .flag(conversation.pageCount > 1))
        model.append("pageNumber", .text(markup.times.locale.native(String(page))))
        model.append("pageCount", .text(markup.times.locale.native(String(conversation.pageCount))))
        Pagination.append(current: page, count: conversation.pageCount, locale: markup.times.locale, to: &model)
        // The first message of each day on the page opens it with the day's heading, the
        // calendar's anchor; the page says which days it covers.
        var days: [CivilDate] = []
        var messages: [TemplateValue] = []
        messages.reserveCapacity(slice.count)
        for index in slice {
            var message = messageModel(index, bubbles: bubbles)
            if let at = layout.messages[index].sentAt {
                let day = markup.times.local(at).date
                if day != days.last {
                    days.append(day)
                    message.append("dayStart", .object(dayHeading(day)))
                }
            }
            messages.append(.object(message))
        }
        if let first = days.first, let last = days.last {
            model.append("hasDates", .flag(true))
            model.append("dates", .text(markup.times.locale.dayRange(first, last)))
        }
        model.append("messages", .list(messages))
        return (conversation.path(page: page), try templates.renderHTML("conversation", model))
    }

    /// The thread page of the root at `root`: the root and its replies, in order. Safe to call
    /// from several threads.
    func render(thread root: Int) throws -> ParallelPages.Page {
        let message = layout.messages[root]
        let conversation = layout.conversation(of: message)
        let path = "conversations/\(conversation.slug)/" + (threads.fileName[root] ?? "")
        let members = [root] + (threads.replies[root] ?? [])
        let bubbles = BubbleViewModel(options: options, times: markup.times, people: people)
        var model = base
        let title = markup.excerpt(message, limit: 60)
        model.append("pageTitle", .text("Thread: " + title))
        pageBase.appendAddress(of: path, to: &model)
        model.append("title", .text(title))
        model.append("conversation", .text(conversation.name))
        model.append("platform", .text(conversation.platform.displayName))
        model.append("transcriptHref", .text("index.html"))
        model.append(
            "rootHref", .text(SiteLayout.Conversation.fileName(page: layout.page(ofMessageAt: root)) + "#" + Slug.anchor(forMessage: message.id)))
        model.append("repliesText", .text(ThreadIndex.repliesText(members.count - 1, bubbles.times.locale)))
        let days = members.compactMap { layout.messages[$0].sentAt.map { markup.times.local($0).date } }
        if let first = days.min(), let last = days.max() {
            model.append("hasDates", .flag(true))
            model.append("dates", .text(markup.times.locale.dayRange(first, last)))
        }
        model.append("messages", .list(members.map { .object(messageModel($0, bubbles: bubbles, inThread: true)) }))
        return (path, try templates.renderHTML("thread", model))
    }

    /// A day's heading in a transcript: `{id: "day-2024-04-17", date: "2024-04-17", label:
    /// "Wednesday, 2024-04-17"}`.
    func dayHeading(_ day: CivilDate) -> TemplateObject {
        ["id": .text(CalendarPages.anchor(day)), "date": .text(day.isoText), "label": .text(markup.times.locale.fullDate(day))]
    }

    /// One message's view model. In a transcript (`inThread` false) a thread's root links to
    /// its thread page with its reply count; on a thread page its replies link to it there.
    func messageModel(_ index: Int, bubbles: BubbleViewModel, inThread: Bool = false) -> TemplateObject {
        let message = layout.messages[index]
        var model = bubbles.bubbles(message.reactions, of: message.platform, room: 20)
        model.append("anchor", .text(Slug.anchor(forMessage: message.id)))
        model.append("author", .text(message.authorName ?? message.authorID ?? "unknown"))
        let authorPage = people.path(message.platform, message.authorID)
        model.append("authorHasPage", .flag(authorPage != nil))
        if let authorPage { model.append("authorHref", .text(authorPage)) }
        let poll = polls.byMessage[index]
        // A poll's text that only repeats its question (a Matrix poll's message) is shown once, in the poll.
        model.append("html", .text(poll.map { $0.question == message.text } == true ? "" : markup.html(message)))
        model.append("deleted", .flag(message.deleted))
        if let poll { model.append("poll", .object(PollViewModel.make(poll, locale: markup.times.locale, people: people))) }
        if let at = message.sentAt {
            model.append("hasTime", .flag(true))
            // A transcript's days have headings; a thread page's messages may span days.
            model.append("time", .text(inThread ? bubbles.times.display(at) : bubbles.times.clock(at)))
            model.append("timeISO", .text(bubbles.times.attribute(at)))
        }
        if !inThread, let replies = threads.replies[index], let file = threads.fileName[index] {
            model.append("hasReplies", .flag(true))
            model.append("repliesText", .text(ThreadIndex.repliesText(replies.count, bubbles.times.locale)))
            model.append("threadHref", .text(file))
        }
        // A reply in a thread, or to a message (Telegram, Discord, Matrix): `replyToID` is the
        // thread's root for the one and the message replied to for the other.
        if let parent = message.replyToID, parent != message.id {
            model.append("isReply", .flag(true))
            if let parentIndex = layout.index(of: parent, in: message), parentIndex != index {
                let parentMessage = layout.messages[parentIndex]
                // A Discord thread's own file answers a message of another conversation's folder.
                let parentFolder = layout.conversation(of: parentMessage).slug
                let folder = parentFolder == layout.conversation(of: message).slug ? "" : "../" + parentFolder + "/"
                let page = inThread ? "" : folder + SiteLayout.Conversation.fileName(page: layout.page(ofMessageAt: parentIndex))
                model.append("parentHref", .text(page + "#" + Slug.anchor(forMessage: parent)))
                model.append("parentAuthor", .text(parentMessage.authorName ?? parentMessage.authorID ?? "unknown"))
                model.append("parentExcerpt", .text(markup.excerpt(parentMessage, limit: 80)))
                if !inThread, let root = threads.root[index], let file = threads.fileName[root] {
                    let rootFolder = layout.conversation(of: layout.messages[root]).slug
                    let prefix = rootFolder == layout.conversation(of: message).slug ? "" : "../" + rootFolder + "/"
                    model.append("inThreadHref", .text(prefix + file + "#" + Slug.anchor(forMessage: message.id)))
                }
            }
        }
        return model
    }
}

/// Renders pages on every core and hands them to the writer in order, each as soon as it and
/// the pages before it are ready: the output is the same as one thread's, the writing overlaps
/// the rendering of later pages, and a page is held only until it is written.
enum ParallelPages {
    typealias Page = (path: String, html: ByteBuffer)

    /// - Parameters:
    ///   - jobs: the pages, in writing order; each only reads shared state (it builds its own
    ///     view model) and may be run on any thread.
    ///   - writer: called with one page at a time, in order (from whichever thread holds the
    ///     turn to write). The first error in page order stops the writing and is thrown.
    static func render(_ jobs: [() throws -> Page], to writer: SiteWriter) throws {
        try Concurrently.inOrder(
            jobs.count, make: { try jobs[$0]() },
            consume: { page in
                try writer.write(page.path, page.html)
            })
    }
}

/// Number formatting for pages (and the command's progress line): grouped integers, and
/// percentages and averages with a fixed number of decimals.
///
/// A percentage or an average is printed digit for digit up to a magnitude of 1,000,000,000
/// (`limit`). Beyond that, where only counts far past any real chat's take it (the ledger keeps
/// each count within 0…1,000,000,000), it reads `over 1,000,000,000` with its unit: a change
/// from 1 to 10^18 would otherwise be a 21-digit percentage, most of its digits made up by
/// `Double`. Nothing here converts a `Double` to an `Int` it does not fit.
public enum NumberText {
    /// `12,345`.
    public static func integer(_ value: Int) -> String {
        (value < 0 ? "-" : "") + integer(magnitude: value.magnitude)
    }

    /// `1 reaction`, `12,345 reactions`: a count with its noun, plural (`plural`, else the noun
    /// and `s`) for every count but one.
    public static func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        integer(count) + " " + (count == 1 ? noun : plural ?? noun + "s")
    }

    /// `12,345` for a magnitude, which holds the difference of any two `Int`s.
    static func integer(magnitude: UInt) -> String {
        let digits = String(magnitude)
        var out = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }

    /// The largest magnitude a percentage or an average is printed with all its digits.
    static let limit = 1_000_000_000.0
    /// `limit` as the figures show it.
    static let limitText = "1,000,000,000"

    /// `1.25`: two decimals, rounded half away from zero, no locale; `over 1,000,000,000`
    /// (`under -1,000,000,000`) beyond the limit, `–` for not-a-number.
    static func decimal(_ value: Double) -> String {
        guard !value.isNaN else { return "–" }
        let hundredths = (abs(value) * 100).rounded()
        guard let digits = fixedPoint(hundredths, decimals: 2) else { return (value < 0 ? "under -" : "over ") + limitText }
        return (value < 0 && hundredths > 0 ? "-" : "") + digits
    }

    /// `45.2%` for a ratio of 0.452; `over 1,000,000,000%` (`under -1,000,000,000%`) beyond
    /// the limit, `–` for not-a-number.
    static func percent(_ ratio: Double) -> String {
        guard !ratio.isNaN else { return "–" }
        let tenths = (abs(ratio) * 1000).rounded()
        guard let digits = fixedPoint(tenths, decimals: 1) else { return (ratio < 0 ? "under -" : "over ") + limitText + "%" }
        return (ratio < 0 && tenths > 0 ? "-" : "") + digits + "%"
    }

    /// A whole, non-negative number of tenths (`decimals` 1) or hundredths (2) as digits with
    /// that many decimals (`12.5`, `0.07`); nil above `limit` (and for not-a-number).
    static func fixedPoint(_ scaled: Double, decimals: Int) -> String? {
        let unit = decimals == 1 ? 10 : 100
        guard scaled <= limit * Double(unit) else { return nil }
        let whole = Int(scaled)
        return "\(whole / unit)." + pad(Int64(whole % unit), decimals)
    }
}

/// A one-line plain excerpt of message text for rankings, made from the text as people read
/// it (`MessageMarkup.readableText`); the templates escape it.
enum TextExcerpt {
    /// The text on one line, cut to at most `limit` characters (graphemes) with `…` when
    /// longer. A cut never falls inside a bare URL: it moves to before the URL, since half a URL
    /// reads as a wrong address and a whole one would overrun the line; only a URL with nothing
    /// before it is kept whole, the excerpt then being longer than `limit`.
    static func make(_ text: String, deleted: Bool, limit: Int = 140) -> String {
        // One line of printable ASCII with no space at either end is its own excerpt, and its
        // bytes are its characters (splitting by Character cost 37,000 instructions a message).
        if text.utf8.count <= limit, text.utf8.first.map({ $0 != 0x20 }) == true, text.utf8.last != 0x20,
            UTF8Bytes.allSatisfy(text, { $0 >= 0x20 && $0 < 0x7F })
        {
            return text
        }
        let flat = text.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ").trimmingWhitespace
        if flat.isEmpty { return deleted ? "(deleted message)" : "(no text)" }
        guard flat.count > limit else { return flat }
        var cut = flat.index(flat.startIndex, offsetBy: limit - 1)
        let utf8 = flat.utf8
        for url in BareURLs.byteRanges(in: flat) {
            let start = utf8.index(utf8.startIndex, offsetBy: url.lowerBound)
            let end = utf8.index(utf8.startIndex, offsetBy: url.upperBound)
            guard start < cut, cut < end else { continue }
            if flat[..<start].allSatisfy(\.isWhitespace) {
                cut = end
            } else {
                // The last grapheme boundary at or before the URL's start.
                cut = flat.indices.last { $0 <= start } ?? flat.startIndex
            }
            break
        }
        guard cut < flat.endIndex else { return flat }
        return String(flat[..<cut]).trimmingWhitespace + "…"
    }
}

/// `data/diagnostics.json`: counts per kind, the first examples and how many more there are,
/// and where the reactions of each platform's inputs went (`ReactionTally`).
enum DiagnosticsRecord {
    static func json(_ log: DiagnosticLog, tallies: [Platform?: ReactionTally] = [:]) -> String {
        let kinds = log.kinds.map { kind in
            JSONText.object([
                "kind": JSONText.quote(kind.rawValue),
                "label": JSONText.quote(kind.label),
                "count": String(log.counts[kind]!),
                "examples": JSONText.array(
                    (log.examples[kind] ?? []).map { JSONText.object(["file": JSONText.quote($0.file), "detail": JSONText.quote($0.detail)]) }),
                "more": String(log.unshown(kind))
            ])
        }
        let platforms = tallies.keys.sorted { a, b in
            switch (a, b) {
            case let (a?, b?): return a < b
            case (_?, nil): return true
            default: return false
            }
        }
        let reactions = platforms.map { platform -> String in
            let tally = tallies[platform]!
            return JSONText.object([
                "platform": platform.map { JSONText.quote($0.rawValue) } ?? "null",
                "read": String(tally.read), "counted": String(tally.counted), "diagnosed": String(tally.diagnosed),
                "removed": String(tally.removed), "leftOut": String(tally.leftOut)
            ])
        }
        return JSONText.object(["total": String(log.total), "diagnostics": JSONText.array(kinds), "reactions": JSONText.array(reactions)]) + "\n"
    }
}
