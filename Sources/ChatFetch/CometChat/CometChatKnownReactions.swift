import JSONReader

/// The reactions the archive holds on a conversation's messages, by message id and reaction id:
/// those of every reactions list and added event, less those a removal event names (a reaction
/// removed and added again has a new id). The look-back compares them with what CometChat lists
/// now.
struct CometChatKnownReactions {
    /// Live reactions: message id → reaction id → the reaction as written.
    var byMessage: [Int64: [Int64: JSONValue]] = [:]

    /// Reads the conversation's `reactions-` and `changes-` files.
    static func read(_ channel: ChannelFolder) throws(FetchError) -> CometChatKnownReactions {
        var known = CometChatKnownReactions()
        var removed: Set<Int64> = []
        for file in channel.files() where file.hasSuffix(".json") {
            let kind = file.prefix { $0 != "-" }
            guard kind == "reactions" || kind == "changes" else { continue }
            let root = try channel.readJSON(file)
            for entry in root["data"]?.array ?? [] {
                let reaction = kind == "changes" ? entry["data"]?["reaction"] : entry
                guard let reaction, let id = Self.id(reaction["id"]), let message = Self.id(reaction["messageId"]) else { continue }
                if entry["trigger"]?.string == "message_reaction_removed" {
                    removed.insert(id)
                } else {
                    known.byMessage[message, default: [:]][id] = reaction
                }
            }
        }
        for (message, reactions) in known.byMessage {
            known.byMessage[message] = reactions.filter { !removed.contains($0.key) }
        }
        return known
    }

    static func id(_ value: JSONValue?) -> Int64? { value?.identifier.flatMap { Int64($0) } }

    /// What changed on message `message`, which CometChat now lists with `now` (by reaction
    /// id): the reactions gone and those the archive lacks, each in reaction id order; the
    /// archive's record is brought up to date.
    mutating func change(on message: Int64, now: [Int64: JSONValue]) -> (removed: [JSONValue], added: [JSONValue]) {
        let before = byMessage[message] ?? [:]
        let removed = before.keys.filter { now[$0] == nil }.sorted().map { before[$0]! }
        let added = now.keys.filter { before[$0] == nil }.sorted().map { now[$0]! }
        byMessage[message] = now
        return (removed, added)
    }
}
