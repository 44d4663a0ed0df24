/// Discord's message ids are unique on the whole platform, and a message can answer one in
/// another conversation: DiscordChatExporter writes a thread to a file of its own, a channel
/// whose id is the id of the message it grew from in the parent channel, and whose messages
/// answer that message (`DiscordImporter.replyTarget`). Elsewhere ids repeat across
/// conversations (Telegram numbers each chat's messages from 1), so only Discord's parents are
/// looked for outside their reply's conversation. One rule for the figures (`ReplyTimes`) and
/// the pages (`SiteLayout`, hence threads and reply links).
enum DiscordParents {
    /// The Discord messages whose ids are among `ids`, by id: each where exactly one message of
    /// the report has that id (two would leave the parent unknown).
    static func locate(_ ids: Set<String>, in messages: [MessageSummary]) -> [String: Int] {
        guard !ids.isEmpty else { return [:] }
        var found: [String: Int] = [:]
        var ambiguous: Set<String> = []
        for index in messages.indices where messages[index].platform == .discord && ids.contains(messages[index].id) {
            if found.updateValue(index, forKey: messages[index].id) != nil { ambiguous.insert(messages[index].id) }
        }
        for id in ambiguous { found[id] = nil }
        return found
    }
}
