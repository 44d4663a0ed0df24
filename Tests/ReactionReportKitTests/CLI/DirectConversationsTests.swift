import Foundation
import XCTest

@testable import ReactionReportKit

/// Direct conversations are never dropped in silence: left out by default with a note saying how
/// many and how to include them; covered, with a note, when they are all the input holds.
final class DirectConversationsTests: XCTestCase {
    let personalChat = #"""
        {"name": "Ada Okafor", "type": "personal_chat", "id": 4242,
         "messages": [
          {"id": 1, "type": "message", "date": "2024-11-17T21:22:41", "date_unixtime": "1731878561", "from": "Ada Okafor", "from_id": "user4242", "text": "lunch?",
           "reactions": [{"type": "emoji", "count": 1, "emoji": "👍", "recent": [{"from": "Bo", "from_id": "user7", "date": "2024-11-17T21:23:00"}]}]},
          {"id": 2, "type": "message", "date": "2024-11-17T21:24:00", "date_unixtime": "1731878640", "from": "Bo", "from_id": "user7", "text": "yes"}
         ]}
        """#

    func testOnePersonalChatIsReportedWithANote() throws {
        let folder = try TestSupport.temporaryFolder()
        try Data(personalChat.utf8).write(to: folder.appendingPathComponent("result.json"))
        let build = try CLIRunner.run(["build", "result.json", "-o", "out"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertEqual(
            build.stderr,
            "reaction-report: note: the input holds only direct conversations, so the report covers its 1 direct conversation (2 messages, 1 reaction); --no-include-direct-messages leaves them out\n"
        )
        XCTAssertEqual(build.stdout, "Wrote out/: 24 files (88.5 kB) from 1 input file, 2 messages, 1 reaction.\n")
        // The report says it too, to its readers.
        let index = try String(contentsOf: folder.appendingPathComponent("out/index.html"), encoding: .utf8)
        XCTAssertTrue(
            index.contains(
                #"<ul class="notes"><li>This report covers direct conversations only, as the input held nothing else: 1 direct conversation (2 messages, 1 reaction).</li></ul>"#
            ), index)
        let summary = try String(contentsOf: folder.appendingPathComponent("out/summary.md"), encoding: .utf8)
        XCTAssertTrue(
            summary.contains(
                "\n\n> This report covers direct conversations only, as the input held nothing else: 1 direct conversation (2 messages, 1 reaction).\n\n| Figure |"
            ), summary)
        let inspect = try CLIRunner.run(["inspect", "result.json"], in: folder)
        XCTAssertEqual(
            inspect.stdout,
            """
            Files:
              result.json: telegram-desktop
            Conversations:
              Telegram / Ada Okafor (4242): 2 messages, 1 reaction
            Direct conversations: the input holds only direct conversations, so the report covers its 1 direct conversation (2 messages, 1 reaction); --no-include-direct-messages leaves them out
            Reactions:
              Telegram: 1 read, 1 counted
            Diagnostics: 0

            """)
        // Asked to leave them out, it does, and says so.
        let leftOut = try CLIRunner.run(["inspect", "result.json", "--no-include-direct-messages"], in: folder)
        XCTAssertTrue(
            leftOut.stdout.hasSuffix(
                """
                Conversations:
                Direct conversations: 1 direct conversation (2 messages, 1 reaction) left out; --include-direct-messages (or includeDirectMessages = true) includes them
                Reactions:
                  Telegram: 1 read, 0 counted, 1 left out by the report's options
                Diagnostics: 0

                """), leftOut.stdout)
    }

    func testDirectConversationsBesideChannelsAreLeftOutWithANote() throws {
        let folder = try TestSupport.temporaryFolder()
        let build = try CLIRunner.run(["build", TestSupport.fixtures.appendingPathComponent("slack/workspace").path, "-o", "out"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(
            build.stderr.hasPrefix(
                "reaction-report: note: 1 direct conversation (1 message, 1 reaction) left out; --include-direct-messages (or includeDirectMessages = true) includes them\n"
            ), build.stderr)
        let included = try CLIRunner.run(
            ["inspect", TestSupport.fixtures.appendingPathComponent("slack/workspace").path, "--include-direct-messages"], in: folder)
        XCTAssertTrue(included.stdout.contains("Direct conversations: 1, included as asked\n"), included.stdout)
        let quiet = try CLIRunner.run(["build", TestSupport.fixtures.appendingPathComponent("slack/workspace").path, "-o", "out2", "--quiet"], in: folder)
        XCTAssertEqual(quiet.stderr, "")
    }

    /// Reactions of the input that are not counted are announced on the overview.
    func testTheOverviewSaysHowManyReactionsAreNotCounted() throws {
        let folder = try TestSupport.temporaryFolder()
        let text =
            #"{"guild":{"id":"g"},"channel":{"id":"c","name":"general"},"messages":[{"id":"m1","timestamp":"2026-01-05T10:00:00Z","author":{"id":"u"},"content":"x","reactions":[{"emoji":{"id":"","name":"👍"},"count":2}],"extra":{"reactions":[{"count":3}]}}]}"#
        try Data(text.utf8).write(to: folder.appendingPathComponent("d.json"))
        let build = try CLIRunner.run(["build", "d.json", "-o", "out", "--quiet"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        let index = try String(contentsOf: folder.appendingPathComponent("out/index.html"), encoding: .utf8)
        XCTAssertTrue(index.contains(#"<ul class="notes"><li>3 reactions of the input are not counted; the diagnostics below name them.</li></ul>"#), index)
    }
}
