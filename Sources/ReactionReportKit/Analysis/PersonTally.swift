import ByteOutput

/// The counting behind `PersonFigures` of what only a person's page shows (the report's people
/// already count messages, reactions given and received, and pairs): one pass over the
/// report's messages, people by number. What is counted per pair of numbers (person and emoji,
/// person and conversation) is keyed by one integer, and only each person's first few of each
/// are kept.
struct PersonTally {
    private var people: [Entry]
    /// Person << 32 | emoji number → reactions given, and received.
    private var given: [UInt64: Int] = [:]
    private var received: [UInt64: Int] = [:]
    /// Person << 32 | conversation position → messages and reactions given there.
    private var active: [UInt64: (messages: Int, reactions: Int)] = [:]
    private var emoji: [Emoji] = []
    private var emojiNumber: [String: Int] = [:]

    private struct Entry {
        /// (reaction count, message index), most first; (message index), latest first.
        var mostReacted: [(count: Int, index: Int)] = []
        var latest: [Int] = []
        var first: Timestamp?
        var last: Timestamp?

        mutating func active(at time: Timestamp?) {
            guard let time else { return }
            first = min(first ?? time, time)
            last = max(last ?? time, time)
        }
    }

    init(people: Int) {
        self.people = Array(repeating: Entry(), count: people)
    }

    private mutating func number(of emoji: Emoji) -> UInt64 {
        if let known = emojiNumber[emoji.key] { return UInt64(known) }
        emojiNumber[emoji.key] = self.emoji.count
        self.emoji.append(emoji)
        return UInt64(self.emoji.count - 1)
    }

    /// Counts every message of `layout`; `number` gives a person's number, nil for people
    /// without a page.
    mutating func count(_ layout: SiteLayout, number page: (PersonKey) -> Int?) {
        let messages = layout.messages
        // Messages of one conversation come in runs: its position is looked up once a run.
        var conversation: (platform: Platform, id: String, position: UInt64)?
        for index in messages.indices {
            let message = messages[index]
            if conversation?.platform != message.platform || conversation?.id != message.conversationID {
                let position = layout.conversationPosition(platform: message.platform, id: message.conversationID)
                conversation = (message.platform, message.conversationID, UInt64(position))
            }
            let place = conversation!.position
            let author = message.authorID.flatMap { page(PersonKey(platform: message.platform, id: $0)) }
            if let author { countMessage(message, at: index, author: author, conversation: place) }
            for reaction in message.reactions {
                let emojiNumber = number(of: reaction.emoji)
                if let author { received[UInt64(author) << 32 | emojiNumber, default: 0].addClamped(reaction.count) }
                for reactor in reaction.reactors {
                    guard let reactorNumber = page(PersonKey(platform: message.platform, id: reactor.id)) else { continue }
                    people[reactorNumber].active(at: reactor.at)
                    given[UInt64(reactorNumber) << 32 | emojiNumber, default: 0] += 1
                    active[UInt64(reactorNumber) << 32 | place, default: (0, 0)].reactions += 1
                }
            }
        }
    }

    private mutating func countMessage(_ message: MessageSummary, at index: Int, author: Int, conversation: UInt64) {
        let total = message.reactionCount
        people[author].active(at: message.sentAt)
        active[UInt64(author) << 32 | conversation, default: (0, 0)].messages += 1
        // Messages come in time order: the latest are the last met.
        people[author].latest.insert(index, at: 0)
        if people[author].latest.count > PersonFigures.listLimit { people[author].latest.removeLast() }
        guard total > 0 else { return }
        var ranked = people[author].mostReacted
        if ranked.count == PersonFigures.listLimit, ranked[ranked.count - 1].count >= total { return }
        // Ties keep the earlier message first.
        var position = ranked.count
        while position > 0, ranked[position - 1].count < total { position -= 1 }
        ranked.insert((total, index), at: position)
        if ranked.count > PersonFigures.listLimit { ranked.removeLast() }
        people[author].mostReacted = ranked
    }

    /// Writes the counts into `figures` (people by the same numbers), each list cut to `limit`.
    func finish(into figures: inout [PersonFigures.Person], limit: Int) {
        for (number, entry) in people.enumerated() {
            figures[number].mostReacted = entry.mostReacted.map(\.index)
            figures[number].latest = entry.latest
            figures[number].firstActive = entry.first
            figures[number].lastActive = entry.last
        }
        func emojiOrder(_ a: (emoji: Emoji, count: Int), _ b: (emoji: Emoji, count: Int)) -> Bool {
            a.count != b.count ? a.count > b.count : UTF8Bytes.precedes(a.emoji.key, b.emoji.key)
        }
        for (key, count) in given where count > 0 {
            Self.offer((emoji[Int(key & 0xFFFF_FFFF)], count), to: &figures[Int(key >> 32)].emojiGiven, limit: limit, by: emojiOrder)
        }
        for (key, count) in received where count > 0 {
            Self.offer((emoji[Int(key & 0xFFFF_FFFF)], count), to: &figures[Int(key >> 32)].emojiReceived, limit: limit, by: emojiOrder)
        }
        for (key, counts) in active {
            figures[Int(key >> 32)].conversations.append((Int(key & 0xFFFF_FFFF), counts.messages, counts.reactions))
        }
        for number in figures.indices {
            figures[number].conversations.sort { a, b in
                let (ta, tb) = (a.messages + a.reactions, b.messages + b.reactions)
                return ta != tb ? ta > tb : a.conversation < b.conversation
            }
        }
    }

    /// Puts `element` into `list`, kept in `precedes` order and at most `limit` long.
    static func offer<T>(_ element: T, to list: inout [T], limit: Int, by precedes: (T, T) -> Bool) {
        if list.count == limit, !precedes(element, list[list.count - 1]) { return }
        var position = list.count
        while position > 0, precedes(element, list[position - 1]) { position -= 1 }
        list.insert(element, at: position)
        if list.count > limit { list.removeLast() }
    }
}
