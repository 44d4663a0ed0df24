import ByteOutput

/// The `data/messages.jsonl` line of a message (product.md §3.1), appended as UTF-8 bytes: the
/// data file of a million messages is written without building a string per field.
enum MessageRecord {
    static func line(_ message: MessageSummary, reactions: ReactionList) -> String {
        let out = ByteBuffer()
        append(message, reactions: reactions, to: out)
        return out.text
    }

    static func append(_ message: MessageSummary, reactions: ReactionList, to out: ByteBuffer) {
        out.append(literal: #"{"platform":"#)
        JSONText.appendQuoted(message.platform.rawValue, to: out)
        out.append(literal: #","conversation":{"id":"#)
        JSONText.appendQuoted(message.conversationID, to: out)
        out.append(literal: #","name":"#)
        JSONText.appendQuoted(message.conversationName, to: out)
        out.append(literal: #"},"id":"#)
        JSONText.appendQuoted(message.id, to: out)
        out.append(literal: #","author":"#)
        if let author = message.authorID {
            out.append(literal: #"{"id":"#)
            JSONText.appendQuoted(author, to: out)
            out.append(literal: #","name":"#)
            JSONText.appendQuoted(message.authorName, to: out)
            out.append(0x7D)
        } else {
            out.append(literal: "null")
        }
        out.append(literal: #","sentAt":"#)
        appendTime(message.sentAt, to: out)
        out.append(literal: #","thread":"#)
        JSONText.appendQuoted(message.threadParentID, to: out)
        out.append(literal: message.deleted ? #","deleted":true,"text":"# : #","deleted":false,"text":"#)
        JSONText.appendQuoted(message.text, to: out)
        out.append(literal: #","reactionCount":"#)
        out.append(decimal: message.reactionCount)
        out.append(literal: #","reactions":["#)
        for (index, reaction) in reactions.enumerated() {
            if index > 0 { out.append(0x2C) }
            append(reaction, to: out)
        }
        out.append(literal: "]}")
    }

    /// An emoji's members, `"key":…,"emoji":…,"name":…,"custom":…,"image":…`, as the
    /// reactions of `data/messages.jsonl` and the rows of `totals.jsonl` give them.
    static func appendEmoji(_ emoji: Emoji, to out: ByteBuffer) {
        out.append(literal: #""key":"#)
        JSONText.appendQuoted(emoji.key, to: out)
        out.append(literal: #","emoji":"#)
        JSONText.appendQuoted(emoji.display, to: out)
        out.append(literal: #","name":"#)
        JSONText.appendQuoted(emoji.name, to: out)
        out.append(literal: emoji.custom ? #","custom":true,"image":"# : #","custom":false,"image":"#)
        JSONText.appendQuoted(emoji.image, to: out)
    }

    static func append(_ reaction: ReactionSummary, to out: ByteBuffer) {
        out.append(0x7B)
        appendEmoji(reaction.emoji, to: out)
        out.append(literal: #","count":"#)
        out.append(decimal: reaction.count)
        out.append(literal: #","reactors":["#)
        for (index, reactor) in reaction.reactors.enumerated() {
            out.append(literal: index > 0 ? #",{"id":"# : #"{"id":"#)
            JSONText.appendQuoted(reactor.id, to: out)
            out.append(literal: #","name":"#)
            JSONText.appendQuoted(reactor.name, to: out)
            out.append(literal: #","at":"#)
            appendTime(reactor.at, to: out)
            out.append(0x7D)
        }
        out.append(literal: reaction.reactorsComplete ? #"],"reactorsComplete":true,"firstAt":"# : #"],"reactorsComplete":false,"firstAt":"#)
        appendTime(reaction.firstAt, to: out)
        out.append(0x7D)
    }

    /// A time as a JSON string of its RFC 3339 text (ASCII that needs no escape), or `null`.
    static func appendTime(_ time: Timestamp?, to out: ByteBuffer) {
        guard let time else { return out.append(literal: "null") }
        out.append(0x22)
        time.appendRFC3339(to: out)
        out.append(0x22)
    }
}
