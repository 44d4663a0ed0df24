import Templates

/// The page links of a transcript page: the first and the last page, the pages near the
/// current one, a gap for each run left out, and the pages before and after. A page lists at
/// most `2 × nearby + 5` entries whatever the number of pages: when every page listed every
/// page, a conversation of 2,500 pages made 6 million links, and these lists were 3.7 GB of a
/// 10-million-message site's 17.7 GB.
enum Pagination {
    /// Pages shown on either side of the current one.
    static let nearby = 2

    /// The page numbers to show, in order, nil for a gap. A gap stands for two or more pages:
    /// where it would hide one page, that page is shown instead.
    static func entries(current: Int, count: Int) -> [Int?] {
        let near = max(1, current - nearby)...min(count, current + nearby)
        let shown = Set([1, count]).union(near).sorted()
        var entries: [Int?] = []
        for number in shown {
            if let last = entries.last ?? nil, number - last > 1 {
                entries.append(number - last == 2 ? last + 1 : nil)
            }
            entries.append(number)
        }
        return entries
    }

    /// `pages[{number,href,current,gap}]` (numbers in the locale's digits), `hasPrevious`,
    /// `previousHref`, `hasNext`, `nextHref`.
    static func append(current: Int, count: Int, locale: LocaleFormat, to model: inout TemplateObject) {
        let pages = entries(current: current, count: count).map { number -> TemplateValue in
            guard let number else { return .object(["gap": .flag(true)]) }
            return .object([
                "number": .text(locale.native(String(number))), "href": .text(SiteLayout.Conversation.fileName(page: number)),
                "current": .flag(number == current)
            ])
        }
        model.append("pages", .list(pages))
        model.append("hasPrevious", .flag(current > 1))
        if current > 1 { model.append("previousHref", .text(SiteLayout.Conversation.fileName(page: current - 1))) }
        model.append("hasNext", .flag(current < count))
        if current < count { model.append("nextHref", .text(SiteLayout.Conversation.fileName(page: current + 1))) }
    }
}
