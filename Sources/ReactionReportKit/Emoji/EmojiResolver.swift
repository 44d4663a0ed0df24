import Foundation
import ParallelWork

/// Turns exported reaction values into emoji: the one place where names become emoji.
///
/// Order of lookup for a name: the user's aliases, Stream's default types, then Slack/iamcal
/// shortcodes. A name found nowhere is a custom emoji `:name:`.
public final class EmojiResolver: Sendable {
    /// The table given, or nil for the standard one, which is then first built when a value is
    /// first resolved (a build starts building it on another core, and creates its resolver
    /// before the inputs are read).
    private let givenTable: EmojiTable?
    var table: EmojiTable { givenTable ?? EmojiTable.standard }
    let aliases: [String: String]
    let mergeSkinTones: Bool
    /// Values resolved so far: pages are rendered on several threads.
    private let cache = Locked<[ReactionValue: Emoji]>([:])

    /// Creates a resolver.
    /// - Parameters:
    ///   - aliases: name → emoji, or name → image URL for a custom emoji.
    ///   - mergeSkinTones: count 👍🏻 as 👍.
    public init(table: EmojiTable? = nil, aliases: [String: String] = [:], mergeSkinTones: Bool = false) {
        givenTable = table
        self.aliases = aliases
        self.mergeSkinTones = mergeSkinTones
    }

    /// The emoji for an exported value, or nil when the value is empty or unusable.
    public func resolve(_ value: ReactionValue) -> Emoji? {
        if let cached = cache.withLock({ $0[value] }) { return cached }
        let emoji = compute(value)
        if let emoji {
            cache.withLock { $0[value] = emoji }
        }
        return emoji
    }

    private func compute(_ value: ReactionValue) -> Emoji? {
        let raw = value.raw.trimmingWhitespace
        guard !raw.isEmpty, !raw.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        switch value.style {
        case .custom(_, let image):
            return custom(raw, image: image)
        case .shortcode:
            return named(raw.trimmingColons)
        case .settled(let emoji):
            return emoji
        case .emojiOrName:
            if raw.unicodeScalars.allSatisfy(\.isASCII) { return named(raw.trimmingColons) }
            return unicode(raw)
        }
    }

    /// A Unicode emoji (or any non-ASCII text used as a reaction).
    func unicode(_ text: String) -> Emoji {
        var key = text.withoutVariationSelectors
        if mergeSkinTones { key = key.withoutSkinTones }
        if let entry = table.entries[key] {
            return Emoji(key: key, display: entry.display, name: entry.name, custom: false, image: nil)
        }
        return Emoji(key: key, display: mergeSkinTones ? text.withoutSkinTones : text, name: nil, custom: false, image: nil)
    }

    func named(_ name: String) -> Emoji? {
        guard !name.isEmpty else { return nil }
        if let alias = aliases[name] {
            if alias.hasPrefix("http://") || alias.hasPrefix("https://") { return custom(name, image: alias) }
            return unicode(alias)
        }
        if let emoji = EmojiTable.streamDefaultTypes[name] ?? table.shortcodes[name] { return unicode(emoji) }
        if let tone = name.range(of: "::skin-tone-"), let base = table.shortcodes[String(name[..<tone.lowerBound])] {
            // A tone the table lacks for this emoji: keep the base emoji with the modifier.
            let modifiers = name[tone.lowerBound...].split(separator: ":").compactMap { part -> String? in
                guard part.hasPrefix("skin-tone-"), let level = Int(part.dropFirst(10)), (2...6).contains(level) else { return nil }
                return String(Unicode.Scalar(UInt32(0x1F3FB + level - 2))!)
            }
            if !modifiers.isEmpty { return unicode(base + modifiers.joined()) }
        }
        return custom(name, image: nil)
    }

    func custom(_ name: String, image: String?) -> Emoji {
        let clean = name.trimmingColons
        return Emoji(key: ":\(clean):", display: ":\(clean):", name: clean, custom: true, image: image)
    }
}

extension String {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    var trimmingColons: String {
        var text = Substring(self)
        while text.hasPrefix(":") { text = text.dropFirst() }
        while text.hasSuffix(":") { text = text.dropLast() }
        return String(text)
    }
}
