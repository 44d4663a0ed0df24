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
    /// Every facts folder read (its `report.jsonl`) with its shard: a build from shards' facts
    /// must read every shard of one build, each once (`shardProblem`).
    var sources: [(shard: Shard?, file: String)] = []
    /// The first `report.jsonl` read of a shard of an anonymized build, whose real names the
    /// joining build must replace (`BuildOptions.anonymizesAtJoin`).
    var awaitingAnonymizer: String?

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
        out.sources += other.sources
        out.awaitingAnonymizer = awaitingAnonymizer ?? other.awaitingAnonymizer
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

    /// Why the facts read cannot make one report, when they are shards' facts (`--shard K/N`)
    /// and not every shard of one build, each once: a missing shard would leave its
    /// conversations out of the report in silence, and one read twice would count them twice.
    var shardProblem: LocatedError? {
        let sharded = sources.filter { $0.shard != nil }
        guard let first = sharded.first, let count = first.shard?.count else { return nil }
        if let whole = sources.first(where: { $0.shard == nil }) {
            return LocatedError(
                file: whole.file,
                reason: "holds the facts of a whole build, read with the facts of shard \(first.shard!) (\(first.file)); read the one or the shards")
        }
        if let other = sharded.first(where: { $0.shard?.count != count }) {
            return LocatedError(
                file: other.file,
                reason: "holds shard \(other.shard!) of a build, read with shard \(first.shard!) (\(first.file)): the shards of one build have one count")
        }
        var seen: [Int: String] = [:]
        for source in sharded {
            let index = source.shard!.index
            if let earlier = seen[index] {
                return LocatedError(file: source.file, reason: "holds shard \(source.shard!), read already from \(earlier): each shard once")
            }
            seen[index] = source.file
        }
        let missing = (1...count).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            let names = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            return LocatedError(
                file: first.file,
                reason:
                    "holds shard \(first.shard!) of a build whose shard\(missing.count == 1 ? "" : "s") \(names) \(missing.count == 1 ? "was" : "were") not read: a report from shards' facts needs every shard"
            )
        }
        return nil
    }
}
