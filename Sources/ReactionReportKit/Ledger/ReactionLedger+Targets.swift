/// How the ledger finds the reaction entries a fact belongs to: the reaction value resolved to
/// an emoji by number, and the target's list of entries, found through its message where the
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

    /// Gives the entry of `emoji`'s key on `target` (created with `emoji` when new) to `body`, in
    /// place.
    func withEntry(_ target: MessageTarget, _ emoji: Resolved, _ body: (inout ReactionEntry) -> Void) {
        let sequence = self.sequence
        let position: Int
        if let last = lastTarget, last.target == target {
            position = last.position
        } else {
            position = listPosition(of: target)
            lastTarget = (target, position)
        }
        mutateEntries(&reactionLists[position])
        func mutateEntries(_ entries: inout [ReactionEntry]) {
            if let index = entries.firstIndex(where: { $0.key == emoji.key }) {
                body(&entries[index])
            } else {
                var entry = ReactionEntry(emoji: emoji.emoji, key: emoji.key, sequence: sequence)
                body(&entry)
                entries.append(entry)
            }
        }
    }

    /// The position in `reactionLists` of `target`'s list, made when new: through its message
    /// when the target names a recorded one, else by target.
    private func listPosition(of target: MessageTarget) -> Int {
        let next = reactionLists.count
        if let conversationID = target.conversationID,
            let message = messagePosition(MessageKey(platform: target.platform, conversationID: conversationID, id: CompactID(target.messageID)))
        {
            if listOfMessage[message] == 0 {
                precondition(next < Int(UInt32.max), "the ledger holds fewer than 2^32 reaction lists")
                listOfMessage[message] = UInt32(next + 1)
                reactionLists.append([])
            }
            return Int(listOfMessage[message]) - 1
        }
        // One hash, new target or known: the slot is read, and filled when new, in place.
        let position = Self.fill(&reactionIndex[target, default: -1], with: next)
        if position == next { reactionLists.append([]) }
        return position
    }

    /// The slot's position, set to `position` first when the slot is new (-1).
    private static func fill(_ slot: inout Int, with position: Int) -> Int {
        if slot < 0 { slot = position }
        return slot
    }

    /// The list a new message takes on (its number + 1, or 0): the list of reactions recorded
    /// for it by target before it was recorded, moved to the message so that the facts after
    /// it add to the same list.
    func adoptedList(of key: MessageKey) -> UInt32 {
        guard !reactionIndex.isEmpty,
            let position = reactionIndex.removeValue(forKey: key.target)
        else { return 0 }
        return UInt32(position + 1)
    }
}
