/// The `data/messages.jsonl` line of a message (product.md §3.1), appended as UTF-8 bytes: the
/// data file of a million messages is written without building a string per field.
enum MessageRecord {
    static func line(_ message: MessageSummary, reactions: [ReactionSummary]) -> String {
        var out = [UInt8]()
        append(message, reactions: reactions, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func append(_ message: MessageSummary, reactions: [ReactionSummary], to out: inout [UInt8]) {
        out.append(contentsOf: #"{"platform":"#.utf8)
        JSONText.appendQuoted(message.platform.rawValue, to: &out)
        out.append(contentsOf: #","conversation":{"id":"#.utf8)
        JSONText.appendQuoted(message.conversationID, to: &out)
        out.append(contentsOf: #","name":"#.utf8)
        JSONText.appendQuoted(message.conversationName, to: &out)
        out.append(contentsOf: #"},"id":"#.utf8)
        JSONText.appendQuoted(message.id, to: &out)
        out.append(contentsOf: #","author":"#.utf8)
        if let author = message.authorID {
            out.append(contentsOf: #"{"id":"#.utf8)
            JSONText.appendQuoted(author, to: &out)
            out.append(contentsOf: #","name":"#.utf8)
            JSONText.appendQuoted(message.authorName, to: &out)
            out.append(0x7D)
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(contentsOf: #","sentAt":"#.utf8)
        JSONText.appendQuoted(message.sentAt?.rfc3339, to: &out)
        out.append(contentsOf: #","thread":"#.utf8)
        JSONText.appendQuoted(message.threadParentID, to: &out)
        out.append(contentsOf: message.deleted ? #","deleted":true,"text":"#.utf8 : #","deleted":false,"text":"#.utf8)
        JSONText.appendQuoted(message.text, to: &out)
        out.append(contentsOf: #","reactionCount":"#.utf8)
        out.append(contentsOf: String(message.reactionCount).utf8)
        out.append(contentsOf: #","reactions":["#.utf8)
        for (index, reaction) in reactions.enumerated() {
            if index > 0 { out.append(0x2C) }
            append(reaction, to: &out)
        }
        out.append(contentsOf: "]}".utf8)
    }

    static func append(_ reaction: ReactionSummary, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"key":"#.utf8)
        JSONText.appendQuoted(reaction.emoji.key, to: &out)
        out.append(contentsOf: #","emoji":"#.utf8)
        JSONText.appendQuoted(reaction.emoji.display, to: &out)
        out.append(contentsOf: #","name":"#.utf8)
        JSONText.appendQuoted(reaction.emoji.name, to: &out)
        out.append(contentsOf: reaction.emoji.custom ? #","custom":true,"image":"#.utf8 : #","custom":false,"image":"#.utf8)
        JSONText.appendQuoted(reaction.emoji.image, to: &out)
        out.append(contentsOf: #","count":"#.utf8)
        out.append(contentsOf: String(reaction.count).utf8)
        out.append(contentsOf: #","reactors":["#.utf8)
        for (index, reactor) in reaction.reactors.enumerated() {
            out.append(contentsOf: index > 0 ? #",{"id":"#.utf8 : #"{"id":"#.utf8)
            JSONText.appendQuoted(reactor.id, to: &out)
            out.append(contentsOf: #","name":"#.utf8)
            JSONText.appendQuoted(reactor.name, to: &out)
            out.append(contentsOf: #","at":"#.utf8)
            JSONText.appendQuoted(reactor.at?.rfc3339, to: &out)
            out.append(0x7D)
        }
        out.append(contentsOf: reaction.reactorsComplete ? #"],"reactorsComplete":true,"firstAt":"#.utf8 : #"],"reactorsComplete":false,"firstAt":"#.utf8)
        JSONText.appendQuoted(reaction.firstAt?.rfc3339, to: &out)
        out.append(0x7D)
    }
}
