import ByteOutput
import Foundation
import XCTest

@testable import ReactionReportKit

/// The output folder is ours only where we made it: what a swap replaces and what it never
/// touches, failures, leftovers, conflicts, and a swap stopped at every step.
final class SitePublisherTests: XCTestCase {
    struct Boom: Error {}

    func contents(of folder: URL) throws -> [String: String] { try TestSupport.texts(in: folder) }

    /// The manifest's text for `files`.
    func manifest(_ files: [String]) -> String {
        ([SiteManifest.header] + files.sorted()).joined(separator: "\n") + "\n"
    }

    /// Publishes `files` (path → text) into `output`.
    func publish(_ files: [String: String], into output: URL, allowingOtherFiles: Bool = true) throws {
        let folder = try OutputFolder.claim(output.path, inputs: [], allowingOtherFiles: allowingOtherFiles)
        try SitePublisher(folder: folder).publish { writer in
            for (path, text) in files.sorted(by: { $0.key < $1.key }) { try writer.write(path, ByteBuffer(text)) }
        }
    }

    func write(_ files: [String: String], in folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
    }

    func testASecondBuildReplacesOurFilesAndKeepsAPagesRepositorysOwn() throws {
        let parent = try TestSupport.temporaryFolder()
        let output = parent.appendingPathComponent("Output")
        let repository = [".git/HEAD": "ref", ".git/objects/ab/cd": "blob", ".nojekyll": "", "CNAME": "reports.example.org", "README.md": "# ours"]
        try write(repository, in: output)
        try publish(["index.html": "v1", "weeks/2026-W01/index.html": "w1", "data/weeks.json": "{}"], into: output, allowingOtherFiles: false)
        try publish(["index.html": "v2", "weeks/2026-W02/index.html": "w2"], into: output, allowingOtherFiles: false)
        XCTAssertEqual(
            try contents(of: output),
            repository.merging([
                "index.html": "v2", "weeks/2026-W02/index.html": "w2",
                ".reaction-report/manifest": manifest(["index.html", "weeks/2026-W02/index.html"])
            ]) { $1 })
        // The old site's folders it no longer has are gone; nothing is left beside the output.
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: output.path).sorted(),
            [".git", ".nojekyll", ".reaction-report", "CNAME", "README.md", "index.html", "weeks"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), ["Output"])
    }

    func testAFailedBuildLeavesThePreviousOutputUntouched() throws {
        let parent = try TestSupport.temporaryFolder()
        let output = parent.appendingPathComponent("Output")
        try publish(["index.html": "v1"], into: output)
        let folder = try OutputFolder.claim(output.path, inputs: [])
        XCTAssertThrowsError(
            try SitePublisher(folder: folder).publish { writer in
                try writer.write("index.html", ByteBuffer("v2"))
                throw Boom()
            })
        XCTAssertEqual(try contents(of: output), ["index.html": "v1", ".reaction-report/manifest": manifest(["index.html"])])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(".reaction-report").path), ["manifest"])
    }

    func testOnlyOurOwnLeftoversAreRemovedByTheirExactNames() throws {
        let parent = try TestSupport.temporaryFolder()
        let output = parent.appendingPathComponent("out")
        let strangers = [
            ".out.previous-backup/keep": "a", ".out.staging-notes/keep": "b", ".out.staging-123/keep": "c"
        ]
        try write(strangers, in: parent)
        try write(
            [
                ".reaction-report/staging-999/index.html": "left by a kill", ".reaction-report/displaced-12/0": "old",
                ".reaction-report/manifest.next": "half", ".reaction-report/staging-notes/keep": "d"
            ], in: output)
        try publish(["index.html": "v1"], into: output)
        XCTAssertEqual(
            try contents(of: parent),
            strangers.merging([
                "out/index.html": "v1", "out/.reaction-report/manifest": manifest(["index.html"]),
                "out/.reaction-report/staging-notes/keep": "d"
            ]) { $1 })
    }

    func testPathsThatLeaveTheOutputFolderAreRefused() throws {
        let parent = try TestSupport.temporaryFolder()
        for bad in ["../x", "/etc/passwd", "a/../../x", "a//b", "a\\..\\b", "", "a/\nb", ".reaction-report/manifest"] {
            XCTAssertThrowsError(try SitePublisher(target: parent.appendingPathComponent("Out").path).publish { try $0.write(bad, ByteBuffer("x")) }, bad)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: parent.appendingPathComponent("x").path))
    }

    func testWritingTheSameFileTwiceFails() throws {
        let parent = try TestSupport.temporaryFolder()
        XCTAssertThrowsError(
            try SitePublisher(target: parent.appendingPathComponent("Out").path).publish { writer in
                try writer.write("a.html", ByteBuffer("1"))
                try writer.write("a.html", ByteBuffer("2"))
            })
    }

    func testAFileWrittenInPartsHoldsThemInOrder() throws {
        let output = try TestSupport.temporaryFolder().appendingPathComponent("Out")
        try SitePublisher(target: output.path).publish { writer in
            try writer.write(
                "data/big.txt",
                parts: { emit in
                    for part in ["one ", "", "two ", "three"] { try emit(ByteBuffer(part)) }
                })
        }
        XCTAssertEqual(try contents(of: output), ["data/big.txt": "one two three", ".reaction-report/manifest": manifest(["data/big.txt"])])
    }

    func testAnEntryOfAnothersWhereTheSiteHasOneStopsTheSwapBeforeAnythingMoves() throws {
        let output = try TestSupport.temporaryFolder().appendingPathComponent("Out")
        try publish(["index.html": "v1", "data/weeks.json": "1"], into: output)
        try write(["data/notes.json": "mine"], in: output)
        XCTAssertThrowsError(try publish(["index.html": "v2", "data/weeks.json": "2", "data/notes.json": "site"], into: output)) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot write \(output.path)/data/notes.json: a file reaction-report did not write is there, where the site has data/notes.json; move it away or choose another -o"
            )
        }
        XCTAssertEqual(
            try contents(of: output),
            ["index.html": "v1", "data/weeks.json": "1", "data/notes.json": "mine", ".reaction-report/manifest": manifest(["data/weeks.json", "index.html"])])
        // Among others' files, ours are replaced one by one and theirs are kept.
        try publish(["index.html": "v3", "data/weeks.json": "3"], into: output)
        XCTAssertEqual(
            try contents(of: output),
            ["index.html": "v3", "data/weeks.json": "3", "data/notes.json": "mine", ".reaction-report/manifest": manifest(["data/weeks.json", "index.html"])])
    }

    func testASecondClaimOfTheSameFolderIsRefusedWhileTheFirstHoldsIt() throws {
        let output = try TestSupport.temporaryFolder().appendingPathComponent("Out")
        var first: OutputFolder? = try OutputFolder.claim(output.path, inputs: [])
        XCTAssertThrowsError(try OutputFolder.claim(output.path, inputs: [])) { error in
            XCTAssertEqual((error as? OutputFolder.Refusal)?.kind, .busy)
            XCTAssertEqual("\(error)", "another reaction-report build is writing into \(output.path); build again once it has ended")
        }
        XCTAssertNotNil(first)
        first = nil
        XCTAssertNoThrow(try OutputFolder.claim(output.path, inputs: []))
    }

    func testAnOutputThatIsALinkIsWrittenThroughAndStaysALink() throws {
        let parent = try TestSupport.temporaryFolder()
        let real = parent.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: parent.appendingPathComponent("site").path, withDestinationPath: "real")
        try publish(["index.html": "v1"], into: parent.appendingPathComponent("site"))
        try publish(["index.html": "v2"], into: parent.appendingPathComponent("site"))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: parent.appendingPathComponent("site").path), "real")
        XCTAssertEqual(try contents(of: real), ["index.html": "v2", ".reaction-report/manifest": manifest(["index.html"])])
    }

    /// Every step of a swap stopped, as a kill would stop it, with and without the atomic
    /// exchange: others' files (a repository's many hidden ones among them) are never lost,
    /// every file of ours left is in the manifest, and the next build makes the whole new site.
    func testASwapStoppedAtAnyStepLosesNoFileOfAnothersAndTheNextBuildRecovers() throws {
        let others = [
            ".git/HEAD": "ref", "CNAME": "example.org", "README.md": "readme", "notes.txt": "mine", "data/mine/keep.txt": "kept",
            "weeks/own.txt": "own"
        ].merging((0..<40).map { (".git/objects/\($0)", "object \($0)") }) { $1 }
        let old = ["index.html": "v1", "data/weeks.json": "1", "data/old.csv": "old", "weeks/2026-W01/index.html": "w1", "assets/style.css": "s1"]
        let new = ["index.html": "v2", "data/weeks.json": "2", "weeks/2026-W02/index.html": "w2", "assets/style.css": "s2", "feed.xml": "f"]
        let last = ["index.html": "v3", "data/weeks.json": "3", "weeks/2026-W03/index.html": "w3"]
        for exchange in [true, false] {
            var stop = 0
            while true {
                let output = try TestSupport.temporaryFolder().appendingPathComponent("Out")
                // Others' files at the root first; inside our folders once there are some.
                try write(others.filter { !$0.key.contains("/") || $0.key.hasPrefix(".") }, in: output)
                try publish(old, into: output)
                try write(others, in: output)
                // The publisher, and its claim on the folder, end with this call, as with a kill.
                func swap() throws -> Bool {
                    var publisher = SitePublisher(folder: try OutputFolder.claim(output.path, inputs: [], allowingOtherFiles: true))
                    publisher.exchangeAvailable = exchange
                    publisher.interruption = SiteSwap.Interruption(after: stop)
                    do {
                        try publisher.publish { writer in
                            for (path, text) in new.sorted(by: { $0.key < $1.key }) { try writer.write(path, ByteBuffer(text)) }
                        }
                        return false
                    } catch is SiteSwap.Interrupted {
                        return true
                    }
                }
                let stopped = try swap()
                let after = try contents(of: output)
                for (path, text) in others { XCTAssertEqual(after[path], text, "\(path) after a stop at step \(stop), exchange \(exchange)") }
                let listed = Set((after[".reaction-report/manifest"] ?? "").split(separator: "\n").dropFirst().map(String.init))
                for path in after.keys where others[path] == nil && !path.hasPrefix(".reaction-report/") {
                    XCTAssertTrue(listed.contains(path), "\(path) is not in the manifest after a stop at step \(stop), exchange \(exchange)")
                }
                try publish(last, into: output)
                XCTAssertEqual(
                    try contents(of: output), others.merging(last) { $1 }.merging([".reaction-report/manifest": manifest(Array(last.keys))]) { $1 },
                    "after a stop at step \(stop), exchange \(exchange)")
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(".reaction-report").path), ["manifest"])
                guard stopped else { break }
                stop += 1
            }
            // Every operation is a step: the journal, the entries, the removals, the manifest, the clean-up.
            XCTAssertGreaterThan(stop, exchange ? 8 : 12)
        }
    }
}
