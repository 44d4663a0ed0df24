import JSONReader

/// Matrix polls, by MSC3381 ("Chat Polls", in the Matrix specification as `m.poll.*`; Element
/// sends the unstable `org.matrix.msc3381.poll.*` forms): an `m.poll.start` event is the poll
/// and a message, `m.poll.response` events (a reference to the start) are votes by voter, and an
/// `m.poll.end` closes it. Collected over one document and counted at its end, by the MSC's
/// rules:
/// - only a voter's latest response (by `origin_server_ts`, then by place in the file) counts,
///   even when it is invalid; an empty selection takes the vote back;
/// - a response's selections are cut to `max_selections` (default 1); if any of those is not an
///   answer of the poll the vote is spoiled (counts for nothing); a repeated answer counts once;
/// - the first end (by `origin_server_ts`) sent by the poll's creator closes it, and only
///   responses sent on or before it count. An end by anyone else is not used: the MSC also
///   accepts one from a user with power to redact, which room history in an export does not
///   settle, and says so in a diagnostic;
/// - the answers are cut to 20.
struct MatrixPolls {
    static let startTypes: Set<String> = ["m.poll.start", "org.matrix.msc3381.poll.start"]
    static let responseTypes: Set<String> = ["m.poll.response", "org.matrix.msc3381.poll.response"]
    static let endTypes: Set<String> = ["m.poll.end", "org.matrix.msc3381.poll.end"]
    /// Every poll event type.
    static let types = startTypes.union(responseTypes).union(endTypes)
    /// The most answers a poll has (MSC3381).
    static let maximumAnswers = 20

    struct Start {
        var room: String
        var id: String
        var sender: String?
        var question: String
        var answers: [(id: String, text: String)]
        var maxSelections: Int
    }

    /// A response or an end: who, when, and (a response) what it selects; nil selections are a
    /// response that selects nothing readable (spoiled).
    struct Reply {
        var sender: String
        var time: Int64
        var position: Int
        var selections: [String]?
    }

    private(set) var starts: [Start] = []
    private var responses: [String: [Reply]] = [:]
    private var ends: [String: [Reply]] = [:]
    private var position = 0

    /// Reads one poll event; a start is recorded as a message (its question the text).
    mutating func read(_ event: JSONValue, type: String, room: String, into sink: ImportSink) {
        position += 1
        let id = nonEmpty(event["event_id"]?.string)
        let content = event["content"]
        if Self.startTypes.contains(type) {
            guard let id else { return sink.diagnose(.invalidPoll, "an \(type) event in \(room) without an event_id; not read") }
            let reading = PollReading(sink: sink, place: "poll \(id)")
            guard let start = start(content, type: type, room: room, id: id, sender: nonEmpty(event["sender"]?.string), reading: reading) else { return }
            starts.append(start)
            let time = sink.time(event["origin_server_ts"], what: "event \(id) origin_server_ts") { $0.int64.flatMap(Timestamp.unixMilliseconds) }
            sink.message(
                ImportedMessage(platform: .matrix, conversationID: room, id: id, authorID: start.sender, sentAt: time, text: start.question, markup: .plain))
            return
        }
        let place = "\(type) \(id ?? "without an event_id")"
        guard let poll = nonEmpty(content?["m.relates_to"]?["event_id"]?.string), let sender = nonEmpty(event["sender"]?.string) else {
            return sink.diagnose(.invalidPoll, "\(place) names no poll (m.relates_to.event_id) or no sender; not counted")
        }
        let time = event["origin_server_ts"]?.int64 ?? Int64.min
        if Self.endTypes.contains(type) {
            ends[poll, default: []].append(Reply(sender: sender, time: time, position: position))
            return
        }
        let list = content?["m.selections"] ?? content?["org.matrix.msc3381.poll.response"]?["answers"]
        let selections = list?.array.map { $0.compactMap(\.string) }
        if selections == nil || selections?.count != list?.array?.count {
            sink.diagnose(.invalidPoll, "\(place): its selections are not a list of answer ids; counted as a spoiled vote")
        }
        responses[poll, default: []].append(Reply(sender: sender, time: time, position: position, selections: selections))
    }

    /// The poll a start event's content describes, in its stable (`m.poll`) or unstable form.
    func start(_ content: JSONValue?, type: String, room: String, id: String, sender: String?, reading: PollReading) -> Start? {
        let stable = type == "m.poll.start"
        guard let poll = content?[stable ? "m.poll" : "org.matrix.msc3381.poll.start"], poll.object != nil else {
            reading.problem("the event has no poll (\(stable ? "m.poll" : "org.matrix.msc3381.poll.start")); not read")
            return nil
        }
        guard let list = reading.list(poll["answers"], member: "answers") else { return nil }
        var answers: [(id: String, text: String)] = []
        for (index, answer) in list.enumerated() {
            guard let answerID = nonEmpty((stable ? answer["m.id"] : answer["id"])?.string) else {
                reading.problem("answers[\(index)] has no id; left out")
                continue
            }
            answers.append((answerID, Self.text(answer, stable: stable) ?? ""))
        }
        if answers.count > Self.maximumAnswers {
            reading.problem("\(answers.count) answers; those past the \(Self.maximumAnswers)th are not part of the poll (MSC3381)")
            answers = Array(answers.prefix(Self.maximumAnswers))
        }
        var maxSelections = 1
        if let value = poll["max_selections"], !value.isNull {
            if let count = ReactionCount.read(value), count >= 1 {
                maxSelections = count
            } else {
                reading.problem("max_selections is not a whole number of at least 1; 1 is used")
            }
        }
        let question = poll["question"].flatMap { Self.text($0, stable: stable) }
        if question == nil { reading.problem("the question has no text; read as empty") }
        return Start(room: room, id: id, sender: sender, question: question ?? "", answers: answers, maxSelections: maxSelections)
    }

    /// The text of a question or an answer: the plain `m.text` body (stable), or the
    /// `org.matrix.msc1767.text` string, else `body` (unstable).
    static func text(_ value: JSONValue, stable: Bool) -> String? {
        guard stable else { return value["org.matrix.msc1767.text"]?.string ?? value["body"]?.string }
        guard let bodies = value["m.text"]?.array else { return value["m.text"]?.string }
        let plain = bodies.first { ($0["mimetype"]?.string ?? "text/plain") == "text/plain" } ?? bodies.first
        return plain?["body"]?.string
    }

    /// Counts every poll read and records it, with the voters' names where the room's
    /// membership gave them.
    func finish(names: [String: String], into sink: ImportSink) {
        var known = Set<String>()
        for start in starts {
            known.insert(start.id)
            sink.poll(poll(start, names: names, into: sink))
        }
        let orphans = responses.filter { !known.contains($0.key) }.reduce(0) { $0 + $1.value.count }
        if orphans > 0 {
            sink.diagnose(.invalidPoll, "\(orphans) poll response(s) to polls not in this file; not counted (a poll is counted within the file that holds it)")
        }
    }

    /// One poll counted by the rules above.
    func poll(_ start: Start, names: [String: String], into sink: ImportSink) -> Poll {
        let endings = ends[start.id] ?? []
        let byCreator = endings.filter { $0.sender == start.sender }
        if byCreator.count < endings.count {
            sink.diagnose(.invalidPoll, "poll \(start.id): an end sent by someone other than its creator is not used")
        }
        let end = byCreator.min { ($0.time, $0.position) < ($1.time, $1.position) }
        // Each voter's latest response sent on or before the end.
        var latest: [String: Reply] = [:]
        for response in responses[start.id] ?? [] where end.map({ response.time <= $0.time }) ?? true {
            if let current = latest[response.sender], (current.time, current.position) > (response.time, response.position) { continue }
            latest[response.sender] = response
        }
        let answerIDs = Set(start.answers.map(\.id))
        var voters: [String: [String]] = [:]
        var voted = 0
        for (sender, response) in latest.sorted(by: { ($0.value.time, $0.value.position) < ($1.value.time, $1.value.position) }) {
            guard var chosen = response.selections.map({ Array($0.prefix(start.maxSelections)) }), !chosen.isEmpty,
                chosen.allSatisfy(answerIDs.contains)
            else { continue }
            var seen = Set<String>()
            chosen = chosen.filter { seen.insert($0).inserted }
            for answer in chosen { voters[answer, default: []].append(sender) }
            voted += 1
        }
        let options = start.answers.map { answer in
            let people = voters[answer.id] ?? []
            return PollOption(id: answer.id, text: answer.text, count: people.count, voters: people.map { PollVoter(id: $0, name: names[$0]) })
        }
        return Poll(
            platform: .matrix, conversationID: start.room, messageID: start.id, question: start.question, options: options, total: voted,
            closed: end != nil, countsOnly: false)
    }
}
