import ByteOutput

/// `data/people.csv`: one row per person who sent a message or is a listed reactor, by
/// platform and then id, with reactions given and received and how many people each reacted to
/// and was reacted to by. RFC 4180 and formula-safe, as `ReactionsCSV`. Everyone is listed:
/// `bot` and `excluded` say who the rankings leave out; `level` is the engagement level over
/// the report's last 28 days (`EngagementLevels`).
enum PeopleCSV {
    static let header = [
        "platform", "id", "name", "bot", "excluded", "messages", "reactionsGiven", "reactionsReceived", "peopleReactedTo", "peopleReactedBy",
        "level"
    ]

    /// - Parameter levels: the engagement level of everyone active in the report's last 28 days
    ///   (`level` is empty for the others: bots, people left out, people not active then).
    static func text(_ report: PeopleReport, levels: [PersonKey: EngagementLevels.Level] = [:]) -> ByteBuffer {
        let out = ByteBuffer()
        out.append(header.joined(separator: ",") + "\r\n")
        for person in report.people {
            let cells = [
                person.platform.rawValue, ReactionsCSV.text(person.id), ReactionsCSV.text(person.name ?? ""), person.bot ? "true" : "false",
                person.excluded ? "true" : "false", String(person.messages), String(person.reactionsGiven), String(person.reactionsReceived),
                String(person.peopleReactedTo), String(person.peopleReactedBy),
                levels[PersonKey(platform: person.platform, id: person.id)]?.rawValue ?? ""
            ]
            for (index, cell) in cells.enumerated() {
                if index > 0 { out.append(0x2C) }
                ReactionsCSV.appendField(cell, to: out)
            }
            out.append(0x0D)
            out.append(0x0A)
        }
        return out
    }
}
