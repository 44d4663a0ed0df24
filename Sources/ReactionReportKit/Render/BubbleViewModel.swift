import ByteOutput
import Templates

/// View models for reaction bubbles and "reacted by" lists (product.md §4).
struct BubbleViewModel {
    let options: BuildOptions
    /// The "reacted by" times, in the report's time zone.
    let times: TimeText
    /// Who has a page: a reactor's name links to it.
    var people = PersonFigures.none

    /// The bubbles of one message of `platform`, in the configured order, in an object with
    /// room for `room` more values (the message's own).
    func bubbles(_ reactions: ReactionList, of platform: Platform? = nil, room: Int = 0) -> TemplateObject {
        var model = TemplateObject(capacity: 2 + room)
        model.append("hasBubbles", .flag(!reactions.isEmpty))
        model.append("bubbles", .list(reactions.map { .object(bubble($0, of: platform)) }))
        return model
    }

    func bubble(_ reaction: ReactionSummary, of platform: Platform? = nil) -> TemplateObject {
        let emoji = reaction.emoji
        var model = TemplateObject(capacity: 11)
        model.append("display", .text(emoji.display))
        model.append("count", .number(reaction.count))
        model.append("countText", .text(countText(reaction.count)))
        let names = names(reaction)
        model.append("hasNames", .flag(!names.isEmpty))
        model.append("names", .text(names))
        model.append("mine", .flag(options.viewer.map { viewer in reaction.reactors.contains { $0.id == viewer } } ?? false))
        if let image = emoji.image, URLPolicy.isSafeImage(image) {
            model.append("hasImage", .flag(true))
            model.append("image", .text(image))
            // A file the site carries is named from the site's root.
            model.append("localImage", .flag(image.hasPrefix(MediaLibrary.folder)))
        }
        let shown = reaction.reactors.prefix(max(0, options.reactorsLimit))
        model.append("hasReactors", .flag(!shown.isEmpty))
        model.append(
            "reactors",
            .list(
                shown.map { reactor -> TemplateValue in
                    var entry = TemplateObject(capacity: 7)
                    entry.append("name", .text(reactor.name ?? reactor.id))
                    // Set either way, so that the lookup stops here.
                    let page = platform.flatMap { people.path($0, reactor.id) }
                    entry.append("hasPage", .flag(page != nil))
                    if let page { entry.append("pageHref", .text(page)) }
                    entry.append("mine", .flag(reactor.id == options.viewer))
                    if let at = reactor.at {
                        entry.append("hasTime", .flag(true))
                        entry.append("time", .text(times.display(at)))
                        entry.append("timeISO", .text(times.attribute(at)))
                    } else {
                        // Set, so that the lookup stops here: the message around it has a time too.
                        entry.append("hasTime", .flag(false))
                    }
                    return .object(entry)
                }))
        // Compared before subtracting: a count near `Int.min` would overflow.
        let others = reaction.count > shown.count ? reaction.count - shown.count : 0
        if others > 0 { model.append("others", .text(shown.isEmpty ? othersText(others, alone: true) : "and " + othersText(others, alone: false))) }
        return model
    }

    /// `99+` above the cap.
    func countText(_ count: Int) -> String {
        let text = count > options.countCap ? "\(options.countCap)+" : String(count)
        return times.locale.isStandard ? text : times.locale.native(text)
    }

    /// The part of a bubble's label after its emoji and count, " — Ada Okafor, Bo Lind and 2
    /// others" in "👍 4 — Ada Okafor, Bo Lind and 2 others"; empty when no reactor is known. The
    /// bubble shows the emoji and the count and keeps this visually hidden but for hover, so that
    /// hover and screen readers get the whole label and the names are written once.
    func names(_ reaction: ReactionSummary) -> String {
        guard !reaction.reactors.isEmpty else { return "" }
        // Written into one buffer: the pieces joined as strings cost half a dozen allocations a
        // bubble.
        let out = ByteBuffer(capacity: 80)
        // Only the names shown are taken (a reaction can list a hundred reactors).
        let shownCount = reaction.count <= 3 ? min(3, reaction.reactors.count) : min(2, reaction.reactors.count)
        let others = reaction.count > shownCount ? reaction.count - shownCount : 0
        out.append(literal: " — ")
        for index in 0..<shownCount {
            out.append(reaction.reactors[index].name ?? reaction.reactors[index].id)
            out.append(NameList.separator(after: index, of: shownCount, more: others > 0))
        }
        if others > 0 {
            out.append(literal: " and ")
            out.append(othersText(others, alone: false))
        }
        return out.text
    }

    func othersText(_ count: Int, alone: Bool) -> String {
        if alone { return times.locale.counted(count, "person", plural: "people") }
        return times.locale.counted(count, "other")
    }

    /// "👍 4 · ❤️ 2" for plain-text places (Markdown tables).
    func plainText(_ reactions: ReactionList) -> String {
        reactions.map { "\($0.emoji.display) \(countText($0.count))" }.joined(separator: " · ")
    }
}
