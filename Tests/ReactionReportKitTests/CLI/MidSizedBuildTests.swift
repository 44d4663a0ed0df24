import Foundation
import XCTest

@testable import ReactionReportKit

/// The speed work of issue 5 must not change a byte. A mid-sized export (a 6,000-message PubNub
/// history and a 4,000-message Slack workspace, generated here the same way every time) is
/// built by the executable, and every file's size and FNV-1a digest is compared with
/// `Golden/midsized__digests.txt`, which was first written by the code before those changes.
/// Regenerate deliberately with `UPDATE_GOLDEN=1 swift test --filter MidSizedBuildTests`;
/// `KEEP_MIDSIZED_INPUT=<folder>` keeps a copy of the generated input (build it as `in`, from
/// the folder above it, with another binary to compare).
final class MidSizedBuildTests: XCTestCase {
    static let emoji = ["👍", "❤", "❤️", "😂", "🎉", "👍🏽", "🔥", "👀", "🙏", "🚀"]

    /// A PubNub history with actions: three channels, reactions of one to four emoji from up to
    /// eight of forty users, every seventh message with an add repeated.
    static func pubnub(_ count: Int) -> String {
        var channels: [String: [String]] = [:]
        for n in 0..<count {
            let channel = ["support", "general", "random"][n % 3]
            let timetoken = 17_700_000_000_000_000 + n * 36_000_000_000 / 7
            var groups: [String] = []
            for e in 0..<(n % 5) {
                let emoji = emoji[(n + e * 3) % emoji.count]
                let reactors = (0...((n * 7 + e) % 8)).map { r in
                    #"{"uuid":"user-\#((n + r * 11 + e) % 40)","actionTimetoken":"\#(timetoken + 1_000_000 * (r + 1))"}"#
                }
                let repeated = n % 7 == 0 ? [reactors[0]] : []
                groups.append(#""\#(emoji)":[\#((reactors + repeated).joined(separator: ","))]"#)
            }
            let actions = groups.isEmpty ? "" : #","actions":{"reaction":{\#(groups.joined(separator: ","))}}"#
            channels[channel, default: []].append(
                #"{"message":{"text":"message \#(n): **bold** and `code` <b>\#(n % 13)</b>"},"timetoken":"\#(timetoken)","uuid":"user-\#(n % 40)"\#(actions)}"#)
        }
        return #"{"status":200,"channels":{"#
            + channels.sorted { $0.key < $1.key }.map { #""\#($0.key)":[\#($0.value.joined(separator: ",\n"))]"# }.joined(separator: ",") + "}}"
    }

    /// A Slack workspace: two channels, a day file per channel and day, threads, reactions with
    /// skin tones and counts above the listed users.
    static func slack(_ count: Int, into folder: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"[{"id":"C1","name":"eng"},{"id":"C2","name":"ops"}]"#.utf8).write(to: folder.appendingPathComponent("channels.json"))
        let users = (0..<30).map { #"{"id":"U\#($0)","name":"user\#($0)","real_name":"User \#($0)","profile":{"display_name":"u\#($0)"}}"# }
        try Data(("[" + users.joined(separator: ",") + "]").utf8).write(to: folder.appendingPathComponent("users.json"))
        var days: [String: [String]] = [:]
        for n in 0..<count {
            let channel = n % 2 == 0 ? "eng" : "ops"
            let seconds = 1_770_000_000 + n * 900
            let day = Timestamp.unixSeconds(Int64(seconds))!.rfc3339.prefix(10)
            let ts = "\(seconds).\(String(format: "%06d", n))"
            let thread = n % 10 > 0 && n % 10 < 3 ? #","thread_ts":"\#(seconds - 1800).\#(String(format: "%06d", n - 2))""# : ""
            var reactions: [String] = []
            for e in 0..<(n % 4) {
                let name = ["+1", "heart", "joy", "tada", "+1::skin-tone-3", "fire"][(n + e) % 6]
                let listed = (0...((n + e) % 5)).map { #""U\#(($0 * 7 + n) % 30)""# }
                let total = listed.count + (n % 11 == 0 ? 2 : 0)
                reactions.append(#"{"name":"\#(name)","users":[\#(listed.joined(separator: ","))],"count":\#(total)}"#)
            }
            let reactionField = reactions.isEmpty ? "" : #","reactions":[\#(reactions.joined(separator: ","))]"#
            days["\(channel)/\(day).json", default: []].append(
                #"{"type":"message","user":"U\#(n % 30)","text":"note \#(n) for <@U\#((n + 1) % 30)> *bold* _it_ :rocket:","ts":"\#(ts)"\#(thread)\#(reactionField)}"#
            )
        }
        for (path, messages) in days {
            let url = folder.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(("[" + messages.joined(separator: ",\n") + "]").utf8).write(to: url)
        }
    }

    func testAMidSizedBuildIsByteForByteTheSame() throws {
        let folder = try TestSupport.temporaryFolder()
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data(Self.pubnub(6_000).utf8).write(to: input.appendingPathComponent("pubnub-history.json"))
        try Self.slack(4_000, into: input.appendingPathComponent("slack"))

        if let keep = ProcessInfo.processInfo.environment["KEEP_MIDSIZED_INPUT"] {
            try FileManager.default.copyItem(at: input, to: URL(fileURLWithPath: keep))
        }
        // A relative path: diagnostics name the files as given.
        let run = try CLIRunner.run(
            ["build", "in", "-o", "site", "--quiet", "--timezone", "Europe/Berlin", "--page-size", "250", "--title", "Mid-sized"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let digests = try Self.digests(of: folder.appendingPathComponent("site"))

        let golden = TestSupport.testsFolder.appendingPathComponent("Golden/midsized__digests.txt")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try digests.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        let (got, want) = (digests.split(separator: "\n"), expected.split(separator: "\n"))
        XCTAssertEqual(got.count, want.count)
        for (line, wanted) in zip(got, want) where line != wanted {
            XCTFail("differs from Golden/midsized__digests.txt: \(line) (expected \(wanted))")
        }
    }

    /// One line per data file and top-level page (path, bytes, digest), then the file count and
    /// one digest over every file's path and bytes.
    static func digests(of site: URL) throws -> String {
        let files = try TestSupport.files(in: site)
        var lines: [String] = []
        var all = ""
        for path in files.keys.sorted() {
            let text = String(decoding: files[path]!, as: UTF8.self)
            if path.hasPrefix("data/") || !path.contains("/") {
                lines.append("\(path) \(files[path]!.count) \(StableHash.hex(text))")
            }
            all += StableHash.hex(path + "\u{0}" + text)
        }
        lines.append("all \(files.count) files \(StableHash.hex(all))")
        return lines.joined(separator: "\n") + "\n"
    }
}
