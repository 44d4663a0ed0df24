import XCTest
@testable import ReactionReportKit

final class StreamImporterTests: XCTestCase {
    func testExportV1GroupsWinOverCountsAndLatestReactionsAreTheReactors() throws {
        let result = try TestSupport.settleFixtures(["stream/export.json"])
        XCTAssertEqual(result.messages.map(\.id), ["m-1", "m-2", "m-3"])
        let first = result.messages[0]
        XCTAssertEqual(first.conversationID, "messaging:general")
        XCTAssertEqual(first.conversationName, "General")
        XCTAssertEqual(first.authorName, "Alice Moreau")
        // like: group count 3 (reaction_counts says 9), bob and carol listed (carol earlier); erin's own_reactions ignored.
        XCTAssertEqual(TestSupport.reactions(first), ["👍 3 [carol,bob] incomplete", "👏 1 [dave] complete"])
        XCTAssertEqual(first.reactions[0].firstAt?.rfc3339, "2024-04-17T13:01:00.5Z")
        XCTAssertEqual(first.reactions[0].reactors.map(\.name), ["Carol Diaz", "Bob Ito"])
        XCTAssertEqual(first.reactions[1].reactors.map(\.name), [nil])
        let deleted = result.messages[1]
        XCTAssertTrue(deleted.deleted)
        XCTAssertEqual(TestSupport.reactions(deleted), ["❤ 1 [alice] complete"])
        XCTAssertEqual(result.messages[2].threadParentID, "m-1")
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testPlainMessageArrayUsesTheMessageCid() throws {
        let messages = #"[{"id":"x1","cid":"team:ops","text":"deploy?","user":{"id":"u1","name":"U One"},"created_at":"2024-01-01T00:00:00Z","reaction_counts":{"fire":2},"latest_reactions":[{"type":"fire","user_id":"u2","created_at":"2024-01-01T00:01:00Z"}]}]"#
        let result = try TestSupport.settle([("ops.json", messages)])
        XCTAssertEqual(result.messages[0].conversationID, "team:ops")
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["🔥 2 [u2] incomplete"])
    }
}
