/// An emoji as reactions are grouped and shown.
public struct Emoji: Sendable, Hashable {
    /// The identity: the emoji without U+FE0F/U+FE0E, or `:name:` for a custom emoji.
    public var key: String
    /// The form to show: the fully-qualified emoji, or `:name:` for a custom one.
    public var display: String
    /// The CLDR name ("thumbs up") or the custom emoji's name.
    public var name: String?
    /// True for platform or workspace custom emoji.
    public var custom: Bool
    /// An image URL or relative path for a custom emoji, when the export gives one.
    public var image: String?

    public init(key: String, display: String, name: String?, custom: Bool, image: String?) {
        self.key = key
        self.display = display
        self.name = name
        self.custom = custom
        self.image = image
    }
}

extension String {
    /// The string without variation selectors U+FE0E and U+FE0F: the emoji identity key.
    var withoutVariationSelectors: String {
        guard unicodeScalars.contains(where: { $0.value == 0xFE0F || $0.value == 0xFE0E }) else { return self }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: unicodeScalars.lazy.filter { $0.value != 0xFE0F && $0.value != 0xFE0E })
        return String(scalars)
    }

    /// The string without Fitzpatrick skin-tone modifiers U+1F3FB…U+1F3FF.
    var withoutSkinTones: String {
        guard unicodeScalars.contains(where: { (0x1F3FB...0x1F3FF).contains($0.value) }) else { return self }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: unicodeScalars.lazy.filter { !(0x1F3FB...0x1F3FF).contains($0.value) })
        return String(scalars)
    }
}
