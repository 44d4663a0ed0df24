/// One of `count` parts of a build split by conversation (`--shard K/N`): a conversation
/// belongs to the shard its stable hash (FNV-1a of platform and id) falls in, the same on every
/// machine, so shards built apart cover every conversation once, and their facts tables
/// together make the whole report (docs/facts.md).
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// The shard, from 1.
    public var index: Int
    /// The number of shards.
    public var count: Int

    /// Shard `index` (1…`count`) of `count`; nil when out of range.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N` as the command line writes it; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// True when the conversation belongs to this shard.
    public func contains(platform: Platform, conversationID: String) -> Bool {
        Int(StableHash.fnv1a(platform.rawValue + "\u{1F}" + conversationID) % UInt64(count)) + 1 == index
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }
}
