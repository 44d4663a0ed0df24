/// `weeks/<week>/digest.slack.json`: a Block Kit message for a Slack incoming webhook,
/// `{"text": fallback, "blocks": [header, context, section(fields)…, divider, section…, context]}`.
///
/// Slack's limits, as its references give them (docs.slack.dev, formerly api.slack.com):
/// - at most 50 blocks in a message (reference/block-kit/blocks: "You can include up to 50
///   blocks in each message");
/// - a section's text at most 3,000 characters; its `fields` at most 10, each at most 2,000
///   (reference/block-kit/blocks/section-block); any text object at most 3,000, at least 1
///   (reference/block-kit/composition-objects/text-object);
/// - a header's `plain_text` at most 150 characters (reference/block-kit/blocks/header-block);
/// - a context block at most 10 elements (reference/block-kit/blocks/context-block);
/// - the message's top-level `text` is truncated past 40,000 characters (changelog 2018-04,
///   "truncating really long messages").
/// Besides these, Slack refuses messages whose blocks together hold too much text
/// (`msg_blocks_too_long`), a limit it does not document: reported at about 13,200 characters of
/// text (github.com/slackapi/bolt-js/issues/2509, where a maintainer spoke of "12,000 text
/// characters with a buffer for block containers") and at 11,341 (bolt-js#2867). The digest
/// keeps all its block text within `textBudget`, well under both.
///
/// Text is counted in UTF-16 code units (`DigestDialect.length`). Every mrkdwn text object is
/// sent with `"verbatim": true` and all text is escaped by `DigestDialect.slack`; the only
/// markup is ours: `*bold*` around our own labels and `<url|label>` links to the site, which
/// are never cut (a link too long for its block is left out whole).
enum SlackDigest {
    static let maxBlocks = 50
    static let sectionTextLimit = 3_000
    static let fieldLimit = 2_000
    static let fieldsPerSection = 10
    static let headerLimit = 150
    static let contextElements = 10
    static let fallbackLimit = 40_000
    /// All text of all blocks together (see above).
    static let textBudget = 6_000
    /// Figures shown: two sections of fields.
    static let maxFigures = 20

    /// The payload, a JSON object on a few lines.
    static func payload(_ content: DigestContent) -> String {
        let dialect = DigestDialect.slack
        var used = 0
        func counted(_ text: String) -> String {
            used += dialect.length(text)
            return text
        }
        var head = [header(counted(DigestDialect.slackPlainText.fit(content.title, headerLimit)))]
        head.append(context(counted(dialect.fit("\(content.range) (\(content.timezone))", DigestLayout.labelLimit))))
        if let note = content.note { head.append(context(counted(dialect.inert(note)))) }
        let fields = content.figures.map { figure in
            "*" + dialect.fit(figure.label, DigestLayout.labelLimit) + "*\n" + DigestLayout.figureValue(figure, dialect)
        }
        let shown = DigestLayout.fitting(fields.map(dialect.length), budget: DigestLayout.figureBudget, slots: maxFigures, reserve: 0, moreTakesSlot: false)
        for start in stride(from: 0, to: shown, by: fieldsPerSection) {
            head.append(section(fields: fields[start..<min(start + fieldsPerSection, shown)].map(counted)))
        }
        if shown < fields.count {
            head.append(context(counted(dialect.inert(DigestLayout.moreFigures(fields.count - shown)))))
        }
        head.append(divider)
        // The rankings and the report's link come after the top messages but are laid out
        // first: the messages have what room is left.
        var tail = [divider]
        for ranking in content.rankings {
            let title = "*" + dialect.fit(ranking.title, DigestLayout.labelLimit) + "*\n"
            let budget = DigestLayout.rankingBudget(count: content.rankings.count, title: dialect.length(title))
            tail.append(section(counted(title + DigestLayout.rankingBody(ranking, dialect, budget: budget))))
        }
        tail.append(divider)
        tail.append(
            context(counted(content.reportLink.map { link($0, DigestLayout.reportLabel(content)) } ?? dialect.inert(DigestLayout.unlinkedReport(content)))))

        let title = "*" + dialect.inert(DigestLayout.topMessagesTitle) + "*"
        var messages = [section(counted(content.topMessages.isEmpty ? title + "\n" + dialect.inert(DigestLayout.noTopMessages) : title))]
        let texts = content.topMessages.map { messageText($0, dialect) }
        let more = { (count: Int) in dialect.inert(DigestLayout.moreMessages(count)) }
        let kept = DigestLayout.fitting(
            texts.map(dialect.length), budget: textBudget - used, slots: maxBlocks - head.count - tail.count - messages.count,
            reserve: dialect.length(more(texts.count)), moreTakesSlot: true)
        messages += texts.prefix(kept).map { section(counted($0)) }
        if kept < texts.count { messages.append(context(counted(more(texts.count - kept)))) }

        let fallback = dialect.fit("\(content.title) (\(content.range))", DigestLayout.labelLimit * 3)
        return "{\"text\":" + DigestJSON.string(fallback) + ",\n\"blocks\":[\n" + (head + messages + tail).joined(separator: ",\n") + "\n]}\n"
    }

    /// `*1.* excerpt` and, below, `👍 3 · 🔥 1 — Ada Okafor in Team · <url|view message>`.
    static func messageText(_ message: DigestContent.Message, _ dialect: DigestDialect) -> String {
        var text =
            "*" + dialect.inert("\(message.rank).") + "* " + dialect.fit(message.excerpt, DigestLayout.excerptLimit) + "\n"
            + DigestLayout.messageDetails(message, dialect)
        if let url = message.link, url.utf16.count <= DigestLayout.linkLimit {
            text += " · " + link(url, DigestLayout.messageLinkLabel)
        }
        return text
    }

    /// `<url|label>`: the URL is one the site made (percent-encoded, no `|`, `<` or `>`); its
    /// `&` is escaped as Slack asks.
    static func link(_ url: String, _ label: String) -> String {
        "<" + url.replacingOccurrences(of: "&", with: "&amp;") + "|" + DigestDialect.slack.inert(label) + ">"
    }

    static func mrkdwn(_ text: String) -> String {
        JSONText.object([("type", "\"mrkdwn\""), ("text", DigestJSON.string(text)), ("verbatim", "true")])
    }

    static func header(_ text: String) -> String {
        JSONText.object([("type", "\"header\""), ("text", JSONText.object([("type", "\"plain_text\""), ("text", DigestJSON.string(text))]))])
    }

    static func context(_ text: String) -> String {
        JSONText.object([("type", "\"context\""), ("elements", JSONText.array([mrkdwn(text)]))])
    }

    static func section(_ text: String) -> String {
        JSONText.object([("type", "\"section\""), ("text", mrkdwn(text))])
    }

    static func section(fields: [String]) -> String {
        JSONText.object([("type", "\"section\""), ("fields", JSONText.array(fields.map(mrkdwn)))])
    }

    static let divider = #"{"type":"divider"}"#
}
