import JSONReader

extension DiscordImporter {
    /// A message's `poll`, as DiscordChatExporter's JSON writer gives it (`WritePollAsync`:
    /// `question`, `expiresAt`, `allowsMultipleAnswers`, `answers` of `id` and `text`, and
    /// `results` when Discord sent them: `isFinalized` and `answers` of `id`, `count` and
    /// `didCurrentUserVote`), from Discord's poll object (discord-api-docs, "Poll Resource":
    /// `results.is_finalized`, `answer_counts` of `id`, `count`, `me_voted`). Counts only: the
    /// voters are another request, which the export does not make. The poll is closed when its
    /// results are finalized.
    func readPoll(_ value: JSONValue, conversationID: String, messageID: String, into sink: ImportSink) {
        let reading = PollReading(sink: sink, place: "message \(messageID) poll")
        guard value.object != nil else { return reading.problem("is \(PollReading.shape(value)), not an object; not read") }
        guard let answers = reading.list(value["answers"], member: "answers") else { return }
        // Counts by answer id; an answer without a result has none yet.
        var counts: [String: (count: Int, mine: Bool?)] = [:]
        var finalized = false
        if let results = value["results"], !results.isNull {
            finalized = reading.flag(results["isFinalized"], member: "results.isFinalized") ?? false
            for (index, result) in (reading.list(results["answers"], member: "results.answers") ?? []).enumerated() {
                guard let id = result["id"]?.identifier else {
                    reading.problem("results.answers[\(index)] has no id; its count is not used")
                    continue
                }
                counts[id] = (
                    reading.count(result["count"], member: "results.answers[\(index)].count"),
                    reading.flag(result["didCurrentUserVote"], member: "results.answers[\(index)].didCurrentUserVote")
                )
            }
        }
        var options: [PollOption] = []
        for (index, answer) in answers.enumerated() {
            guard answer.object != nil, let id = answer["id"]?.identifier else {
                reading.problem("answers[\(index)] is not an answer with an id; left out")
                continue
            }
            let result = counts.removeValue(forKey: id)
            options.append(
                PollOption(
                    id: id, text: reading.text(answer["text"], member: "answers[\(index)].text"), count: result?.count ?? 0,
                    chosen: result.map { $0.mine ?? false }))
        }
        for id in counts.keys.sorted() { reading.problem("results name answer \(id), which the poll does not have; its count is not used") }
        sink.poll(
            Poll(
                platform: .discord, conversationID: conversationID, messageID: messageID, question: reading.text(value["question"], member: "question"),
                options: options, closed: finalized, countsOnly: true))
    }
}
