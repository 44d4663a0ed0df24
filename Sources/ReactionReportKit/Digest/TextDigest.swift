/// `weeks/<week>/digest.txt`: the digest as plain text, for reading in a terminal or an email.
/// It has no limit to keep, so it holds every top message and every entry of the rankings;
/// long texts are cut as in the other digests. Text is made inert by `DigestDialect.plain`
/// (one line, no control or bidirectional characters, no `@` a pasted copy would ping with);
/// links are the site's own URLs, written as they are.
enum TextDigest {
    static func text(_ content: DigestContent) -> String {
        let dialect = DigestDialect.plain
        var lines = [dialect.fit(content.title, DigestLayout.labelLimit * 2), dialect.inert("\(content.range) (\(content.timezone))")]
        if let note = content.note { lines.append(dialect.inert(note)) }
        lines.append("")
        for figure in content.figures {
            lines.append(dialect.fit(figure.label, DigestLayout.labelLimit) + ": " + DigestLayout.figureValue(figure, dialect))
        }
        lines += ["", dialect.inert(DigestLayout.topMessagesTitle)]
        if content.topMessages.isEmpty { lines.append(dialect.inert(DigestLayout.noTopMessages)) }
        for message in content.topMessages {
            lines.append(dialect.inert("\(message.rank).") + " " + dialect.fit(message.excerpt, DigestLayout.excerptLimit))
            lines.append("   " + DigestLayout.messageDetails(message, dialect))
            if let link = message.link { lines.append("   " + link) }
        }
        for ranking in content.rankings {
            lines += ["", dialect.fit(ranking.title, DigestLayout.labelLimit), DigestLayout.rankingBody(ranking, dialect, budget: .max)]
        }
        lines.append("")
        lines.append(content.reportLink.map { "Full report: " + $0 } ?? dialect.inert(DigestLayout.unlinkedReport(content)))
        return lines.joined(separator: "\n") + "\n"
    }
}
