import JSONReader

extension CometChatImporter {
    /// The Polls extension's data in a message's metadata (`@injected.extensions.polls`, CometChat
    /// docs "Polls": `id`, `question`, `options` numbered from "1", and `results` with `total` and,
    /// by option number, `text`, `count` and `voters`, a map of user id to `{name, avatar}`).
    /// Voters are known.
    func readPoll(of message: JSONValue, conversationID: String, messageID: String, into sink: ImportSink) {
        let steps = ["@injected", "extensions", "polls"]
        func extensionData(_ holder: JSONValue?) -> JSONValue? {
            steps.reduce(holder?["metadata"]) { $0?[$1] }.flatMap { $0.isNull ? nil : $0 }
        }
        guard let value = extensionData(message) ?? extensionData(message["data"]) else { return }
        let reading = PollReading(sink: sink, place: "message \(messageID) poll")
        guard let optionTexts = value["options"]?.object else {
            return reading.problem("options is \(PollReading.shape(value["options"])), not a map of option numbers to texts; not read")
        }
        let results = value["results"]?["options"]
        var options: [PollOption] = []
        for (number, text) in optionTexts.members.sorted(by: { (Int($0.key) ?? .max, $0.key) < (Int($1.key) ?? .max, $1.key) }) {
            let result = results?[number]
            var voters: [PollVoter] = []
            if let map = result?["voters"]?.object {
                voters = map.members.map { PollVoter(id: $0.key, name: $0.value["name"]?.string) }
            } else if let other = result?["voters"], !other.isNull {
                reading.problem("results.options[\(quoted(number))].voters is \(PollReading.shape(other)), not a map of voters; none listed")
            }
            options.append(
                PollOption(
                    id: number, text: reading.text(text, member: "options[\(quoted(number))]"),
                    count: reading.count(result?["count"], member: "results.options[\(quoted(number))].count"), voters: voters))
        }
        sink.poll(
            Poll(
                platform: .cometchat, conversationID: conversationID, messageID: messageID,
                question: reading.text(value["question"], member: "question"), options: options,
                total: reading.total(value["results"]?["total"], member: "results.total"), closed: false, countsOnly: false))
    }
}
