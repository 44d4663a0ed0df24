import HTTPExchange
import JSONReader
import ReactionReportKit

/// The fetch of one Stream channel: one export task a fetch, of the messages after the newest
/// one already fetched less the look-back window (all of them, or those from `--since`, the
/// first time), in three steps, the state written after each (`StreamChannelState`), so that a
/// fetch stopped at any moment goes on from its last step:
///
/// 1. Ask for the export (`POST /export_channels`); the task's id is kept.
/// 2. Ask for its status until it is `completed` (the pacer spaces the checks) or `failed`.
/// 3. Download its file from the URL the status gives (another host, Amazon S3 for Stream: the
///    request carries none of Stream's headers) and write it as
///    `export-<task created_at>-<since>.json`: the version 1 export with `"fetchedAt"` (the
///    task's `created_at`, Stream's own clock) as its first member, so that the build takes
///    each message's newest copy.
///
/// The look-back window's messages come again with their reactions as they are now: a reaction
/// added to or removed from them since the last fetch is seen. Older messages are not exported
/// again (docs/fetch.md, "What an incremental fetch can miss").
struct StreamChannelFetch {
    let requests: StreamRequests
    let channel: ChannelFolder
    let context: FetchContext
    let type: String
    let id: String
    var state: StreamChannelState
    /// What this process wrote.
    var summary = ChannelSummary()
    /// Status checks made for the task in progress.
    var checks = 0

    /// An export file is read into at most 256 MiB (`FetchClient` reads 1 MiB first, then
    /// 16 MiB, then this).
    static let longestExport = 256 << 20
    /// Status checks of one task before the fetch stops (the task is kept: the next fetch goes
    /// on checking it): an hour at Stream's pace.
    static let mostChecks = 3600

    init(requests: StreamRequests, channel: ChannelFolder, context: FetchContext) throws(FetchError) {
        guard let colon = channel.name.firstIndex(of: ":"), colon != channel.name.startIndex, colon != channel.name.index(before: channel.name.endIndex)
        else {
            throw FetchError.usage("the Stream channel '\(channel.name)' is not type:id (such as messaging:general)")
        }
        self.requests = requests
        self.channel = channel
        self.context = context
        type = String(channel.name[..<colon])
        id = String(channel.name[channel.name.index(after: colon)...])
        let since = context.since.map { Timestamp(nanoseconds: Int64($0.timeIntervalSince1970) * 1_000_000_000, fractionDigits: 0).rfc3339 }
        state = try channel.loadState(or: StreamChannelState(channel: channel.name, archiveStart: since))
    }

    var name: String { channel.name }
    var client: FetchClient { context.client }

    /// Runs the fetch to its end, or until another channel's fetch failed.
    mutating func run() throws(FetchError) -> ChannelSummary {
        if state.run == nil {
            state.run = StreamChannelState.Run(since: windowStart())
            try channel.saveState(state)
        }
        while let run = state.run, !context.isCancelled() {
            if let task = run.task {
                try check(task, run)
            } else {
                let task = try client.get(
                    requests.export(type: type, id: id, since: run.since), what: "an export of channel '\(name)'", read: StreamPages.task)
                state.run?.task = task
                try channel.saveState(state)
            }
        }
        return summary
    }

    /// Where this fetch's export starts: the look-back window before the newest message
    /// fetched, not before the archive's start; the archive's start the first time.
    func windowStart() -> String? {
        guard let newest = state.newestMessage.flatMap(Timestamp.iso8601) else { return state.archiveStart }
        var start = newest.nanoseconds - Int64(context.lookbackDays) * 86_400 * 1_000_000_000
        if let archiveStart = state.archiveStart.flatMap(Timestamp.iso8601) { start = max(start, archiveStart.nanoseconds) }
        return Timestamp(nanoseconds: start, fractionDigits: 6).rfc3339
    }

    /// Checks task `task`; downloads its file once it is done.
    mutating func check(_ task: String, _ run: StreamChannelState.Run) throws(FetchError) {
        let status = try client.get(requests.status(task), what: "the export of channel '\(name)'", read: StreamPages.status)
        switch status {
        case .running:
            checks += 1
            guard checks < Self.mostChecks else {
                throw FetchError(
                    "\(client.platform) at \(client.address.host) has not finished the export of channel '\(name)' after \(checks) checks; run the fetch again to go on waiting for it"
                )
            }
        case .failed(let reason):
            state.run?.task = nil
            try channel.saveState(state)
            let shown = ShownText.excerpt(reason, hiding: client.secrets) ?? "no reason given"
            throw FetchError(
                "\(client.platform) at \(client.address.host) could not export channel '\(name)' (\(shown)); run the fetch again to ask for a new export")
        case .completed(let url, let createdAt):
            try download(url, createdAt: createdAt, since: run.since)
        }
    }

    /// Downloads an export's file and writes it into the archive.
    mutating func download(_ url: String, createdAt: String, since: String?) throws(FetchError) {
        let cid = name
        let export = try client.get(.download(url), what: "the export file of channel '\(name)'", longestBody: Self.longestExport) {
            (bytes) throws(PageProblem) in try StreamPages.export(bytes, cid: cid)
        }
        let fetchedAt = Timestamp(nanoseconds: Timestamp.iso8601(createdAt)!.nanoseconds, fractionDigits: 6).rfc3339
        var added = ChannelSummary()
        if export.messages > 0, try !holdsNothingNew(export, since: since) {
            let members = [("fetchedAt", JSONValue.string(fetchedAt))] + (export.root.object?.members.map { ($0.key, $0.value) } ?? [])
            let file = "export-\(Self.compact(fetchedAt))-\(since.map(Self.compact) ?? "start").json"
            try channel.write(JSONWriting.bytes(JSONWriting.object(members)) + [0x0A], as: file)
            added = ChannelSummary(pages: 1, messages: export.messages, actions: export.reactions)
        }
        summary = summary + added
        if let newest = export.newest, newest > (state.newestMessage.flatMap(Timestamp.iso8601) ?? newest) || state.newestMessage == nil {
            state.newestMessage = newest.rfc3339
        }
        state.run = nil
        try channel.saveState(state)
        context.progress.page(name, added, fraction: 1)
    }

    /// True when the archive already holds every message of `export`, each as it is there, and
    /// no other message from `since` on.
    func holdsNothingNew(_ export: StreamExport, since: String?) throws(FetchError) -> Bool {
        let start = since.flatMap(Timestamp.iso8601)
        var exported = StreamArchiveCopies()
        exported.add(export.root, since: start)
        return try exported == StreamArchiveCopies.read(channel, since: start)
    }

    /// An RFC 3339 time as a file name's part: its digits, `T` and `Z` (`20240101T101500123456Z`).
    static func compact(_ time: String) -> String { String(time.filter { $0 != "-" && $0 != ":" && $0 != "." }) }
}
