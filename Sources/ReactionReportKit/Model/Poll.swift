/// A poll posted as a message, with its options and the votes the export gives. Votes are a
/// poll's own figures: they are never reactions, and no reaction total counts them.
public struct Poll: Sendable, Equatable {
    /// The platform the poll comes from.
    public var platform: Platform
    /// The conversation of the message that holds the poll.
    public var conversationID: String
    /// The id of the message that holds the poll (Matrix: the `m.poll.start` event).
    public var messageID: String
    /// The question, as written.
    public var question: String
    /// The options, in the order the poll gives them.
    public var options: [PollOption]
    /// How many took part: the export's own total where it gives one (Telegram `total_voters`,
    /// CometChat `results.total`), the voters counted where they are known (Matrix), else the
    /// sum of the options' counts.
    public var total: Int
    /// True when the poll is closed or ended (Telegram `closed`, Matrix `m.poll.end`,
    /// Discord `results.isFinalized`, Stream `is_closed`).
    public var closed: Bool
    /// True when the export gives counts but not who voted: the options' voters are empty.
    public var countsOnly: Bool

    /// Creates a poll.
    public init(
        platform: Platform, conversationID: String, messageID: String, question: String, options: [PollOption], total: Int? = nil,
        closed: Bool, countsOnly: Bool
    ) {
        self.platform = platform
        self.conversationID = conversationID
        self.messageID = messageID
        self.question = question
        self.options = options
        self.total = total ?? options.reduce(0) { $0.addingClamped($1.count) }
        self.closed = closed
        self.countsOnly = countsOnly
    }
}

/// One option of a poll and its votes.
public struct PollOption: Sendable, Equatable {
    /// The platform's id of the option (Matrix `m.id`, Discord answer id, Stream option id,
    /// CometChat option number); its position from 1 where the platform has none (Telegram).
    public var id: String
    /// The option's text, as written.
    public var text: String
    /// How many voted for it.
    public var count: Int
    /// Who voted for it, in the order the export gives them, when it says (empty for counts only).
    public var voters: [PollVoter]
    /// Whether the exporting account chose it, where the export says (Telegram `chosen`,
    /// DiscordChatExporter `didCurrentUserVote`); nil where it does not.
    public var chosen: Bool?

    /// Creates an option.
    public init(id: String, text: String, count: Int, voters: [PollVoter] = [], chosen: Bool? = nil) {
        self.id = id
        self.text = text
        self.count = count
        self.voters = voters
        self.chosen = chosen
    }
}

/// A person who voted in a poll.
public struct PollVoter: Sendable, Equatable {
    /// The platform's user id.
    public var id: String
    /// The display name, when the export gives one.
    public var name: String?

    /// Creates a voter.
    public init(id: String, name: String? = nil) {
        self.id = id
        self.name = name
    }
}
