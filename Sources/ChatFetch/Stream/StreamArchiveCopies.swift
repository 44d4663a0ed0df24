import JSONReader
import ReactionReportKit

/// The newest copy the archive holds of each message of a channel from a time on, as JSON
/// text: what an export of the look-back window is compared with. An export that holds the
/// same messages, each the same, tells nothing new and is not written, so that a fetch with
/// nothing new writes nothing (and a fetch stopped and started again, which exports the window
/// of a channel it had finished once more, writes what an uninterrupted one writes).
struct StreamArchiveCopies: Equatable {
    /// Message id → the message's JSON text.
    var messages: [String: [UInt8]] = [:]

    /// The messages of `channel`'s export files created at or after `since` (all when nil),
    /// the newest copy of each (the files' names sort by their `fetchedAt`).
    static func read(_ channel: ChannelFolder, since: Timestamp?) throws(FetchError) -> StreamArchiveCopies {
        var copies = StreamArchiveCopies()
        for file in channel.files() where file.hasPrefix("export-") && file.hasSuffix(".json") {
            let root = try channel.readJSON(file)
            copies.add(root, since: since)
        }
        return copies
    }

    /// The messages of export `root` created at or after `since`.
    mutating func add(_ root: JSONValue, since: Timestamp?) {
        for entry in root["channels"]?.elements ?? (root["channel"] != nil ? [root] : []) {
            for message in entry["messages"]?.elements ?? [] {
                guard let id = message["id"]?.string, let created = message["created_at"]?.string.flatMap(Timestamp.iso8601) else { continue }
                if let since, created < since { continue }
                messages[id] = JSONWriting.bytes(message)
            }
        }
    }
}
