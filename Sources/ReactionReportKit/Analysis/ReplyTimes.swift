/// How fast messages got an answer: for every message that some other person replied to, the
/// whole seconds from the message to its first such reply.
///
/// A reply is a message with `replyToID` (a reply in a thread, or a reply to a message). Its
/// parent is looked up in its own conversation, and on Discord then in any (`DiscordParents`).
/// The first reply to a message is the earliest reply with a time whose author is
/// not the message's own (a note added to one's own message is no answer); replies in any week
/// count, and a reply stamped before its message counts as 0 seconds.
public struct ReplyTimes: Sendable {
    /// Seconds to the first reply, by index into the report's messages.
    public private(set) var secondsToFirstReply: [Int: Int64] = [:]

    public init() {}

    /// Finds the first reply of every message in `messages` (in report order).
    public init(messages: [MessageSummary]) {
        Self.forEachAnswered(messages) { parent, replies in record(replies, to: parent, in: messages) }
    }

    /// The first replies of `messages`, and `responses` answered by them: one walk for both.
    init(messages: [MessageSummary], answering responses: inout Responses) {
        Self.forEachAnswered(messages) { parent, replies in
            record(replies, to: parent, in: messages)
            responses.answer(parent, by: replies, in: messages)
        }
    }

    /// Calls `body` with every message that has replies (its index) and the indexes of those
    /// replies (with a time, not the message itself): a reply's parent is looked up in the
    /// reply's own conversation, and on Discord then in any (`DiscordParents`). A parent may
    /// come more than once (Discord replies found both ways).
    static func forEachAnswered(_ messages: [MessageSummary], _ body: (_ parent: Int, _ replies: [Int]) -> Void) {
        // The replies, grouped by the message they answer: only those messages are looked up.
        var waiting: [MessageAddress: [Int]] = [:]
        for index in messages.indices {
            guard let parent = messages[index].replyToID, parent != messages[index].id, messages[index].sentAt != nil else { continue }
            let message = messages[index]
            waiting[MessageAddress(platform: message.platform, conversationID: message.conversationID, id: parent), default: []].append(index)
        }
        guard !waiting.isEmpty else { return }
        // A message's replies are taken out as it is found (a message's address is unique):
        // what is left has no parent in its conversation. (A copy of the table to mark them
        // held the replies twice.)
        for index in messages.indices where !waiting.isEmpty {
            let message = messages[index]
            let address = MessageAddress(platform: message.platform, conversationID: message.conversationID, id: message.id)
            guard let replies = waiting.removeValue(forKey: address) else { continue }
            body(index, replies)
        }
        // Discord replies whose parent is in another conversation (`DiscordParents`).
        let unresolved = waiting.filter { $0.key.platform == .discord }
        guard !unresolved.isEmpty else { return }
        var byID: [String: [Int]] = [:]
        for (address, replies) in unresolved { byID[address.id, default: []].append(contentsOf: replies) }
        for (id, index) in DiscordParents.locate(Set(byID.keys), in: messages) { body(index, byID[id]!) }
    }

    /// Notes the earliest of `replies` by another author as the first reply to `parent`.
    private mutating func record(_ replies: [Int], to parent: Int, in messages: [MessageSummary]) {
        guard let sentAt = messages[parent].sentAt else { return }
        let author = messages[parent].authorID
        var first: Timestamp?
        for reply in replies where messages[reply].authorID != author {
            guard let at = messages[reply].sentAt else { continue }
            first = min(first ?? at, at)
        }
        guard let first else { return }
        let seconds = max(0, (first.nanoseconds - sentAt.nanoseconds) / 1_000_000_000)
        if let known = secondsToFirstReply[parent] {
            secondsToFirstReply[parent] = min(known, seconds)
        } else {
            secondsToFirstReply[parent] = seconds
        }
    }

    /// A message's place: platform, conversation (empty for "anywhere on the platform") and id.
    private struct MessageAddress: Hashable {
        var platform: Platform
        var conversationID: String
        var id: String
    }
}
