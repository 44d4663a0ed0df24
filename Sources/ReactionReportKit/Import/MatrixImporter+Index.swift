import JSONReader

/// The first pass over a room's events, which learns what the second pass asks about other
/// events. Both passes walk the events one at a time (a large document's array is deferred:
/// each event is parsed, used and let go), so what the index keeps is all that stays of the
/// first pass: it grows with the edits and redactions, not with the events.
///
/// What the second pass asks, and how the index answers it exactly:
/// - what an event id stands for, following edits (`resolve`): the edits themselves, by id;
/// - whether an edit was redacted, and who sent the message it edits;
/// - whether the event an annotation names (after edits) is a reaction, which makes the
///   annotation one to ignore. Only reactions that some annotation or edit names can be, and
///   the first pass finds them by keyed 64-bit hashes (Swift's `Hasher`, seeded anew each run):
///   the hashes of every reaction id meet the hashes of every id named. Where they meet (an
///   annotation on a reaction, or two ids of one hash), a further walk collects those ids
///   exactly, so a hash collision costs a walk, never a count;
/// - what a redaction's target is: the targets are kept from the first pass, and the second pass
///   notes each as it meets it (`RedactedEvents`); redactions are decided after it, since the
///   ledger applies a removal by identity, whatever its order.
///
/// The last event of an id decides what the id is, as in one table of ids filled in order. Two
/// answers come from hashes alone, and a collision could change only a message's text, never a
/// count: an edit of an id whose hash a redacted event also has is taken as redacted, and the
/// author an edit is checked against is the sender of the last message of the edited id's hash.
extension MatrixImporter {
    /// What the first pass learns before anything is recorded.
    struct Index {
        enum Kind {
            case message
            /// An `m.replace` edit of the event with this id.
            case edit(of: String)
            case reaction
            case other
        }

        /// The ids whose last event is an `m.replace` edit, with the id each edits.
        var edits: [String: String] = [:]
        /// Edits that some redaction in this document, or the server, redacted.
        var redactedEdits: Set<String> = []
        /// Senders of the messages edits stand for, to refuse edits by someone else.
        var messageSenders: [String: String] = [:]
        /// Reactions (ids whose last event is an `m.reaction`) that an annotation or an edit
        /// names: every reaction `readReaction` and `recordsReaction` can ask about.
        var namedReactions: Set<String> = []
        /// The ids redactions in this document name, in the order first named.
        var redactionTargets: [String] = []
        /// Room ids in the order they first appear.
        var rooms: [String] = []
        var roomSet: Set<String> = []
        /// The newest `m.room.name` per room: (time, position, name).
        var roomNames: [String: (Int64, Int, String)] = [:]
        /// The newest canonical alias per room.
        var aliases: [String: (Int64, Int, String)] = [:]
        /// Rooms a membership event flags as direct chats.
        var direct: Set<String> = []
        /// The newest display name per user, from `m.room.member` state.
        var names: [String: (Int64, Int, String)] = [:]
        var people: [String] = []
    }

    /// The events of a detected document, in order: a top-level array (or JSON lines), the
    /// list under a wrapper key (after the state a /messages response adds), or the one event.
    /// A large document's arrays are deferred: the events are parsed as they are reached.
    func eventList(_ root: JSONValue) -> FlattenSequence<[JSONElements]> {
        if let elements = root.elements { return [elements].joined() }
        for key in Self.wrapperKeys {
            if let elements = root[key]?.elements {
                // A /messages response may add the state the events need (members) under "state".
                return [root["state"]?.elements ?? [], elements].joined()
            }
        }
        return [[root]].joined()
    }

    /// What the event is, as an index of ids would record it; nil for an event recorded under
    /// no id.
    static func kind(of event: JSONValue, type: String) -> (id: String, kind: Index.Kind)? {
        guard let id = event["event_id"]?.string else { return nil }
        if messageTypes.contains(type) {
            let relation = event["content"]?["m.relates_to"]
            if relation?["rel_type"]?.string == "m.replace", let original = nonEmpty(relation?["event_id"]?.string) {
                return (id, .edit(of: original))
            }
            return (id, .message)
        }
        return (id, type == "m.reaction" ? .reaction : .other)
    }

    /// A keyed 64-bit hash of an id, as equal for equal strings as `==` makes them.
    static func hash(_ id: String) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(id)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// The first pass: the edits, the redactions, the reactions named, and the room and member
    /// state (the newest by `origin_server_ts`, then by position, wins).
    func buildIndex(_ events: FlattenSequence<[JSONElements]>, fallbackRoom: String) -> Index {
        var index = Index()
        var hashes = IndexHashes()
        func newer(_ current: (Int64, Int, String)?, _ time: Int64, _ position: Int) -> Bool {
            guard let current else { return true }
            return (time, position) >= (current.0, current.1)
        }
        var redactionTargets: Set<String> = []
        for (position, event) in events.enumerated() {
            guard let type = event["type"]?.string else { continue }
            let room = nonEmpty(event["room_id"]?.string) ?? fallbackRoom
            if index.roomSet.insert(room).inserted { index.rooms.append(room) }
            let time = event["origin_server_ts"]?.int64 ?? Int64.min
            let content = event["content"]
            if let recorded = Self.kind(of: event, type: type) {
                hashes.note(id: recorded.id, kind: recorded.kind, event: event, redacted: isRedacted(event), into: &index)
            }
            switch type {
            case "m.reaction":
                let relation = content?["m.relates_to"]
                if let target = nonEmpty(relation?["event_id"]?.string) { hashes.named.insert(Self.hash(target)) }
            case "m.room.redaction":
                if let target = redactedID(event), redactionTargets.insert(target).inserted { index.redactionTargets.append(target) }
            case "m.room.name":
                if let name = content?["name"]?.string, newer(index.roomNames[room], time, position) {
                    index.roomNames[room] = (time, position, name)
                }
            case "m.room.canonical_alias":
                if let alias = content?["alias"]?.string, newer(index.aliases[room], time, position) {
                    index.aliases[room] = (time, position, alias)
                }
            case "m.room.member":
                if content?["is_direct"]?.bool == true { index.direct.insert(room) }
                guard let user = nonEmpty(event["state_key"]?.string), let name = nonEmpty(content?["displayname"]?.string) else { continue }
                if index.names[user] == nil { index.people.append(user) }
                if newer(index.names[user], time, position) { index.names[user] = (time, position, name) }
            default:
                continue
            }
        }
        // An empty newest name means the name was removed: fall back as if there were none.
        index.roomNames = index.roomNames.filter { !$0.value.2.isEmpty }
        index.redactedEdits = Set(index.edits.keys.filter { redactionTargets.contains($0) || hashes.redacted.contains(Self.hash($0)) })
        for original in index.edits.values {
            hashes.named.insert(Self.hash(original))
            let target = resolve(original, index: index)
            if let sender = hashes.senders[Self.hash(target)] { index.messageSenders[target] = hashes.senderIDs[Int(sender)] }
        }
        let suspects = Set(hashes.reactions.filter(hashes.named.contains))
        if !suspects.isEmpty { index.namedReactions = reactions(among: suspects, in: events) }
        return index
    }

    /// What the first pass holds by hash while it walks, let go when it ends.
    struct IndexHashes {
        /// The hash of every reaction's id.
        var reactions: [UInt64] = []
        /// The hashes of the ids annotations name (and, at the end, those edits name).
        var named: Set<UInt64> = []
        /// The hashes of the events the server redacted.
        var redacted: Set<UInt64> = []
        /// The sender of each message by its id's hash, a number in `senderIDs`.
        var senders: [UInt64: UInt32] = [:]
        var senderIDs: [String] = []
        var senderNumbers: [String: UInt32] = [:]

        /// Notes an event recorded under `id`: the last event of an id decides what it is.
        mutating func note(id: String, kind: Index.Kind, event: JSONValue, redacted isRedacted: Bool, into index: inout Index) {
            if isRedacted { redacted.insert(MatrixImporter.hash(id)) }
            switch kind {
            case .edit(let original):
                index.edits[id] = original
                return
            case .reaction:
                reactions.append(MatrixImporter.hash(id))
            case .message:
                if let sender = event["sender"]?.string { senders[MatrixImporter.hash(id)] = number(of: sender) }
            case .other:
                break
            }
            if !index.edits.isEmpty { index.edits[id] = nil }
        }

        mutating func number(of sender: String) -> UInt32 {
            if let number = senderNumbers[sender] { return number }
            let number = UInt32(senderIDs.count)
            senderIDs.append(sender)
            senderNumbers[sender] = number
            return number
        }
    }

    /// The ids whose last event is a reaction, among those of the given hashes: a walk of its
    /// own, made only when an annotation or edit may name a reaction.
    func reactions(among hashes: Set<UInt64>, in events: FlattenSequence<[JSONElements]>) -> Set<String> {
        var isReaction: [String: Bool] = [:]
        for event in events {
            guard let type = event["type"]?.string, let recorded = Self.kind(of: event, type: type), hashes.contains(Self.hash(recorded.id)) else {
                continue
            }
            if case .reaction = recorded.kind { isReaction[recorded.id] = true } else { isReaction[recorded.id] = false }
        }
        return Set(isReaction.filter(\.value).keys)
    }

    /// The events redactions name, noted as the second pass meets them: what each is (its last
    /// event decides) and, for a reaction complete enough to record, what it annotates.
    struct RedactedEvents {
        let targets: Set<String>
        var kinds: [String: Index.Kind] = [:]
        var annotationTargets: [String: String] = [:]

        init(_ targets: [String]) { self.targets = Set(targets) }

        mutating func note(_ event: JSONValue, type: String) {
            guard !targets.isEmpty, let recorded = MatrixImporter.kind(of: event, type: type), targets.contains(recorded.id) else { return }
            let id = recorded.id
            kinds[id] = recorded.kind
            guard case .reaction = recorded.kind else { return }
            let relation = event["content"]?["m.relates_to"]
            if nonEmpty(event["sender"]?.string) != nil, relation?["rel_type"]?.string == "m.annotation", relation?["key"]?.string != nil,
                let target = nonEmpty(relation?["event_id"]?.string)
            {
                annotationTargets[id] = target
            }
        }
    }
}
