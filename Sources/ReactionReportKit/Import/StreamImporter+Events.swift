import JSONReader

/// Logs of Stream events (webhook or WebSocket payloads, `{"type", "cid", "message",
/// "reaction", "user", "created_at"}`; names from stream-chat-js `src/events.ts`, payloads from
/// Stream's webhook documentation), applied by identity, not by the order of the log:
///
/// - A reaction is (message, type, user) and the reaction's `created_at`, which tells apart a
///   reaction removed and given again: `reaction.deleted` carries the deleted reaction, so it
///   cancels exactly that instance, before or after its add in the log. A reaction without a
///   `created_at` is one instance per (message, type, user); a deletion without one cancels the
///   instances of its (message, type, user) not known to be newer than the deletion.
/// - `reaction.updated` is sent when a reaction replaces all of its user's reactions on the
///   message (`enforce_unique`; stream-chat-js applies it so): it adds the new reaction and
///   cancels the user's other reactions on that message given before it.
/// - Every event's `message` is a copy of the message at that time. Its listed reactions are
///   read as reactions (they are cancelled like any other); its totals only from the latest
///   copy of each message (by the event's `created_at`, then by place in the log; an event
///   without one counts as older than every event with one): an older copy's counts would
///   outlive a later deletion, since the ledger keeps the largest total it is given. When a
///   reaction event without a message copy comes after the latest copy, that copy's totals are
///   out of date: they are not used (its listed reactors still are), and this is named.
/// - The message itself is read from its latest copy; `message.updated` edits its text (the
///   latest update wins, also over a copy read from an export) and `message.deleted` marks it
///   deleted.
extension StreamImporter {
    /// Stream's event names (stream-chat-js `src/events.ts`, `EVENT_MAP`).
    static let eventNames: Set<String> = [
        "channel.created", "channel.deleted", "channel.hidden", "channel.kicked", "channel.muted", "channel.truncated",
        "channel.unmuted", "channel.updated", "channel.visible", "health.check", "member.added", "member.removed",
        "member.updated", "message.deleted", "message.new", "message.read", "message.updated",
        "notification.added_to_channel", "notification.channel_deleted", "notification.channel_mutes_updated",
        "notification.channel_truncated", "notification.invite_accepted", "notification.invite_rejected",
        "notification.invited", "notification.mark_read", "notification.message_new", "notification.mutes_updated",
        "notification.removed_from_channel", "reaction.deleted", "reaction.new", "reaction.updated", "typing.start",
        "typing.stop", "user.banned", "user.deleted", "user.presence.changed", "user.unbanned", "user.updated",
        "user.watching.start", "user.watching.stop"
    ]

    /// True for a log of events: one of its first records (or the document, for one event) is
    /// a Stream event about a channel, a message or a reaction.
    static func isEventLog(_ root: JSONValue) -> Bool {
        guard let records = root.elements else { return isEvent(root) }
        return records.prefix(32).contains(where: isEvent)
    }

    static func isEvent(_ value: JSONValue) -> Bool {
        guard let type = value["type"]?.string, eventNames.contains(type) else { return false }
        return value["message"]?.object != nil || value["reaction"]?.object != nil || value["cid"] != nil || value["channel_id"] != nil
    }

    /// A place in the log, ordered by the event's time, then by position (an event without a
    /// time before every event with one).
    struct LogPlace: Comparable {
        var at: Timestamp?
        var index: Int
        /// 0 for an event's message, 1 for the message it quotes.
        var depth = 0

        static func < (a: LogPlace, b: LogPlace) -> Bool {
            switch (a.at, b.at) {
            case let (x?, y?) where x != y: return x < y
            case (nil, _?): return true
            case (_?, nil): return false
            default: return (a.index, a.depth) < (b.index, b.depth)
            }
        }
    }

    /// A message of the log: its conversation and id.
    struct LogMessage: Hashable {
        var conversation: String
        var id: String
    }

    /// A reaction's identity without its instance: (message, type, user).
    struct ReactionIdentity: Hashable {
        var message: LogMessage
        var type: String
        var user: String
    }

    /// One instance of a reaction.
    struct ReactionInstance {
        var ref: String
        /// When it was given, for the ledger: its `created_at`, else its event's time.
        var at: Timestamp?
        /// When it is known to have existed, for ordering against removals.
        var order: Timestamp?
        var name: String?
    }

    /// What a log says, gathered before anything about reactions is handed on (removals are
    /// resolved against every add of the file).
    struct EventLog {
        var instances: [ReactionIdentity: [ReactionInstance]] = [:]
        var identities: [ReactionIdentity] = []
        /// `reaction.deleted`: the identity, the deleted instance's stamp, and the event's time.
        var deletions: [(identity: ReactionIdentity, stamp: String?, at: Timestamp?)] = []
        /// `reaction.updated`: the user's reactions on the message other than `kept`, given before `at`, are cancelled.
        var replacements: [(message: LogMessage, user: String, kept: String, at: Timestamp?)] = []

        mutating func add(_ identity: ReactionIdentity, _ instance: ReactionInstance) {
            guard var list = instances[identity] else {
                instances[identity] = [instance]
                identities.append(identity)
                return
            }
            if let index = list.firstIndex(where: { $0.ref == instance.ref }) {
                if let at = instance.at, list[index].at.map({ at < $0 }) ?? true { list[index].at = at }
                if let order = instance.order, list[index].order.map({ order < $0 }) ?? true { list[index].order = order }
                list[index].name = list[index].name ?? instance.name
            } else {
                list.append(instance)
            }
            instances[identity] = list
        }
    }

    /// Reads an event log in two passes over its records: the first finds each message's latest
    /// copy, and the reaction events without a copy; the second reads everything.
    func readEvents(_ document: InputDocument, into sink: ImportSink) {
        let records = document.root.elements ?? [document.root]
        var latest: [LogMessage: LogPlace] = [:]
        var uncopied: [LogMessage: LogPlace] = [:]
        for (index, event) in records.enumerated() {
            let conversation = self.conversation(ofEvent: event, in: document)
            let at = time(event["created_at"], what: "", report: nil)
            for (depth, copy) in copies(in: event).enumerated() {
                guard let id = copy["id"]?.identifier.flatMap(nonEmpty) else { continue }
                let place = LogPlace(at: at, index: index, depth: depth)
                let key = LogMessage(conversation: conversation, id: id)
                if latest[key].map({ $0 < place }) ?? true { latest[key] = place }
            }
            if event["message"]?.object == nil, let type = event["type"]?.string, type.hasPrefix("reaction."), let id = reactionMessageID(event) {
                let key = LogMessage(conversation: conversation, id: id)
                let place = LogPlace(at: at, index: index)
                if uncopied[key].map({ $0 < place }) ?? true { uncopied[key] = place }
            }
        }

        var log = EventLog()
        for (index, event) in records.enumerated() {
            let conversation = self.conversation(ofEvent: event, in: document)
            let at = sink.time(event["created_at"], what: "event \(index + 1) created_at") { $0.string.flatMap(Timestamp.iso8601) }
            for (depth, copy) in copies(in: event).enumerated() {
                let place = LogPlace(at: at, index: index, depth: depth)
                let id = copy["id"]?.identifier.flatMap(nonEmpty)
                let isLatest = id.map { latest[LogMessage(conversation: conversation, id: $0)] == place } ?? true
                guard let record = readRecord(copy, conversationID: conversation, report: isLatest ? sink : nil) else { continue }
                let key = LogMessage(conversation: conversation, id: record.message.id)
                if isLatest {
                    sink.conversation(ConversationInfo(platform: .stream, id: conversation, name: event["channel"]?["name"]?.string))
                    sink.message(record.message)
                    if let poll = copy["poll"], !poll.isNull { readPoll(poll, conversationID: conversation, messageID: record.message.id, into: sink) }
                    handTotals(of: record, copiedAt: place, removedAt: uncopied[key], into: sink)
                }
                for reaction in record.reactions {
                    let identity = ReactionIdentity(message: key, type: reaction.type, user: reaction.user)
                    log.add(
                        identity,
                        ReactionInstance(
                            ref: Self.reactionRef(message: key.id, type: reaction.type, user: reaction.user, stamp: reaction.stamp ?? ""),
                            at: reaction.at, order: reaction.at ?? at, name: reaction.name))
                }
            }
            switch event["type"]?.string {
            case "reaction.new"?, "reaction.updated"?, "reaction.deleted"?:
                readReactionEvent(event, conversation: conversation, at: at, into: &log, sink: sink)
            case "message.updated"?:
                guard let copy = event["message"], let id = copy["id"]?.identifier.flatMap(nonEmpty), let text = copy["text"]?.string,
                    let order = at ?? time(copy["updated_at"], what: "message \(id) updated_at", report: sink)
                else { break }
                sink.update(.edit(target: MessageTarget(platform: .stream, conversationID: conversation, messageID: id), text: text, order: order))
            case "message.deleted"?:
                guard let id = (event["message"]?["id"] ?? event["message_id"])?.identifier.flatMap(nonEmpty) else { break }
                sink.update(.delete(target: MessageTarget(platform: .stream, conversationID: conversation, messageID: id)))
            default:
                break
            }
        }
        hand(log, into: sink)
    }

    /// The copies of messages an event carries: its message, and the message that one quotes.
    func copies(in event: JSONValue) -> [JSONValue] {
        guard let message = event["message"], message.object != nil else { return [] }
        guard let quoted = message["quoted_message"], quoted.object != nil else { return [message] }
        return [message, quoted]
    }

    /// The channel of an event: its `cid`, else `channel_type:channel_id`, else its message's.
    func conversation(ofEvent event: JSONValue, in document: InputDocument) -> String {
        if let cid = event["cid"]?.string, !cid.isEmpty { return cid }
        if let type = event["channel_type"]?.string, let id = event["channel_id"]?.identifier { return type + ":" + id }
        return event["message"].map { conversation(of: $0, in: document) } ?? stem(of: document.name)
    }

    /// The message a reaction event is about.
    func reactionMessageID(_ event: JSONValue) -> String? {
        (event["message"]?["id"] ?? event["reaction"]?["message_id"] ?? event["message_id"])?.identifier.flatMap(nonEmpty)
    }

    /// Hands on the totals of a message's latest copy, unless a reaction event without a copy
    /// comes after it: those totals may count a reaction removed since (or miss one given
    /// since), and are named instead, with the reactions they held beyond the listed ones.
    func handTotals(of record: MessageRecord, copiedAt place: LogPlace, removedAt removal: LogPlace?, into sink: ImportSink) {
        let target = record.target
        guard let removal, place < removal else {
            for total in record.totals {
                sink.reaction(.total(target: target, value: ReactionValue(total.type), count: total.count, firstAt: total.firstAt))
            }
            return
        }
        guard !record.totals.isEmpty else { return }
        var listed: [String: Int] = [:]
        for reaction in record.reactions { listed[reaction.type, default: 0] += 1 }
        let beyond = record.totals.reduce(0) { $0.addingClamped(max(0, $1.count - (listed[$1.type] ?? 0))) }
        sink.diagnose(
            .skippedRecord,
            "message \(target.messageID): its latest copy in the log (event \(place.index + 1)) comes before event \(removal.index + 1), a reaction event without a copy; its totals are not used, its listed reactors are counted",
            reactions: beyond)
    }

    /// Reads the reaction of a `reaction.*` event into the log.
    func readReactionEvent(_ event: JSONValue, conversation: String, at: Timestamp?, into log: inout EventLog, sink: ImportSink) {
        let kind = event["type"]?.string ?? ""
        // The copy's totals count a reaction given in an event that carries one.
        let lost = kind == "reaction.deleted" || event["message"]?.object != nil ? 0 : 1
        guard let reaction = event["reaction"], reaction.object != nil, let messageID = reactionMessageID(event) else {
            sink.diagnose(.skippedRecord, "a \(kind) event without a reaction or a message id", reactions: lost)
            return
        }
        guard let type = reaction["type"]?.string, !type.isEmpty,
            let user = (reaction["user_id"] ?? reaction["user"]?["id"] ?? event["user"]?["id"])?.identifier, !user.isEmpty
        else {
            sink.diagnose(.invalidReaction, "message \(messageID): a \(kind) event whose reaction has no type or no user id", reactions: lost)
            return
        }
        let key = LogMessage(conversation: conversation, id: messageID)
        let identity = ReactionIdentity(message: key, type: type, user: user)
        let created = time(reaction["created_at"], what: "message \(messageID) reaction created_at", report: sink)
        let stamp = created.map(Self.stamp(of:)) ?? reaction["created_at"]?.string
        if kind == "reaction.deleted" {
            log.deletions.append((identity, stamp, at))
            return
        }
        let ref = Self.reactionRef(message: messageID, type: type, user: user, stamp: stamp ?? "")
        let name = reaction["user"]?["name"]?.string ?? event["user"]?["name"]?.string
        log.add(identity, ReactionInstance(ref: ref, at: created ?? at, order: created ?? at, name: name))
        if kind == "reaction.updated" {
            let replacedAt = at ?? time(reaction["updated_at"], what: "message \(messageID) reaction updated_at", report: sink) ?? created
            log.replacements.append((key, user, ref, replacedAt))
        }
    }

    /// Hands on the log's reactions, then the removals its deletions and replacements make.
    func hand(_ log: EventLog, into sink: ImportSink) {
        for identity in log.identities {
            let target = MessageTarget(platform: .stream, conversationID: identity.message.conversation, messageID: identity.message.id)
            for instance in log.instances[identity] ?? [] {
                sink.reaction(
                    .add(
                        target: target, value: ReactionValue(identity.type), reactor: identity.user, reactorName: instance.name,
                        at: instance.at, ref: instance.ref))
            }
        }
        /// True unless `instance` is known to be newer than `time`.
        func notNewer(_ instance: ReactionInstance, than time: Timestamp?, orEqual: Bool) -> Bool {
            guard let order = instance.order, let time else { return true }
            return orEqual ? order <= time : order < time
        }
        for deletion in log.deletions {
            let identity = deletion.identity
            if let stamp = deletion.stamp {
                sink.reaction(
                    .remove(platform: .stream, ref: Self.reactionRef(message: identity.message.id, type: identity.type, user: identity.user, stamp: stamp)))
                continue
            }
            let cancelled = (log.instances[identity] ?? []).filter { notNewer($0, than: deletion.at, orEqual: true) }
            for instance in cancelled { sink.reaction(.remove(platform: .stream, ref: instance.ref)) }
            if cancelled.isEmpty {
                // Matches no add: the ledger names it.
                sink.reaction(
                    .remove(platform: .stream, ref: Self.reactionRef(message: identity.message.id, type: identity.type, user: identity.user, stamp: "")))
            }
        }
        guard !log.replacements.isEmpty else { return }
        var byUser: [String: [ReactionIdentity]] = [:]
        for identity in log.identities { byUser[identity.message.id + "\u{1F}" + identity.user, default: []].append(identity) }
        for replacement in log.replacements {
            for identity in byUser[replacement.message.id + "\u{1F}" + replacement.user] ?? [] where identity.message == replacement.message {
                for instance in log.instances[identity] ?? [] where instance.ref != replacement.kept && notNewer(instance, than: replacement.at, orEqual: false)
                {
                    sink.reaction(.remove(platform: .stream, ref: instance.ref))
                }
            }
        }
    }
}
