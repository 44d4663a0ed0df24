import ByteOutput

/// How a build split into shards (`--shard K/N`) divides its messages: balanced by messages, not
/// by conversations. A conversation is a unit of its own unless it holds more than a quarter of
/// a shard's share, in which case it is cut into blocks of whole days (in UTC) of about that
/// size; the units then go, largest first, each to the shard with the fewest messages so far.
/// One community's `#general` often holds a third of everything: cut into days, it spreads over
/// every shard instead of making one shard as slow as a third of the build.
///
/// The plan depends only on what it is given (the messages per conversation and day), in a fixed
/// order, so every task that sees the same input makes the same plan.
public struct ShardPlan: Sendable {
    /// A conversation's messages on one day (`day` nil: messages without a time).
    public struct Count: Sendable, Equatable {
        public var platform: Platform
        public var conversationID: String
        public var day: Int64?
        public var messages: Int

        public init(platform: Platform, conversationID: String, day: Int64?, messages: Int) {
            self.platform = platform
            self.conversationID = conversationID
            self.day = day
            self.messages = messages
        }
    }

    /// Where each conversation's blocks start (their first day, nil days first) and the shard
    /// of each, by conversation key.
    private var blocks: [ConversationKey: [(first: Int64, shard: Int)]] = [:]
    /// The number of shards.
    public let count: Int
    /// Messages per shard (index 0 is shard 1).
    public private(set) var load: [Int]

    private struct ConversationKey: Hashable {
        var platform: Platform
        var id: String
    }

    /// The plan for `count` shards of `counts` (any order; a conversation and day given twice
    /// add up).
    public init(counts: [Count], count: Int) {
        var days: [ConversationKey: [Int64: Int]] = [:]
        for entry in counts where entry.messages > 0 {
            days[ConversationKey(platform: entry.platform, id: entry.conversationID), default: [:]][entry.day ?? Int64.min, default: 0] += entry.messages
        }
        self.init(days: days, count: count)
    }

    /// The plan for `count` shards of `messages`, counted by conversation and UTC day.
    public init(messages: some Sequence<MessageSummary>, count: Int) {
        var days: [ConversationKey: [Int64: Int]] = [:]
        for message in messages {
            let day = message.sentAt.map { Self.day(of: $0) } ?? Int64.min
            days[ConversationKey(platform: message.platform, id: message.conversationID), default: [:]][day, default: 0] += 1
        }
        self.init(days: days, count: count)
    }

    /// The plan for `count` shards of each conversation's messages by day (no time: `Int64.min`).
    private init(days: [ConversationKey: [Int64: Int]], count: Int) {
        precondition(count >= 1, "at least one shard")
        self.count = count
        load = Array(repeating: 0, count: count)
        let total = days.values.reduce(0) { $0 + $1.values.reduce(0, +) }
        // A unit: one conversation's days from `first` on, up to the next unit's first day.
        struct Unit {
            var conversation: ConversationKey
            var first: Int64
            var messages: Int
        }
        let limit = max(1, total / (4 * count))
        var units: [Unit] = []
        for (conversation, counts) in days {
            let ordered = counts.sorted { $0.key < $1.key }
            var unit = Unit(conversation: conversation, first: ordered[0].key, messages: 0)
            for (day, messages) in ordered {
                if unit.messages >= limit {
                    units.append(unit)
                    unit = Unit(conversation: conversation, first: day, messages: 0)
                }
                unit.messages += messages
            }
            units.append(unit)
        }
        // Largest first; equal ones by platform, id (UTF-8 bytes) and day, so that the order
        // does not depend on the dictionary's.
        units.sort { a, b in
            if a.messages != b.messages { return a.messages > b.messages }
            if a.conversation.platform != b.conversation.platform { return a.conversation.platform < b.conversation.platform }
            if a.conversation.id != b.conversation.id { return UTF8Bytes.precedes(a.conversation.id, b.conversation.id) }
            return a.first < b.first
        }
        for unit in units {
            var lightest = 0
            for shard in 1..<count where load[shard] < load[lightest] { lightest = shard }
            load[lightest] += unit.messages
            blocks[unit.conversation, default: []].append((unit.first, lightest + 1))
        }
        for key in blocks.keys { blocks[key]!.sort { $0.first < $1.first } }
    }

    /// The UTC day of a time: whole days since 1970-01-01.
    public static func day(of time: Timestamp) -> Int64 {
        let (quotient, remainder) = time.nanoseconds.quotientAndRemainder(dividingBy: 86_400_000_000_000)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The shard (from 1) a conversation's message of `day` belongs to; nil for a conversation
    /// the plan was given no message of.
    public func shard(platform: Platform, conversationID: String, day: Int64?) -> Int? {
        guard let list = blocks[ConversationKey(platform: platform, id: conversationID)] else { return nil }
        let day = day ?? Int64.min
        // The last block starting on or before the day (a day before the first block's is the
        // first block's: the plan saw no message of it).
        var low = 0, high = list.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if list[middle].first <= day { low = middle } else { high = middle }
        }
        return list[low].shard
    }

    /// The shards a conversation's messages are in, ascending; empty for one it was given no
    /// message of.
    public func shards(platform: Platform, conversationID: String) -> [Int] {
        Set((blocks[ConversationKey(platform: platform, id: conversationID)] ?? []).map(\.shard)).sorted()
    }
}
