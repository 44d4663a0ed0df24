import ByteOutput
import Templates

/// The polls of the report's messages, by their place in the layout: those whose message the
/// report keeps (the filters leave a poll out with its message), in message order.
struct PollIndex: Sendable {
    /// The poll of each message that holds one, by the message's index in the layout.
    let byMessage: [Int: Poll]
    /// The indexes of `byMessage`, in message order.
    let messages: [Int]

    /// No polls.
    init() {
        byMessage = [:]
        messages = []
    }

    /// Finds each poll's message in `layout`; made without a look at the messages when there are none.
    init(_ polls: [Poll], layout: SiteLayout) {
        guard !polls.isEmpty else {
            self = PollIndex()
            return
        }
        var keyed: [PollKey: Poll] = [:]
        for poll in polls { keyed[PollKey(platform: poll.platform, conversationID: poll.conversationID, messageID: poll.messageID)] = poll }
        var found: [Int: Poll] = [:]
        var order: [Int] = []
        for index in layout.messages.indices {
            let message = layout.messages[index]
            guard let poll = keyed[PollKey(platform: message.platform, conversationID: message.conversationID, messageID: message.id)] else { continue }
            found[index] = poll
            order.append(index)
        }
        byMessage = found
        messages = order
    }

    /// `data/polls.jsonl`: a line per poll, in message order (product.md §9, docs/data-files.md).
    /// `linked`: the site has transcript pages for `link` to name.
    func jsonLines(_ layout: SiteLayout, linked: Bool) -> ByteBuffer {
        let out = ByteBuffer()
        for index in messages {
            Self.append(byMessage[index]!, message: layout.messages[index], link: linked ? layout.link(toMessageAt: index) : nil, to: out)
            out.append(0x0A)
        }
        return out
    }

    /// One line of `data/polls.jsonl`.
    static func append(_ poll: Poll, message: MessageSummary, link: String?, to out: ByteBuffer) {
        out.append(literal: #"{"platform":"#)
        JSONText.appendQuoted(poll.platform.rawValue, to: out)
        out.append(literal: #","conversation":{"id":"#)
        JSONText.appendQuoted(poll.conversationID, to: out)
        out.append(literal: #","name":"#)
        JSONText.appendQuoted(message.conversationName, to: out)
        out.append(literal: #"},"message":"#)
        JSONText.appendQuoted(poll.messageID, to: out)
        out.append(literal: #","link":"#)
        JSONText.appendQuoted(link, to: out)
        out.append(literal: #","question":"#)
        JSONText.appendQuoted(poll.question, to: out)
        out.append(literal: #","options":["#)
        for (index, option) in poll.options.enumerated() {
            out.append(literal: index > 0 ? #",{"id":"# : #"{"id":"#)
            JSONText.appendQuoted(option.id, to: out)
            out.append(literal: #","text":"#)
            JSONText.appendQuoted(option.text, to: out)
            out.append(literal: #","count":"#)
            out.append(decimal: option.count)
            out.append(literal: #","voters":"#)
            if poll.countsOnly {
                out.append(literal: "null")
            } else {
                out.append(0x5B)
                for (position, voter) in option.voters.enumerated() {
                    out.append(literal: position > 0 ? #",{"id":"# : #"{"id":"#)
                    JSONText.appendQuoted(voter.id, to: out)
                    out.append(literal: #","name":"#)
                    JSONText.appendQuoted(voter.name, to: out)
                    out.append(0x7D)
                }
                out.append(0x5D)
            }
            out.append(literal: #","chosen":"#)
            out.append(literal: option.chosen.map { $0 ? "true" : "false" } ?? "null")
            out.append(0x7D)
        }
        out.append(literal: #"],"total":"#)
        out.append(decimal: poll.total)
        out.append(literal: poll.closed ? #","closed":true"# : #","closed":false"#)
        out.append(literal: poll.countsOnly ? #","countsOnly":true}"# : #","countsOnly":false}"#)
    }
}

/// The view model of a poll on a transcript or thread page (`poll.mustache`): the question,
/// each option with its count, its share as a bar, and its voters where known, each linked to
/// their page where they have one.
enum PollViewModel {
    /// How many voters an option names before "and N more".
    static let votersShown = 10

    static func make(_ poll: Poll, locale: LocaleFormat = .standard, people: PersonFigures = .none) -> TemplateObject {
        let sum = poll.options.reduce(0) { $0.addingClamped($1.count) }
        let base = max(poll.total, poll.options.map(\.count).max() ?? 0, 1)
        var model = TemplateObject(capacity: 6)
        model.append("question", .text(poll.question))
        model.append("closed", .flag(poll.closed))
        model.append("countsOnly", .flag(poll.countsOnly))
        model.append("totalText", .text("Total " + locale.integer(poll.total)))
        model.append(
            "options",
            .list(
                poll.options.map { option in
                    var entry = TemplateObject(capacity: 8)
                    entry.append("text", .text(option.text))
                    entry.append("countText", .text(locale.counted(option.count, "vote")))
                    entry.append("percent", .number(sum == 0 ? 0 : min(100, option.count * 100 / base)))
                    entry.append("chosen", .flag(option.chosen == true))
                    let voters = poll.countsOnly ? [] : self.voters(option, platform: poll.platform, people: people)
                    entry.append("hasVoters", .flag(!voters.isEmpty))
                    entry.append("voters", .list(voters))
                    entry.append("moreText", .text(poll.countsOnly ? "" : moreText(option, locale: locale)))
                    return .object(entry)
                }))
        return model
    }

    /// The first `votersShown` voters, by name where known, each with its page and the words
    /// that follow it: "Ada Okafor, Bo Lind and Cy Park", or "…, Bo Lind" before "and 3 more".
    static func voters(_ option: PollOption, platform: Platform, people: PersonFigures) -> [TemplateValue] {
        let shown = Array(option.voters.prefix(votersShown))
        let more = max(option.count, option.voters.count) - shown.count > 0
        return shown.enumerated().map { position, voter in
            let page = people.path(platform, voter.id)
            let separator = NameList.separator(after: position, of: shown.count, more: more)
            return .object([
                "name": .text(voter.name ?? voter.id), "hasPage": .flag(page != nil), "pageHref": .text(page ?? ""),
                "separator": .text(separator)
            ])
        }
    }

    /// " and 3 more" after the voters shown, when the option has more.
    static func moreText(_ option: PollOption, locale: LocaleFormat) -> String {
        let more = max(option.count, option.voters.count) - min(option.voters.count, votersShown)
        return more > 0 && !option.voters.isEmpty ? " and \(locale.integer(more)) more" : ""
    }
}
