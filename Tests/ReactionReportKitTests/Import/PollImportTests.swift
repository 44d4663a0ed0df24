import XCTest

@testable import ReactionReportKit

/// Polls read from each platform's real shape (Fixtures/polls), by the platform's rules; votes
/// are never reactions.
final class PollImportTests: XCTestCase {
    /// "question | id text=count [voters] chosen… | total N, closed|open, counts only|voters".
    static func describe(_ poll: Poll) -> String {
        let options = poll.options.map { option -> String in
            var text = "\(option.id) \(option.text)=\(option.count)"
            if !poll.countsOnly { text += " [" + option.voters.map { $0.name.map { "\($0)" } ?? $0.id }.joined(separator: ",") + "]" }
            if let chosen = option.chosen { text += chosen ? " chosen" : " not chosen" }
            return text
        }
        return ([poll.question] + options + ["total \(poll.total), \(poll.closed ? "closed" : "open"), \(poll.countsOnly ? "counts only" : "voters")"])
            .joined(separator: " | ")
    }

    static func polls(_ fixture: String) throws -> (polls: [String], result: LedgerResult) {
        let result = try TestSupport.settleFixtures(["polls/" + fixture])
        return (result.polls.map { "\($0.platform.rawValue) \($0.conversationID) \($0.messageID): " + describe($0) }, result)
    }

    func testTelegramPollIsCountsOnlyWithTheExportersChoice() throws {
        let (polls, result) = try Self.polls("telegram-poll-chat.json")
        XCTAssertEqual(
            polls,
            [
                "telegram 4242 10: Where do we eat on Friday? | 1 Noodle bar=3 chosen | 2 Taqueria=2 not chosen | 3 Salad place=0 not chosen | total 5, open, counts only"
            ])
        // Five votes, two reactions: the message counts its reactions only.
        XCTAssertEqual(result.messages.map { "\($0.id) \($0.reactionCount)" }, ["10 2", "11 0"])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testDiscordChatExporterPollIsCountsOnly() throws {
        let (polls, result) = try Self.polls("discord-poll.json")
        XCTAssertEqual(
            polls,
            [
                "discord 1300000000000000500 1300000000000000501: Which day for the meetup? | 1 Tuesday=4 not chosen | 2 Thursday=6 chosen | total 10, closed, counts only"
            ])
        XCTAssertEqual(result.messages.map(\.reactionCount), [1])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testStreamPollListsTheLatestVoters() throws {
        let (polls, result) = try Self.polls("stream-poll-channel.json")
        XCTAssertEqual(
            polls,
            [
                "stream messaging:events m-poll-1: Where should we host our next company event? | opt-ams Amsterdam, The Netherlands=2 [Bob Ito,Carol Diaz] | opt-bou Boulder, CO=1 [dave] | total 3, closed, voters"
            ])
        XCTAssertEqual(result.messages.map(\.reactionCount), [1])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    func testCometChatPollsExtensionNamesVoters() throws {
        let (polls, result) = try Self.polls("cometchat-poll.json")
        XCTAssertEqual(
            polls,
            [
                "cometchat group_launch 301: Which OS do you use? | 1 Windows=0 [] | 2 Ubuntu=2 [Bo Lind,Cy Park] | 3 MacOS=1 [Ada Okafor] | total 3, open, voters"
            ])
        XCTAssertEqual(result.messages.map(\.reactionCount), [1])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    /// MSC3381's rules: a voter's latest response counts (Bob's change of vote, Erin's empty
    /// selection taking hers back), responses after the creator's end do not (Frank, Carol's
    /// second), an end by someone else does not close it, selections are cut to
    /// `max_selections` (Carol's first: wings), an unknown answer spoils the vote (Dave). The
    /// unstable form Element sends reads alike.
    func testMatrixPollsFollowTheSpecsRules() throws {
        let (polls, result) = try Self.polls("matrix-polls.json")
        XCTAssertEqual(
            polls,
            [
                "matrix !lunch:example.org $poll1: What should we order for the party? | pizza Pizza 🍕=1 [Alice] | poutine Poutine 🍟=1 [Bob] | wings Wings 🔥=1 [Carol] | total 3, closed, voters",
                "matrix !lunch:example.org $poll2: Tabs or spaces? | tabs Tabs=0 [] | spaces Spaces=1 [Alice] | total 1, open, voters"
            ])
        // The poll is a message with its question as text; its one reaction is its only one.
        XCTAssertEqual(
            result.messages.map { "\($0.id) \($0.text) \($0.reactionCount)" },
            ["$poll1 What should we order for the party? 1", "$poll2 Tabs or spaces? 0"])
        XCTAssertEqual(
            result.diagnostics.examples[.invalidPoll]?.map(\.detail),
            [
                "poll $poll1: an end sent by someone other than its creator is not used",
                "1 poll response(s) to polls not in this file; not counted (a poll is counted within the file that holds it)"
            ])
    }

    /// Polls whose parts are of the wrong shape are read as far as they go, each problem named
    /// with the message and the member; nothing is dropped in silence, nothing crashes.
    func testMalformedPollsAreDiagnosed() throws {
        let chat = #"""
            {"name": "Odd", "type": "private_group", "id": 7, "messages": [
             {"id": 1, "type": "message", "date": "2026-03-02T12:00:00", "date_unixtime": "1772452800", "from": "Ada", "from_id": "user1", "text": "",
              "poll": {"question": 12, "closed": "no", "total_voters": -1, "answers": [{"text": "Yes", "voters": 2.5, "chosen": false}, "Maybe"]}},
             {"id": 2, "type": "message", "date": "2026-03-02T12:01:00", "date_unixtime": "1772452860", "from": "Ada", "from_id": "user1", "text": "",
              "poll": {"question": "Lost?", "answers": {"text": "No"}}},
             {"id": 3, "type": "message", "date": "2026-03-02T12:02:00", "date_unixtime": "1772452920", "from": "Ada", "from_id": "user1", "text": "",
              "poll": "a poll"}
            ]}
            """#
        let result = try TestSupport.settle([("odd.json", chat)])
        XCTAssertEqual(result.polls.map(Self.describe), [" | 1 Yes=0 not chosen | total 0, open, counts only"])
        XCTAssertEqual(
            result.diagnostics.examples[.invalidPoll]?.map(\.text),
            [
                "odd.json: chat 7 message 1 poll: answers[0].voters (2.5 is not a whole number) is not a count; read as 0",
                "odd.json: chat 7 message 1 poll: answers[1] is a string, not an object; left out",
                "odd.json: chat 7 message 1 poll: question is a number, not text; read as empty",
                "odd.json: chat 7 message 1 poll: total_voters (-1 is negative) is not a count; the options' counts are summed instead",
                "odd.json: chat 7 message 1 poll: closed is a string, not true or false; not used",
                "odd.json: chat 7 message 2 poll: answers is an object, not a list; the poll is not read",
                "odd.json: chat 7 message 3 poll: is a string, not an object; not read"
            ])
        XCTAssertEqual(result.messages.count, 3)
    }
}
