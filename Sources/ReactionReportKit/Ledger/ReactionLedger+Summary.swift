extension ReactionLedger {
    /// Settles every fact and returns the messages with their reactions. The reaction facts
    /// are consumed on the way (each message's are freed once settled, which keeps the peak
    /// memory of a large build down), so a ledger is summarized once.
    public func summarize() -> LedgerResult {
        var log = diagnostics
        var matchedRemovals: Set<RemovalKey> = []
        var missing: [(target: MessageTarget, diagnostic: Diagnostic)] = []
        // Every reaction read ends up counted, diagnosed or removed; those diagnosed while
        // reading were never recorded, and are read all the same.
        var tallies: [Platform?: ReactionTally] = [:]
        for (platform, reactions) in diagnostics.uncounted {
            tallies[platform, default: ReactionTally()].read = reactions
        }
        /// Notes reactions of a target whose message is not in the input, and the removals they match.
        func noteMissing(_ target: MessageTarget, _ entries: [ReactionEntry], conversationID: String?) {
            let unmatched = self.unmatched(entries, platform: target.platform)
            matchedRemovals.formUnion(unmatched.removals)
            let tally = ReactionTally(read: unmatched.live.addingClamped(unmatched.removed), removed: unmatched.removed)
            tallies[target.platform, default: ReactionTally()] = tallies[target.platform, default: ReactionTally()] + tally
            let removedNote = unmatched.removed > 0 ? " (and \(unmatched.removed) added and removed again)" : ""
            let detail = conversationID.map { "\(target.platform.displayName) \($0) message \(target.messageID)" }
                ?? "\(target.platform.displayName) message \(target.messageID)"
            missing.append((target, Diagnostic(.reactionWithoutMessage, file: nil,
                                               "\(detail): \(unmatched.live) reaction(s) for a message not in the input\(removedNote)",
                                               platform: target.platform, reactions: unmatched.live)))
        }

        // Reactions by the message they settle on. Where every export named each message's
        // conversation, the ledger's own table serves (one message per target; each list is
        // freed as its message settles); otherwise targets are re-keyed onto messages first.
        var byTarget = reactionIndex
        var lists = reactionLists
        reactionIndex = [:]
        reactionLists = []
        var byMessage: [MessageKey: [ReactionEntry]] = [:]
        let someWithoutConversation = byTarget.keys.contains(where: { $0.conversationID == nil })
        // Where every target names its conversation, targets are matched with their messages
        // while settling, and those left unmatched are found afterwards (their lists are the
        // ones not taken); a pass over every target before settling cost a hash each, on one
        // thread.
        if someWithoutConversation {
            // Conversation-less targets are resolved by id (the index by id is built only when
            // needed), taken in a fixed order since two targets can land on one message.
            var messagesByID: [String: [MessageKey]] = [:]
            for key in messageIndex.keys { messagesByID["\(key.platform.rawValue)\u{1F}\(key.id)", default: []].append(key) }
            for target in byTarget.keys.sorted(by: targetOrder) {
                let key: MessageKey
                if let conversationID = target.conversationID {
                    key = MessageKey(platform: target.platform, conversationID: conversationID, id: target.messageID)
                    guard messageIndex[key] != nil else {
                        noteMissing(target, lists[byTarget[target]!], conversationID: conversationID)
                        continue
                    }
                } else {
                    let candidates = messagesByID["\(target.platform.rawValue)\u{1F}\(target.messageID)"] ?? []
                    guard let first = candidates.min(by: { $0.conversationID < $1.conversationID }) else {
                        noteMissing(target, lists[byTarget[target]!], conversationID: nil)
                        continue
                    }
                    if candidates.count > 1 {
                        missing.append((target, Diagnostic(.ambiguousMessage, file: nil, "\(target.platform.displayName) message \(target.messageID) exists in \(candidates.count) conversations; its reactions went to \(first.conversationID)")))
                    }
                    key = first
                }
                for entry in lists[byTarget[target]!] {
                    if let index = byMessage[key]?.firstIndex(where: { $0.emoji.key == entry.emoji.key }) {
                        byMessage[key]![index] = merge(byMessage[key]![index], entry)
                    } else {
                        byMessage[key, default: []].append(entry)
                    }
                }
            }
            byTarget = [:]
            lists = []
        }

        // Found while settling, part by part: reactors missing from their platform's user list
        // (in report order within each part), and the conversations that have messages.
        var unknownUsers: [[PersonKey]] = []
        var conversationKeys: Set<MessageKey> = []

        // Messages are settled in report order: their positions in the list are sorted by time,
        // the keys compared only between messages of the same time (cheaper than sorting the
        // finished summaries, and no second copy of them).
        let pending = messageList
        messageList = []
        messageIndex = [:]
        func key(_ index: Int) -> MessageKey {
            MessageKey(platform: pending[index].platform, conversationID: pending[index].conversationID, id: pending[index].id)
        }
        var order = pending.indices.map { (sentAt: pending[$0].sentAt, index: $0) }
        order.sort { a, b in Timestamp.earlierFirst(a.sentAt, b.sentAt) ?? keyOrder(key(a.index), key(b.index)) }
        // Settling walks dictionaries, whose order changes from run to run: its diagnostics are
        // collected and sorted so that the examples kept are the same every time.
        var settled: [(key: MessageKey, diagnostic: Diagnostic)] = []
        // Settled in parts on every core, each part writing only its own messages' places in
        // the result and in the lists of reactions (each list belongs to one message, and is
        // freed once settled); the tables are only read.
        let partSize = 2_048
        let summaries = lists.withUnsafeMutableBufferPointer { lists in
            [MessageSummary](unsafeUninitializedCapacity: order.count) { buffer, initialized in
                let places = Places(summaries: buffer.baseAddress, lists: lists.baseAddress)
                let parts = Concurrently.map((order.count + partSize - 1) / partSize) { part in
                    var matched: Set<RemovalKey> = []
                    var found: [(key: MessageKey, diagnostic: Diagnostic)] = []
                    var partTallies: [Platform: ReactionTally] = [:]
                    var unknown = UnknownUsers()
                    var seenConversations: Set<MessageKey> = []
                    var lastConversation: MessageKey?
                    for place in part * partSize..<min(order.count, (part + 1) * partSize) {
                        let index = order[place].index
                        let key = key(index)
                        var entries: [ReactionEntry] = []
                        if someWithoutConversation {
                            entries = byMessage[key] ?? []
                        } else if let position = byTarget[MessageTarget(platform: key.platform, conversationID: key.conversationID, messageID: key.id)] {
                            swap(&entries, &places.lists![position])
                        }
                        let summary = places.summaries! + place
                        var unlisted = 0
                        summary.initialize(to: self.summary(of: pending[index], key: key, entries: entries, matched: &matched, settled: &found,
                                                            unlisted: &unlisted, tally: &partTallies[key.platform, default: ReactionTally()]))
                        // Messages of one conversation often follow one another: most need no hash.
                        let conversation = MessageKey(platform: key.platform, conversationID: key.conversationID, id: "")
                        if conversation != lastConversation {
                            seenConversations.insert(conversation)
                            lastConversation = conversation
                        }
                        // Only a message with a reactor missing from its platform's names can
                        // have one missing from a user list (the names hold every listed user).
                        if unlisted > 0, directories.contains(key.platform) {
                            unknown.collect(summary.pointee.reactions, platform: key.platform, known: people[key.platform] ?? [:])
                        }
                    }
                    return (matched: matched, settled: found, unknown: unknown.found, conversations: seenConversations, tallies: partTallies)
                }
                initialized = order.count
                for part in parts {
                    for (platform, tally) in part.tallies { tallies[platform, default: ReactionTally()] = tallies[platform, default: ReactionTally()] + tally }
                    matchedRemovals.formUnion(part.matched)
                    settled.append(contentsOf: part.settled)
                    unknownUsers.append(part.unknown)
                    conversationKeys.formUnion(part.conversations)
                }
            }
        }
        if !someWithoutConversation {
            for index in byTarget.indices where !lists[byTarget.values[index]].isEmpty {
                let target = byTarget.keys[index]
                noteMissing(target, lists[byTarget.values[index]], conversationID: target.conversationID)
            }
        }
        missing.sort { targetOrder($0.target, $1.target) }
        for entry in missing { log.append(entry.diagnostic) }
        byTarget = [:]
        lists = []
        byMessage = [:]
        settled.sort { a, b in
            (a.key.platform, a.key.conversationID, a.key.id, a.diagnostic.kind, a.diagnostic.detail)
                < (b.key.platform, b.key.conversationID, b.key.id, b.diagnostic.kind, b.diagnostic.detail)
        }
        for entry in settled { log.append(entry.diagnostic) }

        // Diagnosed: what the diagnostics name, and the unnamed adds found while settling.
        for (platform, diagnosed) in log.uncounted {
            let settling = tallies[platform]?.diagnosed ?? 0
            tallies[platform, default: ReactionTally()].diagnosed = diagnosed.addingClamped(settling)
        }
        for (key, file) in removals.sorted(by: { $0.key.ref < $1.key.ref }) where !matchedRemovals.contains(key) {
            log.append(Diagnostic(.removalWithoutAdd, file: file, "\(key.platform.displayName): removal of \(key.ref) matches no add"))
        }
        // Each unknown user once, where it first reacts in report order.
        var reported: Set<PersonKey> = []
        for part in unknownUsers {
            for person in part where reported.insert(person).inserted {
                log.append(Diagnostic(.unknownUser, file: nil, "\(person.platform.displayName) user \(person.id) is not in the export's user list"))
            }
        }

        var conversationList = conversationKeys.map { key in
            conversations[key] ?? ConversationInfo(platform: key.platform, id: key.conversationID, name: nil)
        }
        conversationList.sort { ($0.platform, $0.id) < ($1.platform, $1.id) }
        return LedgerResult(messages: summaries, conversations: conversationList, diagnostics: log, people: people, tallies: tallies, media: media)
    }

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

    /// One message settled: its reactions (removals applied, first reacted first), its latest
    /// text, deletion and stars. Reads only the ledger's tables, so messages can be settled on
    /// several threads at once.
    /// - Parameter unlisted: increased by the reactors whose platform's names lack them.
    func summary(of message: ImportedMessage, key: MessageKey, entries: [ReactionEntry],
                 matched: inout Set<RemovalKey>, settled: inout [(key: MessageKey, diagnostic: Diagnostic)], unlisted: inout Int,
                 tally: inout ReactionTally) -> MessageSummary {
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
        let target = MessageTarget(platform: key.platform, conversationID: key.conversationID, messageID: key.id)
        let anyTarget = MessageTarget(platform: key.platform, conversationID: nil, messageID: key.id)
        let removedAsMessage = !removals.isEmpty && removals[RemovalKey(platform: key.platform, ref: key.id)] != nil
        if removedAsMessage { matched.insert(RemovalKey(platform: key.platform, ref: key.id)) }
        let conversation = conversations[MessageKey(platform: key.platform, conversationID: key.conversationID, id: "")]
        return MessageSummary(
            platform: key.platform,
            conversationID: key.conversationID,
            conversationName: conversation?.name ?? key.conversationID,
            id: key.id,
            authorID: message.authorID,
            authorName: message.authorName ?? message.authorID.flatMap { names?[$0] },
            sentAt: message.sentAt,
            threadParentID: message.threadParentID,
            text: edits.isEmpty ? message.text : (edits[target] ?? edits[anyTarget])?.text ?? message.text,
            deleted: message.deleted || removedAsMessage || (!deletions.isEmpty && (deletions.contains(target) || deletions.contains(anyTarget))),
            markup: message.markup,
            paidStars: paidStars.isEmpty ? 0 : paidStars[target] ?? paidStars[anyTarget] ?? 0,
            reactions: reactionsOut)
    }

    /// Applies removals, counts reactors and weighs them against the platform total.
    /// - Parameters:
    ///   - names: the display names of the message's platform (looked up once per message).
    ///   - unlisted: increased by the reactors `names` lacks.
    func settle(_ entry: ReactionEntry, message: ImportedMessage, names: [String: String]?, matched: inout Set<RemovalKey>,
                log: inout [Diagnostic], unlisted: inout Int) -> ReactionSummary? {
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
                log.append(Diagnostic(.duplicateAdd, file: nil, "\(message.platform.displayName) message \(message.id): \(id) added \(entry.emoji.display) \(liveRefs) times; counted once"))
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
                log.append(Diagnostic(.reactorsExceedCount, file: nil, "\(message.platform.displayName) message \(message.id): \(entry.emoji.display) lists \(listed) reactors but counts \(total)"))
            }
        }
        guard count > 0 else { return nil }
        let firstAt = earliest(entry.totalFirstAt, reactors.compactMap(\.0.at).min())
        return ReactionSummary(emoji: entry.emoji, count: count, reactors: reactors.map(\.0), reactorsComplete: complete, firstAt: firstAt, sequence: entry.sequence)
    }

    func merge(_ a: ReactionEntry, _ b: ReactionEntry) -> ReactionEntry {
        var result = a.sequence <= b.sequence ? a : b
        let other = a.sequence <= b.sequence ? b : a
        if let total = other.total { result.total = max(result.total ?? 0, total) }
        result.totalFirstAt = earliest(result.totalFirstAt, other.totalFirstAt)
        for (id, reactor) in other.reactors {
            result.reactors.upsert(id, insert: { reactor }, update: { existing in
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

/// Report order where the times do not decide: by platform, conversation id, then id.
func keyOrder(_ a: ReactionLedger.MessageKey, _ b: ReactionLedger.MessageKey) -> Bool {
    (a.platform, a.conversationID, a.id) < (b.platform, b.conversationID, b.id)
}

/// Reactors missing from a user list that the export declared complete, each once, in the
/// order first met. Reactors only: authors can be bots and integrations, which user lists
/// leave out.
private struct UnknownUsers {
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

/// Where the parts of settling write: result slots and lists of reactions, each touched by one
/// part only.
private struct Places: @unchecked Sendable {
    let summaries: UnsafeMutablePointer<MessageSummary>?
    let lists: UnsafeMutablePointer<[ReactionLedger.ReactionEntry]>?
}
