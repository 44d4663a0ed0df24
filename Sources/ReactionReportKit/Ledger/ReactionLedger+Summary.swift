import ParallelWork

extension ReactionLedger {
    /// Settles every fact and returns the messages with their reactions: the messages are put
    /// in report order and cut into parts, each part is settled on its own, in place (on every
    /// core: `settle(_:key:…)` applies the ledger's rules to one message), and the parts are put
    /// together in order with what they found (merge). The reaction facts are consumed on the
    /// way (each part's are freed once settled, and the table that found them before settling
    /// starts), and the messages are settled where they lie, which keeps the peak memory of a
    /// large build down; so a ledger is summarized once.
    /// - Parameters:
    ///   - handBack: called after every `handBackEvery` parts settled, from any thread, to hand
    ///     the memory of the settled reactions back before more summaries are made. The
    ///     reactions were allocated on the reading thread and are freed on the settling threads,
    ///     whose own heaps the summaries come from: at 10M Slack messages, settling without it
    ///     peaked 300 MB above the end of reading.
    public func summarize(handBack: @Sendable () -> Void = {}, handBackEvery: Int = 256) -> LedgerResult {
        spill?.seal()
        var account = SettlingAccount(diagnostics: diagnostics)
        var messages: [MessageSummary]
        let reactions: PendingReactions
        let taken = takeReactions(into: &account)
        switch consume taken {
        case .attached(var attached):
            messages = takeMessagesInReportOrder(carrying: &attached.ofMessage)
            reactions = .attached(attached)
        case .byMessage(let byMessage):
            var none: [UInt32] = []
            messages = takeMessagesInReportOrder(carrying: &none)
            reactions = .byMessage(byMessage)
        }
        let (parts, unsettled) = partition(messages, reactions: reactions)
        let ranges = parts.map(\.places)
        let every = max(1, handBackEvery)
        let settled = Concurrently.update(&messages, parts: ranges, states: parts) { part, region in
            let number = part.places.lowerBound / Self.settlingPartSize
            let settled = settle(part, in: &region)
            if number % every == every - 1 { handBack() }
            return settled
        }
        noteUnsettled(unsettled, in: &account)
        return merge(settled, summaries: messages, account: account)
    }

    /// The reactions to settle, by the message they settle on. Where every export named each
    /// message's conversation, the ledger's own lists serve (one per message, and those of
    /// targets without a message); otherwise targets are re-keyed onto messages first, and
    /// those matching none are noted.
    func takeReactions(into account: inout SettlingAccount) -> PendingReactions {
        var byTarget = reactionIndex
        let lists = reactionLists
        let ofMessage = listOfMessage
        reactionIndex = [:]
        reactionLists = []
        listOfMessage = []
        guard byTarget.keys.contains(where: { $0.conversationID == nil }) else {
            return .attached(AttachedReactions(ofMessage: ofMessage, lists: lists, unattached: byTarget))
        }
        for position in messageList.indices where ofMessage[position] != 0 {
            let key = messageKey(at: position)
            byTarget[key.target] = Int(ofMessage[position]) - 1
        }
        // Conversation-less targets are resolved by id (the index by id is built only when
        // needed), taken in a fixed order since two targets can land on one message.
        var byMessage: [MessageKey: [ReactionEntry]] = [:]
        var messagesByID: [String: [MessageKey]] = [:]
        for position in messageList.indices {
            let key = messageKey(at: position)
            messagesByID["\(key.platform.rawValue)\u{1F}\(key.id.text)", default: []].append(key)
        }
        for target in byTarget.keys.sorted(by: targetOrder) {
            let entries = lists[byTarget[target]!]
            let key: MessageKey
            if let conversationID = target.conversationID {
                key = MessageKey(platform: target.platform, conversationID: conversationID, id: CompactID(target.messageID))
                guard messagePosition(key) != nil else {
                    account.noteMissing(target, unmatched(entries, platform: target.platform), conversationID: conversationID)
                    continue
                }
            } else {
                let candidates = messagesByID["\(target.platform.rawValue)\u{1F}\(target.messageID)"] ?? []
                guard let first = candidates.min(by: { $0.conversationID < $1.conversationID }) else {
                    account.noteMissing(target, unmatched(entries, platform: target.platform), conversationID: nil)
                    continue
                }
                if candidates.count > 1 {
                    account.missing.append(
                        (
                            target,
                            Diagnostic(
                                .ambiguousMessage, file: nil,
                                "\(target.platform.displayName) message \(target.messageID) exists in \(candidates.count) conversations; its reactions went to \(first.conversationID)"
                            )
                        ))
                }
                key = first
            }
            for entry in entries {
                if let index = byMessage[key]?.firstIndex(where: { $0.key == entry.key }) {
                    byMessage[key]![index] = merge(byMessage[key]![index], entry)
                } else {
                    byMessage[key, default: []].append(entry)
                }
            }
        }
        return .byMessage(byMessage)
    }

    /// The messages in report order: sorted by time, the keys compared only between messages
    /// of the same time (cheaper than sorting finished summaries), and moved into that order
    /// where they lie (each cycle of the permutation swapped through once), and `carried` (one
    /// value a message, or empty) with them.
    func takeMessagesInReportOrder(carrying carried: inout [UInt32]) -> [MessageSummary] {
        var messages = messageList
        messageList = []
        messageIndex = PositionIndex()
        func key(_ index: Int) -> MessageKey {
            MessageKey(of: messages[index].message)
        }
        var order = messages.indices.map { (sentAt: messages[$0].sentAt, index: $0) }
        order.sort { a, b in Timestamp.earlierFirst(a.sentAt, b.sentAt) ?? keyOrder(key(a.index), key(b.index)) }
        // Place p takes the message at order[p]: following a cycle from its start, each swap
        // puts one message in its place and carries the start's message on.
        var placed = [Bool](repeating: false, count: messages.count)
        for start in messages.indices where !placed[start] {
            var place = start
            while true {
                placed[place] = true
                let source = order[place].index
                if source == start { break }
                messages.swapAt(place, source)
                if !carried.isEmpty { carried.swapAt(place, source) }
                place = source
            }
        }
        return messages
    }

    /// The messages settled as one part.
    static let settlingPartSize = 2_048

    /// The messages (in report order) cut into parts, each handed its messages' reactions,
    /// moved out of `reactions`, and the reactions no message took. Where the reactions are is
    /// looked up on every core; they are taken on one. The table that found them is let go
    /// here, before settling starts.
    func partition(
        _ messages: [MessageSummary], reactions: consuming PendingReactions
    ) -> (parts: [SettlingPart], unsettled: [(target: MessageTarget, entries: [ReactionEntry])]) {
        let partSize = Self.settlingPartSize
        let count = messages.count
        let ranges = stride(from: 0, to: count, by: partSize).map { $0..<min(count, $0 + partSize) }
        func key(_ place: Int) -> MessageKey {
            MessageKey(of: messages[place].message)
        }
        switch consume reactions {
        case .byMessage(var byMessage):
            let parts = ranges.map { places in SettlingPart(places: places, reactions: places.map { byMessage.removeValue(forKey: key($0)) ?? [] }) }
            return (parts, [])
        case .attached(var attached):
            let parts = ranges.map { places in
                SettlingPart(
                    places: places,
                    reactions: places.map { place in
                        let list = attached.ofMessage[place]
                        guard list != 0 else { return [] }
                        var entries: [ReactionEntry] = []
                        swap(&entries, &attached.lists[Int(list) - 1])
                        return entries
                    })
            }
            // Targets kept without a message never met theirs: a message recorded after its
            // reactions took their list when it was recorded.
            let unsettled = attached.unattached.map { target, position in (target, attached.lists[position]) }
            return (parts, unsettled)
        }
    }

    /// Notes the reactions no message took: their messages are not in the input.
    func noteUnsettled(_ unsettled: [(target: MessageTarget, entries: [ReactionEntry])], in account: inout SettlingAccount) {
        for (target, entries) in unsettled {
            account.noteMissing(target, unmatched(entries, platform: target.platform), conversationID: target.conversationID)
        }
    }

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
        // Diagnosed: what the diagnostics name, and the unnamed adds found while settling.
        var tallies = account.tallies
        for (platform, diagnosed) in log.uncounted {
            let settling = tallies[platform]?.diagnosed ?? 0
            tallies[platform, default: ReactionTally()].diagnosed = diagnosed.addingClamped(settling)
        }
        for (key, file) in removals.sorted(by: { $0.key.ref < $1.key.ref }) where !account.matchedRemovals.contains(key) {
            log.append(Diagnostic(.removalWithoutAdd, file: file, "\(key.platform.displayName): removal of \(key.ref.text) matches no add"))
        }
        var reported: Set<PersonKey> = []
        for part in parts {
            for person in part.unknown where reported.insert(person).inserted {
                log.append(Diagnostic(.unknownUser, file: nil, "\(person.platform.displayName) user \(person.id) is not in the export's user list"))
            }
        }
        var conversationList = conversationKeys.map { key in
            conversations[key] ?? ConversationInfo(platform: key.platform, id: key.conversationID, name: nil)
        }
        conversationList.sort { ($0.platform, $0.id) < ($1.platform, $1.id) }
        var result = LedgerResult(messages: summaries, conversations: conversationList, diagnostics: log, people: people, tallies: tallies, media: media)
        result.bots = bots
        return carried.applied(to: result)
    }

    /// One part of the messages settled, in place: its messages' summaries, and what it found
    /// about them. Reads only the ledger's tables, so parts are settled on several threads.
    func settle(_ part: consuming SettlingPart, in summaries: inout Concurrently.Region<MessageSummary>) -> SettledPart {
        var out = SettledPart()
        var unknown = UnknownUsers()
        var lastConversation: MessageKey?
        for (place, entries) in zip(part.places, part.reactions) {
            let key = MessageKey(of: summaries[place].message)
            var unlisted = 0
            settle(
                &summaries[place], key: key, entries: entries, matched: &out.matched, settled: &out.settled,
                unlisted: &unlisted, tally: &out.tallies[key.platform, default: ReactionTally()])
            // Messages of one conversation often follow one another: most need no hash.
            let conversation = MessageKey(platform: key.platform, conversationID: key.conversationID, id: CompactID(""))
            if conversation != lastConversation {
                out.conversations.insert(conversation)
                lastConversation = conversation
            }
            // Only a message with a reactor missing from its platform's names can have one
            // missing from a user list (the names hold every listed user).
            if unlisted > 0, directories.contains(key.platform) {
                unknown.collect(summaries[place].reactions, platform: key.platform, known: people[key.platform] ?? [:])
            }
        }
        out.unknown = unknown.found
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

/// The messages of one part of settling (places in report order) with their reactions.
struct SettlingPart {
    var places: Range<Int>
    var reactions: [[ReactionLedger.ReactionEntry]]
}

/// What settling one part found besides its summaries: the removals they matched, their diagnostics,
/// reactors missing from user lists (in report order), the conversations seen, and the tallies.
struct SettledPart {
    var matched: Set<ReactionLedger.RemovalKey> = []
    var settled: [(key: ReactionLedger.MessageKey, diagnostic: Diagnostic)] = []
    var unknown: [PersonKey] = []
    var conversations: Set<ReactionLedger.MessageKey> = []
    var tallies: [Platform: ReactionTally] = [:]
}

/// The reactions waiting to be settled: the ledger's lists by message and by target, or, where
/// some target named no conversation, re-keyed by message.
enum PendingReactions {
    case attached(AttachedReactions)
    case byMessage([ReactionLedger.MessageKey: [ReactionLedger.ReactionEntry]])
}

/// The ledger's reaction lists: each message's (`ofMessage`: its list's number + 1, or 0; in
/// the messages' order), and those of targets whose message is not in the input.
struct AttachedReactions {
    var ofMessage: [UInt32]
    var lists: [[ReactionLedger.ReactionEntry]]
    var unattached: [MessageTarget: Int]
}

/// What settling accounts for besides the messages: the diagnostics so far, the tallies of
/// every platform, the removals matched, and the reactions of messages not in the input.
struct SettlingAccount {
    var log: DiagnosticLog
    var tallies: [Platform?: ReactionTally] = [:]
    var matchedRemovals: Set<ReactionLedger.RemovalKey> = []
    var missing: [(target: MessageTarget, diagnostic: Diagnostic)] = []

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
        conversationID: String?
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
                    .reactionWithoutMessage, file: nil,
                    "\(detail): \(unmatched.live) reaction(s) for a message not in the input\(removedNote)",
                    platform: target.platform, reactions: unmatched.live)
            ))
    }
}
