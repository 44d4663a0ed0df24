/// `weeks/<week>/digest.discord.json`: a Discord webhook message,
/// `{"content": …, "embeds": [figures, top messages and rankings], "allowed_mentions": {"parse": []}}`.
///
/// Discord's limits (discord.com/developers/docs/resources/message, "Embed Limits", and
/// resources/webhook, "Execute Webhook"):
/// - `content` at most 2,000 characters; at most 10 embeds;
/// - an embed's title at most 256 characters, description 4,096, at most 25 fields, a field's
///   name 256 and value 1,024 (neither empty), footer text 2,048, author name 256;
/// - all embeds of a message together at most 6,000 characters of title, description, field
///   names and values, footer text and author name.
/// Discord counts code points (`DigestDialect.length`). All text is escaped by
/// `DigestDialect.discord`; the only markup is ours: `**bold**` around our own labels and
/// `[label](url)` links to the site, never cut (a link too long for its embed is left out whole).
/// `allowed_mentions` with an empty `parse` list lets the message mention nobody, whatever its
/// text (resources/message, "Allowed Mentions Object").
enum DiscordDigest {
    static let contentLimit = 2_000
    static let maxEmbeds = 10
    static let titleLimit = 256
    static let descriptionLimit = 4_096
    static let maxFields = 25
    static let fieldNameLimit = 256
    static let fieldValueLimit = 1_024
    static let footerLimit = 2_048
    static let authorLimit = 256
    static let embedsTotal = 6_000

    /// The payload, a JSON object on a few lines.
    static func payload(_ content: DigestContent) -> String {
        let dialect = DigestDialect.discord
        var used = 0
        func counted(_ text: String) -> String {
            used += dialect.length(text)
            return text
        }
        let message =
            "**" + dialect.fit(content.siteTitle, DigestLayout.labelLimit) + "** · "
            + dialect.fit("Week \(content.week) · \(content.range) (\(content.timezone))", DigestLayout.labelLimit * 2)

        // The first embed: the week, linked to its report, and its figures.
        let report = content.reportLink.map { link($0, DigestLayout.reportLabel(content)) } ?? dialect.inert(DigestLayout.unlinkedReport(content))
        let fields = content.figures.map { figure in
            (name: nonEmpty(dialect.fit(figure.label, DigestLayout.labelLimit)), value: DigestLayout.figureValue(figure, dialect))
        }
        let moreFigures = { (count: Int) in dialect.inert(DigestLayout.moreFigures(count)) }
        let shown = DigestLayout.fitting(
            fields.map { dialect.length($0.name) + dialect.length($0.value) }, budget: DigestLayout.figureBudget, slots: maxFields,
            reserve: 1 + dialect.length(moreFigures(fields.count)), moreTakesSlot: true)
        var figures = fields.prefix(shown).map { field(counted($0.name), counted($0.value), inline: true) }
        if shown < fields.count { figures.append(field(counted("…"), counted(moreFigures(fields.count - shown)), inline: false)) }
        var week: [(String, String)] = [("title", DigestJSON.string(counted(dialect.fit("Week \(content.week)", DigestLayout.labelLimit))))]
        if let url = content.reportLink { week.append(("url", DigestJSON.string(url))) }
        let dates = dialect.fit("\(content.range) (\(content.timezone))", DigestLayout.labelLimit) + (content.note.map { "\n" + dialect.inert($0) } ?? "")
        week.append(("description", DigestJSON.string(counted(dates + "\n" + report))))
        week.append(("fields", "[\n" + figures.joined(separator: ",\n") + "\n]"))

        // The second: the top messages, with what room is left, and the rankings as fields.
        let rankings = content.rankings.map { ranking in
            let name = nonEmpty(dialect.fit(ranking.title, DigestLayout.labelLimit))
            let budget = DigestLayout.rankingBudget(count: content.rankings.count, title: dialect.length(name))
            return field(counted(name), counted(DigestLayout.rankingBody(ranking, dialect, budget: budget)), inline: ranking.style == .numbered)
        }
        let title = counted(dialect.inert(DigestLayout.topMessagesTitle))
        let lines =
            content.topMessages.isEmpty
            ? [dialect.inert(DigestLayout.noTopMessages)]
            : DigestLayout.keep(
                content.topMessages.map { messageText($0, dialect) }, separator: "\n", budget: min(descriptionLimit, embedsTotal - used), dialect: dialect,
                more: { dialect.inert(DigestLayout.moreMessages($0)) })
        let top = [
            ("title", DigestJSON.string(title)), ("description", DigestJSON.string(counted(lines.joined(separator: "\n")))),
            ("fields", "[\n" + rankings.joined(separator: ",\n") + "\n]")
        ]
        return "{\"content\":" + DigestJSON.string(message) + ",\n\"embeds\":[\n" + JSONText.object(week) + ",\n" + JSONText.object(top)
            + "\n],\n\"allowed_mentions\":{\"parse\":[]}}\n"
    }

    /// `**1.** excerpt` and, below, `👍 3 · 🔥 1 — Ada Okafor in Team · [view message](url)`.
    static func messageText(_ message: DigestContent.Message, _ dialect: DigestDialect) -> String {
        var text =
            "**" + dialect.inert("\(message.rank).") + "** " + dialect.fit(message.excerpt, DigestLayout.excerptLimit) + "\n"
            + DigestLayout.messageDetails(message, dialect)
        if let url = message.link, url.unicodeScalars.count <= DigestLayout.linkLimit {
            text += " · " + link(url, DigestLayout.messageLinkLabel)
        }
        return text
    }

    /// `[label](url)`: the URL is one the site made, percent-encoded, without spaces or
    /// parentheses.
    static func link(_ url: String, _ label: String) -> String {
        "[" + DigestDialect.discord.inert(label) + "](" + url + ")"
    }

    static func field(_ name: String, _ value: String, inline: Bool) -> String {
        JSONText.object([("name", DigestJSON.string(name)), ("value", DigestJSON.string(value)), ("inline", inline ? "true" : "false")])
    }

    /// Discord refuses an empty field name or value.
    static func nonEmpty(_ text: String) -> String { text.isEmpty ? "–" : text }
}
