/// What the facts tables of a report say about it beyond its messages and reactions, handed to
/// the ledger by `FactsImporter` so that a build from the facts makes the same report: the
/// ledger puts it into its result as it stands, where it would otherwise compute it from an
/// input the facts no longer hold (reactions diagnosed or left out, direct conversations the
/// report left out, conversations whose messages fall outside the period).
public struct CarriedReport: Sendable {
    /// Where every reaction of the original input went, by platform (replaces the tallies of
    /// settling the facts, which only know the reactions counted).
    public var tallies: [Platform?: ReactionTally]?
    /// The original input's direct conversations and what the report did with them.
    public var directConversations: DirectConversations?
    /// The report's conversations, also those without a message in its period.
    public var conversations: [ConversationInfo] = []
    /// True when names and ids are pseudonyms already (the report was anonymized).
    public var pseudonymous = false
    /// Who the report left out of rankings, by platform (kept for pseudonymous facts, whose
    /// `excludePeople` names can no longer be matched).
    public var leftOutOfRankings: [Platform: Set<String>] = [:]
    /// The report's people directory (names by platform and user id), exactly: names given
    /// with reactions join a ledger's directory, and pseudonymous reactors had none.
    public var people: [Platform: [String: String]]?
    /// The phrase the report's pages named their inputs with ("9 files (Slack, …)").
    public var inputSummary: String?

    /// The shard of a build split by conversation the facts were written by (`--shard K/N`).
    public var shard: Shard?

    /// Nothing carried.
    public init() {}

    /// This report joined by that of another facts folder read in the same run. Shards of one
    /// build each read the whole input: what they share (tallies but the reactions counted,
    /// diagnostics, direct conversations, people) is taken once, what they divide
    /// (conversations, reactions counted) is joined. Facts of unrelated reports add up.
    func joined(with other: CarriedReport) -> CarriedReport {
        var out = self
        let shards = shard != nil && shard?.count == other.shard?.count
        out.conversations += other.conversations
        out.pseudonymous = pseudonymous || other.pseudonymous
        out.leftOutOfRankings.merge(other.leftOutOfRankings) { $0.union($1) }
        if let more = other.people { out.people = (people ?? [:]).merging(more) { $0.merging($1) { first, _ in first } } }
        out.directConversations = directConversations ?? other.directConversations
        out.inputSummary = inputSummary ?? other.inputSummary
        if let more = other.tallies {
            var tallies = tallies ?? [:]
            for (platform, tally) in more {
                guard let mine = tallies[platform] else {
                    tallies[platform] = tally
                    continue
                }
                if shards {
                    var joined = mine
                    joined.counted = mine.counted.addingClamped(tally.counted)
                    joined.leftOut = max(0, mine.read - joined.counted - mine.diagnosed - mine.removed)
                    tallies[platform] = joined
                } else {
                    tallies[platform] = mine + tally
                }
            }
            out.tallies = tallies
        }
        return out
    }

    /// `result` with what is carried put in.
    func applied(to result: LedgerResult) -> LedgerResult {
        var result = result
        if let tallies { result.tallies = tallies }
        if let directConversations { result.directConversations = directConversations }
        if let people { result.people = people }
        if !conversations.isEmpty {
            var known = Set(result.conversations.map { MessageFilter.key($0.platform, $0.id) })
            for conversation in conversations where known.insert(MessageFilter.key(conversation.platform, conversation.id)).inserted {
                result.conversations.append(conversation)
            }
            result.conversations.sort { ($0.platform, $0.id) < ($1.platform, $1.id) }
        }
        result.pseudonymous = result.pseudonymous || pseudonymous
        if pseudonymous { result.leftOutOfRankings = leftOutOfRankings }
        result.inputSummary = result.inputSummary ?? inputSummary
        return result
    }
}
