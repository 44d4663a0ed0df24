import ByteOutput

/// `data/weeks.json` (product.md §3.2): every week's figures, rankings and conversations.
enum WeeksRecord {
    static func json(_ report: WeeklyReport, messages: [MessageSummary]) -> String {
        let weeks = report.weeks.map { week -> String in
            let head: [(String, String)] = [
                ("week", JSONText.quote(week.week.description)),
                ("start", JSONText.quote(report.calendar.localText(seconds: week.start))),
                ("end", JSONText.quote(report.calendar.localText(seconds: week.end))),
                ("partial", week.partial ? "true" : "false"),
                ("days", String(week.days))
            ]
            return JSONText.object(head + figureMembers(week.figures, in: .week) + rankings(week, messages: messages))
        }
        return "{" + JSONText.quote("timezone") + ":" + JSONText.quote(report.calendar.name) + "," + JSONText.quote("weeks") + ":[\n"
            + weeks.joined(separator: ",\n") + "]}\n"
    }

    /// A week's members after its figures: its rankings, conversations and groups.
    static func rankings(_ week: WeeklyReport.Week, messages: [MessageSummary]) -> [(String, String)] {
        let topMessages = week.topMessages.map { index in
            let message = messages[index]
            return JSONText.object([
                "platform": JSONText.quote(message.platform.rawValue), "conversation": JSONText.quote(message.conversationID),
                "id": JSONText.quote(message.id), "reactions": String(message.reactionCount)
            ])
        }
        let pairs = week.topPairs.map { pair in
            JSONText.object([
                "platform": JSONText.quote(pair.platform.rawValue), "reactor": JSONText.quote(pair.reactorID),
                "author": JSONText.quote(pair.authorID), "count": String(pair.count)
            ])
        }
        let conversations = week.conversations.filter { $0.figures.messages > 0 }.map { entry in
            JSONText.object([
                "platform": JSONText.quote(entry.platform.rawValue), "id": JSONText.quote(entry.id), "name": JSONText.quote(entry.name),
                "messages": String(entry.figures.messages), "reactions": String(entry.figures.reactions)
            ])
        }
        return [
            ("topMessages", JSONText.array(topMessages)),
            ("topEmoji", JSONText.array(week.topEmoji.map { JSONText.object(["key": JSONText.quote($0.emoji.key), "count": String($0.count)]) })),
            ("topReactors", people(week.topReactors)),
            ("topReceivers", people(week.topReceivers)),
            ("topPairs", JSONText.array(pairs)),
            ("conversations", JSONText.array(conversations)),
            ("groups", JSONText.array(week.groups.map(group)))
        ]
    }

    /// A ranking of people: platform, id, name (null when unknown) and count.
    static func people(_ ranking: [WeeklyReport.PersonCount]) -> String {
        JSONText.array(
            ranking.map { person in
                JSONText.object([
                    "platform": JSONText.quote(person.platform.rawValue), "id": JSONText.quote(person.id), "name": JSONText.quote(person.name),
                    "count": String(person.count)
                ])
            })
    }

    /// A group's figures in a week: its name, then the figures a group's object holds.
    static func group(_ group: WeeklyReport.GroupWeek) -> String {
        JSONText.object([("name", JSONText.quote(group.name))] + figureMembers(group.figures, in: .group))
    }

    /// The members of the figures `WeekFigure.all` writes in `place`, in its order.
    static func figureMembers(_ figures: Engagement, in place: WeekFigure.Places) -> [(String, String)] {
        WeekFigure.written(in: place).map { ($0.key, $0.json(figures)) }
    }
}

/// `data/reactions.csv`: one row per message and emoji, RFC 4180 (CRLF line ends, fields
/// quoted where they hold a comma, quote or line break). Text fields that a spreadsheet would
/// take for a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) get a leading `'`.
enum ReactionsCSV {
    static let header = [
        "week", "platform", "conversationId", "conversation", "messageId", "sentAt", "authorId", "author",
        "key", "emoji", "name", "custom", "count", "listedReactors", "reactorsComplete", "firstAt"
    ]

    static func text(_ messages: [MessageSummary], report: WeeklyReport) -> String {
        let whole = ByteBuffer()
        // Cannot fail: only `emit` could throw, and this one does not.
        try! write(messages, report: report) { whole.append($0) }
        return whole.text
    }

    /// The file in parts, its rows made on every core.
    static func write(_ messages: [MessageSummary], report: WeeklyReport, emit: (ByteBuffer) throws -> Void) throws {
        try emit(ByteBuffer(header.joined(separator: ",") + "\r\n"))
        try ParallelChunks.write(count: messages.count, append: { index, out in append(messages[index], report: report, to: out) }, emit: emit)
    }

    /// The rows of one message: one per emoji, each cell appended as it comes.
    static func append(_ message: MessageSummary, report: WeeklyReport, to out: ByteBuffer) {
        guard !message.reactions.isEmpty else { return }
        let week = message.sentAt.flatMap(report.week(of:))?.description ?? ""
        let sentAt = message.sentAt?.rfc3339 ?? ""
        func cell(_ value: String) {
            appendField(value, to: out)
            out.append(0x2C)
        }
        func textCell(_ value: String) { cell(text(value)) }
        for reaction in message.reactions {
            cell(week)
            cell(message.platform.rawValue)
            textCell(message.conversationID)
            textCell(message.conversationName)
            textCell(message.id)
            cell(sentAt)
            textCell(message.authorID ?? "")
            textCell(message.authorName ?? "")
            textCell(reaction.emoji.key)
            textCell(reaction.emoji.display)
            textCell(reaction.emoji.name ?? "")
            cell(reaction.emoji.custom ? "true" : "false")
            cell(String(reaction.count))
            cell(String(reaction.reactors.count))
            cell(reaction.reactorsComplete ? "true" : "false")
            appendField(reaction.firstAt?.rfc3339 ?? "", to: out)
            out.append(0x0D)
            out.append(0x0A)
        }
    }

    /// RFC 4180 quoting, on bytes.
    static func appendField(_ value: String, to out: ByteBuffer) {
        out.appendCSVField(value)
    }

    /// A text cell that a spreadsheet will not evaluate.
    static func text(_ value: String) -> String {
        // The characters are ASCII, so the first byte tells.
        switch value.utf8.first {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
        default: return value
        }
        return "'" + value
    }
}
