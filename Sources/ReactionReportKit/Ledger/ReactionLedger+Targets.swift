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
        case .target:
            return arena.entry(in: &reactionIndex[target, default: ReactionArena.none], key: emoji.key, emoji: emoji.emoji, sequence: sequence)
        }
    }

    /// Where `target`'s list is: with its message when the target names a recorded one, else
    /// by target.
    private func listPlace(of target: MessageTarget) -> ListPlace {
        if let conversationID = target.conversationID,
            let message = messagePosition(MessageKey(platform: target.platform, conversationID: conversationID, id: CompactID(target.messageID)))
        {
            return .message(message)
        }
        return .target
    }

    /// The list a new message takes on (the head of its entries, or `ReactionArena.none`): the
    /// list recorded for it by target before it was recorded, moved to the message so that the
    /// facts after it add to the same list.
    func adoptedList(of key: MessageKey) -> UInt32 {
        guard !reactionIndex.isEmpty, let head = reactionIndex.removeValue(forKey: key.target) else { return ReactionArena.none }
        // The last fact's target may be this one, kept by target until now.
        lastTarget = nil
        return head
    }
}
