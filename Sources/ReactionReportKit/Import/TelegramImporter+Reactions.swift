import JSONReader

/// Reactions in Telegram Desktop exports: `{type, count, emoji | document_id, recent}` on a
/// message, `count` the platform's total, `recent` a sample of reactors.
extension TelegramImporter {
    /// Reads one entry of a message's `reactions`. Whatever is not counted is named in a
    /// diagnostic with the reactions it loses: an entry that cannot be read loses its count (or
    /// its listed reactors, at least one); a reactor without an id is lost only when there is no
    /// count to hold it. A count that is not one (`ReactionCount`) is not used: the listed
    /// reactors are counted instead. (The diagnostics are made in functions of their own, out
    /// of this one's way: it runs for every reaction of a large export.)
    func readReaction(_ reaction: JSONValue, target: MessageTarget, ids: TelegramChatIDs, zoneOffset: Int64?, into sink: ImportSink) {
        let id = target.messageID
        guard reaction.object != nil else {
            return Self.skip(reaction, "a reaction that is not an object", message: id, into: sink)
        }
        let value: ReactionValue
        switch reaction["type"]?.string {
        case "emoji"?:
            guard let emoji = nonEmpty(reaction["emoji"]?.string) else {
                return Self.skip(reaction, "an emoji reaction without an emoji", message: id, into: sink)
            }
            value = ReactionValue(emoji)
        case "custom_emoji"?:
            guard let document = nonEmpty(reaction["document_id"]?.identifier) else {
                return Self.skip(reaction, "a custom emoji reaction without a document_id", message: id, into: sink)
            }
            value = ReactionValue("custom-" + document, style: .custom(id: document, image: nil))
        case "paid"?:
            return readPaid(reaction, target: target, ids: ids, into: sink)
        case let other:
            return Self.skip(reaction, "reaction type \(quoted(other ?? "missing")) is not emoji, custom_emoji or paid", message: id, into: sink)
        }

        // A sample of a few reactors: parsed as a whole even in a deferred document.
        let recent = reaction["recent"]?.array ?? []
        if recent.isEmpty { Self.checkRecent(reaction, message: id, into: sink) }
        let count = reaction["count"].flatMap(ReactionCount.read)
        if let count {
            sink.reaction(.total(target: target, value: value, count: count, firstAt: nil))
        } else if !Self.readsWithoutCount(reaction, value: value, listing: recent.count, message: id, into: sink) {
            return
        }
        for entry in recent {
            let reactor = entry["from_id"].flatMap { ids.personID($0) } ?? ""
            if reactor.isEmpty {
                Self.reactorWithoutID(of: value, counted: count != nil, message: id, into: sink)
                continue
            }
            let name = nonEmpty(entry["from"]?.string)
            let at = sink.time(entry["date"], what: "message \(id) reaction date") { date in
                date.string.flatMap { localTime($0, offset: zoneOffset) }
            }
            sink.reaction(.add(target: target, value: value, reactor: reactor, reactorName: name, at: at, ref: nil))
        }
    }

    /// Names an entry that cannot be read, with the reactions it stands for (`entrySize`).
    @inline(never)
    static func skip(_ reaction: JSONValue, _ what: String, message id: String, into sink: ImportSink) {
        sink.diagnose(.invalidReaction, "message \(id): \(what)", reactions: entrySize(reaction))
    }

    /// Names a `recent` that is there but not a list.
    @inline(never)
    static func checkRecent(_ reaction: JSONValue, message id: String, into sink: ImportSink) {
        guard let recent = reaction["recent"], !recent.isNull, recent.array == nil else { return }
        sink.diagnose(.invalidReaction, "message \(id): a reaction's \"recent\" is not a list")
    }

    /// A reaction without a usable count: its listed reactors are counted, and true is returned,
    /// when there are any; a count that is there but not one is named, and so is a reaction that
    /// lists nobody (one reaction lost).
    @inline(never)
    static func readsWithoutCount(_ reaction: JSONValue, value: ReactionValue, listing listed: Int, message id: String, into sink: ImportSink) -> Bool {
        if let count = reaction["count"], !count.isNull {
            sink.diagnose(
                .invalidCount,
                "message \(id): the count of \(quoted(value.raw)) (\(ReactionCount.problem(count))) is not used; its listed reactors are counted",
                reactions: listed == 0 ? 1 : 0)
        } else if listed == 0 {
            sink.diagnose(.invalidReaction, "message \(id): reaction \(quoted(value.raw)) has neither count nor recent reactors", reactions: 1)
        }
        return listed > 0
    }

    /// Names a listed reactor without an id: a reaction lost unless a count holds it.
    @inline(never)
    static func reactorWithoutID(of value: ReactionValue, counted: Bool, message id: String, into sink: ImportSink) {
        sink.diagnose(.invalidReaction, "message \(id): a reactor of \(quoted(value.raw)) without a from_id", reactions: counted ? 0 : 1)
    }

    /// A paid reaction: Telegram Stars for the message's star total, not reactions (its payers
    /// are no reactors, only names).
    func readPaid(_ reaction: JSONValue, target: MessageTarget, ids: TelegramChatIDs, into sink: ImportSink) {
        for entry in reaction["recent"]?.elements ?? [] {
            guard let payer = nonEmpty(entry["from_id"].flatMap { ids.personID($0) }) else { continue }
            sink.person(.telegram, id: payer, name: nonEmpty(entry["from"]?.string))
        }
        guard let value = reaction["count"], !value.isNull else {
            sink.diagnose(.invalidReaction, "message \(target.messageID): a paid reaction without a count of Stars")
            return
        }
        guard let stars = ReactionCount.read(value) else {
            sink.diagnose(.invalidCount, "message \(target.messageID): the Stars of a paid reaction (\(ReactionCount.problem(value))) are not used")
            return
        }
        if stars > 0 { sink.update(.paidStars(target: target, stars: stars)) }
    }

    /// How many reactions a `reactions` member holds as this importer would count them, for a
    /// diagnostic that skips them: each entry as `entrySize` says, a paid entry none (Stars are
    /// not reactions); a member that is not a list as much as it holds (`ReactionAudit.held`).
    static func reactionsHeld(_ value: JSONValue?) -> Int {
        guard let value, !value.isNull else { return 0 }
        guard let list = value.elements else { return ReactionAudit.held(value) }
        var total = 0
        for entry in list where entry["type"]?.string != "paid" {
            total = total.addingClamped(entrySize(entry))
        }
        return total
    }

    /// The reactions one entry of `reactions` stands for: its count when that is one, else the
    /// reactors it lists, at least one; an entry that is not an object as much as it holds (`ReactionAudit.held`).
    static func entrySize(_ entry: JSONValue) -> Int {
        guard entry.object != nil else { return ReactionAudit.held(entry) }
        if let count = entry["count"].flatMap(ReactionCount.read) { return count }
        return max(1, entry["recent"]?.array?.count ?? 0)
    }
}
