import XCTest

@testable import JSONReader
@testable import ReactionReportKit

final class StreamImporterTests: XCTestCase {
    func testExportV1GroupsWinOverCountsAndLatestAndOwnReactionsAreTheReactors() throws {
        let result = try TestSupport.settleFixtures(["stream/export.json"])
        XCTAssertEqual(result.messages.map(\.id), ["m-1", "m-2", "m-3"])
        let first = result.messages[0]
        XCTAssertEqual(first.conversationID, "messaging:general")
        XCTAssertEqual(first.conversationName, "General")
        XCTAssertEqual(first.authorName, "Alice Moreau")
        // like: group count 3 (reaction_counts says 9), bob and carol in latest_reactions, erin in
        // own_reactions (the exporting user's reactions are reactions too), earliest first.
        XCTAssertEqual(TestSupport.reactions(first), ["👍 3 [erin,carol,bob] complete", "👏 1 [dave] complete"])
        XCTAssertEqual(first.reactions[0].firstAt?.rfc3339, "2024-04-17T13:01:00.5Z")
        XCTAssertEqual(first.reactions[0].reactors.map(\.name), [nil, "Carol Diaz", "Bob Ito"])
        XCTAssertEqual(first.reactions[1].reactors.map(\.name), [nil])
        let deleted = result.messages[1]
        XCTAssertTrue(deleted.deleted)
        XCTAssertEqual(TestSupport.reactions(deleted), ["❤ 1 [alice] complete"])
        XCTAssertEqual(result.messages[2].threadParentID, "m-1")
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
        XCTAssertEqual(result.tallies[.stream], ReactionTally(read: 5, counted: 5))
    }

    func testPlainMessageArrayUsesTheMessageCid() throws {
        let messages =
            #"[{"id":"x1","cid":"team:ops","text":"deploy?","user":{"id":"u1","name":"U One"},"created_at":"2024-01-01T00:00:00Z","reaction_counts":{"fire":2},"latest_reactions":[{"type":"fire","user_id":"u2","created_at":"2024-01-01T00:01:00Z"}]}]"#
        let result = try TestSupport.settle([("ops.json", messages)])
        XCTAssertEqual(result.messages[0].conversationID, "team:ops")
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["🔥 2 [u2] incomplete"])
    }

    /// Counts are whole numbers in range (`3`, `3.0`, `"3"`); any other is named with what is
    /// wrong with it, and its type counts its listed reactors.
    func testCountsThatAreNotCountsAreNamedAndTheReactorsCount() throws {
        let messages = #"""
            [{"id":"c1","cid":"t:c","text":"x","user":{"id":"u"},"created_at":"2024-01-01T00:00:00Z",
              "reaction_groups":{"like":{"count":2.5},"love":{"count":"3"},"fire":{"sum_scores":2}},
              "reaction_counts":{"like":9,"clap":3.0,"wow":-1},
              "latest_reactions":[{"type":"like","user_id":"a"},{"type":"wow","user_id":"b"}]}]
            """#
        let result = try TestSupport.settle([("c.json", messages)])
        // Totals are read before reactors: the types with a total come first (no times given).
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["❤ 3 [] incomplete", "👏 3 [] incomplete", "👍 1 [a] complete", "😮 1 [b] complete"])
        XCTAssertEqual(
            result.diagnostics.examples[.invalidCount]?.map(\.detail),
            [
                "message c1: the count of like (2.5 is not a whole number) is not used; its listed reactors are counted",
                "message c1: the fire reactions have no count; their listed reactors are counted",
                "message c1: the count of wow (-1 is negative) is not used; its listed reactors are counted"
            ])
        XCTAssertEqual(result.tallies[.stream], ReactionTally(read: 8, counted: 8))
    }

    /// `reaction_scores` without a total are sums of scores: the score beyond the listed
    /// reactions' scores is named (at most that many reactions are missing), not counted.
    func testScoresWithoutTotalsAreNamed() throws {
        let messages = #"""
            [{"id":"s1","cid":"t:c","text":"x","user":{"id":"u"},"created_at":"2024-01-01T00:00:00Z",
              "reaction_scores":{"clap":7,"like":1},
              "latest_reactions":[{"type":"clap","user_id":"a","score":5},{"type":"like","user_id":"b"}]}]
            """#
        let result = try TestSupport.settle([("s.json", messages)])
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["👏 1 [a] complete", "👍 1 [b] complete"])
        XCTAssertEqual(
            result.diagnostics.examples[.unreadReactions]?.map(\.text),
            [
                "s.json: message s1: reaction_scores (clap 7) are sums of scores, not counts, and no reaction_groups or reaction_counts give the count; up to 2 reaction(s) beyond the listed ones are not counted"
            ])
        XCTAssertEqual(result.tallies[.stream], ReactionTally(read: 4, counted: 2, diagnosed: 2))
    }

    /// Quoted and pinned messages are copies of messages of the channel: read as messages, once.
    func testQuotedAndPinnedMessagesAreReadAsMessagesOnce() throws {
        let export = #"""
            {"channel":{"id":"g","type":"messaging","name":"General"},
             "messages":[
               {"id":"m1","text":"ship it","user":{"id":"ada"},"created_at":"2024-01-01T10:00:00Z",
                "reaction_counts":{"like":2},"latest_reactions":[{"type":"like","user_id":"bo","created_at":"2024-01-01T10:01:00Z"}]},
               {"id":"m2","text":"> ship it\nshipped","user":{"id":"bo"},"created_at":"2024-01-01T11:00:00Z",
                "quoted_message":{"id":"m0","text":"old plan","user":{"id":"cy"},"created_at":"2024-01-01T09:00:00Z",
                                  "reaction_counts":{"fire":1},"latest_reactions":[{"type":"fire","user_id":"ada","created_at":"2024-01-01T09:30:00Z"}]}}],
             "pinned_messages":[
               {"id":"m1","text":"ship it","user":{"id":"ada"},"created_at":"2024-01-01T10:00:00Z",
                "reaction_counts":{"like":2},"latest_reactions":[{"type":"like","user_id":"bo","created_at":"2024-01-01T10:01:00Z"}]}]}
            """#
        let result = try TestSupport.settle([("general.json", export)])
        XCTAssertEqual(result.messages.map(\.id), ["m0", "m1", "m2"])
        XCTAssertEqual(result.messages.map(\.conversationID), ["messaging:g", "messaging:g", "messaging:g"])
        XCTAssertEqual(result.messages.map { TestSupport.reactions($0) }, [["🔥 1 [ada] complete"], ["👍 2 [bo] incomplete"], []])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
        XCTAssertEqual(result.tallies[.stream], ReactionTally(read: 3, counted: 3))
    }

    /// A listed reaction without a type or a user is named; it is counted as lost only where no
    /// total covers it.
    func testReactionsWithoutTypeOrUserAreNamed() throws {
        let messages = #"""
            [{"id":"n1","cid":"t:c","text":"x","user":{"id":"u"},"created_at":"2024-01-01T00:00:00Z",
              "reaction_counts":{"like":2},"latest_reactions":[{"type":"like"},{"user_id":"a"},{"type":"love","user":{"name":"Nobody"}}]}]
            """#
        let result = try TestSupport.settle([("n.json", messages)])
        XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["👍 2 [] incomplete"])
        XCTAssertEqual(
            result.diagnostics.examples[.invalidReaction]?.map { "\($0.detail) [\($0.reactions)]" },
            [
                "message n1: a like reaction in latest_reactions without a user id [0]",
                "message n1: a reaction in latest_reactions without a type [0]",
                "message n1: a love reaction in latest_reactions without a user id [1]"
            ])
        XCTAssertEqual(result.tallies[.stream], ReactionTally(read: 3, counted: 2, diagnosed: 1))
    }

    /// `{"message": …}` responses: one, several in an array, or JSON lines; a message fetched
    /// twice adds its reactors once.
    func testMessageResponsesOneAnArrayOrLines() throws {
        let message =
            #"{"id":"r1","cid":"messaging:ops","text":"deploy?","user":{"id":"ada","name":"Ada"},"created_at":"2024-01-01T00:00:00Z","reaction_groups":{"like":{"count":2,"first_reaction_at":"2024-01-01T00:01:00Z"}},"latest_reactions":[{"type":"like","user_id":"bo","created_at":"2024-01-01T00:01:00Z"}]}"#
        let shapes = [
            ("get.json", #"{"message":\#(message),"duration":"1.20ms"}"#),
            ("responses.json", #"[{"message":\#(message),"duration":"1.20ms"},{"message":\#(message),"duration":"0.90ms"}]"#),
            ("responses.jsonl", #"{"message":\#(message),"duration":"1.20ms"}"# + "\n" + #"{"message":\#(message),"duration":"0.90ms"}"# + "\n")
        ]
        for (name, text) in shapes {
            let (formats, result) = try TestSupport.settleDetecting([(name, text)])
            XCTAssertEqual(formats, ["stream-message-responses"], name)
            XCTAssertEqual(result.messages.map(\.id), ["r1"], name)
            XCTAssertEqual(result.messages[0].conversationID, "messaging:ops", name)
            XCTAssertEqual(TestSupport.reactions(result.messages[0]), ["👍 2 [bo] incomplete"], name)
            XCTAssertEqual(TestSupport.diagnostics(result), [:], name)
            XCTAssertEqual(result.tallies[.stream], ReactionTally(read: 2, counted: 2), name)
        }
    }

    /// Every member path each Stream format declares holds a reaction in a test here that the
    /// import counts (scores alone: names), with no member left unread; and every declared path
    /// that can hold reactions is among them.
    func testEveryDeclaredMemberPathIsRead() throws {
        let host = #""id":"h1","text":"quoting","user":{"id":"u"},"created_at":"2024-01-01T00:00:00Z""#
        let channel = #""channel":{"id":"g","type":"messaging"}"#
        // Where a message record sits, for each record path (MSG is the message).
        let places: [(format: String, record: String, document: String)] = [
            ("stream-channels", "$.channels[*].messages[*]", #"{"channels":[{\#(channel),"messages":[MSG]}]}"#),
            ("stream-channels", "$.channels[*].messages[*].quoted_message", #"{"channels":[{\#(channel),"messages":[{\#(host),"quoted_message":MSG}]}]}"#),
            ("stream-channels", "$.channels[*].pinned_messages[*]", #"{"channels":[{\#(channel),"messages":[],"pinned_messages":[MSG]}]}"#),
            (
                "stream-channels", "$.channels[*].pinned_messages[*].quoted_message",
                #"{"channels":[{\#(channel),"messages":[],"pinned_messages":[{\#(host),"quoted_message":MSG}]}]}"#
            ),
            ("stream-channels", "$.messages[*]", #"{\#(channel),"messages":[MSG]}"#),
            ("stream-channels", "$.messages[*].quoted_message", #"{\#(channel),"messages":[{\#(host),"quoted_message":MSG}]}"#),
            ("stream-channels", "$.pinned_messages[*]", #"{\#(channel),"messages":[],"pinned_messages":[MSG]}"#),
            ("stream-channels", "$.pinned_messages[*].quoted_message", #"{\#(channel),"messages":[],"pinned_messages":[{\#(host),"quoted_message":MSG}]}"#),
            ("stream-messages", "$[*]", "[MSG]"),
            ("stream-messages", "$[*].quoted_message", #"[{\#(host),"quoted_message":MSG}]"#),
            ("stream-messages", "$.messages[*]", #"{"messages":[MSG]}"#),
            ("stream-messages", "$.messages[*].quoted_message", #"{"messages":[{\#(host),"quoted_message":MSG}]}"#),
            ("stream-message-responses", "$.message", #"{"message":MSG,"duration":"1ms"}"#),
            ("stream-message-responses", "$.message.quoted_message", #"{"message":{\#(host),"quoted_message":MSG}}"#),
            ("stream-message-responses", "$[*].message", #"[{"message":MSG}]"#),
            ("stream-message-responses", "$[*].message.quoted_message", #"[{"message":{\#(host),"quoted_message":MSG}}]"#),
            ("stream-events", "$[*].message", #"[{"type":"message.new","cid":"messaging:g","message":MSG}]"#),
            ("stream-events", "$[*].message.quoted_message", #"[{"type":"message.new","cid":"messaging:g","message":{\#(host),"quoted_message":MSG}}]"#),
            ("stream-events", "$.message", #"{"type":"message.updated","cid":"messaging:g","message":MSG}"#),
            ("stream-events", "$.message.quoted_message", #"{"type":"message.new","cid":"messaging:g","message":{\#(host),"quoted_message":MSG}}"#)
        ]
        let message = #""id":"s1","text":"x","user":{"id":"u"},"created_at":"2024-01-01T00:00:00Z""#
        let members: [(member: String, value: String, reactions: [String])] = [
            ("$.reaction_groups", #""reaction_groups":{"like":{"count":1}}"#, ["👍 1 [] incomplete"]),
            ("$.reaction_counts", #""reaction_counts":{"like":1}"#, ["👍 1 [] incomplete"]),
            ("$.latest_reactions", #""latest_reactions":[{"type":"like","user_id":"r1"}]"#, ["👍 1 [r1] complete"]),
            ("$.own_reactions", #""own_reactions":[{"type":"like","user_id":"r1"}]"#, ["👍 1 [r1] complete"]),
            ("$.reaction_scores", #""reaction_scores":{"like":1}"#, [])
        ]
        var tested: Set<String> = []
        func check(_ format: String, _ path: String, _ document: String, reactions: [String], named: Int) throws {
            let (formats, result) = try TestSupport.settleDetecting([("doc.json", document)])
            XCTAssertEqual(formats, [format], path)
            XCTAssertEqual(result.messages.first { $0.id == "s1" }.map { TestSupport.reactions($0) }, reactions, path)
            XCTAssertEqual(result.diagnostics.counts[.unreadReactions] ?? 0, named, path)
            XCTAssertEqual(result.tallies[.stream], ReactionTally(read: 1, counted: 1 - named, diagnosed: named), path)
            tested.insert(format + " " + path)
        }
        for place in places {
            for member in members {
                let document = place.document.replacingOccurrences(of: "MSG", with: "{\(message),\(member.value)}")
                try check(
                    place.format, place.record + member.member.dropFirst(), document, reactions: member.reactions, named: member.reactions.isEmpty ? 1 : 0)
            }
        }
        // The reaction of a reaction event is a record of its own.
        let reaction = #""reaction":{"type":"like","user_id":"r1","message_id":"s1","created_at":"2024-01-01T00:05:00Z"}"#
        try check(
            "stream-events", "$[*].reaction", #"[{"type":"reaction.new","cid":"messaging:g","message":{\#(message)},\#(reaction)}]"#,
            reactions: ["👍 1 [r1] complete"], named: 0)
        try check(
            "stream-events", "$.reaction", #"{"type":"reaction.new","cid":"messaging:g","message":{\#(message)},\#(reaction)}"#,
            reactions: ["👍 1 [r1] complete"], named: 0)

        // Every declared path that can be a reaction member: its last step is a name saying
        // "reaction", and no step before it is one (nothing is looked for inside a member).
        func canHoldReactions(_ path: JSONPath) -> Bool {
            let names = path.components.compactMap { component -> String? in
                if case .key(let name) = component { return name }
                return nil
            }
            guard case .key(let last)? = path.components.last else { return false }
            return MemberRule.reactionSites.picks(last) && names.dropLast().allSatisfy { !MemberRule.reactionSites.picks($0) }
        }
        let declared = StreamImporter().formats.flatMap { format in
            format.reactionMembers.patterns.filter(canHoldReactions).map { format.id + " " + $0.description }
        }
        XCTAssertEqual(Set(declared), tested)
        XCTAssertEqual(declared.count, tested.count)
    }
}
