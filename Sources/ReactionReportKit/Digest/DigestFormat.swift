import ByteOutput

/// The digests written beside every weekly report (product.md §5.1), whenever the HTML or
/// Markdown report is written: a Slack Block Kit payload, a Discord webhook payload and plain
/// text, each ready to post or print as it is.
public enum DigestFormat: String, CaseIterable, Sendable {
    case slack, discord, text

    /// `weeks/reports.json`, written with the digests: the weeks with a report, oldest first,
    /// each with the days of it the data covers (`{"weeks":[{"week":"2026-W47","partial":true,
    /// "days":3}]}`), so that `digest` and `post` can take the latest complete week.
    public static let reportsRecordPath = "weeks/reports.json"

    /// `weeks/2026-W13/digest.slack.json`, `…/digest.discord.json`, `…/digest.txt`.
    public func path(week: String) -> String {
        switch self {
        case .slack: return "weeks/\(week)/digest.slack.json"
        case .discord: return "weeks/\(week)/digest.discord.json"
        case .text: return "weeks/\(week)/digest.txt"
        }
    }

    /// The file's text for `content`.
    func render(_ content: DigestContent) -> String {
        switch self {
        case .slack: return SlackDigest.payload(content)
        case .discord: return DiscordDigest.payload(content)
        case .text: return TextDigest.text(content)
        }
    }

    /// The file for the week of `model`, as the site writer takes it.
    /// - Parameter linked: the site has a `baseURL` (see `DigestContent.init(_:linked:)`).
    func file(_ model: WeekReportModel, linked: Bool) -> ParallelPages.Page {
        (path(week: model.week), ByteBuffer(render(DigestContent(model, linked: linked))))
    }
}

/// JSON text for the payloads: `JSONText`, whose strings are valid JSON for any Swift string
/// (control characters escaped; a Swift string holds no lone surrogate), with the invisible
/// characters a digest may hold (the word joiners and zero-width spaces `DigestDialect` puts
/// after `@`, soft hyphens, no-break spaces, other format characters) written as `\u` escapes,
/// so that a payload printed or read in review shows where they are.
enum DigestJSON {
    static func string(_ text: String) -> String {
        let quoted = JSONText.quote(text)
        // The invisible characters are all outside ASCII: most text is checked byte by byte.
        guard quoted.utf8.contains(where: { $0 >= 0x80 }), quoted.unicodeScalars.contains(where: isInvisible) else { return quoted }
        var out = ""
        for scalar in quoted.unicodeScalars {
            guard isInvisible(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 { out += "\\u" + String(unit, radix: 16).leftPadded(to: 4) }
        }
        return out
    }

    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{00A0}" || scalar.properties.generalCategory == .format
    }
}
