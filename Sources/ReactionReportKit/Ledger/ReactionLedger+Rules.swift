/// The ledger's rules for one message: removals applied by identity, reactors counted once and
/// weighed against the platform's total, lists of one reaction merged, and the reactions of a
/// message the input lacks accounted for. Settling (`ReactionLedger+Summary.swift`) applies them
/// to every message, part by part.
extension ReactionLedger {
    /// The reactions of a message that is not in the input (the list starting at `head`):
    /// those still live, those some removal cancelled, and the removals matched (they are
    /// accounted for here, not reported as removals with no add).
    func unmatched(list head: UInt32, platform: Platform) -> (live: Int, removed: Int, removals: [RemovalKey]) {
        var live = 0, removed = 0
        var removals: [RemovalKey] = []
        for position in arena.entryPositions(from: head) {
            let entry = arena.entries[position]
            var liveReactors = 0
            for adder in arena.adderPositions(of: position) {
                var alive = false
                for instance in arena.instances(of: adder) {
                    let removal = RemovalKey(platform: platform, ref: instance.ref)
                    if !instance.ref.isEmpty, self.removals[removal] != nil {
                        removals.append(removal)
                    } else {
                        alive = true
                    }
                }
                if alive { liveReactors += 1 }
            }
            let total = entry.total == ReactionArena.noTotal ? 0 : Int(entry.total)
            let unnamed = Int(entry.unnamed)
            let before = max(total, Int(entry.adderCount) + unnamed), after = max(total, liveReactors + unnamed)
            live = live.addingClamped(after)
            removed = removed.addingClamped(before - after)
        }
        return (live, removed, removals)
    }

    /// One message settled, in place: its reactions (removals applied, first reacted first)
    /// appended to its part's `out`, its latest text, deletion and stars. Reads only the
    /// ledger's tables, so messages can be settled on several threads at once.
    /// - Parameters:
    ///   - arena: the ledger's facts, read through a copy of their stores held for the part.
    ///   - unlisted: increased by the reactors whose platform's names lack them.
    /// - Returns: the range of the message's reactions in `out.reactions`.
    func settle(
        _ summary: inout MessageSummary, key: MessageKey, list head: UInt32, arena: ReactionArena, into out: inout SettlingOutput,
        matched: inout Set<RemovalKey>, settled: inout [(key: MessageKey, diagnostic: Diagnostic)], unlisted: inout Int,
        tally: inout ReactionTally
    ) -> Range<Int> {
        let message = summary.message
        var found: [Diagnostic] = []
        let start = out.reactions.count
        let conversation = conversations[MessageKey(platform: key.platform, conversationID: key.conversationID, id: CompactID(""))]
        let conversationName = conversation?.name ?? key.conversationID
        for position in arena.entryPositions(from: head) {
            let entry = arena.entries[position]
            let counted = settle(
                entry: position, message: message, in: conversationName, arena: arena, into: &out, matched: &matched, log: &found, unlisted: &unlisted)
            let total = entry.total == ReactionArena.noTotal ? 0 : Int(entry.total)
            let before = max(total, Int(entry.adderCount))
            // Adds without a reactor beyond what the total covers are read, and not counted.
            let unnamedLost = max(total, Int(entry.adderCount).addingClamped(Int(entry.unnamed))) - before
            tally.read = tally.read.addingClamped(before).addingClamped(unnamedLost)
            tally.counted = tally.counted.addingClamped(counted)
            tally.removed = tally.removed.addingClamped(before - counted)
            tally.diagnosed = tally.diagnosed.addingClamped(unnamedLost)
        }
        for diagnostic in found { settled.append((key, diagnostic)) }
        out.reactions[start...].sort { a, b in Timestamp.earlierFirst(a.firstAt, b.firstAt) ?? (a.sequence < b.sequence) }
        // The message's targets are made only when some edit, deletion or stars name a message
        // (the id's text is unpacked for them).
        let targets =
            edits.isEmpty && deletions.isEmpty && paidStars.isEmpty
            ? nil : (key.target, MessageTarget(platform: key.platform, conversationID: nil, messageID: key.id.text))
        // A removal of the message's own id deletes it (a Matrix redaction of the message).
        let removal = removals.isEmpty ? nil : RemovalKey(platform: key.platform, ref: AddIdentity(key.id.text))
        let removedAsMessage = removal.map { removals[$0] != nil } ?? false
        if removedAsMessage, let removal { matched.insert(removal) }
        if message.authorName == nil, let author = message.authorID { summary.authorName = people[key.platform]?[author] }
        if let (target, anyTarget) = targets {
            if let edit = edits[target] ?? edits[anyTarget] { summary.text = edit.text }
            if deletions.contains(target) || deletions.contains(anyTarget) { summary.deleted = true }
            summary.paidStars = paidStars[target] ?? paidStars[anyTarget] ?? 0
        }
        if message.deleted || removedAsMessage { summary.deleted = true }
        summary.conversationName = conversationName
        return start..<out.reactions.count
    }

    /// Applies removals to one entry, counts its reactors and weighs them against the
    /// platform's total; appends the reaction to `out` unless it comes to nothing.
    /// - Parameter unlisted: increased by the reactors the platform's names lack.
    /// - Returns: the reaction's count (0 when none is left).
    /// - Parameter conversationName: the message's conversation, for diagnostics.
    func settle(
        entry position: UInt32, message: ImportedMessage, in conversationName: String, arena: ReactionArena, into out: inout SettlingOutput,
        matched: inout Set<RemovalKey>, log: inout [Diagnostic], unlisted: inout Int
    ) -> Int {
        let entry = arena.entries[position]
        let emoji = emojiTable[Int(entry.emoji)]
        let place = "\(message.platform.displayName) message \(message.id) in \(conversationName)"
        out.scratch.removeAll(keepingCapacity: true)
        for adderPosition in arena.adderPositions(of: position) {
            let adder = arena.adders[adderPosition]
            var liveAt: Timestamp?
            var live = 0
            var liveRefs = 0
            if adder.hasMoreInstances {
                for instance in arena.instances(of: adderPosition) {
                    let removal = RemovalKey(platform: message.platform, ref: instance.ref)
                    if !instance.ref.isEmpty, removals[removal] != nil {
                        matched.insert(removal)
                        continue
                    }
                    live += 1
                    if !instance.ref.isEmpty { liveRefs += 1 }
                    liveAt = earliest(liveAt, instance.at)
                }
            } else {
                // One add, the usual case, weighed without an array.
                let ref = arena.firstRef(of: adderPosition)
                let removal = RemovalKey(platform: message.platform, ref: ref)
                if !ref.isEmpty, !removals.isEmpty, removals[removal] != nil {
                    matched.insert(removal)
                } else {
                    live = 1
                    liveAt = arena.firstTime(of: adderPosition)
                }
            }
            guard live > 0 else { continue }
            if liveRefs > 1 {
                log.append(
                    Diagnostic(
                        .duplicateAdd, file: fileName(adder.file),
                        "\(place): \(personKeys[Int(adder.person)].id) added \(emoji.display) \(liveRefs) times; counted once"
                    ))
            }
            let listed = out.directory.names[Int(adder.person)]
            if listed == nil { unlisted += 1 }
            out.scratch.append(
                (SettledReactions.ReactorRecord(at: liveAt, person: adder.person, emptyName: listed == nil && adder.givenName == .empty), adder.sequence))
        }
        out.scratch.sort { a, b in Timestamp.earlierFirst(a.record.at, b.record.at) ?? (a.sequence < b.sequence) }
        let listed = out.scratch.count
        var count = listed
        var complete = true
        if entry.total != ReactionArena.noTotal {
            let total = Int(entry.total)
            if total >= listed {
                count = total
                complete = total == listed
            } else {
                log.append(
                    Diagnostic(
                        .reactorsExceedCount, file: entry.adderCount > 0 ? fileName(arena.adders[Int(entry.firstAdder)].file) : nil,
                        "\(place): \(emoji.display) lists \(listed) reactors but counts \(total)"))
            }
        }
        guard count > 0 else { return 0 }
        precondition(count <= Int(Int32.max), "a reaction counts fewer than 2^31 reactors")
        let firstAt = earliest(arena.totalFirstAt(of: position), out.scratch.lazy.compactMap(\.record.at).min())
        let start = out.reactors.count
        out.reactors.append(contentsOf: out.scratch.lazy.map(\.record))
        out.reactions.append(
            SettledReactions.Reaction(
                firstAt: firstAt, sequence: entry.sequence, emoji: UInt32(entry.emoji), count: Int32(count), reactorsStart: UInt32(start),
                reactorCount: UInt32(listed), complete: complete))
        return count
    }

    /// Moves the facts of entry `other` into entry `base` (one emoji on one message, recorded
    /// under two targets): the totals as if recorded on one entry (the larger of one snapshot's,
    /// the newer snapshot's over an older one's), the earliest times, every reactor once with
    /// all its adds, the adds without a reactor of both (as within one target, each such add is
    /// counted). What one entry alone can say (its emoji's form, its sequence, a reactor's
    /// name) is the earlier entry's.
    func mergeEntry(_ other: UInt32, into base: UInt32) {
        let from = arena.entries[other]
        if from.decidedBy >= 0 { decide(base, file: from.decidedBy) }
        let otherFirst = from.sequence < arena.entries[base].sequence
        if from.total != ReactionArena.noTotal { recordTotal(from.total, firstAt: arena.totalFirstAt(of: other), on: base, file: from.decidedBy) }
        if let older = olderTotals.removeValue(forKey: other) { olderTotals[base] = max(olderTotals[base] ?? 0, older) }
        let unnamed = Int64(arena.entries[base].unnamed) + Int64(from.unnamed)
        arena.entries[base].unnamed = Int32(clamping: unnamed)
        if otherFirst {
            arena.entries[base].sequence = from.sequence
            arena.entries[base].emoji = from.emoji
        }
        for position in Array(arena.adderPositions(of: other)) {
            let adder = arena.adders[position]
            guard let existing = arena.adder(of: adder.person, on: base) else {
                arena.linkMade(position, person: adder.person, to: base)
                continue
            }
            for instance in arena.instances(of: position) { _ = arena.add(instance, toAdder: existing, newer: isNewer) }
            arena.adders[existing].sequence = min(arena.adders[existing].sequence, adder.sequence)
            let kept = arena.adders[existing].givenName
            arena.adders[existing].givenName = otherFirst ? adder.givenName.merged(with: kept) : kept.merged(with: adder.givenName)
        }
    }

    func targetOrder(_ a: MessageTarget, _ b: MessageTarget) -> Bool {
        (a.platform, a.conversationID ?? "", a.messageID) < (b.platform, b.conversationID ?? "", b.messageID)
    }
}

/// What one part of settling makes: its messages' reactions and reactors, in order, with the
/// directory of the report's reactors, and room reused for one reaction's reactors.
struct SettlingOutput {
    let directory: PeopleDirectory
    var reactions: [SettledReactions.Reaction] = []
    var reactors: [SettledReactions.ReactorRecord] = []
    var scratch: [(record: SettledReactions.ReactorRecord, sequence: UInt32)] = []
}

/// Reactors missing from a user list that the export declared complete, each once, in the
/// order first met. Reactors only: authors can be bots and integrations, which user lists
/// leave out.
extension ReactionLedger {
    /// The file the first add of the reactions listed from `head` was read from.
    func firstFile(ofList head: UInt32) -> String? {
        for position in arena.entryPositions(from: head) where arena.entries[position].adderCount > 0 {
            return fileName(arena.adders[arena.entries[position].firstAdder].file)
        }
        return nil
    }

    /// The name of the file numbered `number` (`beginFile`), nil for none.
    func fileName(_ number: Int32) -> String? {
        number >= 0 && Int(number) < files.count ? files[Int(number)] : nil
    }
}

struct UnknownUsers {
    /// Each person missing from a user list, with the first message they reacted to.
    private(set) var found: [(person: PersonKey, message: String)] = []
    private var seen: Set<PersonKey> = []

    mutating func collect(_ reactions: ReactionList, platform: Platform, known: [String: String], message: @autoclosure () -> String) {
        for reaction in reactions {
            for reactor in reaction.reactors where known[reactor.id] == nil {
                let person = PersonKey(platform: platform, id: reactor.id)
                if seen.insert(person).inserted { found.append((person, message())) }
            }
        }
    }
}
