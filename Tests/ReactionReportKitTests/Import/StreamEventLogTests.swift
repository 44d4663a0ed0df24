import XCTest

@testable import ReactionReportKit

/// Logs of Stream events (`StreamImporter+Events.swift`): applied by identity, not by order.
final class StreamEventLogTests: XCTestCase {
    /// bob's like is deleted by an event placed before its add; dave's like is added, deleted
    /// and added again (two instances told apart by `created_at`); erin's haha is replaced by
    /// her wow (`reaction.updated`); older copies of m-1 count two likes, but only the latest
    /// copy's totals are used; m-1 is edited, m-2 deleted.
    func testEventsAreAppliedByIdentityWhateverTheirOrder() throws {
        let (formats, result) = try TestSupport.settleFixturesDetecting("stream", ["events.jsonl"])
        XCTAssertEqual(formats, ["stream-events"])
        XCTAssertEqual(
            TestSupport.lines(result),
            [
                #"{"platform":"stream","conversation":{"id":"messaging:release","name":"messaging:release"},"id":"m-1","author":{"id":"alice","name":"Alice Moreau"},"sentAt":"2024-05-06T10:00:00Z","thread":null,"deleted":false,"text":"release 1.2 is out","reactionCount":3,"reactions":[{"key":"❤","emoji":"❤️","name":"red heart","custom":false,"image":null,"count":1,"reactors":[{"id":"carol","name":"Carol Diaz","at":"2024-05-06T10:03:00Z"}],"reactorsComplete":true,"firstAt":"2024-05-06T10:03:00Z"},{"key":"👍","emoji":"👍","name":"thumbs up","custom":false,"image":null,"count":1,"reactors":[{"id":"dave","name":"Dave Okoro","at":"2024-05-06T10:06:00Z"}],"reactorsComplete":true,"firstAt":"2024-05-06T10:06:00Z"},{"key":"😮","emoji":"😮","name":"face with open mouth","custom":false,"image":null,"count":1,"reactors":[{"id":"erin","name":"Erin Walsh","at":"2024-05-06T10:08:00Z"}],"reactorsComplete":true,"firstAt":"2024-05-06T10:08:00Z"}]}"#,
                #"{"platform":"stream","conversation":{"id":"messaging:release","name":"messaging:release"},"id":"m-2","author":{"id":"bob","name":"Bob Ito"},"sentAt":"2024-05-06T10:10:00Z","thread":null,"deleted":true,"text":"wrong channel","reactionCount":1,"reactions":[{"key":"❤","emoji":"❤️","name":"red heart","custom":false,"image":null,"count":1,"reactors":[{"id":"carol","name":"Carol Diaz","at":"2024-05-06T10:11:00Z"}],"reactorsComplete":true,"firstAt":"2024-05-06T10:11:00Z"}]}"#
            ])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
        // bob's like and erin's haha were removed; dave's first like is one reactor with his second.
        XCTAssertEqual(result.tallies[.stream], ReactionTally(read: 6, counted: 4, removed: 2))
    }

    /// The log and an export of the same channel taken after it agree; read together they give
    /// what the export gives alone (which also names the channel).
    func testAnEventLogAndAnExportOfTheChannelAgree() throws {
        let log = try TestSupport.settleFixtures(["stream/events.jsonl"])
        let export = try TestSupport.settleFixtures(["stream/export-after-events.json"])
        let both = try TestSupport.settleFixtures(["stream/events.jsonl", "stream/export-after-events.json"])
        XCTAssertEqual(TestSupport.lines(both), TestSupport.lines(export))
        func content(_ result: LedgerResult) -> [String] {
            result.messages.map {
                "\($0.id) \($0.text) deleted:\($0.deleted) \(TestSupport.reactions($0)) \($0.reactions.map { $0.reactors.map { $0.at?.rfc3339 ?? "-" } })"
            }
        }
        XCTAssertEqual(content(log), content(export))
        XCTAssertEqual(TestSupport.diagnostics(both), [:])
        XCTAssertEqual(both.tallies[.stream], ReactionTally(read: 6, counted: 4, removed: 2))
    }

    /// A deletion without `created_at` cancels the instances of its (message, type, user) not
    /// known to be newer; a reaction event without a message copy after the latest copy makes
    /// that copy's totals out of date: they are named, not used. Other events are passed over.
    func testDeletionsWithoutTimesAndEventsWithoutCopies() throws {
        let log = """
            {"type":"health.check","connection_id":"c-1","created_at":"2024-05-06T09:59:00Z","cid":"*"}
            {"type":"message.new","cid":"team:ops","message":{"id":"o1","text":"deploy?","user":{"id":"ann"},"created_at":"2024-05-06T10:00:00Z"},"created_at":"2024-05-06T10:00:00Z"}
            {"type":"reaction.new","cid":"team:ops","message":{"id":"o1","text":"deploy?","user":{"id":"ann"},"created_at":"2024-05-06T10:00:00Z","reaction_counts":{"like":3},"latest_reactions":[{"type":"like","user_id":"bo"}]},"reaction":{"type":"like","user_id":"bo","message_id":"o1"},"created_at":"2024-05-06T10:02:00Z"}
            {"type":"typing.start","cid":"team:ops","user":{"id":"cy"},"created_at":"2024-05-06T10:02:30Z"}
            {"type":"reaction.deleted","cid":"team:ops","reaction":{"type":"like","user_id":"bo","message_id":"o1"},"created_at":"2024-05-06T10:03:00Z"}
            {"type":"reaction.new","cid":"team:ops","reaction":{"type":"fire","user_id":"cy","message_id":"o1","created_at":"2024-05-06T10:04:00Z"},"created_at":"2024-05-06T10:04:00Z"}
            """
        let (formats, result) = try TestSupport.settleDetecting([("ops.jsonl", log)])
        XCTAssertEqual(formats, ["stream-events"])
        XCTAssertEqual(result.messages.map(\.id), ["o1"])
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["🔥 1 [cy] complete"])
        XCTAssertEqual(
            result.diagnostics.examples[.skippedRecord]?.map { "\($0.detail) [\($0.reactions)]" },
            [
                "message o1: its latest copy in the log (event 3) comes before event 6, a reaction event without a copy; its totals are not used, its listed reactors are counted [2]"
            ])
        XCTAssertEqual(TestSupport.diagnostics(result), ["skipped-record": 1])
        XCTAssertEqual(result.tallies[.stream], ReactionTally(read: 4, counted: 1, diagnosed: 2, removed: 1))
    }

    /// One webhook payload saved as a file is a log of one event.
    func testOneEventIsALog() throws {
        let event = #"""
            {"type":"reaction.new","cid":"messaging:fun","channel_type":"messaging","channel_id":"fun",
             "message":{"id":"f1","text":"hi","type":"regular","user":{"id":"tom","name":"Tom"},"created_at":"2020-03-30T07:54:46.277381Z",
                        "latest_reactions":[{"type":"love","user_id":"thi","user":{"id":"thi","name":"Thi"},"message_id":"f1","created_at":"2020-03-30T07:55:00.1Z"}],
                        "reaction_counts":{"love":1},"reaction_scores":{"love":1}},
             "reaction":{"type":"love","user_id":"thi","user":{"id":"thi","name":"Thi"},"message_id":"f1","created_at":"2020-03-30T07:55:00.1Z"},
             "user":{"id":"thi","name":"Thi"},"created_at":"2020-03-30T07:55:00.2Z"}
            """#
        let (formats, result) = try TestSupport.settleDetecting([("hook.json", event)])
        XCTAssertEqual(formats, ["stream-events"])
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["❤ 1 [thi] complete"])
        XCTAssertEqual(result.messages[0].reactions[0].reactors.map(\.name), ["Thi"])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
        XCTAssertEqual(result.tallies[.stream], ReactionTally(read: 1, counted: 1))
    }
}
