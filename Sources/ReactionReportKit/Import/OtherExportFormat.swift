import InputFiles

/// An export a known platform's tool also writes, in a format we do not read (HTML, CSV, plain
/// text), recognised by its first bytes, so that the file is named with the way to get the
/// format we read rather than skipped or refused as "not JSON".
///
/// Signatures (from the exporters' own writers): DiscordChatExporter's HTML has the classes
/// `preamble__entries-container` and `chatlog`; its CSV starts with the header
/// `AuthorID,Author,Date,Content,Attachments,Reactions`; its plain text starts with a rule of
/// `=` and the lines `Guild:` and `Channel:`. Telegram Desktop's HTML export (`messages.html`,
/// `messages2.html`, …) has the classes `page_wrap` and `history`.
public enum OtherExportFormat: String, Sendable, CaseIterable {
    case discordHTML, discordCSV, discordPlainText, telegramHTML

    /// How many first bytes are looked at.
    static let sniffedBytes = 64 << 10

    /// What the file is, in a few words.
    public var name: String {
        switch self {
        case .discordHTML: return "a DiscordChatExporter HTML export"
        case .discordCSV: return "a DiscordChatExporter CSV export"
        case .discordPlainText: return "a DiscordChatExporter plain-text export"
        case .telegramHTML: return "a Telegram Desktop HTML export"
        }
    }

    /// How to get the format we read instead.
    public var fix: String {
        switch self {
        case .discordHTML, .discordCSV, .discordPlainText:
            return "re-export as JSON: DiscordChatExporter with `--format Json` (in the app: Export format › JSON)"
        case .telegramHTML:
            return "re-export as JSON: Telegram Desktop › Settings › Advanced › Export Telegram data, Format: Machine-readable JSON"
        }
    }

    /// "is a DiscordChatExporter HTML export, which is not read; re-export as JSON: …".
    public var reason: String { "is \(name), which is not read; \(fix)" }

    /// True for names whose files may be such an export: `.html`, `.htm`, `.csv`, `.txt`.
    static func mayBe(_ name: String) -> Bool {
        let lower = name.lowercased()
        return [".html", ".htm", ".csv", ".txt"].contains { lower.hasSuffix($0) }
    }

    /// The format the start of a file shows, or nil.
    public static func recognise<Bytes: Collection>(_ start: Bytes) -> OtherExportFormat? where Bytes.Element == UInt8 {
        let text = String(decoding: start.prefix(sniffedBytes), as: UTF8.self)
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        if body.hasPrefix("AuthorID,Author,Date,Content,Attachments,Reactions") || body.hasPrefix("\"AuthorID\",\"Author\",\"Date\"") {
            return .discordCSV
        }
        if body.hasPrefix("=====") && body.contains("\nGuild: ") && body.contains("\nChannel: ") { return .discordPlainText }
        let lower = body.lowercased()
        guard lower.contains("<html") || lower.contains("<!doctype html") else { return nil }
        if lower.contains("preamble__entries-container") || lower.contains("class=\"chatlog") { return .discordHTML }
        if lower.contains("class=\"page_wrap") && lower.contains("history") { return .telegramHTML }
        return nil
    }

    /// The format of an input's bytes when they cannot be JSON: they start (after a byte-order
    /// mark and white space) with neither `{` nor `[`; nil otherwise.
    static func recognise(leading bytes: InputBytes) -> OtherExportFormat? {
        var index = bytes.startIndex
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        while index < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex, bytes[index] != UInt8(ascii: "{"), bytes[index] != UInt8(ascii: "[") else { return nil }
        return recognise(bytes[bytes.startIndex..<min(bytes.endIndex, sniffedBytes)])
    }

    /// The format of the file at `path`, from its first bytes; nil when it is none or cannot be read.
    static func recognise(file path: String) -> OtherExportFormat? {
        guard let bytes = try? DiskFiles.contents(of: path, upTo: sniffedBytes) else { return nil }
        return recognise(bytes)
    }
}
