import XCTest

@testable import ReactionReportKit

/// Polls in the site: `data/polls.jsonl`, and the poll block of a transcript page.
final class PollSiteTests: XCTestCase {
    static let fixtures = [
        "polls/telegram-poll-chat.json", "polls/discord-poll.json", "polls/matrix-polls.json", "polls/stream-poll-channel.json", "polls/cometchat-poll.json"
    ]

    /// One line per poll, in message order, with the page anchor of its message.
    func testPollsDataFileHasALinePerPoll() throws {
        let files = try MemoryWriter.render(try TestSupport.settleFixtures(Self.fixtures))
        let lines = try XCTUnwrap(files["data/polls.jsonl"]).split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines,
            [
                #"{"platform":"discord","conversation":{"id":"1300000000000000500","name":"general"},"message":"1300000000000000501","link":"conversations/discord-general/index.html#m-1300000000000000501","question":"Which day for the meetup?","options":[{"id":"1","text":"Tuesday","count":4,"voters":null,"chosen":false},{"id":"2","text":"Thursday","count":6,"voters":null,"chosen":true}],"total":10,"closed":true,"countsOnly":true}"#,
                #"{"platform":"cometchat","conversation":{"id":"group_launch","name":"Launch"},"message":"301","link":"conversations/cometchat-launch/index.html#m-301","question":"Which OS do you use?","options":[{"id":"1","text":"Windows","count":0,"voters":[],"chosen":null},{"id":"2","text":"Ubuntu","count":2,"voters":[{"id":"bo","name":"Bo Lind"},{"id":"cy","name":"Cy Park"}],"chosen":null},{"id":"3","text":"MacOS","count":1,"voters":[{"id":"ada","name":"Ada Okafor"}],"chosen":null}],"total":3,"closed":false,"countsOnly":false}"#,
                #"{"platform":"matrix","conversation":{"id":"!lunch:example.org","name":"!lunch:example.org"},"message":"$poll1","link":"conversations/matrix-lunch-example-org/index.html#m-_24poll1","question":"What should we order for the party?","options":[{"id":"pizza","text":"Pizza 🍕","count":1,"voters":[{"id":"@alice:example.org","name":"Alice"}],"chosen":null},{"id":"poutine","text":"Poutine 🍟","count":1,"voters":[{"id":"@bob:example.org","name":"Bob"}],"chosen":null},{"id":"wings","text":"Wings 🔥","count":1,"voters":[{"id":"@carol:example.org","name":"Carol"}],"chosen":null}],"total":3,"closed":true,"countsOnly":false}"#,
                #"{"platform":"stream","conversation":{"id":"messaging:events","name":"Events"},"message":"m-poll-1","link":"conversations/stream-events/index.html#m-m-poll-1","question":"Where should we host our next company event?","options":[{"id":"opt-ams","text":"Amsterdam, The Netherlands","count":2,"voters":[{"id":"bob","name":"Bob Ito"},{"id":"carol","name":"Carol Diaz"}],"chosen":null},{"id":"opt-bou","text":"Boulder, CO","count":1,"voters":[{"id":"dave","name":null}],"chosen":null}],"total":3,"closed":true,"countsOnly":false}"#,
                #"{"platform":"telegram","conversation":{"id":"4242","name":"Lunch club"},"message":"10","link":"conversations/telegram-lunch-club/index.html#m-10","question":"Where do we eat on Friday?","options":[{"id":"1","text":"Noodle bar","count":3,"voters":null,"chosen":true},{"id":"2","text":"Taqueria","count":2,"voters":null,"chosen":false},{"id":"3","text":"Salad place","count":0,"voters":null,"chosen":false}],"total":5,"closed":false,"countsOnly":true}"#,
                #"{"platform":"matrix","conversation":{"id":"!lunch:example.org","name":"!lunch:example.org"},"message":"$poll2","link":"conversations/matrix-lunch-example-org/index.html#m-_24poll2","question":"Tabs or spaces?","options":[{"id":"tabs","text":"Tabs","count":0,"voters":[],"chosen":null},{"id":"spaces","text":"Spaces","count":1,"voters":[{"id":"@alice:example.org","name":"Alice"}],"chosen":null}],"total":1,"closed":false,"countsOnly":false}"#
            ])
        // An input without polls has no polls file.
        XCTAssertNil(try MemoryWriter.render(try TestSupport.settleFixtures(["telegram/single-chat.json"]))["data/polls.jsonl"])
    }

    /// The poll block under a message's text: question, options with counts and a bar, voters
    /// where known (linked to their page where they have one: Bob Ito reacted, Carol Diaz only
    /// voted), "counts only" where not.
    func testTranscriptShowsThePollBlock() throws {
        let files = try MemoryWriter.render(try TestSupport.settleFixtures(["polls/telegram-poll-chat.json", "polls/stream-poll-channel.json"]))
        let telegram = try XCTUnwrap(files["conversations/telegram-lunch-club/index.html"])
        XCTAssertEqual(
            try Self.block(telegram),
            """
            <section class="poll" aria-label="Poll">
            <p class="poll-question"><span class="poll-label">Poll</span> <bdi dir="auto">Where do we eat on Friday?</bdi></p>
            <ul class="poll-options">
            <li class="poll-option chosen"><span class="poll-answer"><bdi dir="auto">Noodle bar</bdi> <span class="poll-chosen">exporter’s choice</span></span> <span class="poll-count">3 votes</span>
            <span class="poll-bar" aria-hidden="true"><span style="width: 60%"></span></span></li>
            <li class="poll-option"><span class="poll-answer"><bdi dir="auto">Taqueria</bdi></span> <span class="poll-count">2 votes</span>
            <span class="poll-bar" aria-hidden="true"><span style="width: 40%"></span></span></li>
            <li class="poll-option"><span class="poll-answer"><bdi dir="auto">Salad place</bdi></span> <span class="poll-count">0 votes</span>
            <span class="poll-bar" aria-hidden="true"><span style="width: 0%"></span></span></li>
            </ul>
            <p class="poll-total">Total 5 · counts only: the export does not say who voted</p>
            </section>
            """)
        let stream = try XCTUnwrap(files["conversations/stream-events/index.html"])
        XCTAssertEqual(
            try Self.block(stream),
            """
            <section class="poll" aria-label="Poll">
            <p class="poll-question"><span class="poll-label">Poll · closed</span> <bdi dir="auto">Where should we host our next company event?</bdi></p>
            <ul class="poll-options">
            <li class="poll-option"><span class="poll-answer"><bdi dir="auto">Amsterdam, The Netherlands</bdi></span> <span class="poll-count">2 votes</span>
            <span class="poll-bar" aria-hidden="true"><span style="width: 66%"></span></span>
            <span class="poll-voters"><a href="../../people/0b4f0b5a.html"><bdi>Bob Ito</bdi></a> and <bdi>Carol Diaz</bdi></span></li>
            <li class="poll-option"><span class="poll-answer"><bdi dir="auto">Boulder, CO</bdi></span> <span class="poll-count">1 vote</span>
            <span class="poll-bar" aria-hidden="true"><span style="width: 33%"></span></span>
            <span class="poll-voters"><bdi>dave</bdi></span></li>
            </ul>
            <p class="poll-total">Total 3</p>
            </section>
            """)
        // The poll's votes are not bubbles: the message shows its one reaction.
        XCTAssertEqual(stream.matches(of: /<li class="bubble/).count, 1)
    }

    /// A Matrix poll's message text is its question: shown once, in the poll; voters by name.
    func testMatrixPollShowsItsQuestionOnceAndItsVoters() throws {
        let files = try MemoryWriter.render(try TestSupport.settleFixtures(["polls/matrix-polls.json"]))
        let page = try XCTUnwrap(files["conversations/matrix-lunch-example-org/index.html"])
        XCTAssertEqual(page.ranges(of: "What should we order for the party?").count, 1)
        XCTAssertTrue(page.contains("<div class=\"text\" dir=\"auto\"></div>\n<section class=\"poll\" aria-label=\"Poll\">"))
        // Alice and Bob posted, and have pages; Carol only voted.
        XCTAssertTrue(page.contains(#"<span class="poll-voters"><a href="../../people/96195154.html"><bdi>Bob</bdi></a></span>"#))
        XCTAssertTrue(page.contains(#"<span class="poll-voters"><bdi>Carol</bdi></span>"#))
    }

    /// `anonymize` gives voters the pseudonyms it gives everyone: no voter's name or id is left.
    func testAnonymizedVotersArePseudonyms() throws {
        let result = Anonymizer.apply(try TestSupport.settleFixtures(["polls/matrix-polls.json", "polls/cometchat-poll.json"]))
        let voters = result.polls.flatMap { $0.options.flatMap(\.voters) }
        XCTAssertEqual(voters.count, 7)
        XCTAssertTrue(voters.allSatisfy { $0.id.hasPrefix("anon-") }, "\(voters)")
        let names = Set(voters.compactMap(\.name))
        XCTAssertTrue(names.isDisjoint(with: ["Alice", "Bob", "Carol", "Bo Lind", "Cy Park", "Ada Okafor"]), "\(names)")
        // One person is one pseudonym: Alice voted in both Matrix polls.
        let matrix = result.polls.filter { $0.platform == .matrix }
        XCTAssertEqual(matrix.map { $0.options.map(\.id) }, [["pizza", "poutine", "wings"], ["tabs", "spaces"]])
        XCTAssertEqual(matrix[0].options[0].voters, matrix[1].options[1].voters)
    }

    /// Question, option and voter texts are escaped like every message text.
    func testHostilePollTextIsEscaped() throws {
        let chat = #"""
            {"name": "Hostile", "type": "private_group", "id": 66, "messages": [
             {"id": 1, "type": "message", "date": "2026-03-02T12:00:00", "date_unixtime": "1772452800", "from": "Ada", "from_id": "user1", "text": "",
              "poll": {"question": "<script>alert(1)</script>", "closed": true, "total_voters": 1,
               "answers": [{"text": "<img src=x onerror=alert(2)>", "voters": 1, "chosen": false}, {"text": "\"><a href=\"javascript:alert(3)\">x</a>", "voters": 0, "chosen": false}]}}
            ]}
            """#
        let page = try XCTUnwrap(try MemoryWriter.render(try TestSupport.settle([("hostile.json", chat)]))["conversations/telegram-hostile/index.html"])
        let block = try Self.block(page)
        XCTAssertTrue(block.contains("<bdi dir=\"auto\">&lt;script&gt;alert(1)&lt;/script&gt;</bdi>"), block)
        XCTAssertTrue(block.contains("<bdi dir=\"auto\">&lt;img src=x onerror=alert(2)&gt;</bdi>"), block)
        XCTAssertTrue(block.contains("<bdi dir=\"auto\">&quot;&gt;&lt;a href=&quot;javascript:alert(3)&quot;&gt;x&lt;/a&gt;</bdi>"), block)
        XCTAssertFalse(block.contains("<script"))
        XCTAssertFalse(block.contains("<img"))
    }

    /// The first poll block of a page.
    static func block(_ page: String) throws -> String {
        let start = try XCTUnwrap(page.range(of: #"<section class="poll""#))
        let end = try XCTUnwrap(page.range(of: "</section>", range: start.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.upperBound])
    }
}
