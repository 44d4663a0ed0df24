import JSONReader

/// What the poll readers share: reading a poll's texts, counts and lists, and naming what
/// cannot be read in an `invalid-poll` diagnostic (the file, the message, the member), never
/// dropping a poll in silence. A poll's votes are its own figures: nothing here records a
/// reaction.
struct PollReading {
    let sink: ImportSink
    /// The poll as diagnostics name it: "chat 1 message 7 poll".
    let place: String

    /// Names a problem of the poll.
    func problem(_ text: String) {
        sink.diagnose(.invalidPoll, "\(place): \(text)")
    }

    /// A text member; one missing or not text is named and read as empty.
    func text(_ value: JSONValue?, member: String) -> String {
        if let text = value?.string { return text }
        problem("\(member) is \(Self.shape(value)), not text; read as empty")
        return ""
    }

    /// A vote count (`ReactionCount`'s rule: a whole number in range); missing or null is 0,
    /// anything else is named and read as 0.
    func count(_ value: JSONValue?, member: String) -> Int {
        guard let value, !value.isNull else { return 0 }
        if let count = ReactionCount.read(value) { return count }
        problem("\(member) (\(ReactionCount.problem(value))) is not a count; read as 0")
        return 0
    }

    /// A total the export gives; nil (the options' sum is used) when missing or unreadable.
    func total(_ value: JSONValue?, member: String) -> Int? {
        guard let value, !value.isNull else { return nil }
        if let count = ReactionCount.read(value) { return count }
        problem("\(member) (\(ReactionCount.problem(value))) is not a count; the options' counts are summed instead")
        return nil
    }

    /// A flag; missing or null is nil, anything else than a boolean is named.
    func flag(_ value: JSONValue?, member: String) -> Bool? {
        guard let value, !value.isNull else { return nil }
        if let flag = value.bool { return flag }
        problem("\(member) is \(Self.shape(value)), not true or false; not used")
        return nil
    }

    /// A list member; nil, named, when it is missing or not a list.
    func list(_ value: JSONValue?, member: String) -> [JSONValue]? {
        if let list = value?.array { return list }
        problem("\(member) is \(Self.shape(value)), not a list; the poll is not read")
        return nil
    }

    /// "missing", "null", "a number", … for diagnostics.
    static func shape(_ value: JSONValue?) -> String {
        switch value {
        case nil: return "missing"
        case .null?: return "null"
        case .bool?: return "a boolean"
        case .number?: return "a number"
        case .string?: return "a string"
        case .array?, .deferredArray?: return "a list"
        case .object?: return "an object"
        }
    }
}
