import Foundation
import HTTPExchange
import JSONReader

/// The fetch of one CometChat conversation: two passes, each a series of pages of messages,
/// oldest first, the state written after every page with its reactions
/// (`CometChatConversationState`), so that a fetch stopped at any moment goes on from its last
/// page.
///
/// 1. Messages: those after the newest message fetched (all of them, or those from `--since`,
///    the first time), and for every message whose summary holds reactions, its whole reactions
///    list: `reactions-<first>-<last>.json` (`{"fetchedAt","data":[reaction…]}`, the reactions
///    of the messages `first`…`last`), then `messages-<first>-<last>.json`
///    (`{"fetchedAt","data":[message…]}`, the messages without their summaries, which the
///    lists replace).
/// 2. Look-back: the messages sent in the `lookbackDays` before the newest message of the
///    previous fetch, and their reactions, fetched again; a reaction of the archive no longer
///    listed is written as a removal event, one the archive lacks as an added event
///    (`changes-<time>-<first>-<last>.json`, `time` the answer's `Date` as digits: `{"fetchedAt",
///    "data":[{"trigger":"message_reaction_removed"|"message_reaction_added","data":{"reaction":…}}…]}`).
///
/// Every file's `fetchedAt` is the `Date` of the answer it holds (the newest, for a file of
/// several answers): the snapshot time `build` orders copies of a message by.
struct CometChatConversationFetch {
    let conversation: CometChatConversation
    let channel: ChannelFolder
    let context: FetchContext
    var state: CometChatConversationState
    /// What this process wrote.
    var summary = ChannelSummary()
    /// The archive's reactions, read when the look-back begins.
    var known: CometChatKnownReactions?

    init(conversation: CometChatConversation, channel: ChannelFolder, context: FetchContext) throws(FetchError) {
        self.conversation = conversation
        self.channel = channel
        self.context = context
        let since = context.since.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
        state = try channel.loadState(or: CometChatConversationState(conversation: channel.name, archiveStart: since))
    }

    var name: String { channel.name }
    var client: FetchClient { context.client }

    /// Runs the fetch to its end, or until another conversation's fetch failed.
    mutating func run() throws(FetchError) -> ChannelSummary {
        if state.run == nil {
            var run = CometChatConversationState.Run(pass: .messages)
            if let through = state.messagesThrough, let newest = state.newestSentAt, context.lookbackDays > 0 {
                run.lookbackFrom = max(newest - Int64(context.lookbackDays) * 86_400, state.archiveStart ?? 0)
                run.lookbackThrough = through
            }
            state.run = run
            try channel.saveState(state)
        }
        while let run = state.run, !context.isCancelled() {
            switch run.pass {
            case .messages: try messagesPage(run)
            case .lookback: try lookbackPage(run)
            }
        }
        return summary
    }

    /// One page of messages after `after` (sent at `from` or later), and the reactions lists of
    /// those of its messages whose summary holds reactions; the reactions are fetched while
    /// `wanted` says so.
    func page(after: String?, from: Int64?, what: String, wanted: (Int64) -> Bool) throws(FetchError) -> (
        page: CometChatMessagesPage, reactions: [Int64: [Int64: JSONValue]], fetchedAt: String
    ) {
        let cursor = after.flatMap { Int64($0) }
        var fetchedAt = ""
        let page = try client.getAnswer(CometChatRequests.messages(conversation, after: after, from: from), what: what) {
            (answer: HTTPAnswer) throws(PageProblem) in
            fetchedAt = CometChatPages.fetchedAt(answer)
            return try CometChatPages.messages(answer.body, after: cursor)
        }
        var reactions: [Int64: [Int64: JSONValue]] = [:]
        for (id, has) in zip(page.ids, page.hasReactions) where has && wanted(id) {
            var listed: [Int64: JSONValue] = [:]
            var last: Int64?
            while true {
                let after = last
                let part = try client.getAnswer(
                    CometChatRequests.reactions(of: String(id), after: after.map(String.init)), what: "the reactions of message \(id) of conversation '\(name)'"
                ) {
                    (answer: HTTPAnswer) throws(PageProblem) in
                    fetchedAt = max(fetchedAt, CometChatPages.fetchedAt(answer))
                    return try CometChatPages.reactions(answer.body, message: id, after: after)
                }
                for (reaction, reactionID) in zip(part.reactions, part.ids) { listed[reactionID] = reaction }
                last = part.ids.last
                if part.ids.count < CometChatRequests.reactionsPageSize { break }
            }
            reactions[id] = listed
        }
        return (page, reactions, fetchedAt)
    }

    /// A reaction event as CometChat's webhooks name them: `{"trigger", "data": {"reaction"}}`.
    static func event(_ trigger: String, _ reaction: JSONValue) -> JSONValue {
        JSONWriting.object([("trigger", .string(trigger)), ("data", JSONWriting.object([("reaction", reaction)]))])
    }

    /// `{"fetchedAt": …, "data": [items…]}` as a file's bytes.
    static func file(_ items: [JSONValue], fetchedAt: String) -> [UInt8] {
        JSONWriting.bytes(JSONWriting.object([("fetchedAt", .string(fetchedAt)), ("data", .array(items))])) + [0x0A]
    }

    // MARK: Messages

    mutating func messagesPage(_ run: CometChatConversationState.Run) throws(FetchError) {
        let after = run.cursor ?? state.messagesThrough
        let from = after == nil ? state.archiveStart : nil
        let got = try page(after: after, from: from, what: "the messages of conversation '\(name)'") { _ in true }
        var next = run
        if let first = got.page.ids.first, let last = got.page.ids.last {
            let reactions = got.page.ids.flatMap { id in (got.reactions[id] ?? [:]).sorted { $0.key < $1.key }.map(\.value) }
            if !reactions.isEmpty { try channel.write(Self.file(reactions, fetchedAt: got.fetchedAt), as: "reactions-\(first)-\(last).json") }
            try channel.write(Self.file(got.page.messages.map(CometChatPages.withoutSummary), fetchedAt: got.fetchedAt), as: "messages-\(first)-\(last).json")
            let added = ChannelSummary(pages: reactions.isEmpty ? 1 : 2, messages: got.page.ids.count, actions: reactions.count)
            summary = summary + added
            context.progress.page(name, added, fraction: nil)
            state.messagesThrough = String(last)
            state.newestSentAt = max(state.newestSentAt ?? Int64.min, got.page.sentAt.max() ?? Int64.min)
            next.cursor = String(last)
        }
        if got.page.ids.count < CometChatRequests.messagesPageSize {
            next = CometChatConversationState.Run(pass: .lookback, lookbackFrom: run.lookbackFrom, lookbackThrough: run.lookbackThrough)
            state.run = run.lookbackFrom == nil ? nil : next
        } else {
            state.run = next
        }
        try channel.saveState(state)
    }

    // MARK: Look-back

    mutating func lookbackPage(_ run: CometChatConversationState.Run) throws(FetchError) {
        guard let from = run.lookbackFrom, let through = run.lookbackThrough.flatMap({ Int64($0) }) else {
            state.run = nil
            return try channel.saveState(state)
        }
        if known == nil { known = try CometChatKnownReactions.read(channel) }
        let got = try page(after: run.cursor, from: from, what: "the recent messages of conversation '\(name)'") { $0 <= through }
        var removed: [JSONValue] = [], added: [JSONValue] = []
        let window = got.page.ids.filter { $0 <= through }
        for id in window {
            let change = known!.change(on: id, now: got.reactions[id] ?? [:])
            removed += change.removed
            added += change.added
        }
        if let first = window.first, let last = window.last, !removed.isEmpty || !added.isEmpty {
            // Events, not a reactions list: a list states a message's whole set of reactors,
            // and the archive's list of the message stays the one that does. Named by the
            // answer's time too: a later look-back over the same messages writes a file of its own.
            let events =
                removed.map { Self.event("message_reaction_removed", $0) } + added.map { Self.event("message_reaction_added", $0) }
            try channel.write(Self.file(events, fetchedAt: got.fetchedAt), as: "changes-\(got.fetchedAt.filter(\.isNumber))-\(first)-\(last).json")
            let change = ChannelSummary(pages: 1, actions: added.count, removals: removed.count)
            summary = summary + change
            context.progress.page(name, change, fraction: nil)
        }
        var next = run
        next.cursor = got.page.ids.last.map(String.init) ?? run.cursor
        let done = got.page.ids.count < CometChatRequests.messagesPageSize || (got.page.ids.last ?? Int64.min) >= through
        state.run = done ? nil : next
        try channel.saveState(state)
    }
}
