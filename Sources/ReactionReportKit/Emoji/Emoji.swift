/// An emoji as reactions are grouped and shown.
///
/// Its fields live in one shared, immutable box: an emoji is kept on every reaction of a
/// report, and a million reactions holding the same few emoji would otherwise hold five
/// strings each (72 bytes); a copy is a reference (8 bytes). Setting a field copies the box.
public struct Emoji: Sendable, Hashable {
    private final class Fields: Sendable {
        let key: String
        let display: String
        let name: String?
        let custom: Bool
        let image: String?

        init(key: String, display: String, name: String?, custom: Bool, image: String?) {
            self.key = key
            self.display = display
            self.name = name
            self.custom = custom
            self.image = image
        }
    }

    private var fields: Fields

    /// The identity: the emoji without U+FE0F/U+FE0E, or `:name:` for a custom emoji.
    public var key: String {
        get { fields.key }
        set { fields = Fields(key: newValue, display: display, name: name, custom: custom, image: image) }
    }
    /// The form to show: the fully-qualified emoji, or `:name:` for a custom one.
    public var display: String {
        get { fields.display }
        set { fields = Fields(key: key, display: newValue, name: name, custom: custom, image: image) }
    }
    /// The CLDR name ("thumbs up") or the custom emoji's name.
    public var name: String? {
        get { fields.name }
        set { fields = Fields(key: key, display: display, name: newValue, custom: custom, image: image) }
    }
    /// True for platform or workspace custom emoji.
    public var custom: Bool {
        get { fields.custom }
        set { fields = Fields(key: key, display: display, name: name, custom: newValue, image: image) }
    }
    /// An image URL or relative path for a custom emoji, when the export gives one.
    public var image: String? {
        get { fields.image }
        set { fields = Fields(key: key, display: display, name: name, custom: custom, image: newValue) }
    }

    public init(key: String, display: String, name: String?, custom: Bool, image: String?) {
        fields = Fields(key: key, display: display, name: name, custom: custom, image: image)
    }

    public static func == (a: Emoji, b: Emoji) -> Bool {
        a.fields === b.fields
            || (a.key == b.key && a.display == b.display && a.name == b.name && a.custom == b.custom && a.image == b.image)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(display)
        hasher.combine(name)
        hasher.combine(custom)
        hasher.combine(image)
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
