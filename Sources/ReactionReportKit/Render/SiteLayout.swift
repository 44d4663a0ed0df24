/// Where everything goes: a unique slug per conversation, and the page of every message.
struct SiteLayout {
    struct Conversation {
        var platform: Platform
        var id: String
        var name: String
        var slug: String
        /// Indexes into the message list, in message order.
        var messages: [Int] = []
        var pageSize: Int

        var pageCount: Int { max(1, (messages.count + pageSize - 1) / pageSize) }

        /// The file of page `page` (1-based) relative to the output folder.
        func path(page: Int) -> String { "conversations/\(slug)/" + Self.fileName(page: page) }

        static func fileName(page: Int) -> String { page <= 1 ? "index.html" : "page-\(page).html" }
    }

    private(set) var conversations: [Conversation] = []
    private var conversationIndex: [String: Int] = [:]
    private var pageOfMessage: [Int] = []
    let messages: [MessageSummary]

    init(messages: [MessageSummary], conversations infos: [ConversationInfo], pageSize: Int) {
        self.messages = messages
        let size = max(1, pageSize)
        let names = Dictionary(infos.map { (Self.key($0.platform, $0.id), $0.name) }, uniquingKeysWith: { first, _ in first })
        var seen: [(key: String, platform: Platform, id: String, name: String)] = []
        var known: Set<String> = []
        for message in messages {
            let key = Self.key(message.platform, message.conversationID)
            if known.insert(key).inserted {
                seen.append((key, message.platform, message.conversationID, (names[key] ?? nil) ?? message.conversationName))
            }
        }
        seen.sort { ($0.platform, $0.id) < ($1.platform, $1.id) }
        let slugs = Slug.assign(seen.map { (key: $0.key, platform: $0.platform.rawValue, name: $0.name) })
        for entry in seen {
            conversationIndex[entry.key] = conversations.count
            conversations.append(Conversation(platform: entry.platform, id: entry.id, name: entry.name, slug: slugs[entry.key]!, pageSize: size))
        }
        pageOfMessage = Array(repeating: 1, count: messages.count)
        for (index, message) in messages.enumerated() {
            let position = conversationIndex[Self.key(message.platform, message.conversationID)]!
            pageOfMessage[index] = conversations[position].messages.count / size + 1
            conversations[position].messages.append(index)
        }
        conversations.sort { ($0.name.lowercased(), $0.platform, $0.id) < ($1.name.lowercased(), $1.platform, $1.id) }
        for (position, conversation) in conversations.enumerated() {
            conversationIndex[Self.key(conversation.platform, conversation.id)] = position
        }
        messageIndex.reserveCapacity(messages.count)
        for (index, message) in messages.enumerated() {
            let key = MessageKey(platform: message.platform, conversationID: message.conversationID, id: message.id)
            if messageIndex[key] == nil { messageIndex[key] = index }
        }
    }

    /// A message by its platform, conversation and id (the strings shared, not joined).
    private struct MessageKey: Hashable {
        var platform: Platform
        var conversationID: String
        var id: String
    }

    private var messageIndex: [MessageKey: Int] = [:]

    static func key(_ platform: Platform, _ id: String) -> String { platform.rawValue + "\u{1F}" + id }

    func conversation(platform: Platform, id: String) -> Conversation {
        conversations[conversationIndex[Self.key(platform, id)]!]
    }

    /// The conversation, when it has messages in the report.
    func conversationIfPresent(platform: Platform, id: String) -> Conversation? {
        conversationIndex[Self.key(platform, id)].map { conversations[$0] }
    }

    func conversation(of message: MessageSummary) -> Conversation {
        conversation(platform: message.platform, id: message.conversationID)
    }

    /// The page (1-based) of the message at `index`.
    func page(ofMessageAt index: Int) -> Int { pageOfMessage[index] }

    /// The index of a message in the same conversation, by id.
    func index(of id: String, in message: MessageSummary) -> Int? {
        messageIndex[MessageKey(platform: message.platform, conversationID: message.conversationID, id: id)]
    }

    /// `conversations/<slug>/page-N.html#m-<id>` relative to the output folder.
    func link(to message: MessageSummary) -> String {
        let index = messageIndex[MessageKey(platform: message.platform, conversationID: message.conversationID, id: message.id)]!
        return conversation(of: message).path(page: pageOfMessage[index]) + "#" + Slug.anchor(forMessage: message.id)
    }
}
