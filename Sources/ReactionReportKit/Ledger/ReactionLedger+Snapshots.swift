/// The newest copy of a message decides its reactions. Before settling, each message held by
/// snapshots of more than one time is resolved against the newest copy that states its
/// reactions (its deciding copy, `SnapshotTable.MessageCopies.stating`): per emoji,
///
/// - the adds that copy states count, with its total;
/// - adds given only by events (action lists, event logs) count as they always did: events are
///   not copies, and apply by identity; one timed after the copy was taken (by a time the input
///   gives, `fetchedAt` or `exportedAt`) raises its total by one, as it came after the count;
/// - every add stated only by older copies was removed before the deciding copy was taken: it
///   is let go of, unless the copy's total is larger than the reactors it lists (a partial
///   list), in which case as many of them as that difference holds are kept, those of the
///   newest statements first (they may be among the reactors it does not list), after the ones
///   it lists;
/// - a total only older copies give (an emoji the deciding copy no longer has) is not a count
///   any more.
///
/// Adds cancelled by a removal of their identity are left to settling, which counts them as
/// removed. What is let go of is counted as read and removed, and named per deciding file in a
/// `removedByNewerCopy` diagnostic; messages deleted in their newest copy but not in an older
/// one are named per file in a `deletedInNewerCopy` one.
extension ReactionLedger {
    /// Resolves every message against its deciding copy (nothing to do when everything recorded
    /// came from one snapshot), and accounts for what is let go of in `account`.
    func resolveSnapshots(into account: inout SettlingAccount) {
        guard snapshots.spansSeveralTimes else { return }
        var removed: [Int32: (platform: Platform, reactions: Int, messages: Int)] = [:]
        for position in 0..<messageList.count where listOfMessage[position] != ReactionArena.none {
            // The facts' pages read back from their spill are let go of as the walk goes.
            if position & 0xFFFF == 0 { arena.dropResident() }
            let head = listOfMessage[position]
            let platform = messageList[position].message.platform
            let deciding = snapshots.copies(of: position).stating
            guard deciding >= 0 else {
                restoreOlderTotals(list: head)
                continue
            }
            let (key, taken) = (snapshots.key(deciding), snapshots.givenTime(deciding))
            var count = 0
            var entry = head
            while entry != ReactionArena.none {
                if !isAsStated(entry, deciding: key, taken: taken, platform: platform) {
                    count = count.addingClamped(resolve(entry: entry, deciding: key, taken: taken, platform: platform))
                }
                entry = arena.entries[entry].next
            }
            guard count > 0 else { continue }
            var found = removed[deciding] ?? (platform, 0, 0)
            found.reactions = found.reactions.addingClamped(count)
            found.messages += 1
            removed[deciding] = found
        }
        for (file, found) in removed.sorted(by: { $0.key < $1.key }) {
            account.tallies[found.platform, default: ReactionTally()] =
                account.tallies[found.platform, default: ReactionTally()] + ReactionTally(read: found.reactions, removed: found.reactions)
            account.snapshotNotes.append(
                Diagnostic(
                    .removedByNewerCopy, file: fileName(file),
                    "\(found.reactions) reaction(s) on \(found.messages) message(s) that older copies give are not in this copy, the newest: removed before it was taken, and counted as removed",
                    platform: found.platform))
        }
        noteDeletions(into: &account)
    }

    /// Names, per file, the messages deleted in their newest copy that an older copy shows.
    private func noteDeletions(into account: inout SettlingAccount) {
        var deleted: [Int32: (platform: Platform, messages: Int)] = [:]
        for position in snapshots.deletedInNewerCopy where messageList[Int(position)].message.deleted {
            deleted[snapshots.copies(of: Int(position)).newest, default: (messageList[Int(position)].message.platform, 0)].messages += 1
        }
        for (file, found) in deleted.sorted(by: { $0.key < $1.key }) {
            account.snapshotNotes.append(
                Diagnostic(
                    .deletedInNewerCopy, file: fileName(file),
                    "\(found.messages) message(s) deleted in this copy, the newest, that older copies show not deleted: shown deleted",
                    platform: found.platform))
        }
    }

    /// Gives back their largest totals to the entries of a message no copy states the reactions
    /// of (its facts are weighed as one export's are).
    private func restoreOlderTotals(list head: UInt32) {
        var entry = head
        while !olderTotals.isEmpty, entry != ReactionArena.none {
            if let older = olderTotals.removeValue(forKey: entry) { arena.entries[entry].total = max(arena.entries[entry].total, older) }
            entry = arena.entries[entry].next
        }
    }

    /// What one add is to the deciding copy.
    private enum Standing {
        /// Cancelled by a removal of its identity: left to settling.
        case removed
        /// Stated by the deciding copy's snapshot (or a newer one).
        case stated
        /// Given by an event timed after the deciding copy was taken.
        case later
        /// Given by an event at or before the deciding copy's time, or whose time (or the
        /// copy's) is not known: events apply by identity, and nothing says the copy's total
        /// leaves it out.
        case unjudged
        /// Stated only by older copies.
        case earlier
    }

    /// What `instance` is to the deciding copy of snapshot `deciding`, taken at `taken` (nil:
    /// the input does not say).
    private func standing(of instance: Instance, deciding: SnapshotTable.Key, taken: Int64?, platform: Platform) -> Standing {
        if !instance.ref.isEmpty, !removals.isEmpty, removals[RemovalKey(platform: platform, ref: instance.ref)] != nil { return .removed }
        if instance.stated >= 0 { return deciding <= snapshots.key(instance.stated) ? .stated : .earlier }
        guard let at = instance.at, let taken, at.nanoseconds > taken else { return .unjudged }
        return .later
    }

    /// True when the entry is as the deciding copy states it (its total that copy's, every add
    /// one it states, or one left to settling), so that resolving it changes nothing: the
    /// usual case, told apart without allocating.
    private func isAsStated(_ position: UInt32, deciding: SnapshotTable.Key, taken: Int64?, platform: Platform) -> Bool {
        let entry = arena.entries[position]
        guard entry.decidedBy >= 0, deciding <= snapshots.key(entry.decidedBy), olderTotals.isEmpty || olderTotals[position] == nil else { return false }
        var adder = entry.firstAdder
        while adder != ReactionArena.none {
            let record = arena.adders[adder]
            guard !record.hasMoreInstances else { return false }
            switch standing(of: arena.firstInstance(of: adder), deciding: deciding, taken: taken, platform: platform) {
            case .stated, .removed, .unjudged: adder = record.next
            case .later, .earlier: return false
            }
        }
        return true
    }

    /// Resolves one entry against the deciding copy of snapshot `deciding`, taken at `taken` as
    /// the input says (see the type's comment); returns the reactions let go of.
    private func resolve(entry position: UInt32, deciding: SnapshotTable.Key, taken: Int64?, platform: Platform) -> Int {
        let entry = arena.entries[position]
        let older = Int(olderTotals.removeValue(forKey: position) ?? 0)
        let stated = entry.decidedBy >= 0 && deciding <= snapshots.key(entry.decidedBy)
        let statedTotal = stated && entry.total != ReactionArena.noTotal ? Int(entry.total) : nil
        let readBefore = max(max(Int(entry.total), older), Int(entry.adderCount))
        var kept: [UInt32] = [], candidates: [(adder: UInt32, instances: [Instance], rank: (SnapshotTable.Key, Int64, UInt32))] = []
        var listed = 0, later = 0
        // Positions first: the adders are changed as they are gone through.
        for adder in Array(arena.adderPositions(of: position)) {
            let instances = arena.instances(of: adder)
            let standings = instances.map { standing(of: $0, deciding: deciding, taken: taken, platform: platform) }
            let survivors = zip(instances, standings).filter { $0.1 != .earlier }.map(\.0)
            if standings.contains(.stated) || standings.contains(.later) || standings.contains(.unjudged) {
                if standings.contains(.stated) || !standings.contains(.later) { listed += 1 } else { later += 1 }
                if survivors.count != instances.count { arena.setInstances(of: adder, survivors) }
                kept.append(adder)
                continue
            }
            guard standings.contains(.earlier) else {
                kept.append(adder)
                continue
            }
            let earlier = zip(instances, standings).filter { $0.1 == .earlier }.map(\.0)
            let newest = earlier.map { snapshots.key($0.stated) }.max()!
            let latest = earlier.compactMap { $0.at?.nanoseconds }.max() ?? .min
            candidates.append((adder, instances, (newest, latest, arena.adders[adder].sequence)))
        }
        // A partial list leaves room for reactors it does not name: the newest statements first.
        let room = statedTotal.map { max(0, $0 - listed) } ?? 0
        candidates.sort { a, b in
            a.rank.0 != b.rank.0 ? b.rank.0 < a.rank.0 : a.rank.1 != b.rank.1 ? a.rank.1 > b.rank.1 : a.rank.2 < b.rank.2
        }
        for (rank, candidate) in candidates.enumerated() {
            let survivors =
                rank < room
                ? candidate.instances : candidate.instances.filter { standing(of: $0, deciding: deciding, taken: taken, platform: platform) == .removed }
            guard !survivors.isEmpty else { continue }
            if survivors.count != candidate.instances.count { arena.setInstances(of: candidate.adder, survivors) }
            // Kept from older statements: after the ones the copy lists, in the order ranked.
            if rank < room { arena.adders[candidate.adder].sequence = UInt32.max - UInt32(min(room, candidates.count) - rank) }
            kept.append(candidate.adder)
        }
        arena.setAdders(of: position, kept)
        // An entry no copy states has only the totals of events, which apply as they always did.
        let total =
            statedTotal.map { Int32(min(ReactionCount.maximum, $0.addingClamped(later))) } ?? (entry.decidedBy < 0 ? entry.total : ReactionArena.noTotal)
        arena.entries[position].total = total
        if !stated, entry.decidedBy >= 0 { arena.setTotalFirstAt(nil, of: position) }
        return max(0, readBefore - max(Int(total), kept.count))
    }
}
