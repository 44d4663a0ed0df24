import JSONReader

extension StreamImporter {
    /// A message's `poll`, as Stream Chat's API gives it with a message that has a `poll_id`
    /// (Stream's Polls API: `name` the question, `options` of `id` and `text`, `vote_counts_by_option`,
    /// `latest_votes_by_option` of votes with `user_id`/`user`, `vote_count`, `is_closed`,
    /// `voting_visibility`). Voters are the latest votes Stream lists with each option; an
    /// anonymous poll lists none and is counts only.
    func readPoll(_ value: JSONValue, conversationID: String, messageID: String, into sink: ImportSink) {
        let reading = PollReading(sink: sink, place: "message \(messageID) poll")
        guard value.object != nil else { return reading.problem("is \(PollReading.shape(value)), not an object; not read") }
        guard let list = reading.list(value["options"], member: "options") else { return }
        let counts = value["vote_counts_by_option"]
        let latest = value["latest_votes_by_option"]
        var options: [PollOption] = []
        var listed = 0
        for (index, option) in list.enumerated() {
            guard option.object != nil, let id = option["id"]?.identifier else {
                reading.problem("options[\(index)] is not an option with an id; left out")
                continue
            }
            var voters: [PollVoter] = []
            for vote in latest?[id]?.array ?? [] {
                guard let user = vote["user"]?["id"]?.identifier ?? vote["user_id"]?.identifier else { continue }
                voters.append(PollVoter(id: user, name: vote["user"]?["name"]?.string))
            }
            listed += voters.count
            options.append(
                PollOption(
                    id: id, text: reading.text(option["text"], member: "options[\(index)].text"),
                    count: reading.count(counts?[id], member: "vote_counts_by_option[\(quoted(id))]"), voters: voters))
        }
        let anonymous = value["voting_visibility"]?.string == "anonymous"
        sink.poll(
            Poll(
                platform: .stream, conversationID: conversationID, messageID: messageID, question: reading.text(value["name"], member: "name"),
                options: options, closed: reading.flag(value["is_closed"], member: "is_closed") ?? false,
                countsOnly: anonymous || (listed == 0 && options.contains { $0.count > 0 })))
    }
}
