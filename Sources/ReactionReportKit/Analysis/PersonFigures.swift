/// Each person's own figures, for their page (`people/<slug>.html`): made once, in one pass over
/// the report's messages, and kept small (a few short lists a person), whatever the number of
/// messages.
///
/// Who has a page: everyone who sent a message or is a listed reactor, except the people
/// `excludePeople` names (they are left out of rankings and are not featured: no page, their
/// names lead nowhere; their messages stay in the transcripts and their figures in
/// `data/people.csv`). Bots have a page that says they are bots. Everyone left out of rankings
/// (bots under `excludeBots`, `excludePeople`) is left out of the other people's "reacts to"
/// and "reacted to by" lists, as from the rankings' pairs.
struct PersonFigures: Sendable {
    /// One person's figures.
    struct Person: Sendable, Equatable {
        var platform: Platform
        var id: String
        /// The first name the report gives the person, else their id.
        var name: String
        var bot: Bool
        /// The page's file name in `people/` (`1f2e3d4c.html`).
        var fileName: String
        var messages = 0
        /// Listed reactions the person gave (one per message and emoji), their own messages included.
        var reactionsGiven = 0
        /// The sum of the reaction counts on the person's messages.
        var reactionsReceived = 0
        /// The emoji the person reacted with most, and the most they got, most first.
        var emojiGiven: [(emoji: Emoji, count: Int)] = []
        var emojiReceived: [(emoji: Emoji, count: Int)] = []
        /// People with a page, by number in `PersonFigures.people`, most first.
        var reactsTo: [(person: Int, count: Int)] = []
        var reactedToBy: [(person: Int, count: Int)] = []
        /// The conversations the person posted or reacted in, by position in the layout, with
        /// their messages and reactions given there; most active first.
        var conversations: [(conversation: Int, messages: Int, reactions: Int)] = []
        /// Indexes of the person's messages: most reacted first, and latest first.
        var mostReacted: [Int] = []
        var latest: [Int] = []
        /// The first and last time the person posted or reacted (reactions with a time only).
        var firstActive: Timestamp?
        var lastActive: Timestamp?

        static func == (a: Person, b: Person) -> Bool {
            a.platform == b.platform && a.id == b.id && a.name == b.name && a.bot == b.bot && a.fileName == b.fileName
                && a.messages == b.messages && a.reactionsGiven == b.reactionsGiven && a.reactionsReceived == b.reactionsReceived
                && a.emojiGiven.map(\.emoji) == b.emojiGiven.map(\.emoji) && a.emojiGiven.map(\.count) == b.emojiGiven.map(\.count)
                && a.emojiReceived.map(\.emoji) == b.emojiReceived.map(\.emoji) && a.emojiReceived.map(\.count) == b.emojiReceived.map(\.count)
                && a.reactsTo.map(\.person) == b.reactsTo.map(\.person) && a.reactsTo.map(\.count) == b.reactsTo.map(\.count)
                && a.reactedToBy.map(\.person) == b.reactedToBy.map(\.person) && a.reactedToBy.map(\.count) == b.reactedToBy.map(\.count)
                && a.conversations.map(\.conversation) == b.conversations.map(\.conversation)
                && a.conversations.map(\.messages) == b.conversations.map(\.messages)
                && a.conversations.map(\.reactions) == b.conversations.map(\.reactions) && a.mostReacted == b.mostReacted
                && a.latest == b.latest && a.firstActive == b.firstActive && a.lastActive == b.lastActive
        }
    }

    /// How long each list of a person's page is.
    static let listLimit = 5

    /// The people with a page, by platform, then id.
    private(set) var people: [Person] = []
    /// Their numbers in `people`.
    private var number: [PersonKey: Int] = [:]

    /// No pages.
    static let none = PersonFigures()

    private init() {}

    /// The figures of the people of `report`, from the messages of `layout`: the report's own
    /// counts (messages, reactions given and received, pairs) and, counted here, the lists
    /// only a person's page shows.
    init(_ report: PeopleReport, layout: SiteLayout, leftOut: [Platform: Set<String>]) {
        let featured = report.people.indices.filter { !report.people[$0].excluded || report.people[$0].bot }
        let keys = featured.map { PersonKey(platform: report.people[$0].platform, id: report.people[$0].id) }
        let fileNames = Self.fileNames(keys)
        var featuredNumber = [Int?](repeating: nil, count: report.people.count)
        people = featured.indices.map { index in
            let person = report.people[featured[index]]
            featuredNumber[featured[index]] = index
            return Person(
                platform: person.platform, id: person.id, name: person.name ?? person.id, bot: person.bot, fileName: fileNames[index],
                messages: person.messages, reactionsGiven: person.reactionsGiven, reactionsReceived: person.reactionsReceived)
        }
        for (position, key) in keys.enumerated() { number[key] = position }
        var tally = PersonTally(people: people.count)
        let numbers = number
        tally.count(layout, number: { numbers[$0] })
        tally.finish(into: &people, limit: Self.listLimit)
        let isLeftOut = keys.map { leftOut[$0.platform]?.contains($0.id) ?? false }
        for (key, pair) in report.pairs {
            let count = pair.count
            guard let reactor = featuredNumber[report.pairPositions[Int(key >> 32)]],
                let author = featuredNumber[report.pairPositions[Int(key & 0xFFFF_FFFF)]]
            else { continue }
            if !isLeftOut[author] { PersonTally.offer((author, count), to: &people[reactor].reactsTo, limit: Self.listLimit, by: Self.personOrder) }
            if !isLeftOut[reactor] { PersonTally.offer((reactor, count), to: &people[author].reactedToBy, limit: Self.listLimit, by: Self.personOrder) }
        }
    }

    /// Most reactions first; ties by number (platform, then id).
    private static func personOrder(_ a: (person: Int, count: Int), _ b: (person: Int, count: Int)) -> Bool {
        a.count != b.count ? a.count > b.count : a.person < b.person
    }

    /// The person's number in `people`, when they have a page.
    func person(_ platform: Platform, _ id: String) -> Int? { number[PersonKey(platform: platform, id: id)] }

    /// The page of a person, relative to the site's root, when they have one.
    func path(_ platform: Platform, _ id: String?) -> String? {
        guard let id, let position = number[PersonKey(platform: platform, id: id)] else { return nil }
        return "people/" + people[position].fileName
    }

    /// A file name per person, in the order given (platform, then id): 8 hex digits of a stable
    /// hash of their platform and id (FNV-1a, mixed: alone, its bits barely differ for ids that
    /// differ in their last character), so that a person keeps their file from build to build
    /// whatever their name becomes, and every link to them is short (a transcript links a
    /// name a message and a reactor, tens of millions of links at 10M messages); `-2`, `-3`…
    /// where two hashes collide.
    static func fileNames(_ keys: [PersonKey]) -> [String] {
        var used: Set<String> = []
        return keys.indices.map { index in
            let base = hashText(keys[index])
            var name = base
            var suffix = 2
            while used.contains(name) {
                name = base + "-\(suffix)"
                suffix += 1
            }
            used.insert(name)
            return name + ".html"
        }
    }

    /// 8 hex digits of FNV-1a of the person's platform and id, through MurmurHash3's finalizer.
    static func hashText(_ key: PersonKey) -> String {
        var hash = StableHash.fnv1a(key.platform.rawValue + "\u{1F}" + key.id)
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        let digits = String(hash >> 32, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
