/// The ledger's rules for one message: removals applied by identity, reactors counted once and
/// weighed against the platform's total, lists of one reaction merged, and the reactions of a
/// message the input lacks accounted for. Settling (`ReactionLedger+Summary.swift`) applies them
/// to every message, part by part.
extension ReactionLedger {
    /// The reactions of a message that is not in the input: those still live, those some
    /// removal cancelled, and the removals matched (they are accounted for here, not reported as
    /// removals with no add).
    func unmatched(_ entries: [ReactionEntry], platform: Platform) -> (live: Int, removed: Int, removals: [RemovalKey]) {
        var live = 0, removed = 0
        var removals: [RemovalKey] = []
        for entry in entries {
            var liveReactors = 0
            for (_, reactor) in entry.reactors {
                var alive = false
                for instance in reactor.instances {
                    let removal = RemovalKey(platform: platform, ref: instance.ref)
                    if !instance.ref.isEmpty, self.removals[removal] != nil {
                        removals.append(removal)
                    } else {
                        alive = true
                    }
                }
                if alive { liveReactors += 1 }
            }
            let total = entry.total ?? 0
            let unnamed = Int(entry.unnamed)
            let before = max(total, entry.reactors.count + unnamed), after = max(total, liveReactors + unnamed)
            live = live.addingClamped(after)
            removed = removed.addingClamped(before - after)
        }
        return (live, removed, removals)
    }

    /// One message settled, in place: its reactions (removals applied, first reacted first),
    /// its latest text, deletion and stars. Reads only the ledger's tables, so messages can be
    /// settled on several threads at once.
    /// - Parameter unlisted: increased by the reactors whose platform's names lack them.
    func settle(
        _ summary: inout MessageSummary, key: MessageKey, entries: [ReactionEntry],
        matched: inout Set<RemovalKey>, settled: inout [(key: MessageKey, diagnostic: Diagnostic)], unlisted: inout Int,
        tally: inout ReactionTally
    ) {
        let message = summary.message
        var reactionsOut: [ReactionSummary] = []
        var found: [Diagnostic] = []
        let names = people[key.platform]
        for entry in entries {
            let summary = settle(entry, message: message, names: names, matched: &matched, log: &found, unlisted: &unlisted)
            let before = max(entry.total ?? 0, entry.reactors.count), after = summary?.count ?? 0
            // Adds without a reactor beyond what the total covers are read, and not counted.
            let unnamedLost = max(entry.total ?? 0, entry.reactors.count.addingClamped(Int(entry.unnamed))) - before
            tally.read = tally.read.addingClamped(before).addingClamped(unnamedLost)
            tally.counted = tally.counted.addingClamped(after)
            tally.removed = tally.removed.addingClamped(before - after)
            tally.diagnosed = tally.diagnosed.addingClamped(unnamedLost)
            if let summary { reactionsOut.append(summary) }
        }
        for diagnostic in found { settled.append((key, diagnostic)) }
        reactionsOut.sort(by: ReactionOrder.firstReacted.areInIncreasingOrder)
        // The message's targets are made only when some edit, deletion or stars name a message
        // (the id's text is unpacked for them).
        let targets =
            edits.isEmpty && deletions.isEmpty && paidStars.isEmpty
            ? nil : (key.target, MessageTarget(platform: key.platform, conversationID: nil, messageID: key.id.text))
        let removal = RemovalKey(platform: key.platform, ref: key.id)
        let removedAsMessage = !removals.isEmpty && removals[removal] != nil
        if removedAsMessage { matched.insert(removal) }
        let conversation = conversations[MessageKey(platform: key.platform, conversationID: key.conversationID, id: CompactID(""))]
        if message.authorName == nil, let author = message.authorID { summary.authorName = names?[author] }
        if let (target, anyTarget) = targets {
            if let edit = edits[target] ?? edits[anyTarget] { summary.text = edit.text }
            if deletions.contains(target) || deletions.contains(anyTarget) { summary.deleted = true }
            summary.paidStars = paidStars[target] ?? paidStars[anyTarget] ?? 0
        }
        if message.deleted || removedAsMessage { summary.deleted = true }
        summary.conversationName = conversation?.name ?? key.conversationID
        summary.reactions = reactionsOut
    }

    /// Applies removals, counts reactors and weighs them against the platform total.
    /// - Parameters:
    ///   - names: the display names of the message's platform (looked up once per message).
    ///   - unlisted: increased by the reactors `names` lacks.
    func settle(
        _ entry: ReactionEntry, message: ImportedMessage, names: [String: String]?, matched: inout Set<RemovalKey>,
        log: inout [Diagnostic], unlisted: inout Int
    ) -> ReactionSummary? {
        let emoji = emojiTable[Int(entry.emoji)]
        var reactors: [(Reactor, Int)] = []
        for (id, reactor) in entry.reactors {
            var liveAt: Timestamp?
            var live = 0
            var liveRefs = 0
            for instance in reactor.instances {
                let removal = RemovalKey(platform: message.platform, ref: instance.ref)
                if !instance.ref.isEmpty, removals[removal] != nil {
                    matched.insert(removal)
                    continue
                }
                live += 1
                if !instance.ref.isEmpty { liveRefs += 1 }
                liveAt = earliest(liveAt, instance.at)
            }
            guard live > 0 else { continue }
            if liveRefs > 1 {
                log.append(
                    Diagnostic(
                        .duplicateAdd, file: nil,
                        "\(message.platform.displayName) message \(message.id): \(id) added \(emoji.display) \(liveRefs) times; counted once"))
            }
            let listed = names?[id]
            if listed == nil { unlisted += 1 }
            let name = listed ?? reactor.name
            reactors.append((Reactor(id: id, name: name, at: liveAt), reactor.sequence))
        }
        reactors.sort { a, b in Timestamp.earlierFirst(a.0.at, b.0.at) ?? (a.1 < b.1) }
        let listed = reactors.count
        var count = listed
        var complete = true
        if let total = entry.total {
            if total >= listed {
                count = total
                complete = total == listed
            } else {
                log.append(
                    Diagnostic(
                        .reactorsExceedCount, file: nil,
                        "\(message.platform.displayName) message \(message.id): \(emoji.display) lists \(listed) reactors but counts \(total)"))
            }
        }
        guard count > 0 else { return nil }
        let firstAt = earliest(entry.totalFirstAt, reactors.compactMap(\.0.at).min())
        return ReactionSummary(
            emoji: emoji, count: count, reactors: ReactorList(reactors.lazy.map(\.0)), reactorsComplete: complete, firstAt: firstAt, sequence: entry.sequence)
    }

    func merge(_ a: ReactionEntry, _ b: ReactionEntry) -> ReactionEntry {
        var result = a.sequence <= b.sequence ? a : b
        let other = a.sequence <= b.sequence ? b : a
        if let total = other.total { result.total = max(result.total ?? 0, total) }
        result.totalFirstAt = earliest(result.totalFirstAt, other.totalFirstAt)
        for (id, reactor) in other.reactors {
            result.reactors.upsert(
                id, insert: { reactor },
                update: { existing in
                    for instance in reactor.instances {
                        if let index = existing.instances.firstIndex(where: { $0.ref == instance.ref }) {
                            existing.instances[index].at = earliest(existing.instances[index].at, instance.at)
                        } else {
                            existing.instances.append(instance)
                        }
                    }
                    existing.sequence = min(existing.sequence, reactor.sequence)
                    existing.name = existing.name ?? reactor.name
                })
        }
        return result
    }

    func targetOrder(_ a: MessageTarget, _ b: MessageTarget) -> Bool {
        (a.platform, a.conversationID ?? "", a.messageID) < (b.platform, b.conversationID ?? "", b.messageID)
    }
}

/// Reactors missing from a user list that the export declared complete, each once, in the
/// order first met. Reactors only: authors can be bots and integrations, which user lists
/// leave out.
struct UnknownUsers {
    private(set) var found: [PersonKey] = []
    private var seen: Set<PersonKey> = []

    mutating func collect(_ reactions: [ReactionSummary], platform: Platform, known: [String: String]) {
        for reaction in reactions {
            for reactor in reaction.reactors where known[reactor.id] == nil {
                let person = PersonKey(platform: platform, id: reactor.id)
                if seen.insert(person).inserted { found.append(person) }
            }
        }
    }
}
