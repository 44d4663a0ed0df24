import XCTest

@testable import JSONReader
@testable import ReactionReportKit

/// Nothing dropped in silence, by design: the parser finds every member that may hold reactions
/// wherever it is, and the import names every one its importer does not read.
final class ReactionAuditTests: XCTestCase {
    func sites(_ text: String) throws -> [String] {
        let sites = try JSONParser.parse(Array(text.utf8), file: "t.json", noting: .reactionSites).noted
        return sites!.groups.map { "\($0.path) \($0.offsets.count)" }
    }

    func testJSONPathsAreWrittenReadAndMatched() {
        let path = JSONPath([.key("channels"), .key("general"), .index(3), .key("m.relations"), .key("a\"b"), .anyIndex, .key("2x")])
        XCTAssertEqual(path.description, #"$.channels.general[3]["m.relations"]["a\"b"][*]["2x"]"#)
        XCTAssertEqual(JSONPath(parsing: path.description), path)
        XCTAssertEqual(JSONPath("$.channels.*[*].actions").components, [.key("channels"), .anyKey, .anyIndex, .key("actions")])
        XCTAssertTrue(JSONPath("$.channels.*[*].actions").matches(JSONPath("$.channels.general[*].actions")))
        XCTAssertTrue(JSONPath("$.channels.*[*].actions").matches(JSONPath("$.channels.general[7].actions")))
        XCTAssertFalse(JSONPath("$.channels.*[*].actions").matches(JSONPath("$.channels[0][*].actions")))
        XCTAssertFalse(JSONPath("$[*].reactions").matches(JSONPath("$[*].file.reactions")))
        XCTAssertTrue(JSONPath("$[*]").matchesPrefix(of: JSONPath("$[4].file.reactions")))
        for bad in ["", "channels", "$.", "$[", "$[x]", "$[\"open", "$[1"] { XCTAssertNil(JSONPath(parsing: bad), bad) }
    }

    /// Members named for reactions in any case, `actions` and `m.annotation` objects; empty
    /// values, zero, `false` and Slack's `actions` lists of buttons are not sites; nothing inside
    /// a site is looked at again; an escaped name is read as its text.
    func testTheParserFindsEveryMemberThatMayHoldReactions() throws {
        let text = #"""
            {"messages": [
              {"id": "1", "reactions": [{"name": "+1", "count": 2, "reaction_type": "x"}]},
              {"id": "2", "reactions": [], "reaction_counts": {}, "reactionCount": 0, "latestReactions": [{"type": "like"}]},
              {"id": "3", "file": {"reactions": [{"name": "clap"}]}, "attachments": [{"actions": [{"type": "button"}]}]},
              {"id": "4", "actions": {"reaction": {"👍": [{"uuid": "a"}]}}, "Reaction_Groups": {"like": {"count": 1}}},
              {"id": "5", "unsigned": {"m.relations": {"m.annotation": {"chunk": [{"key": "👍", "count": 3}]}}}},
              {"id": "6", "re\u0061ctions": [1], "reacted": true, "reaction": "", "reactionsEnabled": false, "ownReactions": 2}
            ]}
            """#
        XCTAssertEqual(
            try sites(text),
            [
                "$.messages[*].reactions 2", "$.messages[*].latestReactions 1", "$.messages[*].file.reactions 1",
                "$.messages[*].actions 1", "$.messages[*].Reaction_Groups 1", #"$.messages[*].unsigned["m.relations"]["m.annotation"] 1"#,
                "$.messages[*].ownReactions 1"
            ])
    }

    /// The same sites whether a document is parsed, validated in two passes for deferred arrays,
    /// walked with a cursor that passes over every member, or read as JSON lines.
    func testEveryWayOfReadingFindsTheSameSites() throws {
        let lines = [
            #"{"type":"post","post":{"reactions":[{"user":"a","emoji_name":"+1"}],"replies":[{"reactions":[{"user":"b"}]}]}}"#,
            #"{"type":"user","user":{"username":"a"}}"#,
            #"{"type":"post","post":{"reactions":null,"props":{"reactions":[1]}}}"#
        ]
        let array = "[" + lines.joined(separator: ",") + "]"
        let bytes = Array(array.utf8)
        let parsed = try JSONParser.parse(bytes, file: "a.json", noting: .reactionSites).noted
        let deferred = try JSONParser.parse(bytes, file: "a.json", deferringArraysFrom: 8, noting: .reactionSites).noted
        let walked = try JSONParser.walk(bytes, file: "a.json", noting: .reactionSites) { cursor in try cursor.skip() }.noted
        let lined = try JSONParser.parseLines(Array(lines.joined(separator: "\n").utf8), file: "a.jsonl", noting: .reactionSites).noted
        let expected = ["$[*].post.reactions", "$[*].post.replies[*].reactions", "$[*].post.props.reactions"]
        for found in [parsed, deferred, walked, lined] {
            XCTAssertEqual(found!.groups.map(\.path.description), expected)
        }
        XCTAssertEqual(parsed, deferred)
        XCTAssertEqual(parsed, walked)
    }

    /// How many reactions a member holds, by its shape.
    func testSizesOfReactionMembers() throws {
        func size(_ text: String) throws -> Int { ReactionAudit.size(of: try JSONParser.parse(Array(text.utf8), file: "s")) }
        XCTAssertEqual(try size(#"[{"name":"clap","users":["U1","U2"],"count":6},{"name":"+1","users":["U1"]},{"name":"x"}]"#), 8)
        XCTAssertEqual(try size(#"{"reaction":{"👍":[{"uuid":"a"},{"uuid":"b"}]},"receipt":{"read":[{"uuid":"c"}]}}"#), 3)
        XCTAssertEqual(try size(#"{"like":{"count":2,"sum_scores":9},"clap":{"count":1}}"#), 3)
        XCTAssertEqual(try size(#"{"like":2,"clap":1}"#), 3)
        XCTAssertEqual(try size(#"{":+1:":{"usernames":["a","b"]}}"#), 2)
        XCTAssertEqual(try size(#"{"type":"like","user_id":"bob","score":3}"#), 1)
        XCTAssertEqual(try size(#""😒""#), 1)
        XCTAssertEqual(try size("7"), 7)
        XCTAssertEqual(try size("2.5"), 1)
        XCTAssertEqual(try size(#"[{"count":2111111111111111111}]"#), 1)
        XCTAssertEqual(try size(#"{"a":999999999,"b":999999999}"#), ReactionCount.maximum)
    }

    func testReactionCountsAreWholeNumbersInRange() throws {
        func count(_ text: String) throws -> Int? { ReactionCount.read(try JSONParser.parse(Array(text.utf8), file: "c")) }
        XCTAssertEqual(try count("3"), 3)
        XCTAssertEqual(try count("3.0"), 3)
        XCTAssertEqual(try count("3e2"), 300)
        XCTAssertEqual(try count(#""12""#), 12)
        XCTAssertEqual(try count("0"), 0)
        XCTAssertEqual(try count("1000000000"), 1_000_000_000)
        for bad in ["1000000001", "2111111111111111111", "-1", "2.5", "1e400", "true", "null", #""x""#, "[]", "{}", #""2.0""#] {
            XCTAssertNil(try count(bad), bad)
        }
        let problems = ["2111111111111111111", "-1", "2.5", "1e400", #""x""#, "null"].map {
            ReactionCount.problem(try! JSONParser.parse(Array($0.utf8), file: "c"))
        }
        XCTAssertEqual(
            problems,
            [
                "2111111111111111111 is above 1000000000", "-1 is negative", "2.5 is not a whole number",
                #""1e400" is not a number"#, #""x" is not a number"#, "null is not a number"
            ])
    }

    /// The structural check: reactions moved into a member that no importer reads, in an export
    /// of each platform, are named with the file, the message and the path, and counted as
    /// diagnosed; every reaction read is accounted for.
    func testReactionsInAMemberNoImporterKnowsAreNamed() throws {
        let cases: [(name: String, text: String, detail: String, platform: Platform, tally: ReactionTally)] = [
            (
                "discord.json",
                #"{"guild":{"id":"g"},"channel":{"id":"c1","name":"general"},"messages":[{"id":"m1","timestamp":"2026-01-05T10:00:00Z","content":"hi","author":{"id":"u1","name":"ada"},"reactions":[{"emoji":{"id":"","name":"👍"},"count":1}],"interaction":{"reactions":[{"emoji":{"id":"","name":"🎉"},"count":4}]}}]}"#,
                "message m1: 4 reaction(s) at $.messages[0].interaction.reactions, a member the importer does not read", .discord,
                ReactionTally(read: 5, counted: 1, diagnosed: 4)
            ),
            (
                "stream.json",
                #"{"channels":[{"channel":{"id":"general","type":"messaging"},"messages":[{"id":"s1","text":"x","user":{"id":"ada"},"created_at":"2026-01-05T10:00:00Z","reaction_counts":{"like":1},"thread_reactions":{"love":{"count":2}}}]}]}"#,
                "message s1: 2 reaction(s) at $.channels[0].messages[0].thread_reactions, a member the importer does not read", .stream,
                ReactionTally(read: 3, counted: 1, diagnosed: 2)
            ),
            (
                "telegram.json",
                #"{"name":"g","type":"private_group","id":1,"messages":[{"id":7,"type":"message","date":"2026-01-05T10:00:00","date_unixtime":"1767607200","from":"A","from_id":"user1","text":"x","forwarded":{"reactions":[{"type":"emoji","emoji":"👍","count":3}]}}]}"#,
                "message 7: 3 reaction(s) at $.messages[0].forwarded.reactions, a member the importer does not read", .telegram,
                ReactionTally(read: 3, counted: 0, diagnosed: 3)
            ),
            (
                "history.json",
                #"{"channels":{"ch":[{"timetoken":"17300000000000000","uuid":"a","message":{"text":"x","reactions":{"👍":["b","c"]}}}]}}"#,
                "message 17300000000000000: 2 reaction(s) at $.channels.ch[0].message.reactions, a member the importer does not read", .pubnub,
                ReactionTally(read: 2, counted: 0, diagnosed: 2)
            )
        ]
        for entry in cases {
            let result = try TestSupport.settle([(entry.name, entry.text)])
            XCTAssertEqual(result.diagnostics.examples[.unreadReactions]?.map(\.text), ["\(entry.name): \(entry.detail)"], entry.name)
            XCTAssertEqual(result.tallies[entry.platform], entry.tally, entry.name)
            XCTAssertTrue(entry.tally.isBalanced)
        }
        let slack = try TestSupport.temporaryFolder()
        try #"[{"id":"U1","name":"ada"}]"#.write(to: slack.appendingPathComponent("users.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: slack.appendingPathComponent("general"), withIntermediateDirectories: true)
        try #"[{"type":"message","user":"U1","text":"x","ts":"1700000000.000100","attachments":[{"reactions":[{"name":"clap","users":["U1"],"count":5}]}]}]"#
            .write(to: slack.appendingPathComponent("general/2023-11-14.json"), atomically: true, encoding: .utf8)
        let ledger = ReactionLedger()
        _ = try ImportRun(importers: ImportRun.standardImporters()).read([slack.path], into: ledger)
        let result = ledger.summarize()
        XCTAssertEqual(
            result.diagnostics.examples[.unreadReactions]?.map(\.text),
            [
                "\(slack.path)/general/2023-11-14.json: message 1700000000.000100: 5 reaction(s) at $[0].attachments[0].reactions, a member the importer does not read"
            ])
        XCTAssertEqual(result.tallies[.slack], ReactionTally(read: 5, counted: 0, diagnosed: 5))
    }

    /// One rule for what a member not read as reactions holds (`ReactionAudit.held`), on every
    /// platform: a member that holds something holds at least one reaction, though its shape
    /// tells of none; one that holds nothing (`{}`, false) holds none, and is still named.
    func testAMemberThatHoldsSomethingHoldsAtLeastOneReaction() throws {
        let cases: [(name: String, text: String, examples: [String], platform: Platform, tally: ReactionTally)] = [
            (
                "discord.json",
                #"{"guild":{"id":"g"},"channel":{"id":"c1"},"messages":[{"id":"m1","timestamp":"2026-01-05T10:00:00Z","author":{"id":"u1"},"interaction":{"reactions":[null]}}]}"#,
                ["unread-reactions: message m1: 1 reaction(s) at $.messages[0].interaction.reactions, a member the importer does not read [1]"], .discord,
                ReactionTally(read: 1, counted: 0, diagnosed: 1)
            ),
            (
                "telegram.json",
                #"{"name":"g","type":"private_group","id":1,"messages":[{"id":7,"type":"message","date_unixtime":"1767607200","from_id":"user1","text":"x","reactions":{"👍":{}}},{"id":8,"type":"message","date_unixtime":"1767607260","from_id":"user1","text":"y","reactions":{}},{"id":9,"type":"message","date_unixtime":"1767607320","from_id":"user1","text":"z","reactions":false}]}"#,
                [
                    #"invalid-reaction: message 7: "reactions" is not an array [1]"#, #"invalid-reaction: message 8: "reactions" is not an array [0]"#,
                    #"invalid-reaction: message 9: "reactions" is not an array [0]"#
                ], .telegram, ReactionTally(read: 1, counted: 0, diagnosed: 1)
            ),
            (
                "mattermost.jsonl",
                #"{"type":"post","post":{"team":"t","channel":"c","user":"u","message":"x","create_at":1700000000000,"reactions":{"note":null}}}"#,
                [#"skipped-record: post 1700000000000-u: "reactions" is not a list [1]"#], .mattermost, ReactionTally(read: 1, counted: 0, diagnosed: 1)
            ),
            (
                "stream.json",
                #"{"channels":[{"channel":{"id":"general","type":"messaging"},"messages":[{"id":"s1","text":"x","user":{"id":"ada"},"created_at":"2026-01-05T10:00:00Z","latest_reactions":{"like":null}}]}]}"#,
                ["skipped-record: message s1: latest_reactions is not a list [1]"], .stream, ReactionTally(read: 1, counted: 0, diagnosed: 1)
            ),
            (
                "history.json",
                #"{"channels":{"ch":[{"timetoken":"17300000000000000","uuid":"a","message":{"text":"x"},"actions":[null]}]}}"#,
                ["skipped-record: message 17300000000000000: its actions are a list, not a map of action types [1]"], .pubnub,
                ReactionTally(read: 1, counted: 0, diagnosed: 1)
            )
        ]
        for entry in cases {
            let result = try TestSupport.settle([(entry.name, entry.text)])
            let examples = result.diagnostics.kinds.flatMap { kind in
                (result.diagnostics.examples[kind] ?? []).map { "\(kind.rawValue): \($0.detail) [\($0.reactions)]" }
            }
            XCTAssertEqual(examples, entry.examples, entry.name)
            XCTAssertEqual(result.tallies[entry.platform], entry.tally, entry.name)
            XCTAssertTrue(entry.tally.isBalanced)
        }
    }

    /// A file of no known format that holds reactions says where, and how many.
    func testSkippedFilesNameTheReactionsTheyHold() throws {
        let ledger = ReactionLedger()
        let run = ImportRun(importers: ImportRun.standardImporters())
        let text = #"{"posts":[{"id":1,"reactions":[{"emoji":"👍","count":3}]},{"id":2,"reactions":{"like":2}}]}"#
        XCTAssertNil(try run.read(Array(text.utf8), name: "x/odd.json", explicit: false, into: ledger))
        let result = ledger.summarize()
        XCTAssertEqual(
            result.diagnostics.examples[.skippedFile]?.map(\.text),
            ["x/odd.json: not an export of any supported format; skipped; it holds 5 reaction(s) at $.posts[0].reactions, $.posts[1].reactions"])
        XCTAssertEqual(result.tallies[nil], ReactionTally(read: 5, counted: 0, diagnosed: 5))
    }

    /// Past the examples the log keeps, unread sites are counted, not described, and their
    /// reactions still counted as diagnosed.
    func testManyUnreadSitesAreCountedBeyondTheExamples() throws {
        let messages = (0..<30).map { #"{"id":"m\#($0)","timestamp":"2026-01-05T10:00:00Z","author":{"id":"u"},"extra":{"reactions":[{"count":2}]}}"# }
        let text = #"{"guild":{"id":"g"},"channel":{"id":"c"},"messages":["# + messages.joined(separator: ",") + "]}"
        let result = try TestSupport.settle([("d.json", text)])
        XCTAssertEqual(result.diagnostics.counts[.unreadReactions], 30)
        XCTAssertEqual(result.diagnostics.examples[.unreadReactions]?.count, 20)
        XCTAssertEqual(result.diagnostics.unshown(.unreadReactions), 10)
        XCTAssertEqual(result.tallies[.discord], ReactionTally(read: 60, counted: 0, diagnosed: 60))
    }

    func testTextInOtherEncodingsIsConvertedOrNamed() throws {
        let json = #"{"a":"é👍"}"#
        func utf16(_ bigEndian: Bool) -> [UInt8] {
            (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
                + json.utf16.flatMap { unit in
                    bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
                }
        }
        func utf32(_ bigEndian: Bool) -> [UInt8] {
            (bigEndian ? [0, 0, 0xFE, 0xFF] : [0xFF, 0xFE, 0, 0])
                + json.unicodeScalars.flatMap { scalar -> [UInt8] in
                    let bytes = (0..<4).map { UInt8((scalar.value >> (8 * UInt32($0))) & 0xFF) }
                    return bigEndian ? bytes.reversed() : bytes
                }
        }
        for bytes in [utf16(false), utf16(true), utf32(false), utf32(true)] {
            XCTAssertEqual(try InputDocument.parse(bytes, name: "w.json").root, try JSONParser.parse(Array(json.utf8), file: "w.json"))
        }
        XCTAssertThrowsError(try InputDocument.parse(Array(utf16(false).dropFirst(2)), name: "w.json")) { error in
            XCTAssertEqual(
                (error as? LocatedError)?.description,
                "w.json: looks like UTF-16 (little-endian) text without a byte-order mark; save it as UTF-8 (or with a byte-order mark)")
        }
        XCTAssertThrowsError(try InputDocument.parse([0xFF, 0xFE, 0x3D, 0xD8, 0x7B], name: "w.json")) { error in
            XCTAssertEqual(
                (error as? LocatedError)?.description,
                "w.json: is UTF-16 (little-endian) text by its byte-order mark, but its length is not a whole number of 2-byte units")
        }
        XCTAssertThrowsError(try InputDocument.parse([0xFF, 0xFE, 0x3D, 0xD8, 0x7B, 0x00], name: "w.json")) { error in
            XCTAssertEqual(
                (error as? LocatedError)?.description, "w.json: is UTF-16 (little-endian) text, but code unit 0 starts a surrogate pair that is not completed")
        }
    }

    /// Objects saved pretty-printed one after another are a sequence of values, like JSON lines.
    func testPrettyPrintedValuesOneAfterAnotherAreASequence() throws {
        let text = "{\n  \"type\": \"version\",\n  \"version\": 1\n}\n{\n  \"type\": \"user\"\n}\n"
        let document = try InputDocument.parse(Array(text.utf8), name: "export.json")
        XCTAssertTrue(document.isLines)
        XCTAssertEqual(document.root.array?.count, 2)
        // A sequence whose second value is broken is refused where it breaks; text after a
        // value that starts no value is refused where it starts.
        XCTAssertThrowsError(try InputDocument.parse(Array("{\n\"a\": 1\n}\n{\"b\":}\n".utf8), name: "bad.json")) { error in
            XCTAssertEqual((error as? LocatedError)?.description, "bad.json:4:6: unexpected character where a JSON value was expected")
        }
        XCTAssertThrowsError(try InputDocument.parse(Array("{\n\"a\": 1\n} x\n".utf8), name: "bad.json")) { error in
            XCTAssertEqual((error as? LocatedError)?.description, "bad.json:3:3: unexpected text after the JSON value")
        }
    }
}
