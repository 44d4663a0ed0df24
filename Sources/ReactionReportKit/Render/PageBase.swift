import Templates

/// What every page's head and foot show: the site's title, the way to its root, the inputs, the
/// look of the highlight and the bubbles, and the way to the latest weekly report.
struct PageBase: TemplateRepresentable {
    var siteTitle: String
    /// The relative path from the page to the site root (`""`, `"../../"`).
    var root: String
    /// A phrase naming the inputs ("3 files").
    var inputSummary: String
    /// The time zone of weeks and days.
    var timezone: String
    var highlightColor: String
    /// `horizontal` or `vertical`, a class of the page's body.
    var bubbleStack: String
    /// The latest weekly report: its week, its path from the page, and its Markdown link.
    var latestWeek: (week: String, href: String, link: String)?
    /// Search engines may index the site (`public`); without it every page says `noindex`.
    var isPublic = false
    /// The address the site is published at, when it is public and has one: pages then carry
    /// their canonical address and OpenGraph tags.
    var publishedAt: String?
    /// The site has a search page (`search`): the navigation links to it.
    var hasSearch = false
    /// The site has people pages (`people/index.html`), which the navigation names.
    var peoplePages = false
    /// The `lang` of the page's `<html>`: the locale's tag, else `en`.
    var language = "en"
    /// The CSS list style that numbers lists in the locale's digits (`LocaleFormat.listStyle`).
    var listStyle: String?

    /// The base in an object with room for `room` more values (the page's own).
    func templateObject(room: Int) -> TemplateObject {
        var object = TemplateObject(capacity: 15 + room)
        object.append("lang", .text(language))
        object.append("hasListStyle", .flag(listStyle != nil))
        if let listStyle { object.append("listStyle", .text(listStyle)) }
        object.append("siteTitle", .text(siteTitle))
        object.append("root", .text(root))
        object.append("inputSummary", .text(inputSummary))
        object.append("hasLatestWeek", .flag(latestWeek != nil))
        object.append("timezone", .text(timezone))
        object.append("highlightColor", .text(highlightColor))
        object.append("bubbleStack", .text(bubbleStack))
        object.append("public", .flag(isPublic))
        object.append("hasSearch", .flag(hasSearch))
        object.append("peoplePages", .flag(peoplePages))
        if let latestWeek {
            object.append("latestWeek", .text(latestWeek.week))
            object.append("latestWeekHref", .text(latestWeek.href))
            object.append("latestWeekLink", .text(latestWeek.link))
        }
        return object
    }

    var templateValue: TemplateObject { templateObject(room: 0) }

    /// Adds the page's own address (`pageURL`, `hasPageURL`) where the site is public and has
    /// a `baseURL`.
    /// - Parameter path: the page's path in the site (`weeks/2026-W13/index.html`).
    func appendAddress(of path: String, to object: inout TemplateObject) {
        guard let publishedAt else { return }
        object.append("hasPageURL", .flag(true))
        object.append("pageURL", .text(URLText.linkSafe(publishedAt + "/" + path)))
    }
}
