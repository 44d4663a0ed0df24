import ParallelWork

extension ReactionLedger {
    /// Settles every fact and returns the messages with their reactions: the messages are put
    /// in report order and cut into parts, each part is settled on its own, in place (on every
    /// core: `settle(_:key:list:…)` applies the ledger's rules to one message), and the parts
    /// are put together in order with what they found (merge). Parts are settled a wave at a
    /// time, and after each wave the chunks of recorded facts that no later message reads are
    /// let go of, so the facts and the settled reactions are not all held at once; so a ledger
    /// is summarized once.
    /// - Parameters:
    ///   - handBack: called on the calling thread after each wave of parts in which another
    ///     `handBackEvery` parts were settled, to hand the memory let go of back before more
    ///     summaries are made. The facts were allocated on the reading thread and the summaries
    ///     come from the settling threads' own heaps: at 10M Slack messages, settling without
    ///     it peaked 300 MB above the end of reading.
    ///   - partsPerWave: parts settled between lets-go of the facts (fewer only in tests).
    public func summarize(handBack: @Sendable () -> Void = {}, handBackEvery: Int = 256) -> LedgerResult {
        summarize(handBack: handBack, handBackEvery: handBackEvery, partsPerWave: 32)
    }

    func summarize(handBack: @Sendable () -> Void, handBackEvery: Int, partsPerWave: Int) -> LedgerResult {
        spill?.seal()
        var account = SettlingAccount(diagnostics: diagnostics)
        attachTargets(into: &account)
        resolveSnapshots(into: &account)
        arena.dropResident()
        var lists = listOfMessage
        listOfMessage = []
        var messages = takeMessagesInReportOrder(carrying: &lists)
        let lastUse = chunksLastUse(lists: lists)
        arena.dropResident()
        let directory = peopleDirectory()
        let partSize = Self.settlingPartSize
        let ranges = stride(from: 0, to: messages.count, by: partSize).map { $0..<min(messages.count, $0 + partSize) }
        let every = max(1, handBackEvery)
        var settled: [SettledPart] = []
        settled.reserveCapacity(ranges.count)
        var released = (entries: 0, adders: 0)
        settlingReleases = []
        let records = SettledRecords(keptInMemory: settledKeptInMemory)
        for wave in stride(from: 0, to: ranges.count, by: max(1, partsPerWave)) {
            let parts = Array(ranges[wave..<min(ranges.count, wave + max(1, partsPerWave))])
            let arena = self.arena
            var done = Concurrently.update(&messages, parts: parts, states: parts) { places, region in
                settle(places, lists: lists, directory: directory, arena: arena, in: &region)
            }
            // The wave's settled records join the report's, which keeps them in its spill, and
            // its messages read them there; the parts' own arrays are let go of.
            for (index, places) in parts.enumerated() {
                guard let store = done[index].store?.spilled(into: records) else { continue }
                for (place, range) in zip(places, done[index].ranges) where !range.isEmpty {
                    messages[place].reactions = ReactionList(store, range)
                }
                (done[index].store, done[index].ranges) = (nil, [])
            }
            records.dropResident()
            settled += done
            // The facts of the messages settled so far, and of none after them, are let go of.
            let settledUpTo = parts.last!.upperBound
            while released.entries < lastUse.entries.count, lastUse.entries[released.entries].place < settledUpTo {
                self.arena.releaseEntries(chunk: lastUse.entries[released.entries].chunk)
                released.entries += 1
            }
            while released.adders < lastUse.adders.count, lastUse.adders[released.adders].place < settledUpTo {
                self.arena.releaseAdders(chunk: lastUse.adders[released.adders].chunk)
                released.adders += 1
            }
            self.arena.dropResident()
            settlingReleases.append(released.entries + released.adders)
            if (wave + parts.count) / every > wave / every { handBack() }
        }
        arena = ReactionArena(chunkBits: arena.entries.chunkBits)
        records.finish()
        return merge(settled, summaries: messages, account: account)
    }

    /// Where the recorded facts are last read by settling, chunk by chunk of the arena's two
    /// stores: the place in report order of the last message whose reactions lie in each
    /// chunk, the chunks in the order they can be let go of. Facts of targets no message took
    /// were accounted for already, and are not read again.
    func chunksLastUse(lists: [UInt32]) -> (entries: [(chunk: Int, place: Int)], adders: [(chunk: Int, place: Int)]) {
        var entries = [Int](repeating: -1, count: arena.entries.chunkCount)
        var adders = [Int](repeating: -1, count: arena.adders.chunkCount)
        for (place, head) in lists.enumerated() where head != ReactionArena.none {
            // The facts' pages read back from their spill are let go of as the walk goes.
            if place & 0xFFFF == 0 { arena.dropResident() }
            for entry in arena.entryPositions(from: head) {
                entries[arena.entries.chunk(of: entry)] = place
                for adder in arena.adderPositions(of: entry) { adders[arena.adders.chunk(of: adder)] = place }
            }
        }
        func inOrder(_ places: [Int]) -> [(chunk: Int, place: Int)] {
            places.enumerated().map { (chunk: $0.offset, place: $0.element) }.sorted { ($0.place, $0.chunk) < ($1.place, $1.chunk) }
        }
        return (inOrder(entries), inOrder(adders))
    }

    /// The report's reactors by number, with their names in their platform's directory.
    func peopleDirectory() -> PeopleDirectory {
        PeopleDirectory(
            platforms: personKeys.map(\.platform), ids: personKeys.map(\.id),
            names: personKeys.map { people[$0.platform]?[$0.id] })
    }

    /// The messages in report order: sorted by time, the keys compared only between messages
    /// of the same time (cheaper than sorting finished summaries), and moved into that order
    /// where they lie (each cycle of the permutation swapped through once), and `carried` (one
    /// value a message) with them.
    func takeMessagesInReportOrder(carrying carried: inout [UInt32]) -> [MessageSummary] {
        var messages = messageList.takeAll()
        messageList = ChunkedStore(chunkBits: Self.messageChunkBits)
        messageIndex = PositionIndex()
        func key(_ index: Int) -> MessageKey {
            MessageKey(of: messages[index].message)
        }
        // Each message's time and position in 16 bytes (an optional time and an `Int` took 24:
        // 230 MB more at 10M messages, with half as much again for the sort's buffer).
        var order = messages.indices.map { index in
            let (nanoseconds, digits) = SettledReactions.PackedTime.pack(messages[index].sentAt)
            return ReportPlace(nanoseconds: nanoseconds, index: UInt32(index), digits: digits)
        }
        order.sort { a, b in
            // `Timestamp.earlierFirst`, read from the packed times: earlier first (times of one
            // instant are equal, whatever their precision), what has no time last, the keys
            // where the times do not decide.
            switch (a.digits >= 0, b.digits >= 0) {
            case (true, true) where a.nanoseconds != b.nanoseconds: return a.nanoseconds < b.nanoseconds
            case (true, false): return true
            case (false, true): return false
            default: return keyOrder(key(Int(a.index)), key(Int(b.index)))
            }
        }
        // Place p takes the message at order[p]: following a cycle from its start, each swap
        // puts one message in its place and carries the start's message on.
        var placed = [Bool](repeating: false, count: messages.count)
        for start in messages.indices where !placed[start] {
            var place = start
            while true {
                placed[place] = true
                let source = Int(order[place].index)
                if source == start { break }
                messages.swapAt(place, source)
                carried.swapAt(place, source)
                place = source
            }
        }
        return messages
    }

    /// The messages settled as one part.
    static let settlingPartSize = 2_048

    /// The settled parts put together in report order, with the diagnostics of settling:
    /// reactions of missing messages, what settling each message found (sorted, since settling
    /// walks dictionaries, whose order changes from run to run), removals that matched no add,
    /// and each reactor missing from a user list once, where it first reacts.
    func merge(_ parts: [SettledPart], summaries: [MessageSummary], account: SettlingAccount) -> LedgerResult {
        var account = account
        var settled: [(key: MessageKey, diagnostic: Diagnostic)] = []
        var conversationKeys: Set<MessageKey> = []
        for part in parts {
            for (platform, tally) in part.tallies {
                account.tallies[platform, default: ReactionTally()] = account.tallies[platform, default: ReactionTally()] + tally
            }
            account.matchedRemovals.formUnion(part.matched)
            settled.append(contentsOf: part.settled)
            conversationKeys.formUnion(part.conversations)
        }
        var log = account.log
        account.missing.sort { targetOrder($0.target, $1.target) }
        for entry in account.missing { log.append(entry.diagnostic) }
        settled.sort { a, b in
            (a.key.platform, a.key.conversationID, a.key.id, a.diagnostic.kind, a.diagnostic.detail)
                < (b.key.platform, b.key.conversationID, b.key.id, b.diagnostic.kind, b.diagnostic.detail)
        }
        for entry in settled { log.append(entry.diagnostic) }
        for note in account.snapshotNotes { log.append(note) }
        // Diagnosed: what the diagnostics name, and the unnamed adds found while settling.
        var tallies = account.tallies
        for (platform, diagnosed) in log.uncounted {
            let settling = tallies[platform]?.diagnosed ?? 0
            tallies[platform, default: ReactionTally()].diagnosed = diagnosed.addingClamped(settling)
        }
        for removal in removals.unmatched(excluding: account.matchedRemovals) {
            log.append(
                Diagnostic(
                    .removalWithoutAdd, file: files[Int(removal.file)], "\(removal.key.platform.displayName): removal of \(removal.ref) matches no add"))
        }
        for (type, found) in unconfiguredActions.sorted(by: { $0.key < $1.key }) {
            let values = found.values.map { quoted($0, limit: 20) }.joined(separator: ", ")
            log.append(
                Diagnostic(
                    .unconfiguredActionType, file: found.file,
                    "PubNub message actions of type \(quoted(type, limit: 40)): \(found.count), such as \(values); not counted as reactions. "
                        + "If they are reactions, give --reaction-action-type \(type) (or reactionActionTypes in the configuration)",
                    platform: .pubnub))
        }
        var reported: Set<PersonKey> = []
        for part in parts {
            for (person, message) in part.unknown where reported.insert(person).inserted {
                log.append(
                    Diagnostic(
                        .unknownUser, file: directoryFiles[person.platform],
                        "\(person.platform.displayName) user \(person.id) is not in the export's user list (first seen reacting to message \(message))"))
            }
        }
        var conversationList = conversationKeys.map { key in
            conversations[key] ?? ConversationInfo(platform: key.platform, id: key.conversationID, name: nil)
        }
        conversationList.sort { ($0.platform, $0.id) < ($1.platform, $1.id) }
        var result = LedgerResult(messages: summaries, conversations: conversationList, diagnostics: log, people: people, tallies: tallies, media: media)
        result.bots = bots
        result.notices = notices
        result.polls = recordedPolls
        return carried.applied(to: result)
    }

    /// One part of the messages settled, in place: its messages' summaries, their reactions in
    /// one store of the part's own, and what it found about them. Reads only the ledger's
    /// tables, so parts are settled on several threads.
    func settle(
        _ places: Range<Int>, lists: [UInt32], directory: PeopleDirectory, arena: ReactionArena,
        in summaries: inout Concurrently.Region<MessageSummary>
    ) -> SettledPart {
        var out = SettledPart()
        var unknown = UnknownUsers()
        var lastConversation: MessageKey?
        var output = SettlingOutput(directory: directory)
        // Room for every entry and reactor the part's lists hold (settling only leaves some out).
        var sizes = (reactions: 0, reactors: 0)
        for place in places {
            for entry in arena.entryPositions(from: lists[place]) {
                sizes.reactions += 1
                sizes.reactors += Int(arena.entries[entry].adderCount)
            }
        }
        output.reactions.reserveCapacity(sizes.reactions)
        output.reactors.reserveCapacity(sizes.reactors)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(places.count)
        var collect: [Int] = []
        for place in places {
            let key = MessageKey(of: summaries[place].message)
            var unlisted = 0
            ranges.append(
                settle(
                    &summaries[place], key: key, list: lists[place], arena: arena, into: &output, matched: &out.matched, settled: &out.settled,
                    unlisted: &unlisted, tally: &out.tallies[key.platform, default: ReactionTally()]))
            // Messages of one conversation often follow one another: most need no hash.
            let conversation = MessageKey(platform: key.platform, conversationID: key.conversationID, id: CompactID(""))
            if conversation != lastConversation {
                out.conversations.insert(conversation)
                lastConversation = conversation
            }
            // Only a message with a reactor missing from its platform's names can have one
            // missing from a user list (the names hold every listed user).
            if unlisted > 0, directories.contains(key.platform) { collect.append(place) }
        }
        let store = SettledReactions(emoji: emojiTable, people: directory, reactions: output.reactions, reactors: output.reactors)
        for (place, range) in zip(places, ranges) where !range.isEmpty { summaries[place].reactions = ReactionList(store, range) }
        for place in collect {
            let platform = summaries[place].platform
            unknown.collect(
                summaries[place].reactions, platform: platform, known: people[platform] ?? [:],
                message: "\(summaries[place].id) in \(summaries[place].conversationName)")
        }
        out.unknown = unknown.found
        (out.store, out.ranges) = (store, ranges)
        return out
    }
}

extension ReactionLedger.MessageKey {
    /// The key of a message: its platform, conversation and id.
    init(of message: ImportedMessage) {
        self.init(platform: message.platform, conversationID: message.conversationID, id: message.storedID)
    }

    /// The target that names this message with its conversation.
    var target: MessageTarget { MessageTarget(platform: platform, conversationID: conversationID, messageID: id.text) }
}

/// Report order where the times do not decide: by platform, conversation id, then id.
func keyOrder(_ a: ReactionLedger.MessageKey, _ b: ReactionLedger.MessageKey) -> Bool {
    (a.platform, a.conversationID, a.id) < (b.platform, b.conversationID, b.id)
}

/// A message's time (`SettledReactions.PackedTime`) and its position, as report order sorts them.
struct ReportPlace {
    var nanoseconds: Int64
    var index: UInt32
    var digits: Int8
}

/// What settling one part found besides its summaries: the removals they matched, their diagnostics,
/// reactors missing from user lists (in report order), the conversations seen, and the tallies.
struct SettledPart {
    var matched: Set<ReactionLedger.RemovalKey> = []
    var settled: [(key: ReactionLedger.MessageKey, diagnostic: Diagnostic)] = []
    /// Each with the first message it reacted to ("1700000000.000100 in general").
    var unknown: [(person: PersonKey, message: String)] = []
    var conversations: Set<ReactionLedger.MessageKey> = []
    var tallies: [Platform: ReactionTally] = [:]
    /// The part's settled reactions in arrays of its own, and each message's range of them,
    /// until the settling thread moves them to the report's `SettledRecords`.
    var store: SettledReactions?
    var ranges: [Range<Int>] = []
}

/// What settling accounts for besides the messages: the diagnostics so far, the tallies of
/// every platform, the removals matched, and the reactions of messages not in the input.
struct SettlingAccount {
    var log: DiagnosticLog
    var tallies: [Platform?: ReactionTally] = [:]
    var matchedRemovals: Set<ReactionLedger.RemovalKey> = []
    var missing: [(target: MessageTarget, diagnostic: Diagnostic)] = []
    /// What newer copies of messages changed (`resolveSnapshots`), per file.
    var snapshotNotes: [Diagnostic] = []

    /// Starts from the diagnostics of reading: the reactions they name were never recorded,
    /// and are read all the same.
    init(diagnostics: DiagnosticLog) {
        log = diagnostics
        for (platform, reactions) in diagnostics.uncounted {
            tallies[platform, default: ReactionTally()].read = reactions
        }
    }

    /// Notes the reactions of a target whose message is not in the input, and the removals they match.
    mutating func noteMissing(
        _ target: MessageTarget, _ unmatched: (live: Int, removed: Int, removals: [ReactionLedger.RemovalKey]),
        conversationID: String?, file: String?
    ) {
        matchedRemovals.formUnion(unmatched.removals)
        let tally = ReactionTally(read: unmatched.live.addingClamped(unmatched.removed), removed: unmatched.removed)
        tallies[target.platform, default: ReactionTally()] = tallies[target.platform, default: ReactionTally()] + tally
        let removedNote = unmatched.removed > 0 ? " (and \(unmatched.removed) added and removed again)" : ""
        let detail =
            conversationID.map { "\(target.platform.displayName) \($0) message \(target.messageID)" }
            ?? "\(target.platform.displayName) message \(target.messageID)"
        missing.append(
            (
                target,
                Diagnostic(
                    .reactionWithoutMessage, file: file,
                    "\(detail): \(unmatched.live) reaction(s) for a message not in the input\(removedNote)",
                    platform: target.platform, reactions: unmatched.live)
            ))
    }
}
