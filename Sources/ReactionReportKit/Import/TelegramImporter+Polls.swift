import JSONReader

extension TelegramImporter {
    /// A message's `poll`, as Telegram Desktop writes it (`export_output_json.cpp`,
    /// `SerializeMessage`: `question`, `closed`, `total_voters`, and `answers`, each `text`,
    /// `voters` — a count, not people — and `chosen`, the exporting account's own vote). The
    /// export names no voters: the poll is counts only.
    func readPoll(_ value: JSONValue, conversationID: String, messageID: String, into sink: ImportSink) {
        let reading = PollReading(sink: sink, place: "chat \(conversationID) message \(messageID) poll")
        guard value.object != nil else { return reading.problem("is \(PollReading.shape(value)), not an object; not read") }
        guard let answers = reading.list(value["answers"], member: "answers") else { return }
        var options: [PollOption] = []
        for (index, answer) in answers.enumerated() {
            let member = "answers[\(index)]"
            guard answer.object != nil else {
                reading.problem("\(member) is \(PollReading.shape(answer)), not an object; left out")
                continue
            }
            options.append(
                PollOption(
                    id: String(index + 1), text: pollText(answer["text"], member: member + ".text", reading: reading),
                    count: reading.count(answer["voters"], member: member + ".voters"),
                    chosen: reading.flag(answer["chosen"], member: member + ".chosen") ?? false))
        }
        sink.poll(
            Poll(
                platform: .telegram, conversationID: conversationID, messageID: messageID,
                question: pollText(value["question"], member: "question", reading: reading), options: options,
                total: reading.total(value["total_voters"], member: "total_voters"), closed: reading.flag(value["closed"], member: "closed") ?? false,
                countsOnly: true))
    }

    /// A poll's text: a string, or (as message text may be) a list of parts joined.
    func pollText(_ value: JSONValue?, member: String, reading: PollReading) -> String {
        guard let parts = value?.array else { return reading.text(value, member: member) }
        return parts.map { $0.string ?? $0["text"]?.string ?? "" }.joined()
    }
}
