import Foundation
import XCTest
@testable import ReactionReportKit

/// Pins the HTML and Markdown for a small mixed fixture. Regenerate deliberately with
/// `UPDATE_GOLDEN=1 swift test --filter GoldenSiteTests`.
final class GoldenSiteTests: XCTestCase {
    let golden = TestSupport.testsFolder.appendingPathComponent("Golden")

    func site() throws -> [String: String] {
        let result = try TestSupport.settleFixtures([
            "pubnub/chat-history.json", "pubnub/events.jsonl", "stream/export.json",
            "cometchat/messages.json", "cometchat/reactions.json", "cometchat/events.json",
        ])
        var options = BuildOptions()
        options.viewer = "carol"
        options.title = "Golden fixture"
        options.countCap = 2
        return try MemoryWriter.render(result, options: options)
    }

    func testSiteMatchesGoldenFiles() throws {
        let files = try site()
        let pinned = ["index.html", "summary.md", "conversations/stream-general/index.html", "conversations/pubnub-support/index.html",
                      "data/messages.jsonl", "data/diagnostics.json"]
        XCTAssertEqual(files.keys.sorted(), [
            "assets/style.css", "conversations/cometchat-launch/index.html", "conversations/pubnub-support/index.html",
            "conversations/stream-general/index.html", "data/diagnostics.json", "data/messages.jsonl", "index.html", "summary.md",
        ])
        for name in pinned {
            let url = golden.appendingPathComponent(name.replacingOccurrences(of: "/", with: "__"))
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
                try files[name]!.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: url, encoding: .utf8)
            XCTAssertEqual(files[name], expected, "\(name) differs from Golden/\(url.lastPathComponent)")
        }
    }

    func testRenderingTwiceIsByteIdentical() throws {
        XCTAssertEqual(try site(), try site())
    }

    func testBuiltinTemplatesAreEmbeddedFromTemplatesFolder() throws {
        let folder = TestSupport.packageRoot.appendingPathComponent("Templates")
        let onDisk = try TestSupport.texts(in: folder)
        XCTAssertEqual(BuiltinTemplates.files, onDisk, "run: python3 Scripts/embed-templates.py")
    }
}
