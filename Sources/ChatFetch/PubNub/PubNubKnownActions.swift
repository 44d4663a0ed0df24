import JSONReader

/// The actions the archive holds on the messages of a look-back window, message by message: the
/// actions of the window's history pages and of every action list, less those a `removed`
/// event names. The look-back compares them with what PubNub holds now.
struct PubNubKnownActions {
    /// Live actions by message timetoken.
    var byMessage: [Int64: Set<PubNubAction>] = [:]

    /// What changed on a page of the window: actions gone, and actions the archive lacked.
    struct Change {
        var removed: [PubNubAction] = []
        var added: [PubNubAction] = []
    }

    /// Reads the channel's files that may hold actions on messages from `from` through
    /// `through` (inclusive): history pages whose range meets the window, action lists and
    /// removal files whose newest timetoken is not before it (an action's timetoken is after
    /// its message's).
    static func read(_ channel: ChannelFolder, from: Int64, through: Int64) throws(FetchError) -> PubNubKnownActions {
        var known = PubNubKnownActions()
        var removals: Set<PubNubAction.RemovalKey> = []
        for file in channel.files() {
            guard let (kind, first, last) = range(of: file), last >= from else { continue }
            let root = try channel.readJSON(file)
            switch kind {
            case "history" where first <= through:
                for item in root["channels"]?[channel.name]?.elements ?? [] {
                    guard let timetoken = PubNubPages.timetoken(item["timetoken"]), timetoken >= from, timetoken <= through else { continue }
                    for action in PubNubAction.of(item: item, timetoken: timetoken) { known.byMessage[timetoken, default: []].insert(action) }
                }
            case "actions", "added":
                for entry in root["data"]?.elements ?? [] {
                    guard let action = PubNubAction(listed: entry), action.messageTimetoken >= from, action.messageTimetoken <= through else { continue }
                    known.byMessage[action.messageTimetoken, default: []].insert(action)
                }
            case "removed":
                for event in root.elements ?? [] {
                    if let data = event["data"], let action = PubNubAction(listed: data) { removals.insert(action.removalKey) }
                }
            default:
                continue
            }
        }
        for (message, actions) in known.byMessage {
            known.byMessage[message] = actions.filter { !removals.contains($0.removalKey) }
        }
        return known
    }

    /// The kind and timetoken range of an archive file's name (`history-1-2.json`).
    static func range(of file: String) -> (String, Int64, Int64)? {
        guard file.hasSuffix(".json") else { return nil }
        let parts = file.dropLast(5).split(separator: "-")
        guard parts.count == 3, let first = Int64(parts[1]), let last = Int64(parts[2]) else { return nil }
        return (String(parts[0]), first, last)
    }

    /// How the actions PubNub now gives for a page of the window's messages differ from the
    /// archive's, in a fixed order (message, then action timetoken, then uuid, type, value).
    func compare(items: [JSONValue], timetokens: [Int64]) -> Change {
        var change = Change()
        for (item, timetoken) in zip(items, timetokens) {
            let now = Set(PubNubAction.of(item: item, timetoken: timetoken))
            let before = byMessage[timetoken] ?? []
            change.removed += before.subtracting(now)
            change.added += now.subtracting(before)
        }
        change.removed.sort(by: Self.order)
        change.added.sort(by: Self.order)
        return change
    }

    /// Takes `change` into the known actions.
    mutating func apply(_ change: Change) {
        for action in change.removed { byMessage[action.messageTimetoken]?.remove(action) }
        for action in change.added { byMessage[action.messageTimetoken, default: []].insert(action) }
    }

    static func order(_ a: PubNubAction, _ b: PubNubAction) -> Bool {
        (a.messageTimetoken, a.actionTimetoken, a.uuid, a.type, a.value) < (b.messageTimetoken, b.actionTimetoken, b.uuid, b.type, b.value)
    }
}
