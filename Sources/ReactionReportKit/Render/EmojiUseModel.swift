import Templates

/// An emoji in a ranking (top emoji, off the palette) or the palette table.
struct EmojiUseModel: TemplateRepresentable {
    var display: String
    /// Its name, else its key.
    var name: String
    var count: String
    /// Its share of `total`.
    var share: String
    /// A palette emoji nobody used.
    var unused: Bool
    /// A custom emoji's image, when its URL is safe to show, and whether the site carries it
    /// (then it is named from the site's root).
    var image: (url: String, isLocal: Bool)?

    /// - Parameters:
    ///   - total: the reactions the share is of.
    ///   - locale: how the count and the share are written.
    init(_ use: Overview.EmojiUse, total: Int, locale: LocaleFormat) {
        display = use.emoji.display
        name = use.emoji.name ?? use.emoji.key
        count = locale.integer(use.count)
        share = locale.percent(total == 0 ? 0 : Double(use.count) / Double(total))
        unused = use.count == 0
        if let image = use.emoji.image, URLPolicy.isSafeImage(image) {
            self.image = (image, image.hasPrefix(MediaLibrary.folder))
        }
    }

    var templateValue: TemplateObject {
        var object = TemplateObject(capacity: 8)
        object.append("display", .text(display))
        object.append("name", .text(name))
        object.append("count", .text(count))
        object.append("share", .text(share))
        object.append("unused", .flag(unused))
        if let image {
            object.append("hasImage", .flag(true))
            object.append("image", .text(image.url))
            object.append("localImage", .flag(image.isLocal))
        }
        return object
    }
}
