import Foundation
import XCTest

@testable import ReactionReportKit

final class AnonymizerTests: XCTestCase {
    func anonymizedSite() throws -> (result: LedgerResult, files: [String: String]) {
        var options = BuildOptions()
        options.anonymize = true
        options.includeDirectMessages = true
        let outcome = try ReportBuild(inputs: [TestSupport.fixtures.appendingPathComponent("slack/workspace").path], options: options).inspect()
        return (outcome.result, try MemoryWriter.render(outcome.result, options: options))
    }

    func testNoNameOrUserIDReachesAnyFile() throws {
        let (result, files) = try anonymizedSite()
        let first = result.messages[0]
        XCTAssertEqual(first.authorID, "anon-" + String(StableHash.hex("slack\u{1F}U1").prefix(12)))
        XCTAssertTrue(first.text.contains("<@anon-" + String(StableHash.hex("slack\u{1F}U2").prefix(12)) + ">"), first.text)
        XCTAssertEqual(result.conversations.filter(\.isDirect).map(\.name), ["Direct conversation " + String(StableHash.hex("slack\u{1F}D0DM").prefix(6))])
        let secrets = ["Ada Okafor", "Bo Lind", "bo.l", "\"U1\"", "\"U2\"", "\"U3\"", "\"U4\"", "<@U2>", "Ada", ">cy<"]
        XCTAssertGreaterThan(files.count, 8)
        for (name, text) in files where name != "assets/style.css" {
            for secret in secrets { XCTAssertFalse(text.contains(secret), "\(name) contains \(secret)") }
        }
        // Mentions still read as names: the pseudonym's.
        let author = try XCTUnwrap(first.authorName)
        let mentioned = try XCTUnwrap(result.people[.slack]?["anon-" + String(StableHash.hex("slack\u{1F}U2").prefix(12))])
        XCTAssertTrue(files["conversations/slack-general/index.html"]!.contains("@" + mentioned), mentioned)
        XCTAssertTrue(PseudonymBook.adjectives.contains(String(author.split(separator: " ")[0])), author)
        // Diagnostics keep their counts, not their details.
        XCTAssertEqual(result.diagnostics.examples[.unknownUser]?.map(\.detail), ["details withheld: the report is anonymized"])
    }

    func testPseudonymsAreStableAcrossBuilds() throws {
        XCTAssertEqual(try anonymizedSite().files, try anonymizedSite().files)
        var book = PseudonymBook()
        let key = PersonKey(platform: .slack, id: "U1")
        book.register(key)
        XCTAssertEqual(book[key].id, "anon-" + String(StableHash.hex("slack\u{1F}U1").prefix(12)))
        XCTAssertEqual(StableHash.hex(""), "cbf29ce484222325")
        XCTAssertEqual(StableHash.hex("a"), "af63dc4c8601ec8c")
    }
}
