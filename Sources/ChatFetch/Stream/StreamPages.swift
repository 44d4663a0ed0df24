import JSONReader
import ReactionReportKit

/// An export task's status, as far as the fetch needs it.
enum StreamTaskStatus: Equatable {
    /// Not done yet (`waiting`, `pending`, `running`).
    case running
    /// Done: the file's URL, and when Stream made the task (the archive's snapshot time).
    case completed(url: String, createdAt: String)
    /// Stream gave up on it, in its words.
    case failed(String)
}

/// A channel's export file, read: how many messages and reactions it holds, and its newest
/// message's `created_at`.
struct StreamExport {
    var root: JSONValue
    var messages = 0
    var reactions = 0
    var newest: Timestamp?
}

/// Reads Stream's answers, checking that each holds what was asked for: JSON that parses, of
/// the shape the endpoint gives; anything else is a `PageProblem`, and the page is asked for
/// again.
enum StreamPages {
    /// `{"task_id": …}`.
    static func task(_ bytes: [UInt8]) throws(PageProblem) -> String {
        guard let task = try parse(bytes)["task_id"]?.string, !task.isEmpty else { throw PageProblem("an answer without \"task_id\"") }
        return task
    }

    static func status(_ bytes: [UInt8]) throws(PageProblem) -> StreamTaskStatus {
        let root = try parse(bytes)
        guard let status = root["status"]?.string else { throw PageProblem("an answer without \"status\"") }
        switch status {
        case "completed":
            guard let url = root["result"]?["url"]?.string, !url.isEmpty else { throw PageProblem("a completed task without \"result\".\"url\"") }
            guard let created = root["created_at"]?.string, Timestamp.iso8601(created) != nil else {
                throw PageProblem("a task without a \"created_at\" time")
            }
            return .completed(url: url, createdAt: created)
        case "failed":
            let error = root["error"]
            // `error` is an ErrorResult (`type`, `stacktrace`, `version`: Stream's OpenAPI
            // description, `GetExportChannelsStatusResponse`); a message or description where
            // one is given.
            let words = [error?["message"], error?["description"], error?["type"], error].compactMap { $0?.string }.first { !$0.isEmpty }
            return .failed(words ?? "no reason given")
        default:
            return .running
        }
    }

    /// A version 1 export (`{"channels":[{"channel":…,"messages":[…]}]}`, or one channel's
    /// `{"channel":…,"messages":[…]}`) holding channel `cid` only.
    static func export(_ bytes: [UInt8], cid: String) throws(PageProblem) -> StreamExport {
        let root = try parse(bytes)
        let entries = root["channels"]?.elements ?? (root["channel"] != nil ? [root] : [])
        guard !entries.isEmpty || root["channels"] != nil else { throw PageProblem("an export without \"channels\"") }
        var export = StreamExport(root: root)
        for entry in entries {
            let channel = entry["channel"]
            let named = channel?["cid"]?.string ?? [channel?["type"]?.string, channel?["id"]?.string].compactMap { $0 }.joined(separator: ":")
            guard named == cid else { throw PageProblem("an export of another channel") }
            for message in entry["messages"]?.elements ?? [] {
                guard let created = message["created_at"]?.string, let time = Timestamp.iso8601(created) else {
                    throw PageProblem("a message without a \"created_at\" time")
                }
                export.messages += 1
                // The reactions Stream counts: `reaction_groups`' counts, else `reaction_counts`.
                let groups = message["reaction_groups"]?.object?.members.map { $0.value["count"] } ?? message["reaction_counts"]?.object?.members.map(\.value)
                export.reactions += (groups ?? []).reduce(0) { $0 + (Int($1?.identifier ?? "") ?? 0) }
                export.newest = max(export.newest ?? time, time)
            }
        }
        return export
    }

    /// The `cid`s of a page of query channels.
    static func channels(_ bytes: [UInt8]) throws(PageProblem) -> [String] {
        guard let entries = try parse(bytes)["channels"]?.elements else { throw PageProblem("an answer without \"channels\"") }
        var out: [String] = []
        for entry in entries {
            guard let cid = entry["channel"]?["cid"]?.string, cid.contains(":") else { throw PageProblem("a channel without its \"cid\"") }
            out.append(cid)
        }
        return out
    }

    static func parse(_ bytes: [UInt8]) throws(PageProblem) -> JSONValue {
        do {
            return try JSONParser.parse(bytes, file: "answer")
        } catch {
            throw PageProblem("JSON that does not parse")
        }
    }
}
