/// `anonymize`: every person becomes a stable pseudonym, in pages, Markdown and data files
/// alike. The same platform and user id give the same pseudonym in every build ("Amber Otter"
/// with id `anon-…`), so week-over-week reports still follow the same people.
///
/// What changes: authors, reactors and the people directory (so Slack and Discord mentions in
/// text show pseudonyms), mention ids inside Slack and Discord text, and the names of direct
/// conversations (which are made of people's names); diagnostics keep their counts but not
/// their details. What cannot change: names people typed into message text.
public enum Anonymizer {
    public static func apply(_ result: LedgerResult) -> LedgerResult {
        var names = PseudonymBook()
        // Register everyone in a fixed order first, so that collisions resolve the same way in every build.
        var keys: Set<PersonKey> = []
        for message in result.messages {
            if let author = message.authorID { keys.insert(PersonKey(platform: message.platform, id: author)) }
            for reaction in message.reactions { for reactor in reaction.reactors { keys.insert(PersonKey(platform: message.platform, id: reactor.id)) } }
        }
        for (platform, people) in result.people { for id in people.keys { keys.insert(PersonKey(platform: platform, id: id)) } }
        for poll in result.polls {
            for option in poll.options { for voter in option.voters { keys.insert(PersonKey(platform: poll.platform, id: voter.id)) } }
        }
        for key in keys.sorted() { names.register(key) }

        var out = result
        out.diagnostics = result.diagnostics.withheld()
        // The settled reactions keep their places: each part's store takes a directory of
        // pseudonyms, made once for the ledger's directory.
        var stores: [ObjectIdentifier: SettledReactions] = [:]
        var directories: [ObjectIdentifier: PeopleDirectory] = [:]
        func pseudonymous(_ directory: PeopleDirectory) -> PeopleDirectory {
            if let made = directories[ObjectIdentifier(directory)] { return made }
            let pseudonyms = directory.ids.indices.map { names[PersonKey(platform: directory.platforms[$0], id: directory.ids[$0])] }
            let made = PeopleDirectory(platforms: directory.platforms, ids: pseudonyms.map(\.id), names: pseudonyms.map(\.name))
            directories[ObjectIdentifier(directory)] = made
            return made
        }
        out.messages = result.messages.map { message in
            var message = message
            if let author = message.authorID {
                let pseudonym = names[PersonKey(platform: message.platform, id: author)]
                message.authorID = pseudonym.id
                message.authorName = pseudonym.name
            }
            message.reactions = message.reactions.mappingReactors(stores: &stores, directory: pseudonymous) { reactor in
                let pseudonym = names[PersonKey(platform: message.platform, id: reactor.id)]
                return Reactor(id: pseudonym.id, name: pseudonym.name, at: reactor.at)
            }
            if message.markup == .slackMrkdwn || message.markup == .discord {
                message.text = replaceMentions(in: message.text, platform: message.platform, names: names)
            }
            return message
        }
        out.polls = result.polls.map { poll in
            var poll = poll
            for index in poll.options.indices {
                poll.options[index].voters = poll.options[index].voters.map { voter in
                    let pseudonym = names[PersonKey(platform: poll.platform, id: voter.id)]
                    return PollVoter(id: pseudonym.id, name: pseudonym.name)
                }
            }
            return poll
        }
        out.people = result.people.mapValues { _ in [:] }
        for (platform, people) in result.people {
            for id in people.keys {
                let pseudonym = names[PersonKey(platform: platform, id: id)]
                out.people[platform]![pseudonym.id] = pseudonym.name
            }
        }
        func pseudonymous(_ people: [Platform: Set<String>]) -> [Platform: Set<String>] {
            Dictionary(uniqueKeysWithValues: people.map { platform, ids in (platform, Set(ids.map { names[PersonKey(platform: platform, id: $0)].id })) })
        }
        out.bots = pseudonymous(result.bots)
        out.leftOutOfRankings = pseudonymous(result.leftOutOfRankings)
        var directNames: [String: String] = [:]
        out.conversations = result.conversations.map { conversation in
            guard conversation.isDirect else { return conversation }
            var renamed = conversation
            renamed.name = "Direct conversation " + String(StableHash.hex(conversation.platform.rawValue + "\u{1F}" + conversation.id).prefix(6))
            directNames[MessageFilter.key(conversation.platform, conversation.id)] = renamed.name
            return renamed
        }
        if !directNames.isEmpty {
            for index in out.messages.indices {
                if let name = directNames[MessageFilter.key(out.messages[index].platform, out.messages[index].conversationID)] {
                    out.messages[index].conversationName = name
                }
            }
        }
        return out
    }

    /// `<@U123>` (Slack) and `<@123>`/`<@!123>` (Discord) with the pseudonym's id.
    static func replaceMentions(in text: String, platform: Platform, names: PseudonymBook) -> String {
        guard text.contains("<@") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "<@") {
            out += rest[..<open.lowerBound]
            var after = rest[open.upperBound...]
            var prefix = "<@"
            if after.first == "!" {
                prefix += "!"
                after = after.dropFirst()
            }
            let id = after.prefix { $0 != ">" && $0 != "|" }
            guard !id.isEmpty, id.count < 64, after.dropFirst(id.count).first == ">" || after.dropFirst(id.count).first == "|" else {
                out += prefix
                rest = after
                continue
            }
            out += prefix + names[PersonKey(platform: platform, id: String(id))].id
            rest = after.dropFirst(id.count)
            if rest.first == "|" {
                // Slack `<@U1|name>`: drop the name.
                rest = rest.drop { $0 != ">" }
            }
        }
        return out + rest
    }
}

/// Pseudonyms by person: an adjective and an animal chosen by a stable hash, numbered when two
/// people draw the same pair.
struct PseudonymBook {
    struct Pseudonym {
        var id: String
        var name: String
    }

    static let adjectives = [
        "Amber", "Azure", "Brisk", "Calm", "Cedar", "Coral", "Crimson", "Dusky", "Gentle", "Golden", "Hazel", "Indigo",
        "Ivory", "Jade", "Lively", "Lunar", "Maple", "Mellow", "Misty", "Nimble", "Olive", "Quiet", "Rapid", "Rosy",
        "Rustic", "Sandy", "Silver", "Sunny", "Swift", "Teal", "Velvet", "Witty"
    ]
    static let animals = [
        "Badger", "Bison", "Crane", "Dolphin", "Falcon", "Ferret", "Finch", "Fox", "Gecko", "Heron", "Ibis", "Jackal",
        "Koala", "Lemur", "Lynx", "Marten", "Moose", "Newt", "Ocelot", "Otter", "Owl", "Panda", "Puffin", "Quail",
        "Raven", "Robin", "Seal", "Stoat", "Tapir", "Walrus", "Wombat", "Yak"
    ]

    private var assigned: [PersonKey: Pseudonym] = [:]
    private var taken: [String: Int] = [:]

    mutating func register(_ key: PersonKey) {
        guard assigned[key] == nil else { return }
        let hash = StableHash.fnv1a(key.platform.rawValue + "\u{1F}" + key.id)
        let base = Self.adjectives[Int(hash % 32)] + " " + Self.animals[Int((hash / 32) % 32)]
        let uses = taken[base, default: 0] + 1
        taken[base] = uses
        let hex = StableHash.hex(key.platform.rawValue + "\u{1F}" + key.id)
        assigned[key] = Pseudonym(id: "anon-" + String(hex.prefix(12)), name: uses == 1 ? base : "\(base) \(uses)")
    }

    subscript(key: PersonKey) -> Pseudonym {
        assigned[key] ?? Pseudonym(id: "anon-" + String(StableHash.hex(key.platform.rawValue + "\u{1F}" + key.id).prefix(12)), name: "Someone")
    }
}
