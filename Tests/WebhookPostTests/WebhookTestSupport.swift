import Foundation

/// Folders and files the posting tests write.
enum WebhookTestSupport {
    /// A new empty folder under the system's temporary folder.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webhook-post-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes `files` (path below `folder` → text).
    static func write(_ files: [String: String], into folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// A built site's weeks with digests: 2026-W46 and 2026-W47 with all three, 2026-W48
    /// without its Discord one, a folder that is not a week, and a week-named file; and the
    /// record of the days each week covers (`weeks/reports.json`), every week whole unless
    /// `days` says otherwise, or no record (`recorded` false, a site of an earlier build).
    static func site(in folder: URL, name: String = "site", days: [String: Int] = [:], recorded: Bool = true) throws -> URL {
        let site = folder.appendingPathComponent(name)
        var files: [String: String] = ["index.html": "<!doctype html>", "weeks/notes/digest.txt": "not a week", "weeks/2026-W49": "a file"]
        if recorded {
            let lines = ["2026-W46", "2026-W47", "2026-W48"].map { week in
                let covered = days[week] ?? 7
                return "{\"week\":\"\(week)\",\"partial\":\(covered < 7),\"days\":\(covered)}"
            }
            files["weeks/reports.json"] = "{\"weeks\":[\n" + lines.joined(separator: ",\n") + "]}\n"
        }
        for week in ["2026-W46", "2026-W47", "2026-W48"] {
            files["weeks/\(week)/index.html"] = "<!doctype html>"
            files["weeks/\(week)/digest.txt"] = "Week \(week): 12 messages ▲ 3, 30 reactions 🎉\n"
            files["weeks/\(week)/digest.slack.json"] = slackPayload(week)
            if week != "2026-W48" { files["weeks/\(week)/digest.discord.json"] = "{\"content\":\"Week \(week) 🎉\",\"allowed_mentions\":{\"parse\":[]}}\n" }
        }
        try write(files, into: site)
        return site
    }

    /// A Slack payload of more than 1 KB, with emoji and escapes.
    static func slackPayload(_ week: String) -> String {
        let section = "{\"type\":\"section\",\"text\":{\"type\":\"mrkdwn\",\"text\":\"*\(week)* 🎉 \\\"quoted\\\" \\u003c!channel\\u003e — 12 messages ▲ 3\"}}"
        return "{\"blocks\":[" + Array(repeating: section, count: 12).joined(separator: ",") + "]}\n"
    }

    /// The note `digest` and `post` print when they take the latest week of `site(in:)`, whole.
    static let latestNote = "reaction-report: note: digest of 2026-W48, the latest complete week\n"
}
