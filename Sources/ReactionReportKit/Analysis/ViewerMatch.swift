/// Whether the viewer of a build (`--viewer`, `viewer`: the person whose own reactions the
/// pages mark) is someone in its inputs, and if not, whom the id most likely means: an id in
/// other case or with a slip of the typing, or a person by name (`ada` for `U1`, Ada Okafor).
/// Reactions are marked by the exact id, so a viewer no one has marks nothing.
public enum ViewerMatch: Equatable, Sendable {
    /// Someone in the inputs has exactly this id.
    case found
    /// No one has the id; `closest` are the people it most likely means, best first (none
    /// when no one is close).
    case missing(closest: [Person])

    /// One of the people of a report, as a warning names them: `U1 (Ada Okafor)`.
    public struct Person: Equatable, Sendable, CustomStringConvertible {
        public var id: String
        /// The display name the inputs give, if any.
        public var name: String?

        public init(id: String, name: String? = nil) {
            self.id = id
            self.name = name
        }

        public var description: String { name.map { "\(id) (\($0))" } ?? id }
    }

    /// Everyone of a report: who sent a message or reacted (`PeopleReport`) and who is named in
    /// the inputs' directories of people (`LedgerResult.people`), once for each id and name,
    /// sorted by id, then name (a person without a name is left out where the id has one).
    public static func people(of analysis: Analysis) -> [Person] {
        var names: [String: Set<String>] = [:]
        for person in analysis.people.people {
            names[person.id, default: []].formUnion(person.name.map { [$0] } ?? [])
        }
        for directory in analysis.result.people.values {
            for (id, name) in directory { names[id, default: []].insert(name) }
        }
        return names.keys.sorted().flatMap { id in
            let known = names[id]!.sorted()
            return known.isEmpty ? [Person(id: id)] : known.map { Person(id: id, name: $0) }
        }
    }

    /// Whether `viewer` is the id of one of `people`, and if not, the people it most likely
    /// means, at most `limit`, of the first kind any are of: those whose id or name it is in
    /// other case; those a word of whose name it is, or whose id, name or a word of it starts
    /// with it; those within a few slips of the typing (`NameSuggestions.tolerance`) of their
    /// id, name or a word of it, nearest first. In the order of `people` where equally close.
    public static func check(_ viewer: String, among people: [Person], limit: Int = 3) -> ViewerMatch {
        if people.contains(where: { $0.id == viewer }) { return .found }
        let typed = viewer.trimmingCharacters(in: .whitespaces).lowercased()
        guard !typed.isEmpty else { return .missing(closest: []) }
        let ranked = people.enumerated().compactMap { index, person in rank(of: person, typed: typed).map { (rank: $0, index: index) } }
        guard let kind = ranked.map(\.rank.0).min() else { return .missing(closest: []) }
        let best = ranked.filter { $0.rank.0 == kind }.sorted { ($0.rank.1, $0.index) < ($1.rank.1, $1.index) }.prefix(limit)
        return .missing(closest: best.map { people[$0.index] })
    }

    /// How closely `typed` (lowercased) names `person`: (0, 0) the same id or name in other
    /// case, (1, 0) a word of the name or the start of the id, name or a word, (2, d) d slips
    /// away; nil when further.
    static func rank(of person: Person, typed: String) -> (Int, Int)? {
        let id = person.id.lowercased()
        let name = person.name?.lowercased()
        let words = name.map { $0.split(whereSeparator: { $0.isWhitespace || $0 == "." || $0 == "_" || $0 == "-" }).map(String.init) } ?? []
        if id == typed || name == typed { return (0, 0) }
        let texts = [id] + (name.map { [$0] } ?? []) + words
        if words.contains(typed) || (typed.count >= 2 && texts.contains { $0.hasPrefix(typed) }) { return (1, 0) }
        let nearest = texts.map { NameSuggestions.distance(typed, $0) }.min() ?? Int.max
        return nearest <= NameSuggestions.tolerance(forLength: typed.count) ? (2, nearest) : nil
    }
}
