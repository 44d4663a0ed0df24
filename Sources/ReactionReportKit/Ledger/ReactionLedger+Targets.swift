/// How the ledger finds the reaction entry a fact belongs to: the reaction value resolved to an
/// emoji by number, and the target's list of entries, found through its message where the
/// message is recorded.
extension ReactionLedger {
    /// The resolver's emoji for `value`, by number, remembered for the next fact.
    func resolve(_ value: ReactionValue) -> Resolved? {
        if let last = lastValue, last.value == value { return last.resolved }
        if let resolved = resolvedValues[value] {
            lastValue = (value, resolved)
            return resolved
        }
        guard let emoji = resolver.resolve(value) else { return nil }
        let key: Int32
        if let known = keyNumbers[emoji.key] {
            key = known
        } else {
            key = Int32(keyNumbers.count)
            keyNumbers[emoji.key] = key
        }
        let resolved = Resolved(key: key, emoji: Int32(emojiTable.count))
        emojiTable.append(emoji)
        resolvedValues[value] = resolved
        lastValue = (value, resolved)
        return resolved
    }

    /// The entry of `emoji`'s key on `target` in the arena, made (with `emoji`) when new.
    func entryPosition(_ target: MessageTarget, _ emoji: Resolved) -> UInt32 {
        let list: ListPlace
        if let last = lastTarget, last.target == target {
            list = last.list
        } else {
            list = listPlace(of: target)
            lastTarget = (target, list)
        }
        let sequence = UInt32(self.sequence)
        switch list {
        case .message(let position):
            return arena.entry(in: &listOfMessage[position], key: emoji.key, emoji: emoji.emoji, sequence: sequence)
        case .target(let key):
            return arena.entry(in: &reactionIndex[key, default: ReactionArena.none], key: emoji.key, emoji: emoji.emoji, sequence: sequence)
        }
    }

    /// Where `target`'s list is: with its message when the target names a recorded one, else
    /// by target.
    private func listPlace(of target: MessageTarget) -> ListPlace {
        let id = CompactID(target.messageID)
        if let conversationID = target.conversationID,
            let message = messagePosition(MessageKey(platform: target.platform, conversationID: conversationID, id: id))
        {
            return .message(message)
        }
        return .target(TargetKey(platform: target.platform, conversationID: target.conversationID, id: id))
    }

    /// The list a new message takes on (the head of its entries, or `ReactionArena.none`): the
    /// list recorded for it by target before it was recorded, moved to the message so that the
    /// facts after it add to the same list.
    func adoptedList(of key: MessageKey) -> UInt32 {
        guard !reactionIndex.isEmpty,
            let head = reactionIndex.removeValue(forKey: TargetKey(platform: key.platform, conversationID: key.conversationID, id: key.id))
        else { return ReactionArena.none }
        // The last fact's target may be this one, kept by target until now.
        lastTarget = nil
        // A dictionary keeps its room as it empties: an event log read before its messages
        // (millions of targets, adopted one by one) would hold it to the end of reading.
        if reactionIndex.capacity > 1 << 16, reactionIndex.count < reactionIndex.capacity / 8 {
            var smaller = [TargetKey: UInt32](minimumCapacity: reactionIndex.count * 2)
            for (key, head) in reactionIndex { smaller[key] = head }
            reactionIndex = smaller
        }
        return head
    }

    /// Gives every target kept by target to its message, or accounts for its reactions as
    /// those of a message not in the input. A target with a conversation was given to its
    /// message when either was recorded, so those left have none (their message is missing); a
    /// target without a conversation (some exports name the message alone) is given to the
    /// message of that id, in a fixed order since two targets can land on one message, each of
    /// its entries merged with the message's entry of the same emoji.
    func attachTargets(into account: inout SettlingAccount) {
        let targets = reactionIndex.sorted { TargetKey.precedes($0.key, $1.key) }
        reactionIndex = [:]
        let key = { (position: Int) in self.messageKey(at: position) }
        let byID = targets.contains { $0.key.conversationID == nil } ? MessagesByID(count: messageList.count, key: key) : nil
        for (target, head) in targets {
            let candidates = target.conversationID == nil ? byID?.positions(platform: target.platform, id: target.id, key: key) ?? [] : []
            guard let first = candidates.min(by: { messageList[$0].conversationID < messageList[$1].conversationID }) else {
                account.noteMissing(
                    target.target, unmatched(list: head, platform: target.platform), conversationID: target.conversationID, file: firstFile(ofList: head))
                continue
            }
            if candidates.count > 1 {
                account.missing.append(
                    (
                        target.target,
                        Diagnostic(
                            .ambiguousMessage, file: firstFile(ofList: head),
                            "\(target.platform.displayName) message \(target.id.text) exists in \(candidates.count) conversations; its reactions went to \(messageList[first].conversationID)"
                        )
                    ))
            }
            for entry in Array(arena.entryPositions(from: head)) {
                let key = arena.entries[entry].key
                if let same = arena.entryPositions(from: listOfMessage[first]).first(where: { arena.entries[$0].key == key }) {
                    mergeEntry(entry, into: same)
                } else {
                    arena.entries[entry].next = listOfMessage[first]
                    listOfMessage[first] = entry
                }
            }
        }
    }
}

/// A target as the ledger keys the lists it keeps by target: its id packed (`CompactID`), so a
/// PubNub timetoken or a numeric id is held inline rather than as a string of its own (an action
/// list that names no channel keeps a million targets so until settling).
struct TargetKey: Hashable {
    var platform: Platform
    var conversationID: String?
    var id: CompactID

    /// The target as importers name it.
    var target: MessageTarget { MessageTarget(platform: platform, conversationID: conversationID, messageID: id.text) }

    /// The order of `ReactionLedger.targetOrder`: platform, conversation, then id (packed ids
    /// order as their texts).
    static func precedes(_ a: TargetKey, _ b: TargetKey) -> Bool {
        if a.platform != b.platform { return a.platform < b.platform }
        let first = a.conversationID ?? "", second = b.conversationID ?? ""
        if first != second { return first < second }
        return a.id < b.id
    }
}

/// The positions of the recorded messages by platform and id alone, for targets that name no
/// conversation: each message's hash of the two with its position, sorted, so that a million
/// messages take 16 MB (a dictionary of their ids as strings, each with an array of positions,
/// took about 170).
struct MessagesByID {
    private var slots: [(hash: Int, position: UInt32)] = []

    /// The messages at positions `0..<count`, whose keys `key` gives.
    init(count: Int, key: (Int) -> ReactionLedger.MessageKey) {
        slots.reserveCapacity(count)
        for position in 0..<count {
            let message = key(position)
            slots.append((Self.hash(message.platform, message.id), UInt32(position)))
        }
        slots.sort { $0.hash < $1.hash || ($0.hash == $1.hash && $0.position < $1.position) }
    }

    /// The positions of the messages of `platform` with `id`, in the order they were recorded.
    func positions(platform: Platform, id: CompactID, key: (Int) -> ReactionLedger.MessageKey) -> [Int] {
        let hash = Self.hash(platform, id)
        var low = 0, high = slots.count
        while low < high {
            let middle = (low + high) / 2
            if slots[middle].hash < hash { low = middle + 1 } else { high = middle }
        }
        var found: [Int] = []
        while low < slots.count, slots[low].hash == hash {
            let position = Int(slots[low].position)
            let message = key(position)
            if message.platform == platform, message.id == id { found.append(position) }
            low += 1
        }
        return found
    }

    private static func hash(_ platform: Platform, _ id: CompactID) -> Int {
        var hasher = Hasher()
        hasher.combine(platform)
        hasher.combine(id)
        return hasher.finalize()
    }
}
