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

        /// Pages of `pageSize` messages, at least one. Rounded up without adding `pageSize`
        /// first, which overflowed for a page size near `Int.max`.
        var pageCount: Int { messages.isEmpty ? 1 : (messages.count - 1) / pageSize + 1 }

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
        // Each message's conversation, as its position in `seen` (one lookup per message).
        var conversationOf = [Int](repeating: 0, count: messages.count)
        var known: [ConversationKey: Int] = [:]
        // By index and field here and below: a loop over the messages copied each whole message.
        for index in messages.indices {
            let conversation = ConversationKey(platform: messages[index].platform, id: messages[index].conversationID)
            if let position = known[conversation] {
                conversationOf[index] = position
                continue
            }
            let key = Self.key(conversation.platform, conversation.id)
            known[conversation] = seen.count
            conversationOf[index] = seen.count
            seen.append((key, conversation.platform, conversation.id, (names[key] ?? nil) ?? messages[index].conversationName))
        }
        // Slugs are given in (platform, id) order, which decides who gets a suffix.
        let sorted = seen.indices.sorted { (seen[$0].platform, seen[$0].id) < (seen[$1].platform, seen[$1].id) }
        var sortedPosition = [Int](repeating: 0, count: seen.count)
        for (position, index) in sorted.enumerated() { sortedPosition[index] = position }
        let slugs = Slug.assign(sorted.map { (key: seen[$0].key, platform: seen[$0].platform.rawValue, name: seen[$0].name) })
        conversations = sorted.map {
            Conversation(platform: seen[$0].platform, id: seen[$0].id, name: seen[$0].name, slug: slugs[seen[$0].key]!, pageSize: size)
        }
        pageOfMessage = Array(repeating: 1, count: messages.count)
        for (index, seenPosition) in conversationOf.enumerated() {
            let position = sortedPosition[seenPosition]
            pageOfMessage[index] = conversations[position].messages.count / size + 1
            conversations[position].messages.append(index)
        }
        conversations.sort { ($0.name.lowercased(), $0.platform, $0.id) < ($1.name.lowercased(), $1.platform, $1.id) }
        for (position, conversation) in conversations.enumerated() {
            conversationIndex[Self.key(conversation.platform, conversation.id)] = position
        }
        // Messages by id, for links from replies to their thread's first message: made only when
        // there are replies (a hash of every message, which most exports never need).
        guard messages.indices.contains(where: { messages[$0].replyToID != nil }) else { return }
        var index = PositionIndex(capacity: messages.count)
        for position in messages.indices {
            let key = Self.messageKey(messages[position])
            _ = index.position(hash: key.hashValue, insertingIfAbsent: position) { Self.messageKey(messages[$0]) == key }
        }
        messageIndex = index
        discordParents = Self.discordParents(messages, index: index)
    }

    /// Discord replies' parents in other conversations (`DiscordParents`), by id.
    private static func discordParents(_ messages: [MessageSummary], index: PositionIndex) -> [String: Int] {
        var wanted: Set<String> = []
        for message in messages where message.platform == .discord {
            guard let parent = message.replyToID, parent != message.id else { continue }
            let key = MessageKey(platform: .discord, conversationID: message.conversationID, id: parent)
            if index.position(hash: key.hashValue, where: { messageKey(messages[$0]) == key }) == nil { wanted.insert(parent) }
        }
        return DiscordParents.locate(wanted, in: messages)
    }

    /// A message by its platform, conversation and id (the strings shared, not joined).
    private struct MessageKey: Hashable {
        var platform: Platform
        var conversationID: String
        var id: String
    }

    private static func messageKey(_ message: MessageSummary) -> MessageKey {
        MessageKey(platform: message.platform, conversationID: message.conversationID, id: message.id)
    }

    /// Positions in `messages` by key, the first of messages with one key (`PositionIndex`).
    private var messageIndex = PositionIndex()
    /// Discord replies' parents in other conversations, by id (`DiscordParents`).
    private var discordParents: [String: Int] = [:]

    static func key(_ platform: Platform, _ id: String) -> String { platform.rawValue + "\u{1F}" + id }

    func conversation(platform: Platform, id: String) -> Conversation {
        conversations[conversationIndex[Self.key(platform, id)]!]
    }

    /// The conversation, when it has messages in the report.
    func conversationIfPresent(platform: Platform, id: String) -> Conversation? {
        conversationIndex[Self.key(platform, id)].map { conversations[$0] }
    }

    /// The position in `conversations` of a conversation that has messages in the report.
    func conversationPosition(platform: Platform, id: String) -> Int { conversationIndex[Self.key(platform, id)]! }

    func conversation(of message: MessageSummary) -> Conversation {
        conversation(platform: message.platform, id: message.conversationID)
    }

    /// The page (1-based) of the message at `index`.
    func page(ofMessageAt index: Int) -> Int { pageOfMessage[index] }

    /// The index of the message `message` answers, by id: in the same conversation, or on
    /// Discord in another (a thread's own file answers its starting message in its channel).
    func index(of id: String, in message: MessageSummary) -> Int? {
        let key = MessageKey(platform: message.platform, conversationID: message.conversationID, id: id)
        if let found = messageIndex.position(hash: key.hashValue, where: { Self.messageKey(messages[$0]) == key }) { return found }
        return message.platform == .discord ? discordParents[id] : nil
    }

    /// `conversations/<slug>/page-N.html#m-<id>` relative to the output folder, for the message
    /// at `index`.
    func link(toMessageAt index: Int) -> String {
        let message = messages[index]
        return conversation(of: message).path(page: pageOfMessage[index]) + "#" + Slug.anchor(forMessage: message.id)
    }
}
