import XCTest
@testable import ReactionReportKit

final class SlackImporterTests: XCTestCase {
    func read(_ path: String, options: BuildOptions = BuildOptions()) throws -> ReportBuild.Outcome {
        try ReportBuild(inputs: [TestSupport.fixtures.appendingPathComponent(path).path], options: options).inspect()
    }

    func testRealExportFolderWithItsBotReaction() throws {
        let outcome = try read("slack/sample")
        let result = outcome.result
        XCTAssertEqual(outcome.files.map(\.format.id), ["slack-export"])
        XCTAssertEqual(result.messages.count, 150)
        XCTAssertEqual(Dictionary(grouping: result.messages, by: \.conversationName).mapValues(\.count), ["enrique": 98, "traveling-sailor": 52])
        let reacted = result.messages.filter { !$0.reactions.isEmpty }
        XCTAssertEqual(reacted.map(\.id), ["1459154014.000018"])
        XCTAssertEqual(TestSupport.reactions(reacted[0]), [":botman: 1 [U0BMYT2FL] complete"])
        XCTAssertEqual(reacted[0].conversationID, "C0JGLMMNX")
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func workspaceChecks(_ result: LedgerResult) {
        XCTAssertEqual(result.messages.map(\.id), ["1700000000.000100", "1700000100.000300"])
        let first = result.messages[0]
        XCTAssertEqual(first.conversationName, "general")
        XCTAssertEqual(first.authorName, "Ada Okafor")
        XCTAssertEqual(TestSupport.reactions(first), ["👍🏻 2 [U2,U3] complete", "👍 1 [U4] complete", ":partyparrot: 57 [U2] incomplete"])
        XCTAssertEqual(first.reactions[0].reactors.map(\.name), ["bo.l", "cy"])
        XCTAssertEqual(result.messages[1].threadParentID, "1700000000.000100")
        XCTAssertEqual(TestSupport.diagnostics(result)["unknown-user"], 1)
    }

    func testFolderAndZipGiveTheSameResultAndDirectMessagesAreLeftOut() throws {
        let folder = try read("slack/workspace").result
        workspaceChecks(folder)
        let zip = try read("slack/workspace.zip")
        workspaceChecks(zip.result)
        XCTAssertEqual(TestSupport.lines(zip.result), TestSupport.lines(folder))
        XCTAssertEqual(zip.result.diagnostics.examples[.skippedFile]?.map(\.detail), [
            "entry \"../escape.json\" refused: its path could leave the folder", "entry \"/abs.json\" refused: its path could leave the folder",
        ].sorted())
        var options = BuildOptions()
        options.includeDirectMessages = true
        let withDMs = try read("slack/workspace", options: options).result
        XCTAssertEqual(withDMs.messages.map(\.conversationName), ["general", "general", "Ada Okafor, bo.l"])
    }

    func testMrkdwnBecomesSafeCommonMark() throws {
        let result = try read("slack/workspace").result
        let markup = MessageMarkup(people: result.people, conversations: [.slack: ["C1": "general"]])
        XCTAssertEqual(markup.commonMark(result.messages[0]),
                       ##"deploy done **for real** [run log](<https://example.org/run/1>) cc \@bo\.l in \#general <b>"##)
        XCTAssertEqual(CommonMark.html(markup.commonMark(result.messages[0])),
                       "<p>deploy done <strong>for real</strong> <a href=\"https://example.org/run/1\">run log</a> cc @bo.l in #general &lt;b&gt;</p>\n")
        XCTAssertEqual(CommonMark.html(markup.commonMark(result.messages[1])), "<p>click me <em>nice</em></p>\n")
    }

    func testZipLimitsStopBombs() throws {
        var limits = ZipArchive.Limits()
        limits.maximumTotalSize = 100
        XCTAssertThrowsError(try InputTree.zip(TestSupport.fixtures.appendingPathComponent("slack/workspace.zip").path, limits: limits)) { error in
            XCTAssertTrue("\(error)".hasSuffix("workspace.zip: unpacks to more than the limit of 100 bytes"), "\(error)")
        }
    }
}
