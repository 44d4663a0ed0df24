import JSONReader

/// How one Stream message record is read: the message, its totals per reaction type and the
/// reactions it lists (Stream's `MessageResponse`, formats.md §2.1: `reaction_groups`,
/// `reaction_counts`, `reaction_scores`, `latest_reactions`, `own_reactions`).
extension StreamImporter {
    /// A platform total for one reaction type of a message.
    struct Total {
        var type: String
        var count: Int
        var firstAt: Timestamp?
    }

    /// One reaction a message lists: its type, who gave it, and when.
    struct ListedReaction {
        var type: String
        var user: String
        var name: String?
        var at: Timestamp?
        /// The reaction's `created_at` (`stamp(of:)`; the raw text when it cannot be read), which
        /// tells apart a reaction removed and given again; nil when none is given.
        var stamp: String?
        /// Its `score` (1 when not given or not a count), for `reaction_scores` alone.
        var score = 1
    }

    /// A message record as read.
    struct MessageRecord {
        var message: ImportedMessage
        var totals: [Total]
        var reactions: [ListedReaction]

        var target: MessageTarget {
            MessageTarget(platform: .stream, conversationID: message.conversationID, messageID: message.id)
        }

        /// The reactions the record stands for: per type, its total or its listed reactors,
        /// whichever is more (what the ledger reads).
        var size: Int {
            var listed: [String: Int] = [:]
            for reaction in reactions { listed[reaction.type, default: 0] += 1 }
            var total = 0
            for entry in totals { total = total.addingClamped(max(entry.count, listed.removeValue(forKey: entry.type) ?? 0)) }
            return listed.values.reduce(total) { $0.addingClamped($1) }
        }
    }

    /// The identity of one reaction: the same in an export and in an event log, so that a
    /// `reaction.deleted` cancels the add of the same reaction wherever it was read.
    static func reactionRef(message: String, type: String, user: String, stamp: String) -> String {
        "\(message)/\(type)/\(user)@\(stamp)"
    }

    /// A reaction's `created_at` as one text whatever the precision it was written with
    /// (`…13:14:53.6438Z` and `…13:14:53.643800Z` are one instant): nine fraction digits.
    static func stamp(of time: Timestamp) -> String {
        Timestamp(nanoseconds: time.nanoseconds, fractionDigits: 9).rfc3339
    }

    /// Reads a message record of an export or a response: the message, its totals and its
    /// reactors; then the message it quotes, when it is the record itself that quotes (one level:
    /// a quote inside a quote is not read, and its reactions are named by the import's audit).
    /// - Parameter seen: the messages of this file whose reactors were handed on; a message seen
    ///   again (a pinned or quoted copy, or a response fetched twice) adds no reactor twice.
    func readSnapshot(_ json: JSONValue, conversationID: String, seen: inout Set<String>, quoted: Bool = false, into sink: ImportSink) {
        if let record = readRecord(json, conversationID: conversationID, report: sink) {
            sink.message(record.message)
            if let poll = json["poll"], !poll.isNull { readPoll(poll, conversationID: conversationID, messageID: record.message.id, into: sink) }
            let target = record.target
            for total in record.totals {
                sink.reaction(.total(target: target, value: ReactionValue(total.type), count: total.count, firstAt: total.firstAt))
            }
            if !record.reactions.isEmpty, seen.insert(record.message.id).inserted {
                for reaction in record.reactions {
                    let ref = reaction.stamp.map { Self.reactionRef(message: target.messageID, type: reaction.type, user: reaction.user, stamp: $0) }
                    sink.reaction(
                        .add(
                            target: target, value: ReactionValue(reaction.type), reactor: reaction.user,
                            reactorName: reaction.name, at: reaction.at, ref: ref))
                }
            }
        }
        if !quoted, let copy = json["quoted_message"], copy.object != nil {
            readSnapshot(copy, conversationID: conversationID, seen: &seen, quoted: true, into: sink)
        }
    }

    /// Reads one message record; nil for one without an id, which is diagnosed with the
    /// reactions it holds.
    /// - Parameter report: where oddities are diagnosed; nil reads quietly (an event log's older
    ///   copies of a message, whose oddities its latest copy reports).
    func readRecord(_ json: JSONValue, conversationID: String, report: ImportSink?) -> MessageRecord? {
        let id = json["id"]?.identifier.flatMap(nonEmpty)
        let label = id.map { "message \($0)" } ?? "a message in \(conversationID) without an id"
        let totals = readTotals(json, label: label, report: report)
        let reactions = readListed(json, label: label, totals: totals, report: report)
        if let report { diagnoseScoresAlone(json, label: label, reactions: reactions, into: report) }
        guard let id else {
            let size = MessageRecord(
                message: ImportedMessage(platform: .stream, conversationID: conversationID, id: ""),
                totals: totals, reactions: reactions
            ).size
            report?.diagnose(.skippedRecord, label, reactions: size)
            return nil
        }
        let user = json["user"]
        let authorID = user?["id"]?.identifier ?? json["user_id"]?.identifier
        if let authorID { report?.person(.stream, id: authorID, name: user?["name"]?.string) }
        let deleted = json["type"]?.string == "deleted" || (json["deleted_at"].map { !$0.isNull } ?? false)
        let message = ImportedMessage(
            platform: .stream, conversationID: conversationID, id: id, authorID: authorID, authorName: user?["name"]?.string,
            sentAt: time(json["created_at"], what: "\(label) created_at", report: report),
            threadParentID: json["parent_id"]?.identifier, text: json["text"]?.string ?? "", deleted: deleted)
        return MessageRecord(message: message, totals: totals, reactions: reactions)
    }

    /// The totals per type: a group's `count`, else the type's `reaction_counts` entry. A count
    /// that is not one is named, and the type then counts its listed reactors.
    func readTotals(_ json: JSONValue, label: String, report: ImportSink?) -> [Total] {
        let groups = object(json["reaction_groups"], "reaction_groups", label: label, covered: json["reaction_counts"]?.object != nil, report: report)
        let counts = object(json["reaction_counts"], "reaction_counts", label: label, covered: groups != nil, report: report)
        var types = groups?.keys ?? []
        for type in counts?.keys ?? [] where groups?[type] == nil { types.append(type) }
        var totals: [Total] = []
        for type in types {
            let group = groups?[type]
            guard let value = group?["count"] ?? counts?[type], !value.isNull else {
                report?.diagnose(.invalidCount, "\(label): the \(type) reactions have no count; their listed reactors are counted")
                continue
            }
            guard let count = ReactionCount.read(value) else {
                report?.diagnose(.invalidCount, "\(label): the count of \(type) (\(ReactionCount.problem(value))) is not used; its listed reactors are counted")
                continue
            }
            totals.append(Total(type: type, count: count, firstAt: time(group?["first_reaction_at"], what: "\(label) first_reaction_at", report: report)))
        }
        return totals
    }

    /// The reactions listed in `latest_reactions`, `own_reactions` and the groups'
    /// `latest_reactions_by`, each (type, user) once. A reaction without a type or a user is
    /// named; it is counted as lost only where no total of the message covers it.
    func readListed(_ json: JSONValue, label: String, totals: [Total], report: ImportSink?) -> [ListedReaction] {
        let counted = Set(totals.map(\.type))
        var listed: [ListedReaction] = []
        var keys = Set<String>()
        func take(_ entry: JSONValue, type givenType: String?, from member: String) {
            guard let type = givenType ?? entry["type"]?.string, !type.isEmpty else {
                report?.diagnose(.invalidReaction, "\(label): a reaction in \(member) without a type", reactions: totals.isEmpty ? 1 : 0)
                return
            }
            guard let user = (entry["user_id"] ?? entry["user"]?["id"])?.identifier, !user.isEmpty else {
                report?.diagnose(.invalidReaction, "\(label): a \(type) reaction in \(member) without a user id", reactions: counted.contains(type) ? 0 : 1)
                return
            }
            guard keys.insert(type + "\u{1F}" + user).inserted else { return }
            let created = entry["created_at"]
            let at = time(created, what: "\(label) reaction created_at", report: report)
            let stamp = at.map(Self.stamp(of:)) ?? created?.string
            listed.append(
                ListedReaction(
                    type: type, user: user, name: entry["user"]?["name"]?.string, at: at, stamp: stamp,
                    score: entry["score"].flatMap(ReactionCount.read) ?? 1))
        }
        let covered = !totals.isEmpty
        for member in ["latest_reactions", "own_reactions"] {
            for entry in list(json[member], member, label: label, covered: covered, report: report) { take(entry, type: nil, from: member) }
        }
        for (type, group) in json["reaction_groups"]?.object?.members ?? [] {
            for entry in list(group["latest_reactions_by"], "latest_reactions_by", label: label, covered: covered, report: report) {
                take(entry, type: type, from: "latest_reactions_by")
            }
        }
        return listed
    }

    /// Names `reaction_scores` that no total covers: a score is the sum of its reactions'
    /// scores (a clap can score 7), so it is not a count. What is named is the score beyond that
    /// of the listed reactions: at most that many reactions are missing (every reaction scores at
    /// least 1).
    func diagnoseScoresAlone(_ json: JSONValue, label: String, reactions: [ListedReaction], into sink: ImportSink) {
        guard let scores = json["reaction_scores"]?.object else { return }
        // A total member of another shape was named already, with what it holds.
        for member in ["reaction_groups", "reaction_counts"] {
            if let value = json[member], !value.isNull, value.object == nil { return }
        }
        let groups = json["reaction_groups"]?.object, counts = json["reaction_counts"]?.object
        var listedScores: [String: Int] = [:]
        for reaction in reactions { listedScores[reaction.type, default: 0] = listedScores[reaction.type, default: 0].addingClamped(reaction.score) }
        var missing = 0
        var named: [String] = []
        for (type, score) in scores.members where groups?[type] == nil && counts?[type] == nil {
            let total = ReactionCount.read(score) ?? 1
            let listed = listedScores[type] ?? 0
            guard total > listed else { continue }
            missing = missing.addingClamped(total - listed)
            named.append("\(type) \(total)")
        }
        guard missing > 0 else { return }
        sink.diagnose(
            .unreadReactions,
            "\(label): reaction_scores (\(named.joined(separator: ", "))) are sums of scores, not counts, and no reaction_groups or reaction_counts give the count; up to \(missing) reaction(s) beyond the listed ones are not counted",
            reactions: missing)
    }

    /// The object `value` holds, or nil; a value that is there but not an object is named,
    /// with its reactions unless `covered` (another member counts them).
    func object(_ value: JSONValue?, _ member: String, label: String, covered: Bool, report: ImportSink?) -> JSONObject? {
        guard let value, !value.isNull else { return nil }
        if let object = value.object { return object }
        report?.diagnose(.skippedRecord, "\(label): \(member) is not an object", reactions: covered ? 0 : ReactionAudit.held(value))
        return nil
    }

    /// The elements `value` holds; a value that is there but not a list is named, with its
    /// reactions unless `covered` (the message's totals count them).
    func list(_ value: JSONValue?, _ member: String, label: String, covered: Bool, report: ImportSink?) -> JSONElements {
        guard let value, !value.isNull else { return [] }
        if let elements = value.elements { return elements }
        report?.diagnose(.skippedRecord, "\(label): \(member) is not a list", reactions: covered ? 0 : ReactionAudit.held(value))
        return []
    }

    /// A Stream time (RFC 3339), diagnosed when unreadable and `report` is given.
    func time(_ value: JSONValue?, what: String, report: ImportSink?) -> Timestamp? {
        if let report { return report.time(value, what: what) { $0.string.flatMap(Timestamp.iso8601) } }
        return value?.string.flatMap(Timestamp.iso8601)
    }
}
