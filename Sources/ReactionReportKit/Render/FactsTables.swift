import ByteOutput

/// The facts tables (`docs/facts.md`): the settled, filtered report as flat JSON Lines tables in
/// `data/facts/`, for DuckDB, Spark or a warehouse, and as an input a later build reads back
/// (`FactsImporter`). The long tables (messages, totals, reactions) are made in chunks on every
/// core and handed to the writer in order, as `data/messages.jsonl` is; every row is written
/// with the data files' writers (`JSONText`, `MessageRecord.appendTime`).
enum FactsTables {
    /// The folder of the tables, from the site's root.
    static let folder = "data/facts/"
    /// The tables, in writing order.
    static let tables = [
        "report.jsonl", "messages.jsonl", "totals.jsonl", "reactions.jsonl", "people.jsonl", "conversations.jsonl", "diagnostics.jsonl",
        "tallies.jsonl"
    ]

    /// The number of files `write` writes for `result`: the tables and the media copies.
    static func fileCount(_ result: LedgerResult) -> Int { tables.count + result.media.count }

    /// Writes every table of `analysis`, then copies of the media its custom emoji name.
    /// - Parameter inputSummary: the phrase the pages name the inputs with, which a build from
    ///   the facts shows again.
    static func write(_ analysis: Analysis, options: BuildOptions, inputSummary: String, to writer: SiteWriter) throws {
        let messages = analysis.result.messages
        let weeks = Self.weeks(analysis.weekly, count: messages.count)
        try writer.write(folder + "report.jsonl", FactsDirectory.report(analysis, options: options, inputSummary: inputSummary))
        try writer.write(
            folder + "messages.jsonl",
            parts: { emit in
                try ParallelChunks.write(count: messages.count, append: { appendMessage(messages[$0], week: weeks[$0], to: $1) }, emit: emit)
            })
        try writer.write(
            folder + "totals.jsonl",
            parts: { emit in
                try ParallelChunks.write(count: messages.count, append: { appendTotals(messages[$0], to: $1) }, emit: emit)
            })
        try writer.write(
            folder + "reactions.jsonl",
            parts: { emit in
                try ParallelChunks.write(count: messages.count, append: { appendReactions(messages[$0], to: $1) }, emit: emit)
            })
        try writer.write(folder + "people.jsonl", FactsDirectory.people(analysis))
        try writer.write(folder + "conversations.jsonl", FactsDirectory.conversations(analysis.result, groups: options.groups, responses: options.responses))
        try writer.write(folder + "diagnostics.jsonl", FactsDirectory.diagnostics(analysis.result.diagnostics))
        try writer.write(folder + "tallies.jsonl", FactsDirectory.tallies(analysis.result.tallies))
        for (path, bytes) in analysis.result.media.sorted(by: { UTF8Bytes.precedes($0.key, $1.key) }) {
            try writer.write(folder + path, ByteBuffer(bytes))
        }
    }

    /// Each message's week, as the weekly report counted it (nil for a message without a time).
    static func weeks(_ report: WeeklyReport, count: Int) -> [ISOWeek?] {
        var weeks = [ISOWeek?](repeating: nil, count: count)
        for week in report.weeks {
            for index in week.messages { weeks[index] = week.week }
        }
        return weeks
    }

    /// `"platform":…,"conversation":…,` and the message's id under `idKey`: the columns every
    /// table of messages begins with.
    static func appendMessageKey(_ message: MessageSummary, idKey: StaticString, to out: ByteBuffer) {
        out.append(literal: #"{"platform":"#)
        JSONText.appendQuoted(message.platform.rawValue, to: out)
        out.append(literal: #","conversation":"#)
        JSONText.appendQuoted(message.conversationID, to: out)
        out.append(literal: idKey)
        JSONText.appendQuoted(message.id, to: out)
    }

    /// One `messages.jsonl` row.
    static func appendMessage(_ message: MessageSummary, week: ISOWeek?, to out: ByteBuffer) {
        appendMessageKey(message, idKey: #","id":"#, to: out)
        out.append(literal: #","author":"#)
        JSONText.appendQuoted(message.authorID, to: out)
        out.append(literal: #","authorName":"#)
        JSONText.appendQuoted(message.authorName, to: out)
        out.append(literal: #","sentAt":"#)
        MessageRecord.appendTime(message.sentAt, to: out)
        out.append(literal: #","week":"#)
        JSONText.appendQuoted(week?.description, to: out)
        out.append(literal: #","thread":"#)
        JSONText.appendQuoted(message.threadParentID, to: out)
        out.append(literal: #","replyTo":"#)
        JSONText.appendQuoted(message.replyToID, to: out)
        out.append(literal: message.fromBot ? #","fromBot":true"# : #","fromBot":false"#)
        out.append(literal: message.deleted ? #","deleted":true,"markup":"# : #","deleted":false,"markup":"#)
        JSONText.appendQuoted(message.markup.rawValue, to: out)
        out.append(literal: #","text":"#)
        JSONText.appendQuoted(message.text, to: out)
        out.append(literal: #","paidStars":"#)
        out.append(decimal: message.paidStars)
        out.append(literal: #","reactionCount":"#)
        out.append(decimal: message.reactionCount)
        out.append(literal: "}\n")
    }

    /// The `totals.jsonl` rows of a message: one per bubble, in bubble order.
    static func appendTotals(_ message: MessageSummary, to out: ByteBuffer) {
        for (position, reaction) in message.reactions.enumerated() {
            appendMessageKey(message, idKey: #","message":"#, to: out)
            out.append(literal: #","position":"#)
            out.append(decimal: position)
            out.append(0x2C)
            MessageRecord.appendEmoji(reaction.emoji, to: out)
            out.append(literal: #","count":"#)
            out.append(decimal: reaction.count)
            out.append(literal: #","listed":"#)
            out.append(decimal: reaction.reactors.count)
            out.append(literal: reaction.reactorsComplete ? #","complete":true,"firstAt":"# : #","complete":false,"firstAt":"#)
            MessageRecord.appendTime(reaction.firstAt, to: out)
            out.append(literal: "}\n")
        }
    }

    /// The `reactions.jsonl` rows of a message: one per bubble and listed reactor, bubbles in
    /// bubble order, reactors earliest first.
    static func appendReactions(_ message: MessageSummary, to out: ByteBuffer) {
        for reaction in message.reactions {
            for reactor in reaction.reactors {
                appendMessageKey(message, idKey: #","message":"#, to: out)
                out.append(literal: #","key":"#)
                JSONText.appendQuoted(reaction.emoji.key, to: out)
                out.append(literal: #","reactor":"#)
                JSONText.appendQuoted(reactor.id, to: out)
                out.append(literal: #","reactorName":"#)
                JSONText.appendQuoted(reactor.name, to: out)
                out.append(literal: #","at":"#)
                MessageRecord.appendTime(reactor.at, to: out)
                out.append(literal: "}\n")
            }
        }
    }
}
