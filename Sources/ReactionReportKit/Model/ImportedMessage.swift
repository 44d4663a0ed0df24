import InputFiles

/// A message as an importer read it, before the ledger merges it with everything else.
public struct ImportedMessage: Sendable, Equatable {
    // Stored properties lie in memory in the order declared: the strings first, then the text,
    // the time and the one-byte fields together, so that none pads the next (a message is kept
    // for every message of the input: 136 bytes rather than 152).

    /// The conversation (channel, room, chat) id.
    public var conversationID: String
    /// The platform's own message id (Slack `ts`, PubNub timetoken, Stream `id`, …).
    public var id: String {
        get { storedID.text }
        set { storedID = CompactID(newValue) }
    }
    /// The author's platform user id, when known.
    public var authorID: String?
    /// The author's display name as the export gave it, when it did.
    public var authorName: String?
    /// The id of the thread's root message, for replies in a thread (`"thread"` in messages.jsonl).
    public var threadParentID: String? {
        get { storedThreadParentID?.text }
        set { storedThreadParentID = newValue.map(CompactID.init) }
    }
    /// The id of the message this one answers: the thread's root for a reply in a thread, the
    /// message replied to where the platform has replies (Discord, Telegram, Matrix
    /// `m.in_reply_to`). Looked up in the same conversation (on Discord, then by id anywhere).
    public var replyToID: String? {
        get { storedReplyToID?.text }
        set { storedReplyToID = newValue.map(CompactID.init) }
    }
    /// The ids as kept (`CompactID`: a Slack `ts` or a PubNub timetoken without an allocation
    /// of its own).
    var storedID: CompactID
    var storedThreadParentID: CompactID?
    var storedReplyToID: CompactID?
    /// The message text as written (Markdown or the platform's markup).
    public var text: String {
        get { body.text }
        set { body = .inline(newValue) }
    }
    /// Where the text is: in memory, or in the ledger's spill file (`MessageText`).
    var body: MessageText
    /// When the message was sent.
    public var sentAt: Timestamp?
    /// The platform the message comes from.
    public var platform: Platform
    /// True when the platform marks the message as a bot's (Slack `bot_id`, Discord
    /// `author.isBot`, Telegram `via_bot`, Mattermost `props.from_bot`).
    public var fromBot: Bool
    /// True when the platform marks the message deleted.
    public var deleted: Bool
    /// The markup of `text`, so rendering can convert it to CommonMark.
    public var markup: TextMarkup

    /// Creates a message.
    public init(
        platform: Platform, conversationID: String, id: String, authorID: String? = nil, authorName: String? = nil,
        sentAt: Timestamp? = nil, threadParentID: String? = nil, replyToID: String? = nil, fromBot: Bool = false, text: String = "",
        deleted: Bool = false, markup: TextMarkup = .commonMark
    ) {
        self.platform = platform
        self.conversationID = conversationID
        self.storedID = CompactID(id)
        self.authorID = authorID
        self.authorName = authorName
        self.sentAt = sentAt
        let thread = threadParentID.map(CompactID.init)
        self.storedThreadParentID = thread
        self.storedReplyToID = replyToID.map(CompactID.init) ?? thread
        self.fromBot = fromBot
        self.body = .inline(text)
        self.deleted = deleted
        self.markup = markup
    }
}

/// The markup a platform uses in message text.
public enum TextMarkup: String, Sendable, Equatable {
    /// CommonMark (PubNub, Stream, CometChat: apps render their text as Markdown).
    case commonMark
    /// CommonMark whose bare `http(s)://` URLs are links too, as Mattermost shows its posts.
    case commonMarkAutolinked
    /// Text shown exactly as written, line breaks kept, bare `http(s)://` URLs linked as the
    /// apps link them (Telegram, Matrix `body`).
    case plain
    /// Slack mrkdwn: `*bold*`, `_italic_`, `~strike~`, `<url|label>`, `<@U1>`, `<#C1|name>`, `<!here>`.
    case slackMrkdwn
    /// Discord Markdown with mentions `<@123>`, `<#123>`, `<:name:id>`; bare URLs are links.
    case discord

    /// True when the platform's apps show bare `http(s)://` URLs in the text as links (Slack
    /// writes every link as `<url>`; PubNub, Stream and CometChat leave it to each app).
    public var linksBareURLs: Bool {
        switch self {
        case .commonMarkAutolinked, .plain, .discord: return true
        case .commonMark, .slackMrkdwn: return false
        }
    }
}

/// Which message a reaction fact points at. Some exports (PubNub action lists, CometChat
/// reaction lists) name the message but not its conversation; the ledger resolves those by id.
public struct MessageTarget: Sendable, Hashable {
    public var platform: Platform
    public var conversationID: String?
    public var messageID: String

    public init(platform: Platform, conversationID: String?, messageID: String) {
        self.platform = platform
        self.conversationID = conversationID
        self.messageID = messageID
    }
}

/// A conversation's name as an export gave it.
public struct ConversationInfo: Sendable, Equatable {
    public var platform: Platform
    public var id: String
    public var name: String?
    /// True for direct messages (one-to-one or small group DMs).
    public var isDirect: Bool

    public init(platform: Platform, id: String, name: String?, isDirect: Bool = false) {
        self.platform = platform
        self.id = id
        self.name = name
        self.isDirect = isDirect
    }
}

/// A message's text: in memory, or kept in a spill file (`TextSpill`) from which it is read back
/// when a page or data file needs it. Equal when the texts are.
enum MessageText: Sendable, Equatable {
    case inline(String)
    case spilled(TextSpill, TextSpill.Reference)

    var text: String {
        switch self {
        case .inline(let text): return text
        case .spilled(let spill, let reference): return spill.text(reference)
        }
    }

    /// True for the empty text, without reading it back.
    var isEmpty: Bool {
        switch self {
        case .inline(let text): return text.isEmpty
        case .spilled(_, let reference): return reference.length == 0
        }
    }

    static func == (a: MessageText, b: MessageText) -> Bool { a.text == b.text }
}
