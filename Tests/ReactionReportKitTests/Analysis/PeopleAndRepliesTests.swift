import Foundation
import XCTest

@testable import ReactionReportKit

/// People, pairs, reply times and groups over a Stream and a Discord export: what
/// `data/weeks.json` and `data/people.csv` say, with bots and a listed person left out of the
/// rankings but not out of the data.
final class PeopleAndRepliesTests: XCTestCase {
    /// - Parameter wholeWeeks: add a message of another conversation late on the last Sunday
    ///   (`edges/people-weeks.json`, in no group, no reply, no reaction), so that the data covers
    ///   2026-W13 whole and its changes against 2026-W12 are shown.
    static func site(wholeWeeks: Bool = false, _ configure: (inout BuildOptions) -> Void = { _ in }) throws -> [String: String] {
        let result = try TestSupport.settleFixtures(
            ["people/support.json", "people/random.json", "people/bots-lab.json"] + (wholeWeeks ? ["edges/people-weeks.json"] : []))
        var options = BuildOptions()
        try ConfigurationFile.apply(
            """
            excludePeople = ["EVE ADAMS"]
            [groups]
            help = ["support"]
            chatter = ["Rand*", "500", "support"]
            """, file: "reaction-report.toml", to: &options)
        configure(&options)
        return try MemoryWriter.render(result, options: options)
    }

    func testPeopleCSVCountsEveryoneAndMarksWhoIsLeftOut() throws {
        XCTAssertEqual(
            try Self.site()["data/people.csv"],
            """
            platform,id,name,bot,excluded,messages,reactionsGiven,reactionsReceived,peopleReactedTo,peopleReactedBy,level\r
            discord,1,Ada D,false,false,1,1,1,1,1,occasional\r
            discord,2,Bob D,false,false,0,1,0,1,0,observer\r
            discord,900,CI Bot,true,true,1,0,2,0,2,\r
            discord,901,Helper Bot,true,true,0,1,0,1,0,\r
            stream,ada,Ada Okafor,false,false,2,3,2,3,2,occasional\r
            stream,bob,Bob Ito,false,false,2,2,2,2,2,occasional\r
            stream,cy,Cy Park,false,false,1,2,0,2,0,occasional\r
            stream,dan,Dan Ruiz,false,false,1,0,2,0,2,occasional\r
            stream,eve,Eve Adams,false,true,1,1,2,1,2,\r

            """)
    }

    func testTheWeeklyReportShowsRepliesPairsAndGroups() throws {
        let report = try XCTUnwrap(Self.site(wholeWeeks: true)["weeks/2026-W13/report.md"]).split(separator: "\n", omittingEmptySubsequences: false)
        func lines(after heading: String, count: Int) -> [Substring] {
            guard let start = report.firstIndex(of: Substring(heading)) else { return [] }
            return Array(report[(start + 1)...].prefix(count))
        }
        XCTAssertEqual(
            report.filter { $0.hasPrefix("| Replies") || $0.hasPrefix("| Median time to first reply") },
            ["| Replies | 1 | 3 | ▼ 2 (−66.7%) |", "| Median time to first reply | – | 30 min | – |"])
        XCTAssertEqual(
            lines(after: "## Who reacts to whom", count: 5),
            ["", "| # | Reactor | Author | Reactions |", "|---:|---|---|---:|", "| 1 | Ada Okafor | Dan Ruiz | 1 |", "| 2 | Cy Park | Dan Ruiz | 1 |"])
        XCTAssertEqual(
            lines(after: "## Groups", count: 5),
            [
                "", "| Group | Messages | Reaction rate | Reactions | Change | Reactors | Replies | Median time to first reply |",
                "|---|---:|---:|---:|---:|---:|---:|---:|", "| help | 1 | 100.0% | 2 | ▼ 1 (−33.3%) | 2 | 1 | – |",
                "| chatter | 1 | 100.0% | 2 | ▼ 7 (−77.8%) | 2 | 1 | – |"
            ])
        // Without excludeBots, the bots are back in the rankings (and still in the data).
        let withBots = try Self.site { $0.excludeBots = false }
        XCTAssertTrue(try XCTUnwrap(withBots["data/people.csv"]).contains("discord,900,CI Bot,true,false,1,0,2,0,2,\r\n"))
        let weeks = try XCTUnwrap(withBots["data/weeks.json"])
        XCTAssertTrue(
            weeks.contains(
                #""topReceivers":[{"platform":"discord","id":"900","name":"CI Bot","count":2},{"platform":"stream","id":"ada","name":"Ada Okafor","count":2},"#
                    + #"{"platform":"stream","id":"bob","name":"Bob Ito","count":2},{"platform":"discord","id":"1","name":"Ada D","count":1}]"#), weeks)
    }

    func testTheDigestsCarryRepliesPairsAndGroups() throws {
        let digest = try XCTUnwrap(Self.site(wholeWeeks: true)["weeks/2026-W13/digest.txt"])
        let tail = digest.components(separatedBy: "\n").drop { $0 != "Who reacts to whom" }.prefix(11)
        XCTAssertEqual(
            Array(tail),
            [
                "Who reacts to whom", "1. Ada Okafor → Dan Ruiz (Stream Chat) — 1", "2. Cy Park → Dan Ruiz (Stream Chat) — 1", "",
                "Unanswered questions", "No question went unanswered this week.", "", "Groups",
                "1. help (1 message) — 2 reactions, ▼ 1 (−33.3%)", "2. chatter (1 message) — 2 reactions, ▼ 7 (−77.8%)", ""
            ])
        XCTAssertTrue(digest.contains("Replies: 1 · ▼ 2 (−66.7%)\nMedian time to first reply: – · –\n"), digest)
        let slack = try XCTUnwrap(Self.site()["weeks/2026-W12/digest.slack.json"])
        XCTAssertTrue(slack.contains("Median time to first reply"), slack)
    }

    func testWeeksCarryRepliesPairsAndGroups() throws {
        let weeks = try XCTUnwrap(Self.site()["data/weeks.json"])
        // Checked by hand: W12 is whole (from Monday), W13 partial (its last message is on
        // Tuesday). W12's first replies are s1 → s2 (1,800.9 s, Ada's own note s3 is no
        // answer), s4 → s5 (7 days 30 s, in W13) and d1 → d2 (300 s): median 1,800; group
        // "help" has two, whose median is their mean rounded down. Eve (excludePeople, by name
        // in another case) and the Discord bots are in no ranking; the bot's message makes no
        // pair and receives nothing in the rankings. Responses: W12 awaits answers on 6 (not
        // Eve's, left out, nor the bot's); s1 is answered after 60 s (Bob's reaction), s2 after
        // 59.1 s (Ada's), s4, a question, after 604,830 s (Dan's late reply: unanswered); s3,
        // r2 (only Eve reacted) and d2 (only a bot reacted) get nothing. W13: s5 after 30 s.
        // People: W12 has Ada, Bob, Cy and Ada D posting, Bob D only reacting (all new; Bob
        // posted on 2 days, the others on 1: occasional; Bob D an observer); W13 Dan posts
        // (new), Ada and Cy only react. Every reaction is 👍, ❤ or 😂: positive.
        XCTAssertEqual(
            weeks,
            #"""
            {"timezone":"UTC","weeks":[
            {"week":"2026-W12","start":"2026-03-16T00:00:00+00:00","end":"2026-03-23T00:00:00+00:00","partial":false,"days":7,"messages":8,"reactedMessages":6,"reactions":9,"reactors":7,"posters":6,"medianSecondsToFirstReaction":60,"newReactors":7,"replies":3,"medianSecondsToFirstReply":1800,"answerableMessages":6,"answeredMessages":2,"medianSecondsToFirstResponse":60,"p90SecondsToFirstResponse":604830,"questions":2,"answeredQuestions":1,"medianSecondsToFirstQuestionResponse":302445,"p90SecondsToFirstQuestionResponse":604830,"unansweredQuestions":1,"activePeople":5,"postingPeople":4,"reactingOnlyPeople":1,"newPeople":5,"returningPeople":0,"corePeople":0,"regularPeople":0,"occasionalPeople":4,"observerPeople":1,"positiveReactions":9,"negativeReactions":0,"topMessages":[{"platform":"stream","conversation":"messaging:support","id":"s1","reactions":2},{"platform":"stream","conversation":"messaging:random","id":"r1","reactions":2},{"platform":"discord","conversation":"500","id":"d1","reactions":2},{"platform":"stream","conversation":"messaging:support","id":"s2","reactions":1},{"platform":"stream","conversation":"messaging:random","id":"r2","reactions":1},{"platform":"discord","conversation":"500","id":"d2","reactions":1}],"topEmoji":[{"key":"👍","count":5},{"key":"❤","count":2},{"key":"😂","count":2}],"topReactors":[{"platform":"stream","id":"ada","name":"Ada Okafor","count":2},{"platform":"stream","id":"bob","name":"Bob Ito","count":2},{"platform":"discord","id":"1","name":"Ada D","count":1},{"platform":"discord","id":"2","name":"Bob D","count":1},{"platform":"stream","id":"cy","name":"Cy Park","count":1}],"topReceivers":[{"platform":"stream","id":"ada","name":"Ada Okafor","count":2},{"platform":"stream","id":"bob","name":"Bob Ito","count":2},{"platform":"discord","id":"1","name":"Ada D","count":1}],"topPairs":[{"platform":"stream","reactor":"ada","author":"bob","count":1},{"platform":"stream","reactor":"bob","author":"ada","count":1},{"platform":"stream","reactor":"cy","author":"ada","count":1}],"conversations":[{"platform":"stream","id":"messaging:support","name":"Support","messages":4,"reactions":3},{"platform":"discord","id":"500","name":"bots-lab","messages":2,"reactions":3},{"platform":"stream","id":"messaging:random","name":"Random","messages":2,"reactions":3}],"groups":[{"name":"help","messages":4,"reactedMessages":2,"reactions":3,"reactors":3,"posters":3,"medianSecondsToFirstReaction":59,"newReactors":3,"replies":2,"medianSecondsToFirstReply":303315,"answerableMessages":4,"answeredMessages":2,"medianSecondsToFirstResponse":60,"p90SecondsToFirstResponse":604830,"questions":2,"answeredQuestions":1,"medianSecondsToFirstQuestionResponse":302445,"p90SecondsToFirstQuestionResponse":604830,"unansweredQuestions":1,"positiveReactions":3,"negativeReactions":0},{"name":"chatter","messages":8,"reactedMessages":6,"reactions":9,"reactors":7,"posters":6,"medianSecondsToFirstReaction":60,"newReactors":7,"replies":3,"medianSecondsToFirstReply":1800,"answerableMessages":6,"answeredMessages":2,"medianSecondsToFirstResponse":60,"p90SecondsToFirstResponse":604830,"questions":2,"answeredQuestions":1,"medianSecondsToFirstQuestionResponse":302445,"p90SecondsToFirstQuestionResponse":604830,"unansweredQuestions":1,"positiveReactions":9,"negativeReactions":0}]},
            {"week":"2026-W13","start":"2026-03-23T00:00:00+00:00","end":"2026-03-30T00:00:00+00:00","partial":true,"days":2,"messages":1,"reactedMessages":1,"reactions":2,"reactors":2,"posters":1,"medianSecondsToFirstReaction":30,"newReactors":0,"replies":1,"medianSecondsToFirstReply":null,"answerableMessages":1,"answeredMessages":1,"medianSecondsToFirstResponse":30,"p90SecondsToFirstResponse":30,"questions":0,"answeredQuestions":0,"medianSecondsToFirstQuestionResponse":null,"p90SecondsToFirstQuestionResponse":null,"unansweredQuestions":0,"activePeople":3,"postingPeople":1,"reactingOnlyPeople":2,"newPeople":1,"returningPeople":0,"corePeople":0,"regularPeople":0,"occasionalPeople":5,"observerPeople":1,"positiveReactions":2,"negativeReactions":0,"topMessages":[{"platform":"stream","conversation":"messaging:support","id":"s5","reactions":2}],"topEmoji":[{"key":"👍","count":2}],"topReactors":[{"platform":"stream","id":"ada","name":"Ada Okafor","count":1},{"platform":"stream","id":"cy","name":"Cy Park","count":1}],"topReceivers":[{"platform":"stream","id":"dan","name":"Dan Ruiz","count":2}],"topPairs":[{"platform":"stream","reactor":"ada","author":"dan","count":1},{"platform":"stream","reactor":"cy","author":"dan","count":1}],"conversations":[{"platform":"stream","id":"messaging:support","name":"Support","messages":1,"reactions":2}],"groups":[{"name":"help","messages":1,"reactedMessages":1,"reactions":2,"reactors":2,"posters":1,"medianSecondsToFirstReaction":30,"newReactors":0,"replies":1,"medianSecondsToFirstReply":null,"answerableMessages":1,"answeredMessages":1,"medianSecondsToFirstResponse":30,"p90SecondsToFirstResponse":30,"questions":0,"answeredQuestions":0,"medianSecondsToFirstQuestionResponse":null,"p90SecondsToFirstQuestionResponse":null,"unansweredQuestions":0,"positiveReactions":2,"negativeReactions":0},{"name":"chatter","messages":1,"reactedMessages":1,"reactions":2,"reactors":2,"posters":1,"medianSecondsToFirstReaction":30,"newReactors":0,"replies":1,"medianSecondsToFirstReply":null,"answerableMessages":1,"answeredMessages":1,"medianSecondsToFirstResponse":30,"p90SecondsToFirstResponse":30,"questions":0,"answeredQuestions":0,"medianSecondsToFirstQuestionResponse":null,"p90SecondsToFirstQuestionResponse":null,"unansweredQuestions":0,"positiveReactions":2,"negativeReactions":0}]}]}

            """#)
    }
}

/// What each importer reads of replies and bots.
final class RepliesAndBotsImportTests: XCTestCase {
    func summary(_ result: LedgerResult) -> [String] {
        result.messages.map { "\($0.id) replyTo=\($0.replyToID ?? "-") bot=\($0.fromBot)" }
    }

    func testSlackBotMessagesAndUsersListBots() throws {
        let folder = TestSupport.fixtures.appendingPathComponent("slack/older-workspace").path
        let result = try ReportBuild(inputs: [folder], options: BuildOptions()).inspect().result
        XCTAssertEqual(result.messages.filter(\.fromBot).map(\.id), ["1456834000.000006"])
        XCTAssertEqual(result.bots[.slack], ["B0BOT"])
    }

    func testTelegramRepliesAndInlineBots() throws {
        let chat = """
            {"name":"Chat","type":"private_group","id":77,"messages":[
             {"id":1,"type":"message","date":"2026-03-16T10:00:00","date_unixtime":"1773655200","from":"Fay","from_id":"user10","text":"gif?"},
             {"id":2,"type":"message","date":"2026-03-16T10:01:00","date_unixtime":"1773655260","from":"Gus","from_id":"user11","text":"",
              "via_bot":"@gif","reply_to_message_id":1}]}
            """
        let result = try TestSupport.settle([("chat.json", chat)])
        XCTAssertEqual(summary(result), ["1 replyTo=- bot=false", "2 replyTo=1 bot=true"])
        // Telegram marks the message, not the person who sent it through the inline bot.
        XCTAssertEqual(result.bots, [:])
        let sample = try TestSupport.settleFixtures(["telegram/single-chat.json"])
        XCTAssertEqual(sample.messages.first { $0.id == "103" }?.replyToID, "102")
    }

    func testMatrixThreadsAndRepliesAnswerTheirParent() throws {
        let room = """
            {"chunk":[
             {"type":"m.room.message","room_id":"!r:x.org","event_id":"$a","sender":"@ann:x.org","origin_server_ts":1773655200000,
              "content":{"msgtype":"m.text","body":"question"}},
             {"type":"m.room.message","room_id":"!r:x.org","event_id":"$b","sender":"@ben:x.org","origin_server_ts":1773655260000,
              "content":{"msgtype":"m.text","body":"> <@ann:x.org> question\\n\\nanswer","m.relates_to":{"m.in_reply_to":{"event_id":"$a"}}}},
             {"type":"m.room.message","room_id":"!r:x.org","event_id":"$c","sender":"@cat:x.org","origin_server_ts":1773655320000,
              "content":{"msgtype":"m.text","body":"in thread","m.relates_to":{"rel_type":"m.thread","event_id":"$a","is_falling_back":true,
              "m.in_reply_to":{"event_id":"$b"}}}}]}
            """
        let result = try TestSupport.settle([("room.json", room)])
        XCTAssertEqual(summary(result), ["$a replyTo=- bot=false", "$b replyTo=$a bot=false", "$c replyTo=$a bot=false"])
        XCTAssertEqual(result.messages.map { $0.threadParentID ?? "-" }, ["-", "-", "$a"])
    }

    func testMattermostBotPosts() throws {
        let export = """
            {"type":"version","version":1}
            {"type":"post","post":{"team":"t","channel":"town","user":"alerts","message":"disk full","create_at":1773655200000,"props":{"from_bot":"true"},
             "replies":[{"user":"ann","message":"on it","create_at":1773655260000}]}}
            """
        let result = try TestSupport.settle([("export.jsonl", export)])
        XCTAssertEqual(summary(result), ["1773655200000-alerts replyTo=- bot=true", "1773655260000-ann replyTo=1773655200000-alerts bot=false"])
        XCTAssertEqual(result.bots[.mattermost], ["alerts"])
    }

    func testDiscordThreadMessagesAnswerTheMessageTheThreadGrewFrom() throws {
        let thread = """
            {"guild":{"id":"400","name":"Lab"},"channel":{"id":"d1","type":"GuildPublicThread","categoryId":"500","category":"bots-lab","name":"build 42"},
             "messages":[
              {"id":"d1","type":"Default","timestamp":"2026-03-19T08:00:00+00:00","content":"first","author":{"id":"1","name":"ada","isBot":false}},
              {"id":"d7","type":"Default","timestamp":"2026-03-19T08:02:00+00:00","content":"why?","author":{"id":"2","name":"bob","isBot":false}}]}
            """
        let result = try TestSupport.settle([("thread.json", thread)])
        XCTAssertEqual(summary(result), ["d1 replyTo=- bot=false", "d7 replyTo=d1 bot=false"])
    }
}

/// A pair's names are those of its first meeting in the week, when a person's name changes
/// between messages (per-message names, as Slack's `user_profile` gives them).
final class PairNamesTests: XCTestCase {
    func message(_ id: String, _ time: String, author: String, reactors: [(String, String)]) -> MessageSummary {
        MessageSummary(
            message: ImportedMessage(platform: .slack, conversationID: "C1", id: id, authorID: "U1", authorName: author, sentAt: Timestamp.iso8601(time)!),
            conversationName: "general",
            reactions: [
                ReactionSummary(
                    emoji: Emoji(key: "👍", display: "👍", name: nil, custom: false, image: nil), count: reactors.count,
                    reactors: ReactorList(reactors.map { Reactor(id: $0.0, name: $0.1, at: nil) }), reactorsComplete: true, firstAt: nil, sequence: 0)
            ])
    }

    func testAPairIsNamedAsItFirstMet() {
        let messages = [
            message("1", "2026-03-16T10:00:00Z", author: "Ada", reactors: [("U3", "Cy"), ("U2", "Bo")]),
            message("2", "2026-03-17T10:00:00Z", author: "Ada L", reactors: [("U2", "Bob"), ("U3", "Cyrus")]),
            message("3", "2026-03-18T10:00:00Z", author: "Ada M", reactors: [("U2", "Bobby")])
        ]
        let report = WeeklyReport(messages: messages, calendar: WeekCalendar("UTC")!, topN: 5)
        XCTAssertEqual(
            report.weeks[0].topPairs,
            [
                PairCount(platform: .slack, reactorID: "U2", reactorName: "Bo", authorID: "U1", authorName: "Ada", count: 3),
                PairCount(platform: .slack, reactorID: "U3", reactorName: "Cy", authorID: "U1", authorName: "Ada", count: 2)
            ])
    }
}
