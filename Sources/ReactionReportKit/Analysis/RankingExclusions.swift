/// Who the rankings leave out (`excludeBots`, `excludePeople`): people the platform marks as
/// bots, and people named in the configuration by id or by name (ignoring case). They stay in
/// the data files and the transcripts; only rankings, pairs and digests leave them out.
public enum RankingExclusions {
    /// The user ids left out, by platform, among the people of `result`.
    public static func people(in result: LedgerResult, options: BuildOptions) -> [Platform: Set<String>] {
        var out: [Platform: Set<String>] = options.excludeBots ? result.bots : [:]
        guard !options.excludePeople.isEmpty else { return out }
        let ids = Set(options.excludePeople)
        let names = Set(options.excludePeople.map { $0.lowercased() })
        func consider(_ platform: Platform, _ id: String, _ name: String?) {
            if ids.contains(id) || name.map({ names.contains($0.lowercased()) }) == true {
                out[platform, default: []].insert(id)
            }
        }
        for (platform, people) in result.people {
            for (id, name) in people { consider(platform, id, name) }
        }
        for message in result.messages {
            if let author = message.authorID { consider(message.platform, author, message.authorName) }
            for reaction in message.reactions {
                for reactor in reaction.reactors { consider(message.platform, reactor.id, reactor.name) }
            }
        }
        return out
    }
}
