import InputFiles

/// The only place that decides what a reaction is. Importers hand it facts in any order; it
/// dedupes adds by identity, applies removals by identity (a removal that arrives before its
/// add still cancels it), weighs platform totals against listed reactors, and counts every
/// oddity as a diagnostic.
public final class ReactionLedger {
    /// A message's identity; a conversation's where `id` is empty.
    struct MessageKey: Hashable {
        var platform: Platform
        var conversationID: String
        var id: CompactID
    }

    /// One add of a reactor's: its identity (empty where the platform gives none), when, the
    /// number of the file it was read from (`files`), and that of the newest snapshot's file
    /// stating it (-1: only events give it).
    struct Instance {
        var ref: AddIdentity
        var at: Timestamp?
        var file: Int32
        var stated: Int32
    }

    struct RemovalKey: Hashable {
        var platform: Platform
        var ref: AddIdentity
    }

    struct Edit {
        var text: String
        var order: Timestamp
    }

    let resolver: EmojiResolver
    /// Messages in the order first seen, and their positions by key (`PositionIndex`: the keys
    /// are read from the list, not copied into the index). Each is kept as the summary it
    /// becomes: settling puts the list in report order and fills in each summary in place, so
    /// the messages are never held twice.
    var messageList = ChunkedStore<MessageSummary>(chunkBits: ReactionLedger.messageChunkBits)
    var messageIndex = PositionIndex()
    /// 262,144 messages a chunk of `messageList`: 46 MB, above the 32 MB from which the
    /// program's allocator maps a block of its own (`AllocatorSettings`), so each chunk goes
    /// back to the system as soon as settling has moved it into the report's array.
    static let messageChunkBits = 18
    /// The reaction facts, one entry per emoji on a target, each target's entries a list
    /// (`ReactionArena`). A recorded message's list is found through the message
    /// (`listOfMessage`, by the message's position: 4 bytes a message); only targets whose
    /// message is not recorded (yet), and targets that name no conversation, are kept by target
    /// (`reactionIndex`).
    var arena = ReactionArena()
    /// The head of each recorded message's list in `arena` (`ReactionArena.none`: none yet).
    var listOfMessage: [UInt32] = []
    var reactionIndex: [TargetKey: UInt32] = [:]
    /// The last fact's target and where its list is, and the last reaction value and what it
    /// came to: a message's facts come one after another, and so do the reactors of one emoji,
    /// so most facts need no hashing.
    var lastTarget: (target: MessageTarget, list: ListPlace)?
    var lastValue: (value: ReactionValue, resolved: Resolved)?
    /// Where a target's list of entries is kept: with its message, or by target.
    enum ListPlace {
        case message(Int)
        case target(TargetKey)
    }
    /// The people who reacted, numbered in the order first met: a reactor is kept as its
    /// number (`ReactionArena.Adder.person`).
    var personKeys: [PersonKey] = []
    var personNumbers: [PersonKey: UInt32] = [:]
    /// What a reaction value resolved to, by number: its emoji's key (which finds its entry with
    /// an integer comparison) and its emoji (kept by the entry the value creates: values with
    /// one key can differ in display or image, and an entry keeps the first fact's).
    struct Resolved {
        var key: Int32
        var emoji: Int32
    }
    /// The emoji of every reaction value met, and the numbers of their keys.
    var emojiTable: [Emoji] = []
    var keyNumbers: [String: Int32] = [:]
    /// Each reaction value met, resolved once (a reaction's value comes again on every message
    /// it is used on; resolving goes through the emoji tables).
    var resolvedValues: [ReactionValue: Resolved] = [:]
    /// Removals by identity, with the file that gave each and its identity as written.
    var removals = RemovalLog()
    /// Reactions whose value is empty or invalid, by message and value: how many the export's
    /// total and its listed reactors say there are, so that they are named as not counted once.
    private var invalidValues: [InvalidValue: (total: Int, adds: Int)] = [:]
    struct InvalidValue: Hashable {
        var target: MessageTarget
        var raw: String
    }
    var edits: [MessageTarget: Edit] = [:]
    var deletions: Set<MessageTarget> = []
    var paidStars: [MessageTarget: Int] = [:]
    var conversations: [MessageKey: ConversationInfo] = [:]
    var people: [Platform: [String: String]] = [:]
    /// People the platform marks as bots.
    var bots: [Platform: Set<String>] = [:]
    var directories: Set<Platform> = []
    /// The file of each platform's user list, for the diagnostic of a user missing from it.
    var directoryFiles: [Platform: String] = [:]
    var files: [String] = []
    /// When each file was taken and what it states, and the copies of messages held more than once.
    var snapshots = SnapshotTable()
    /// The largest total of an entry that a newer statement of it superseded, by entry: counted
    /// as read when it is settled, not as its count.
    var olderTotals: [UInt32: Int32] = [:]
    /// Files the site carries (custom emoji images from an export's media), by site path.
    var media: [String: [UInt8]] = [:]
    /// Polls by platform, conversation and message; a later file's copy replaces an earlier one.
    var polls: [PollKey: Poll] = [:]
    var sequence = 0
    var diagnostics = DiagnosticLog()
    /// What a reader of the report should hear of the inputs that is not about reactions
    /// (an earlier site of ours inside an input folder, passed over).
    var notices: [String] = []
    /// The file the messages' texts are kept in until their pages are made (made with the
    /// first long text; sealed when settling starts), unless none can be made.
    var spill: TextSpill?
    private var spillUnavailable = false
    /// What facts tables said about their report beyond its messages (`CarriedReport`).
    var carried = CarriedReport()

    /// Creates an empty ledger that resolves reaction values with `resolver`.
    public init(resolver: EmojiResolver = EmojiResolver()) {
        self.resolver = resolver
    }

    /// An empty ledger whose facts are kept in chunks of `2^chunkBits` (fewer than 65,536
    /// only in tests, to see settling let go of chunks), `keptInMemory` bytes of each store of
    /// them in memory before its spill file (fewer only in tests).
    init(resolver: EmojiResolver = EmojiResolver(), chunkBits: Int, keptInMemory: Int = ReactionLedger.keptInMemory) {
        self.resolver = resolver
        arena = ReactionArena(chunkBits: chunkBits, keptInMemory: keptInMemory)
    }

    /// Bytes of the settled reactions (and of their reactors) kept in memory before their
    /// spill file takes the rest (fewer only in tests).
    var settledKeptInMemory = ReactionLedger.keptInMemory
    /// Bytes of each of the ledger's record stores (facts, settled reactions) kept in memory
    /// before its spill file takes the rest (`RecordSpill`): a small build never touches disk.
    static let keptInMemory = 16 << 20

    /// The chunks of facts let go of after each wave of the last settling (for tests).
    var settlingReleases: [Int] = []

    /// Registers an input file and returns its index for the facts read from it: a snapshot
    /// of its own, of no known time, whose facts state nothing of whole reaction sets.
    public func beginFile(_ name: String) -> Int {
        beginFile(name, snapshot: nil, statement: .events)
    }

    /// Makes room for about `messages` more messages, so that the tables are not rebuilt again
    /// and again as they grow (each growth hashes every key once more); `targets`, the messages
    /// with reactions, needs no room (the reactions' store grows in chunks). Only a hint: the
    /// tables grow as needed either way.
    public func expect(messages: Int, targets: Int) {
        messageIndex.reserveCapacity(messageList.count + messages)
        if messageList.count + messages > listOfMessage.capacity { listOfMessage.reserveCapacity(messageList.count + messages) }
    }

    /// Messages recorded so far.
    public var messageCount: Int { messageList.count }

    /// Records a message read from no file. A message seen twice (overlapping exports) is one
    /// message.
    public func record(_ message: ImportedMessage) {
        record(message, file: -1)
    }

    /// Records a message read from file number `file`. A message seen twice is one message,
    /// whose newest copy decides its text and deletion (`mergeCopy`).
    func record(_ message: ImportedMessage, file: Int) {
        // The author of a bot's message is a bot, except on Telegram, whose `via_bot` marks a
        // message a person sent through an inline bot.
        if message.fromBot, message.platform != .telegram, let author = message.authorID { recordBot(platform: message.platform, id: author) }
        let key = MessageKey(of: message)
        var message = message
        spillText(of: &message)
        // One hash and one probe, for a new message and for a repeat alike.
        let index = messageIndex.position(hash: key.hashValue, insertingIfAbsent: messageList.count) { messageKey(at: $0) == key }
        guard index < messageList.count else {
            snapshots.noteFirstCopy(at: messageList.count, file: Int32(file))
            _ = messageList.append(MessageSummary(message: message, conversationName: "", reactions: []))
            listOfMessage.append(adoptedList(of: key))
            return
        }
        mergeCopy(message, file: Int32(file), into: index)
    }

    /// The key of the message at `position` in `messageList`.
    func messageKey(at position: Int) -> MessageKey {
        MessageKey(of: messageList[position].message)
    }

    /// The position in `messageList` of the message with `key`, if it was recorded.
    func messagePosition(_ key: MessageKey) -> Int? {
        messageIndex.position(hash: key.hashValue) { messageKey(at: $0) == key }
    }

    /// Moves a message's text into the spill file, unless it is short enough to be held inside
    /// its string (15 bytes) or no spill file can be made.
    private func spillText(of message: inout ImportedMessage) {
        guard case .inline(let text) = message.body, text.utf8.count > 15 else { return }
        if spill == nil, !spillUnavailable {
            spill = TextSpill()
            spillUnavailable = spill == nil
        }
        if let spill, let reference = spill.keep(text) { message.body = .spilled(spill, reference) }
    }

    /// Records a conversation's name; the first name given wins.
    public func record(_ conversation: ConversationInfo) {
        let key = MessageKey(platform: conversation.platform, conversationID: conversation.id, id: CompactID(""))
        if let existing = conversations[key], existing.name != nil { return }
        conversations[key] = conversation
    }

    /// Records a user's display name; the first non-empty name wins.
    public func recordPerson(platform: Platform, id: String, name: String?) {
        guard let name, !name.isEmpty, people[platform]?[id] == nil else { return }
        people[platform, default: [:]][id] = name
    }

    /// Records that the platform marks a user as a bot (a user list's flag, the author of a
    /// bot's message).
    public func recordBot(platform: Platform, id: String) {
        bots[platform, default: []].insert(id)
    }

    /// Declares that the export carries a complete user list for `platform`, so that a user
    /// missing from it is worth a diagnostic naming `file`, the list's file.
    public func declareDirectory(for platform: Platform, file: String? = nil) {
        directories.insert(platform)
        if let file, directoryFiles[platform] == nil { directoryFiles[platform] = file }
    }

    /// Keeps a file the site carries; the first copy of a path wins (a path names its content).
    public func recordMedia(_ path: String, _ bytes: [UInt8]) {
        if media[path] == nil { media[path] = bytes }
    }

    /// Keeps what facts tables say about their report, for the result (`CarriedReport`),
    /// joined to what facts read before said (the shards of one build, `--shard K/N`).
    public func carry(_ report: CarriedReport) {
        carried = hasCarried ? carried.joined(with: report) : report
        hasCarried = true
    }

    /// True once facts tables were read.
    var hasCarried = false

    /// Records a diagnostic found while reading.
    public func diagnose(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Message actions of types no one configured, by type: how many, the first values seen,
    /// and the first file holding one.
    var unconfiguredActions: [String: (count: Int, values: [String], file: String)] = [:]

    /// Records a PubNub message action of a type that is neither a reaction type nor one read
    /// for something else, for the diagnostic naming each such type.
    public func noteUnconfiguredAction(type: String, value: String, file: String) {
        var found = unconfiguredActions[type] ?? (0, [], file)
        found.count = found.count.addingClamped(1)
        if found.values.count < 3, !found.values.contains(value) { found.values.append(value) }
        unconfiguredActions[type] = found
    }

    /// Records a notice about the inputs: printed, not counted as a diagnostic.
    public func notice(_ text: String) {
        notices.append(text)
    }

    /// Counts `count` diagnostics of `kind` found while reading, whose examples are not kept.
    public func diagnose(_ kind: Diagnostic.Kind, count: Int, platform: Platform?, reactions: Int) {
        diagnostics.append(kind, count: count, platform: platform, reactions: reactions)
    }

    /// Records an edit or a deletion.
    public func record(_ update: MessageUpdate, file: Int) {
        switch update {
        case .edit(let target, let text, let order):
            if let existing = edits[target], existing.order >= order { return }
            edits[target] = Edit(text: text, order: order)
        case .delete(let target):
            deletions.insert(target)
        case .paidStars(let target, let stars):
            paidStars[target] = max(paidStars[target] ?? 0, stars)
        }
    }

    /// Records one reaction fact read from file number `file`.
    public func record(_ fact: ReactionFact, file: Int) {
        sequence += 1
        precondition(sequence < Int(UInt32.max), "the ledger holds fewer than 2^32 reaction facts")
        snapshots.noteRecorded(Int32(file))
        switch fact {
        case .add(let target, let value, let reactor, let reactorName, let at, let ref):
            guard let emoji = resolve(value) else {
                return diagnose(
                    Diagnostic(
                        .invalidReaction, file: files[file],
                        "message \(target.messageID): reaction value \(quoted(value.raw)) from \(reactor) is empty or invalid",
                        platform: target.platform, reactions: weighInvalid(target, value, total: nil)))
            }
            guard !reactor.isEmpty else {
                arena.entries[entryPosition(target, emoji)].unnamed &+= 1
                return diagnose(
                    Diagnostic(
                        .invalidReaction, file: files[file], "message \(target.messageID): a \(emojiTable[Int(emoji.emoji)].display) reaction has no user id",
                        platform: target.platform))
            }
            recordPerson(platform: target.platform, id: reactor, name: reactorName)
            let person = personNumber(platform: target.platform, id: reactor)
            let statement = snapshots.statement(Int32(file))
            let instance = Instance(ref: AddIdentity(ref ?? ""), at: at, file: Int32(file), stated: statement == .events ? -1 : Int32(file))
            let entry = entryPosition(target, emoji)
            if statement == .messagesWithReactions { decide(entry, file: Int32(file)) }
            guard let adder = arena.adder(of: person, on: entry) else {
                return arena.link(
                    person: person, givenName: ReactionArena.GivenName(reactorName), sequence: UInt32(sequence), first: instance, to: entry)
            }
            let outcome = arena.add(instance, toAdder: adder, newer: isNewer)
            if outcome.restated { arena.adders[adder].sequence = UInt32(sequence) }
            if outcome.repeated, outcome.sameFile {
                diagnose(
                    Diagnostic(
                        .duplicateAdd, file: files[file], "message \(target.messageID): \(reactor) added \(emojiTable[Int(emoji.emoji)].display) twice"))
            }
        case .total(let target, let value, let count, let firstAt):
            guard let emoji = resolve(value) else {
                return diagnose(
                    Diagnostic(
                        .invalidReaction, file: files[file], "message \(target.messageID): reaction value \(quoted(value.raw)) is empty or invalid",
                        platform: target.platform, reactions: weighInvalid(target, value, total: count)))
            }
            // Importers read counts with ReactionCount; a total from elsewhere is held to its range too.
            guard (0...ReactionCount.maximum).contains(count) else {
                return diagnose(
                    Diagnostic(
                        .invalidCount, file: files[file],
                        "message \(target.messageID): the count of \(emojiTable[Int(emoji.emoji)].display) (\(count)) is outside 0…\(ReactionCount.maximum) and is not used",
                        platform: target.platform))
            }
            let entry = entryPosition(target, emoji)
            let stating = snapshots.statement(Int32(file)) == .messagesWithReactions
            if stating { decide(entry, file: Int32(file)) }
            recordTotal(Int32(count), firstAt: firstAt, on: entry, file: stating ? Int32(file) : -1)
        case .remove(let platform, let ref):
            let key = RemovalKey(platform: platform, ref: AddIdentity(ref))
            removals.record(key, ref: ref, file: Int32(file))
        }
    }

    /// The number of the person with `id` on `platform`, given when first met.
    func personNumber(platform: Platform, id: String) -> UInt32 {
        let key = PersonKey(platform: platform, id: id)
        if let number = personNumbers[key] { return number }
        precondition(personKeys.count < Int(UInt32.max), "the ledger holds fewer than 2^32 people")
        let number = UInt32(personKeys.count)
        personKeys.append(key)
        personNumbers[key] = number
        return number
    }

    /// How many more reactions of an invalid value on `target` a fact shows (an add, or a
    /// total): a total and the reactors it covers are named as not counted once.
    private func weighInvalid(_ target: MessageTarget, _ value: ReactionValue, total: Int?) -> Int {
        let key = InvalidValue(target: target, raw: value.raw)
        var seen = invalidValues[key] ?? (0, 0)
        let before = max(seen.total, seen.adds)
        if let total { seen.total = max(seen.total, total) } else { seen.adds += 1 }
        invalidValues[key] = seen
        return max(seen.total, seen.adds) - before
    }

    func earliest(_ a: Timestamp?, _ b: Timestamp?) -> Timestamp? { Self.earliestTime(a, b) }

    /// The earlier of two times, either where the other is missing.
    static func earliestTime(_ a: Timestamp?, _ b: Timestamp?) -> Timestamp? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }
}

/// Text from the input in quotes for a diagnostic, cut after `limit` characters.
func quoted(_ text: String, limit: Int = 60) -> String {
    "\"" + String(text.prefix(limit)) + "\""
}
