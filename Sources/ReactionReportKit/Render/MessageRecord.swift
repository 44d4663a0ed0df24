/// The `data/messages.jsonl` line of a message (product.md §3.1).
enum MessageRecord {
    static func line(_ message: MessageSummary, reactions: [ReactionSummary]) -> String {
        let author: String = message.authorID.map {
            JSONText.object(["id": JSONText.quote($0), "name": JSONText.quote(message.authorName)])
        } ?? "null"
        return JSONText.object([
            "platform": JSONText.quote(message.platform.rawValue),
            "conversation": JSONText.object(["id": JSONText.quote(message.conversationID), "name": JSONText.quote(message.conversationName)]),
            "id": JSONText.quote(message.id),
            "author": author,
            "sentAt": JSONText.quote(message.sentAt?.rfc3339),
            "thread": JSONText.quote(message.threadParentID),
            "deleted": message.deleted ? "true" : "false",
            "text": JSONText.quote(message.text),
            "reactionCount": String(message.reactionCount),
            "reactions": JSONText.array(reactions.map(reaction)),
        ])
    }

    static func reaction(_ reaction: ReactionSummary) -> String {
        JSONText.object([
            "key": JSONText.quote(reaction.emoji.key),
            "emoji": JSONText.quote(reaction.emoji.display),
            "name": JSONText.quote(reaction.emoji.name),
            "custom": reaction.emoji.custom ? "true" : "false",
            "image": JSONText.quote(reaction.emoji.image),
            "count": String(reaction.count),
            "reactors": JSONText.array(reaction.reactors.map { reactor in
                JSONText.object(["id": JSONText.quote(reactor.id), "name": JSONText.quote(reactor.name), "at": JSONText.quote(reactor.at?.rfc3339)])
            }),
            "reactorsComplete": reaction.reactorsComplete ? "true" : "false",
            "firstAt": JSONText.quote(reaction.firstAt?.rfc3339),
        ])
    }
}
