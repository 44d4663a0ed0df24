/// How the ledger weighs copies of one message from inputs taken at different times (two
/// exports of a channel, a history page fetched again): each file belongs to a snapshot
/// (`SnapshotTable`), and the newest snapshot holding a copy decides the message's text and
/// deletion, the newest whose copies state reactions decides its reactions
/// (`ReactionLedger+Snapshots.swift`). Copies of one snapshot are merged as one export's are.
extension ReactionLedger {
    /// Registers an input file of `snapshot` (nil: one of its own, of no known time) that states
    /// `statement`, and returns its index.
    func beginFile(_ name: String, snapshot: Int32?, statement: InputFormat.Statement) -> Int {
        files.append(name)
        snapshots.addFile(snapshot: snapshot, statement: statement)
        return files.count - 1
    }

    /// Begins a snapshot taken at `time` (nil: unknown), for the files of one input, and
    /// returns its number; `given` when the input says when it was taken (not a file's time).
    func beginSnapshot(at time: Timestamp?, given: Bool = false) -> Int32 {
        snapshots.begin(at: time, given: given)
    }

    /// Sets when snapshot `number` was taken, once its files are known.
    func setTime(_ time: Timestamp?, ofSnapshot number: Int32) {
        snapshots.setTime(time, of: number)
    }

    /// Marks file `file` as one whose message copies state nothing of their reactions.
    func statesNothing(_ file: Int) {
        snapshots.statesNothing(file)
    }

    /// True when file `a`'s snapshot is newer than file `b`'s.
    func isNewer(_ a: Int32, _ b: Int32) -> Bool {
        snapshots.key(b) < snapshots.key(a)
    }

    /// Merges a copy of the message at `index`, read from file `file`. The newest copy gives
    /// what it says: the text (unless its text is empty), the deletion, the author (with the
    /// name it gives), the time and the thread; an older copy gives only what the newer ones
    /// lack. Copies of snapshots of one time are merged as one export's are: what the first that
    /// says gives, deleted when any says so. A bot's message in any copy is a bot's.
    func mergeCopy(_ message: ImportedMessage, file: Int32, into index: Int) {
        var copies = snapshots.copies(of: index)
        let known = copies
        let newest = snapshots.key(copies.newest), this = snapshots.key(file)
        func update(_ existing: inout ImportedMessage) {
            existing.fromBot = existing.fromBot || message.fromBot
            if this == newest {
                existing.authorID = existing.authorID ?? message.authorID
                existing.authorName = existing.authorName ?? message.authorName
            } else {
                // An author and the name a copy gives it go together, so that copies read in any
                // order come to one author.
                let (newer, older) = newest < this ? (message, existing) : (existing, message)
                if let author = newer.authorID {
                    (existing.authorID, existing.authorName) = (author, newer.authorName ?? (author == older.authorID ? older.authorName : nil))
                } else if let author = older.authorID {
                    (existing.authorID, existing.authorName) = (author, older.authorName)
                } else {
                    existing.authorName = newer.authorName ?? older.authorName
                }
            }
            if newest < this {
                existing.sentAt = message.sentAt ?? existing.sentAt
                existing.storedThreadParentID = message.storedThreadParentID ?? existing.storedThreadParentID
                existing.storedReplyToID = message.storedReplyToID ?? existing.storedReplyToID
            } else {
                existing.sentAt = existing.sentAt ?? message.sentAt
                existing.storedThreadParentID = existing.storedThreadParentID ?? message.storedThreadParentID
                existing.storedReplyToID = existing.storedReplyToID ?? message.storedReplyToID
            }
            if this == newest {
                if existing.body.isEmpty { (existing.body, existing.markup) = (message.body, message.markup) }
                existing.deleted = existing.deleted || message.deleted
            } else if newest < this {
                if !message.body.isEmpty || existing.body.isEmpty { (existing.body, existing.markup) = (message.body, message.markup) }
                if message.deleted, !existing.deleted { snapshots.deletedInNewerCopy.insert(UInt32(index)) }
                existing.deleted = message.deleted
                copies.newest = file
            } else {
                if existing.body.isEmpty { (existing.body, existing.markup) = (message.body, message.markup) }
                if existing.deleted, !message.deleted { snapshots.deletedInNewerCopy.insert(UInt32(index)) }
            }
        }
        update(&messageList[index].message)
        if snapshots.statement(file) == .messagesWithReactions, copies.stating < 0 || isNewer(file, copies.stating) {
            copies.stating = file
        }
        if copies != known { snapshots.setCopies(copies, of: index, count: messageList.count) }
    }

    /// Makes file `file`, whose message copies state reactions, decide `entry` when no file
    /// does yet, or when its snapshot is newer than the one deciding it so far: then what the
    /// older statement said of the entry's total gives way (kept only as read), and the entry
    /// takes its place in the newer snapshot's order. A first statement changes neither, so
    /// that inputs holding each message once are read as before.
    func decide(_ entry: UInt32, file: Int32) {
        let current = arena.entries[entry].decidedBy
        guard current != file else { return }
        guard current >= 0 else {
            arena.entries[entry].decidedBy = file
            return
        }
        guard isNewer(file, current) else { return }
        if arena.entries[entry].total != ReactionArena.noTotal {
            keepOlderTotal(arena.entries[entry].total, of: entry)
            arena.entries[entry].total = ReactionArena.noTotal
        }
        arena.setTotalFirstAt(nil, of: entry)
        arena.entries[entry].sequence = UInt32(sequence)
        arena.entries[entry].decidedBy = file
    }

    /// Keeps a total of `entry` that a newer statement superseded, to be counted as read: only
    /// when it says more than the reactors the entry lists (the entry's adders only grow until
    /// it is settled, so a total they cover now is covered then).
    func keepOlderTotal(_ total: Int32, of entry: UInt32) {
        guard total > arena.entries[entry].adderCount else { return }
        olderTotals[entry] = max(olderTotals[entry] ?? 0, total)
    }

    /// Records a platform total of `entry` from file `file` (-1: a file whose copies state
    /// nothing, such as an event log, whose totals apply as they always did): the entry's total
    /// when it comes from events or from a snapshot as new as the one deciding the entry (the
    /// largest of them); else only read.
    func recordTotal(_ count: Int32, firstAt: Timestamp?, on entry: UInt32, file: Int32) {
        let decidedBy = arena.entries[entry].decidedBy
        let current = file < 0 || decidedBy < 0 || decidedBy == file || snapshots.key(decidedBy) == snapshots.key(file)
        guard current else { return keepOlderTotal(count, of: entry) }
        arena.entries[entry].total = max(arena.entries[entry].total, count)
        arena.setTotalFirstAt(earliest(arena.totalFirstAt(of: entry), firstAt), of: entry)
    }
}
