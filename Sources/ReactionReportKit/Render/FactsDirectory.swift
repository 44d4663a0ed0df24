import ByteOutput

/// The short facts tables (`docs/facts.md`): the report's settings, its people, its
/// conversations, and what the report says about its input (diagnostics, tallies). Each is
/// small beside the messages and written whole.
enum FactsDirectory {
    /// `report.jsonl`: one row of the settings the figures depend on (with the configured
    /// groups in their order, `excludeBots`, `responseWindow` in seconds, `questionMarks` and
    /// the keys of the positive and negative emoji and the engagement levels' days, which the
    /// SQL of `sql/` reads), and what a
    /// build from the facts cannot find in the other tables (whether names are pseudonyms, the
    /// direct conversations the report left out).
    static func report(_ analysis: Analysis, options: BuildOptions, inputSummary: String) -> ByteBuffer {
        let out = ByteBuffer()
        let weeks = analysis.weekly.weeks
        out.append(literal: #"{"timezone":"#)
        JSONText.appendQuoted(analysis.calendar.name, to: out)
        out.append(literal: #","topN":"#)
        out.append(decimal: options.topN)
        out.append(literal: #","firstWeek":"#)
        JSONText.appendQuoted(weeks.first?.week.description, to: out)
        out.append(literal: #","lastWeek":"#)
        JSONText.appendQuoted(weeks.last?.week.description, to: out)
        out.append(literal: #","groups":["#)
        for (index, group) in options.groups.enumerated() {
            if index > 0 { out.append(0x2C) }
            JSONText.appendQuoted(group.name, to: out)
        }
        out.append(literal: options.excludeBots ? #"],"excludeBots":true"# : #"],"excludeBots":false"#)
        out.append(literal: #","responseWindow":"#)
        out.append(decimal: Int(options.responses.window))
        out.append(literal: #","questionMarks":"#)
        JSONText.appendQuoted(options.responses.questionMarks, to: out)
        let mood = Mood(options.polarity, resolver: options.emojiResolver)
        for (name, keys) in [(#","positive":["#, mood.positiveKeys), (#"],"negative":["#, mood.negativeKeys)] {
            out.append(name)
            for (index, key) in keys.enumerated() {
                if index > 0 { out.append(0x2C) }
                JSONText.appendQuoted(key, to: out)
            }
        }
        out.append(literal: #"],"engagementLevels":{"core":"#)
        out.append(decimal: options.engagementLevels.core)
        out.append(literal: #","regular":"#)
        out.append(decimal: options.engagementLevels.regular)
        out.append(0x7D)
        let anonymized = (options.anonymize && !options.anonymizesAtJoin) || analysis.result.pseudonymous
        out.append(literal: anonymized ? #","anonymized":true,"directConversations":"# : #","anonymized":false,"directConversations":"#)
        if let direct = analysis.result.directConversations {
            out.append(literal: #"{"conversations":"#)
            out.append(decimal: direct.conversations)
            out.append(literal: #","messages":"#)
            out.append(decimal: direct.messages)
            out.append(literal: #","reactions":"#)
            out.append(decimal: direct.reactions)
            out.append(literal: direct.included ? #","included":true"# : #","included":false"#)
            out.append(literal: direct.automatically ? #","automatically":true}"# : #","automatically":false}"#)
        } else {
            out.append(literal: "null")
        }
        out.append(literal: #","inputSummary":"#)
        JSONText.appendQuoted(inputSummary, to: out)
        out.append(literal: #","shard":"#)
        JSONText.appendQuoted(options.shard?.description, to: out)
        let awaiting = options.anonymizesAtJoin && !analysis.result.pseudonymous
        out.append(literal: awaiting ? #","anonymizeAtJoin":true}"# : #","anonymizeAtJoin":false}"#)
        out.append(literal: "\n")
        return out
    }

    /// `people.jsonl`: every person the report knows (authors, reactors, the people
    /// directory, bots), by platform and then id bytes.
    static func people(_ analysis: Analysis) -> ByteBuffer {
        let result = analysis.result
        // The name the report gives each person (people.csv's), where it gives one.
        var shown: [PersonKey: String?] = [:]
        for person in analysis.people.people { shown[PersonKey(platform: person.platform, id: person.id)] = person.name }
        var keys = Set(shown.keys)
        for (platform, people) in result.people { for id in people.keys { keys.insert(PersonKey(platform: platform, id: id)) } }
        for (platform, ids) in result.bots { for id in ids { keys.insert(PersonKey(platform: platform, id: id)) } }
        for (platform, ids) in result.leftOutOfRankings { for id in ids { keys.insert(PersonKey(platform: platform, id: id)) } }
        let out = ByteBuffer()
        for key in keys.sorted() {
            let directoryName = result.people[key.platform]?[key.id]
            out.append(literal: #"{"platform":"#)
            JSONText.appendQuoted(key.platform.rawValue, to: out)
            out.append(literal: #","id":"#)
            JSONText.appendQuoted(key.id, to: out)
            out.append(literal: #","name":"#)
            JSONText.appendQuoted((shown[key] ?? nil) ?? directoryName, to: out)
            out.append(literal: result.bots[key.platform]?.contains(key.id) == true ? #","bot":true"# : #","bot":false"#)
            let excluded = result.leftOutOfRankings[key.platform]?.contains(key.id) == true
            out.append(literal: excluded ? #","excluded":true,"directoryName":"# : #","excluded":false,"directoryName":"#)
            JSONText.appendQuoted(directoryName, to: out)
            out.append(literal: "}\n")
        }
        return out
    }

    /// `conversations.jsonl`: the report's conversations, by platform and then id bytes, with
    /// the configured groups each belongs to (in the configuration's order) and whether it is
    /// one of `supportConversations`.
    static func conversations(_ result: LedgerResult, groups: [ConversationGroup], responses: ResponseRules = ResponseRules()) -> ByteBuffer {
        let out = ByteBuffer()
        let sorted = result.conversations.sorted { a, b in a.platform != b.platform ? a.platform < b.platform : UTF8Bytes.precedes(a.id, b.id) }
        for conversation in sorted {
            let name = conversation.name ?? conversation.id
            out.append(literal: #"{"platform":"#)
            JSONText.appendQuoted(conversation.platform.rawValue, to: out)
            out.append(literal: #","id":"#)
            JSONText.appendQuoted(conversation.id, to: out)
            out.append(literal: #","name":"#)
            JSONText.appendQuoted(name, to: out)
            out.append(literal: conversation.isDirect ? #","direct":true,"groups":["# : #","direct":false,"groups":["#)
            for (index, group) in groups.filter({ $0.contains(id: conversation.id, name: name) }).enumerated() {
                if index > 0 { out.append(0x2C) }
                JSONText.appendQuoted(group.name, to: out)
            }
            out.append(literal: responses.isSupport(id: conversation.id, name: name) ? #"],"support":true}"# : #"],"support":false}"#)
            out.append(0x0A)
        }
        return out
    }

    /// `diagnostics.jsonl`: the diagnostics the report shows, kind by kind in the report's
    /// order: each example kept, then one row counting the rest of the kind.
    static func diagnostics(_ log: DiagnosticLog) -> ByteBuffer {
        let out = ByteBuffer()
        for kind in log.kinds {
            for example in log.examples[kind] ?? [] {
                appendDiagnostic(kind, shown: true, count: 1, example.file, example.detail, example.platform, example.reactions, to: out)
            }
            let unshown = log.unshown(kind)
            if unshown > 0 { appendDiagnostic(kind, shown: false, count: unshown, nil, nil, nil, 0, to: out) }
        }
        return out
    }

    static func appendDiagnostic(
        _ kind: Diagnostic.Kind, shown: Bool, count: Int, _ file: String?, _ detail: String?, _ platform: Platform?, _ reactions: Int,
        to out: ByteBuffer
    ) {
        out.append(literal: #"{"kind":"#)
        JSONText.appendQuoted(kind.rawValue, to: out)
        out.append(literal: shown ? #","shown":true,"count":"# : #","shown":false,"count":"#)
        out.append(decimal: count)
        out.append(literal: #","file":"#)
        JSONText.appendQuoted(file, to: out)
        out.append(literal: #","detail":"#)
        JSONText.appendQuoted(detail, to: out)
        out.append(literal: #","platform":"#)
        JSONText.appendQuoted(platform?.rawValue, to: out)
        out.append(literal: #","reactions":"#)
        out.append(decimal: reactions)
        out.append(literal: "}\n")
    }

    /// `tallies.jsonl`: where the reactions of each platform's inputs went, by platform (files
    /// of no known format, `null`, last).
    static func tallies(_ tallies: [Platform?: ReactionTally]) -> ByteBuffer {
        let out = ByteBuffer()
        let platforms = tallies.keys.sorted { a, b in
            switch (a, b) {
            case let (a?, b?): return a < b
            case (_?, nil): return true
            default: return false
            }
        }
        for platform in platforms {
            let tally = tallies[platform]!
            out.append(literal: #"{"platform":"#)
            JSONText.appendQuoted(platform?.rawValue, to: out)
            out.append(literal: #","read":"#)
            out.append(decimal: tally.read)
            out.append(literal: #","counted":"#)
            out.append(decimal: tally.counted)
            out.append(literal: #","diagnosed":"#)
            out.append(decimal: tally.diagnosed)
            out.append(literal: #","removed":"#)
            out.append(decimal: tally.removed)
            out.append(literal: #","leftOut":"#)
            out.append(decimal: tally.leftOut)
            out.append(literal: "}\n")
        }
        return out
    }
}
