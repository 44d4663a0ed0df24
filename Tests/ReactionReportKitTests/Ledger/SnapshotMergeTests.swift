import Foundation
import XCTest

@testable import ReactionReportKit

/// Copies of one message from inputs taken at different times: the newest copy decides its
/// text, its deletion and its reactions, whatever the order the inputs are read in.
final class SnapshotMergeTests: XCTestCase {
    /// A Slack workspace export of channel `general` in `folder`, every file modified at `time`.
    static func writeSlackExport(_ folder: URL, days: [String: String], time: Date) throws {
        let files = [
            "users.json": #"[{"id":"U1","name":"ada"},{"id":"U2","name":"bo"},{"id":"U3","name":"cy"},{"id":"U4","name":"di"}]"#,
            "channels.json": #"[{"id":"C1","name":"general"}]"#
        ].merging(days.map { ("general/" + $0.key, $0.value) }) { a, _ in a }
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: url.path)
        }
    }

    /// 2024-01-08, when the first export was made, and a week later.
    static let firstWeek = Date(timeIntervalSince1970: 1_704_672_000)
    static let secondWeek = Date(timeIntervalSince1970: 1_705_276_800)

    /// The channel on 2024-01-08: 👍 from U2 and U3, 🎉 from U4; a message only this export
    /// has; a message with ❤️ that is deleted by the next week.
    static let firstExport = [
        "2024-01-01.json": #"""
        [{"type":"message","ts":"1704103200.000100","user":"U1","text":"ship it","reactions":[{"name":"+1","users":["U2","U3"],"count":2},{"name":"tada","users":["U4"],"count":1}]},
         {"type":"message","ts":"1704103300.000200","user":"U2","text":"kept from the first export","reactions":[{"name":"eyes","users":["U1"],"count":1}]},
         {"type":"message","ts":"1704103400.000300","user":"U3","text":"oops","reactions":[{"name":"heart","users":["U4"],"count":1}]}]
        """#
    ]

    /// The channel on 2024-01-15: U3 took back 👍, 🎉 is gone and 🚀 came; the text was edited;
    /// the third message was deleted; a message of the new week.
    static let secondExport = [
        "2024-01-01.json": #"""
        [{"type":"message","ts":"1704103200.000100","user":"U1","text":"ship it!","reactions":[{"name":"+1","users":["U2"],"count":1},{"name":"rocket","users":["U3"],"count":1}]},
         {"type":"message","subtype":"tombstone","ts":"1704103400.000300","user":"USLACKBOT","text":"This message was deleted."}]
        """#,
        "2024-01-09.json":
            #"[{"type":"message","ts":"1704794400.000100","user":"U4","text":"new week","reactions":[{"name":"wave","users":["U1"],"count":1}]}]"#
    ]

    /// The two exports in `one` and `two` under a new folder; `newerFirst` puts the newer one in
    /// `one`, which is read first.
    static func twoSlackExports(newerFirst: Bool) throws -> URL {
        let root = try TestSupport.temporaryFolder()
        let (older, newer) = newerFirst ? ("two", "one") : ("one", "two")
        try writeSlackExport(root.appendingPathComponent(older), days: firstExport, time: firstWeek)
        try writeSlackExport(root.appendingPathComponent(newer), days: secondExport, time: secondWeek)
        return root
    }

    func testTwoSlackExportsAWeekApart() throws {
        for newerFirst in [false, true] {
            let root = try Self.twoSlackExports(newerFirst: newerFirst)
            defer { try? FileManager.default.removeItem(at: root) }
            let newer = root.appendingPathComponent(newerFirst ? "one" : "two").path
            let result = try ReportBuild(inputs: [root.appendingPathComponent("one").path, root.appendingPathComponent("two").path], options: BuildOptions())
                .inspect().result
            XCTAssertEqual(result.messages.map(\.id), ["1704103200.000100", "1704103300.000200", "1704103400.000300", "1704794400.000100"])
            XCTAssertEqual(result.messages.map(\.text), ["ship it!", "kept from the first export", "This message was deleted.", "new week"])
            XCTAssertEqual(result.messages.map(\.deleted), [false, false, true, false])
            XCTAssertEqual(
                result.messages.map(TestSupport.reactions), [["👍 1 [U2] complete", "🚀 1 [U3] complete"], ["👀 1 [U1] complete"], [], ["👋 1 [U1] complete"]])
            XCTAssertEqual(TestSupport.diagnostics(result), ["removed-by-newer-copy": 1, "deleted-in-newer-copy": 1], "newer first: \(newerFirst)")
            XCTAssertEqual(
                result.diagnostics.examples[.removedByNewerCopy]?.map(\.text),
                [
                    newer
                        + "/general/2024-01-01.json: 3 reaction(s) on 2 message(s) that older copies give are not in this copy, the newest: removed before it was taken, and counted as removed"
                ])
            XCTAssertEqual(
                result.diagnostics.examples[.deletedInNewerCopy]?.map(\.text),
                [newer + "/general/2024-01-01.json: 1 message(s) deleted in this copy, the newest, that older copies show not deleted: shown deleted"])
            // 👍 from U2 and U3, 🎉, 👀, ❤️, 🚀 and 👋 were read; 🎉, ❤️ and U3's 👍 were removed.
            XCTAssertEqual(result.tallies[.slack], ReactionTally(read: 7, counted: 4, removed: 3))
        }
    }

    /// An export held twice (a copy, made later) changes nothing: alone, it is read as once;
    /// beside the next week's export, as the two exports are.
    func testTheSameExportTwiceChangesNothing() throws {
        let root = try Self.twoSlackExports(newerFirst: false)
        defer { try? FileManager.default.removeItem(at: root) }
        let copy = root.appendingPathComponent("one-copy")
        try Self.writeSlackExport(copy, days: Self.firstExport, time: Self.firstWeek.addingTimeInterval(3_600))
        let (one, two) = (root.appendingPathComponent("one").path, root.appendingPathComponent("two").path)
        let once = try ReportBuild(inputs: [one], options: BuildOptions()).inspect().result
        let twice = try ReportBuild(inputs: [one, copy.path], options: BuildOptions()).inspect().result
        XCTAssertEqual(TestSupport.lines(twice), TestSupport.lines(once))
        XCTAssertEqual(
            twice.messages.map(TestSupport.reactions), [["👍 2 [U2,U3] complete", "🎉 1 [U4] complete"], ["👀 1 [U1] complete"], ["❤ 1 [U4] complete"]])
        XCTAssertEqual(TestSupport.diagnostics(twice), [:])
        XCTAssertEqual(twice.tallies[.slack], ReactionTally(read: 5, counted: 5))
        let weeks = try ReportBuild(inputs: [one, two], options: BuildOptions()).inspect().result
        let weeksAndCopy = try ReportBuild(inputs: [one, copy.path, two], options: BuildOptions()).inspect().result
        XCTAssertEqual(TestSupport.lines(weeksAndCopy), TestSupport.lines(weeks))
        XCTAssertEqual(
            weeksAndCopy.messages.map(TestSupport.reactions), [["👍 1 [U2] complete", "🚀 1 [U3] complete"], ["👀 1 [U1] complete"], [], ["👋 1 [U1] complete"]])
        XCTAssertEqual(weeksAndCopy.tallies[.slack], ReactionTally(read: 7, counted: 4, removed: 3))
    }

    /// The site of the two exports is the same whichever is read first: only the name of the
    /// folder holding the newer one, which the diagnostics give, differs.
    func testReadingOrderDoesNotChangeTheSite() throws {
        var sites: [[String: String]] = []
        for newerFirst in [false, true] {
            let root = try Self.twoSlackExports(newerFirst: newerFirst)
            defer { try? FileManager.default.removeItem(at: root) }
            let output = root.appendingPathComponent("site")
            let inputs = ["one", "two"].map { root.appendingPathComponent($0).path }
            _ = try ReportBuild(inputs: inputs, options: BuildOptions()).build(output: output.path)
            let (newer, older) = newerFirst ? ("one", "two") : ("two", "one")
            sites.append(
                try TestSupport.texts(in: output).mapValues {
                    $0.replacingOccurrences(of: root.appendingPathComponent(newer).path, with: "NEWER")
                        .replacingOccurrences(of: root.appendingPathComponent(older).path, with: "OLDER")
                })
        }
        XCTAssertGreaterThan(sites[0].count, 10)
        XCTAssertEqual(sites[0].keys.sorted(), sites[1].keys.sorted())
        for (path, text) in sites[0] { XCTAssertEqual(text, sites[1][path], path) }
        XCTAssertTrue(sites[0]["data/diagnostics.json"]?.contains("NEWER/general/2024-01-01.json") == true)
    }

    /// Two exports as Slack gives them, zip archives: each entry's own time says which is newer,
    /// not the time of the archive's file (here the older export's archive is the newer file).
    func testTwoZippedSlackExportsAreOrderedByTheirEntriesTimes() throws {
        let root = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        for (name, days, time, fileTime) in [
            ("a.zip", Self.secondExport, Self.secondWeek, Self.firstWeek), ("b.zip", Self.firstExport, Self.firstWeek, Self.secondWeek)
        ] {
            var zip = TestZip()
            zip.store("users.json", #"[{"id":"U1","name":"ada"},{"id":"U2","name":"bo"},{"id":"U3","name":"cy"},{"id":"U4","name":"di"}]"#)
            zip.store("channels.json", #"[{"id":"C1","name":"general"}]"#)
            for (day, text) in days.sorted(by: { $0.key < $1.key }) { zip.deflate("general/" + day, text) }
            for index in zip.entries.indices { zip.entries[index].unixTime = UInt32(time.timeIntervalSince1970) }
            let url = root.appendingPathComponent(name)
            try zip.write(to: url)
            try FileManager.default.setAttributes([.modificationDate: fileTime], ofItemAtPath: url.path)
        }
        let result = try ReportBuild(inputs: [root.path], options: BuildOptions()).inspect().result
        XCTAssertEqual(result.messages.map(\.text), ["ship it!", "kept from the first export", "This message was deleted.", "new week"])
        XCTAssertEqual(
            result.messages.map(TestSupport.reactions), [["👍 1 [U2] complete", "🚀 1 [U3] complete"], ["👀 1 [U1] complete"], [], ["👋 1 [U1] complete"]])
        XCTAssertEqual(result.diagnostics.examples[.removedByNewerCopy]?.map(\.file), [root.appendingPathComponent("a.zip").path + "/general/2024-01-01.json"])
        XCTAssertEqual(result.tallies[.slack], ReactionTally(read: 7, counted: 4, removed: 3))
    }

    /// Two exports of one time (here both folders' files modified at once) are one snapshot's
    /// parts, merged as one export's files are: the union of their reactions, the largest count,
    /// the first text read, deleted when either says so, and nothing named.
    func testExportsOfTheSameTimeAreMergedAsOne() throws {
        let root = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let (one, two) = (root.appendingPathComponent("one"), root.appendingPathComponent("two"))
        try Self.writeSlackExport(one, days: Self.firstExport, time: Self.firstWeek)
        try Self.writeSlackExport(two, days: Self.secondExport, time: Self.firstWeek)
        let result = try ReportBuild(inputs: [one.path, two.path], options: BuildOptions()).inspect().result
        XCTAssertEqual(result.messages.map(\.text), ["ship it", "kept from the first export", "oops", "new week"])
        XCTAssertEqual(result.messages.map(\.deleted), [false, false, true, false])
        XCTAssertEqual(
            result.messages.map(TestSupport.reactions),
            [["👍 2 [U2,U3] complete", "🎉 1 [U4] complete", "🚀 1 [U3] complete"], ["👀 1 [U1] complete"], ["❤ 1 [U4] complete"], ["👋 1 [U1] complete"]])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
        XCTAssertEqual(result.tallies[.slack], ReactionTally(read: 7, counted: 7))
    }

    /// DiscordChatExporter files on disk: their `exportedAt` says which is newer, not their
    /// files' times (here the newer export is the older file).
    func testDiscordExportedAtDecidesOverTheFilesTimes() throws {
        let root = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        for (name, text, time) in [
            ("a.json", SnapshotDocumentTests.newerDiscord, Self.firstWeek), ("b.json", SnapshotDocumentTests.olderDiscord, Self.secondWeek)
        ] {
            let url = root.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: url.path)
        }
        let result = try ReportBuild(inputs: [root.path], options: BuildOptions()).inspect().result
        XCTAssertEqual(result.messages.map(\.text), ["release notes v2", "draft", "thanks"])
        XCTAssertEqual(result.messages.map(TestSupport.reactions), [["👍 3 [2,3,5] complete"], [], ["😂 1 [3] complete"]])
        XCTAssertEqual(result.diagnostics.examples[.removedByNewerCopy]?.map(\.file), [root.appendingPathComponent("a.json").path])
        XCTAssertEqual(result.tallies[.discord], ReactionTally(read: 6, counted: 4, removed: 2))
    }

    /// `inspect` names what the newer export changed, in counts, with its file; so does the
    /// overview of the site.
    func testInspectAndTheOverviewNameWhatTheNewerCopyChanged() throws {
        let root = try Self.twoSlackExports(newerFirst: false)
        defer { try? FileManager.default.removeItem(at: root) }
        let inspect = try CLIRunner.run(["inspect", "one", "two"], in: root)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        let lines = inspect.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("  Slack: ") }, ["  Slack: 7 read, 4 counted, 3 removed by later events or newer copies"])
        XCTAssertEqual(
            Array(lines.drop { !$0.hasPrefix("Diagnostics:") }.prefix(5)),
            [
                "Diagnostics: 2",
                "  1 files whose newer copies of messages lack reactions older copies have [removed-by-newer-copy]",
                "    - two/general/2024-01-01.json: 3 reaction(s) on 2 message(s) that older copies give are not in this copy, the newest: removed before it was taken, and counted as removed",
                "  1 files whose newer copies of messages show them deleted [deleted-in-newer-copy]",
                "    - two/general/2024-01-01.json: 1 message(s) deleted in this copy, the newest, that older copies show not deleted: shown deleted"
            ])
        let build = try CLIRunner.run(["build", "one", "two", "-o", "site", "--quiet"], in: root)
        XCTAssertEqual(build.status, 0, build.stderr)
        let overview = try String(contentsOf: root.appendingPathComponent("site/summary.md"), encoding: .utf8)
        XCTAssertTrue(overview.contains("files whose newer copies of messages lack reactions older copies have"), overview)
        XCTAssertTrue(overview.contains("files whose newer copies of messages show them deleted"), overview)
    }
}
