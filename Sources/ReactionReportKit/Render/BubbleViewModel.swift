/// View models for reaction bubbles and "reacted by" lists (product.md §4).
struct BubbleViewModel {
    let options: BuildOptions

    /// The bubbles of one message, in the configured order.
    func bubbles(_ reactions: [ReactionSummary]) -> [String: Any] {
        let models = reactions.map(bubble)
        return ["hasBubbles": !models.isEmpty, "bubbles": models]
    }

    func bubble(_ reaction: ReactionSummary) -> [String: Any] {
        let emoji = reaction.emoji
        var model: [String: Any] = [
            "display": emoji.display,
            "count": reaction.count,
            "countText": countText(reaction.count),
            "title": title(reaction),
            "mine": options.viewer.map { viewer in reaction.reactors.contains { $0.id == viewer } } ?? false,
        ]
        if let image = emoji.image, URLPolicy.isSafeImage(image) {
            model["hasImage"] = true
            model["image"] = image
        }
        let shown = reaction.reactors.prefix(max(0, options.reactorsLimit))
        model["hasReactors"] = !shown.isEmpty
        model["reactors"] = shown.map { reactor -> [String: Any] in
            var entry: [String: Any] = ["name": reactor.name ?? reactor.id, "mine": reactor.id == options.viewer]
            if let at = reactor.at {
                entry["hasTime"] = true
                entry["time"] = TimeText.display(at)
                entry["timeISO"] = at.rfc3339
            }
            return entry
        }
        let others = reaction.count - shown.count
        if others > 0 { model["others"] = shown.isEmpty ? othersText(others, alone: true) : "and " + othersText(others, alone: false) }
        return model
    }

    /// `99+` above the cap.
    func countText(_ count: Int) -> String {
        count > options.countCap ? "\(options.countCap)+" : String(count)
    }

    /// "👍 4 — Ada Okafor, Bo Lind and 2 others".
    func title(_ reaction: ReactionSummary) -> String {
        let names = reaction.reactors.map { $0.name ?? $0.id }
        let head = "\(reaction.emoji.display) \(reaction.count)"
        guard !names.isEmpty else { return head }
        let shownCount = reaction.count <= 3 ? min(3, names.count) : min(2, names.count)
        let shown = Array(names.prefix(shownCount))
        let others = reaction.count - shown.count
        if others <= 0 {
            return head + " — " + joinNames(shown)
        }
        return head + " — " + shown.joined(separator: ", ") + " and " + othersText(others, alone: false)
    }

    func joinNames(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    func othersText(_ count: Int, alone: Bool) -> String {
        if alone { return count == 1 ? "1 person" : "\(count) people" }
        return count == 1 ? "1 other" : "\(count) others"
    }

    /// "👍 4 · ❤️ 2" for plain-text places (Markdown tables).
    func plainText(_ reactions: [ReactionSummary]) -> String {
        reactions.map { "\($0.emoji.display) \(countText($0.count))" }.joined(separator: " · ")
    }
}

/// Human-readable times (UTC).
enum TimeText {
    /// `2026-11-03 14:05 UTC`.
    static func display(_ time: Timestamp) -> String {
        let text = Timestamp(nanoseconds: time.nanoseconds, fractionDigits: 0).rfc3339
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5)) + " UTC"
    }

    /// `2026-11-03`.
    static func day(_ time: Timestamp) -> String {
        String(Timestamp(nanoseconds: time.nanoseconds, fractionDigits: 0).rfc3339.prefix(10))
    }
}
