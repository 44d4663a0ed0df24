import ByteOutput

/// `data/people.csv`: one row per person who sent a message or is a listed reactor, by
/// platform and then id, with reactions given and received and how many people each reacted to
/// and was reacted to by. RFC 4180 and formula-safe, as `ReactionsCSV`. Everyone is listed:
/// `bot` and `excluded` say who the rankings leave out.
enum PeopleCSV {
    static let header = [
        "platform", "id", "name", "bot", "excluded", "messages", "reactionsGiven", "reactionsReceived", "peopleReactedTo", "peopleReactedBy"
    ]

    static func text(_ report: PeopleReport) -> ByteBuffer {
        let out = ByteBuffer()
        out.append(header.joined(separator: ",") + "\r\n")
        for person in report.people {
            let cells = [
                person.platform.rawValue, ReactionsCSV.text(person.id), ReactionsCSV.text(person.name ?? ""), person.bot ? "true" : "false",
                person.excluded ? "true" : "false", String(person.messages), String(person.reactionsGiven), String(person.reactionsReceived),
                String(person.peopleReactedTo), String(person.peopleReactedBy)
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
