import Foundation
import JSONReader

/// The fetch of one PubNub channel: three passes, each a series of pages from the newest back
/// to its lower bound, the state written after every page (`PubNubChannelState`), so that a
/// fetch stopped at any moment goes on from its last page.
///
/// 1. History: the messages after the last one fetched (all of them, or those from `--since`,
///    the first time), with their actions as they are now: `history-<first>-<last>.json`, a
///    history-with-actions answer (`{"channels":{channel:[item…]}}`) named by its messages'
///    timetokens.
/// 2. Actions: the message actions added since the last action fetched, on messages of the
///    archive (`actions-<first>-<last>.json`, a message-action list, each action with its
///    channel, named by the actions' timetokens). The first time, actions after the newest
///    message: those before are in the history pages.
/// 3. Look-back: the messages of the `lookbackDays` before the newest message of the previous
///    fetch, fetched again; an action of the archive no longer there is written as a `removed`
///    event (`removed-<first>-<last>.json`, named by the messages' timetokens), and one the
///    archive lacks as an action (`added-<first>-<last>.json`).
struct PubNubChannelFetch {
    let requests: PubNubRequests
    let channel: ChannelFolder
    let context: FetchContext
    var state: PubNubChannelState
    /// What this process wrote.
    var summary = ChannelSummary()
    /// The archive's actions on the look-back window's messages, read when the pass begins.
    var known: PubNubKnownActions?

    static let ticksPerDay: Int64 = 86_400 * 10_000_000

    init(requests: PubNubRequests, channel: ChannelFolder, context: FetchContext) throws(FetchError) {
        self.requests = requests
        self.channel = channel
        self.context = context
        let since = context.since.map { Int64(($0.timeIntervalSince1970 * 1e7).rounded(.down)) }
        state = try channel.loadState(or: PubNubChannelState(channel: channel.name, archiveStart: since))
    }

    var name: String { channel.name }
    var client: FetchClient { context.client }

    /// Runs the fetch to its end, or until another channel's fetch failed.
    mutating func run() throws(FetchError) -> ChannelSummary {
        if state.run == nil {
            var run = PubNubChannelState.Run(pass: .history)
            if let through = state.messagesThrough.timetoken, context.lookbackDays > 0 {
                run.lookbackFrom = String(max(through - Int64(context.lookbackDays) * Self.ticksPerDay, state.archiveStart.timetoken ?? 0))
                run.lookbackThrough = String(through)
            }
            state.run = run
            try channel.saveState(state)
        }
        while let run = state.run, !context.isCancelled() {
            switch run.pass {
            case .history: try historyPage(run)
            case .actions: try actionsPage(run)
            case .lookback: try lookbackPage(run)
            }
        }
        return summary
    }

    /// A `start` above every timetoken there is, whatever this machine's clock says: a year from
    /// now. Both `start` and `end` are always given, so that PubNub pages from the newest message
    /// of the range backwards ("if both start and end are provided, the traverse direction is
    /// from start towards end", PubNub support, "How do I use the start, end and count
    /// parameters in a history request").
    static func ceiling() -> Int64 { Int64((Date().timeIntervalSince1970 + 365 * 86_400) * 1e7) }

    // MARK: History

    mutating func historyPage(_ run: PubNubChannelState.Run) throws(FetchError) {
        let end = state.messagesThrough.timetoken.map { $0 + 1 } ?? state.archiveStart.timetoken
        let start = run.cursor.timetoken ?? Self.ceiling()
        let channelName = name
        let page = try client.get(requests.history(name, start: start, end: end), what: "the history of channel '\(name)'") {
            (bytes) throws(PageProblem) in try PubNubPages.history(bytes, channel: channelName, start: start, end: end)
        }
        var next = run
        if let first = page.timetokens.min(), let last = page.timetokens.max() {
            let content = JSONWriting.object([("channels", JSONWriting.object([(name, .array(page.items))]))])
            try channel.write(JSONWriting.bytes(content) + [0x0A], as: "history-\(first)-\(last).json")
            let added = ChannelSummary(
                pages: 1, messages: page.items.count,
                actions: zip(page.items, page.timetokens).reduce(0) { $0 + PubNubAction.of(item: $1.0, timetoken: $1.1).count })
            summary = summary + added
            let newest = max(last, next.newest.timetoken ?? last)
            next.newest = String(newest)
            next.cursor = String(Self.nextStart(page.moreStart, first: first, start: start))
            // How far back from the newest message towards the lower bound the pass is.
            context.progress.page(name, added, fraction: end.map { min(1, Double(newest - first) / Double(max(1, newest - $0))) })
        }
        if page.items.isEmpty || (page.items.count < PubNubRequests.historyPageSize && page.moreStart == nil) {
            // The pass is done: the archive holds every message up to the newest it saw.
            if let newest = next.newest.timetoken { state.messagesThrough = String(max(newest, state.messagesThrough.timetoken ?? newest)) }
            next = PubNubChannelState.Run(pass: .actions, lookbackFrom: run.lookbackFrom, lookbackThrough: run.lookbackThrough)
        }
        state.run = next
        try channel.saveState(state)
    }

    /// Where the next page starts: PubNub's `more.start` when it gives one below this page's
    /// `start`, else this page's oldest timetoken.
    static func nextStart(_ more: Int64?, first: Int64, start: Int64) -> Int64 {
        guard let more, more < start else { return first }
        return more
    }

    // MARK: Actions

    mutating func actionsPage(_ run: PubNubChannelState.Run) throws(FetchError) {
        // Actions after the last one fetched; the first time, after the newest message, whose
        // history page holds the actions before.
        let end = state.actionsThrough.timetoken.map { $0 + 1 } ?? state.messagesThrough.timetoken.map { $0 + 1 } ?? state.archiveStart.timetoken
        let start = run.cursor.timetoken ?? Self.ceiling()
        let page = try client.get(requests.actions(name, start: start, end: end), what: "the message actions of channel '\(name)'") {
            (bytes) throws(PageProblem) in try PubNubPages.actions(bytes, start: start, end: end)
        }
        var next = run
        let timetokens = page.actions.map(\.actionTimetoken)
        if let first = timetokens.min(), let last = timetokens.max() {
            // Only actions on messages of the archive: one on a newer message comes with the
            // message, in the next fetch's history.
            let lowest = state.archiveStart.timetoken ?? 0
            let highest = state.messagesThrough.timetoken ?? -1
            let kept = page.actions.filter { $0.messageTimetoken >= lowest && $0.messageTimetoken <= highest }
            if !kept.isEmpty {
                let content = JSONWriting.object([("data", .array(kept.map { $0.json(channel: name) }))])
                try channel.write(JSONWriting.bytes(content) + [0x0A], as: "actions-\(first)-\(last).json")
            }
            let added = ChannelSummary(pages: kept.isEmpty ? 0 : 1, actions: kept.count)
            summary = summary + added
            context.progress.page(name, added, fraction: nil)
            next.newest = String(max(last, next.newest.timetoken ?? last))
            next.cursor = String(Self.nextStart(page.moreStart, first: first, start: start))
        }
        if page.actions.isEmpty || (page.actions.count < PubNubRequests.actionsPageSize && page.moreStart == nil) {
            let through = max(next.newest.timetoken ?? Int64.min, state.actionsThrough.timetoken ?? Int64.min, end.map { $0 - 1 } ?? Int64.min)
            if through != Int64.min { state.actionsThrough = String(through) }
            next = PubNubChannelState.Run(pass: .lookback, lookbackFrom: run.lookbackFrom, lookbackThrough: run.lookbackThrough)
            if run.lookbackFrom == nil { state.run = nil } else { state.run = next }
        } else {
            state.run = next
        }
        try channel.saveState(state)
    }

    // MARK: Look-back

    mutating func lookbackPage(_ run: PubNubChannelState.Run) throws(FetchError) {
        guard let from = run.lookbackFrom.timetoken, let through = run.lookbackThrough.timetoken else {
            state.run = nil
            return try channel.saveState(state)
        }
        if known == nil { known = try PubNubKnownActions.read(channel, from: from, through: through) }
        let start = run.cursor.timetoken ?? (through + 1)
        let channelName = name
        let page = try client.get(requests.history(name, start: start, end: from), what: "the recent history of channel '\(name)'") {
            (bytes) throws(PageProblem) in try PubNubPages.history(bytes, channel: channelName, start: start, end: from)
        }
        var next = run
        if let first = page.timetokens.min(), let last = page.timetokens.max() {
            let change = known!.compare(items: page.items, timetokens: page.timetokens)
            if !change.removed.isEmpty {
                let events = change.removed.map { action in
                    JSONWriting.object([("event", .string("removed")), ("channel", .string(name)), ("data", action.json(channel: name))])
                }
                try channel.write(JSONWriting.bytes(.array(events)) + [0x0A], as: "removed-\(first)-\(last).json")
            }
            if !change.added.isEmpty {
                let content = JSONWriting.object([("data", .array(change.added.map { $0.json(channel: name) }))])
                try channel.write(JSONWriting.bytes(content) + [0x0A], as: "added-\(first)-\(last).json")
            }
            known!.apply(change)
            let added = ChannelSummary(
                pages: change.removed.isEmpty && change.added.isEmpty ? 0 : 1, actions: change.added.count, removals: change.removed.count)
            summary = summary + added
            context.progress.page(name, added, fraction: Double(through - first) / Double(max(1, through - from)))
            next.cursor = String(Self.nextStart(page.moreStart, first: first, start: start))
        }
        if page.items.isEmpty || (page.items.count < PubNubRequests.historyPageSize && page.moreStart == nil) {
            state.run = nil
        } else {
            state.run = next
        }
        try channel.saveState(state)
    }
}
