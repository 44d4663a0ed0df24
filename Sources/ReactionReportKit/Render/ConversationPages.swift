/// Renders a conversation's transcript pages.
struct ConversationPages {
    let options: BuildOptions
    let layout: SiteLayout
    let templates: TemplateSet
    let markup: MessageMarkup
    let base: [String: Any]

    func render(_ conversation: SiteLayout.Conversation, to writer: SiteWriter) throws {
        let bubbles = BubbleViewModel(options: options)
        let reactionTotal = conversation.messages.reduce(0) { $0 + layout.messages[$1].reactionCount }
        for page in 1...conversation.pageCount {
            let slice = conversation.messages.dropFirst((page - 1) * conversation.pageSize).prefix(conversation.pageSize)
            var model = base
            model["pageTitle"] = conversation.name
            model["name"] = conversation.name
            model["platform"] = conversation.platform.displayName
            model["messageCount"] = NumberText.integer(conversation.messages.count)
            model["reactionCount"] = NumberText.integer(reactionTotal)
            model["hasPages"] = conversation.pageCount > 1
            model["pageNumber"] = page
            model["pageCount"] = conversation.pageCount
            model["pages"] = (1...conversation.pageCount).map { number -> [String: Any] in
                ["number": number, "href": SiteLayout.Conversation.fileName(page: number), "current": number == page]
            }
            model["messages"] = slice.map { index in messageModel(index, bubbles: bubbles) }
            try writer.write(conversation.path(page: page), try templates.renderHTML("conversation", model))
        }
    }

    func messageModel(_ index: Int, bubbles: BubbleViewModel) -> [String: Any] {
        let message = layout.messages[index]
        var model = bubbles.bubbles(message.reactions)
        model["anchor"] = Slug.anchor(forMessage: message.id)
        model["author"] = message.authorName ?? message.authorID ?? "unknown"
        model["authorID"] = message.authorID ?? ""
        model["html"] = CommonMark.html(markup.commonMark(message))
        model["deleted"] = message.deleted
        if let at = message.sentAt {
            model["hasTime"] = true
            model["time"] = TimeText.display(at)
            model["timeISO"] = at.rfc3339
        }
        if let parent = message.threadParentID, parent != message.id {
            model["isReply"] = true
            if let parentIndex = layout.index(of: parent, in: message) {
                model["parentHref"] = SiteLayout.Conversation.fileName(page: layout.page(ofMessageAt: parentIndex)) + "#" + Slug.anchor(forMessage: parent)
            }
        }
        return model
    }
}

/// Number formatting for pages: grouped integers and one-decimal percentages.
enum NumberText {
    /// `12,345`.
    static func integer(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// `1.25`: two decimals, rounded half away from zero, no locale.
    static func decimal(_ value: Double) -> String {
        let hundredths = Int((abs(value) * 100).rounded())
        return (value < 0 && hundredths > 0 ? "-" : "") + "\(hundredths / 100)." + pad(Int64(hundredths % 100), 2)
    }

    /// `45.2%`.
    static func percent(_ ratio: Double) -> String {
        let tenths = Int((ratio * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }
}

/// A one-line plain excerpt of message text for rankings.
enum TextExcerpt {
    static func make(_ text: String, deleted: Bool, limit: Int = 140) -> String {
        let flat = text.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ").trimmingWhitespace
        if flat.isEmpty { return deleted ? "(deleted message)" : "(no text)" }
        guard flat.count > limit else { return flat }
        return String(flat.prefix(limit - 1)).trimmingWhitespace + "…"
    }
}

/// `data/diagnostics.json`: counts per kind and the first examples.
enum DiagnosticsRecord {
    static func json(_ log: DiagnosticLog) -> String {
        let kinds = log.kinds.map { kind in
            JSONText.object([
                "kind": JSONText.quote(kind.rawValue),
                "label": JSONText.quote(kind.label),
                "count": String(log.counts[kind]!),
                "examples": JSONText.array((log.examples[kind] ?? []).map { JSONText.object(["file": JSONText.quote($0.file), "detail": JSONText.quote($0.detail)]) }),
            ])
        }
        return JSONText.object(["total": String(log.total), "diagnostics": JSONText.array(kinds)]) + "\n"
    }
}
