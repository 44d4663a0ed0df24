import XCTest

@testable import ReactionReportKit

/// Single documents that say when they were taken (DiscordChatExporter's `exportedAt`, the
/// `fetchedAt` our `fetch` writes): the newest decides, in whichever order they are read.
final class SnapshotDocumentTests: XCTestCase {
    /// Reads `files` (name, JSON text) in this order, with no file time, and settles them.
    func settle(_ files: [(String, String)]) throws -> LedgerResult {
        let ledger = ReactionLedger()
        let run = ImportRun(importers: ImportRun.standardImporters())
        for (name, text) in files { _ = try run.read(Array(text.utf8), name: name, into: ledger) }
        return ledger.summarize()
    }

    /// A DiscordChatExporter file of channel 10 exported at `exportedAt`.
    static func discordExport(exportedAt: String, messages: String) -> String {
        #"{"guild":{"id":"1","name":"G"},"channel":{"id":"10","type":"GuildTextChat","name":"general"},"exportedAt":""#
            + exportedAt + #"","messages":["# + messages + "]}"
    }

    static func discordMessage(_ id: String, _ text: String, reactions: String) -> String {
        #"{"id":""# + id + #"","type":"Default","timestamp":"2024-01-02T10:00:00+00:00","content":""# + text
            + #"","author":{"id":"1","name":"ada"},"reactions":["# + reactions + "]}"
    }

    static func discordReaction(_ emoji: String, count: Int, users: [String]) -> String {
        #"{"emoji":{"id":"","name":""# + emoji + #""},"count":\#(count),"users":["#
            + users.map { #"{"id":""# + $0 + #"","name":"u"# + $0 + #""}"# }.joined(separator: ",") + "]}"
    }

    /// 2024-01-08: 👍 from 2 and 3 and 🎉 from 4 on the release notes, ❤️ from 2 on a draft.
    static let olderDiscord = discordExport(
        exportedAt: "2024-01-08T09:00:00.1234567+01:00",
        messages: [
            discordMessage(
                "100", "release notes", reactions: discordReaction("👍", count: 2, users: ["2", "3"]) + "," + discordReaction("🎉", count: 1, users: ["4"])),
            discordMessage("101", "draft", reactions: discordReaction("❤️", count: 1, users: ["2"]))
        ].joined(separator: ","))
    /// 2024-01-15: 5 added 👍, 🎉 and ❤️ are gone, the notes were edited, a new message.
    static let newerDiscord = discordExport(
        exportedAt: "2024-01-15T09:00:00+01:00",
        messages: [
            discordMessage("100", "release notes v2", reactions: discordReaction("👍", count: 3, users: ["2", "3", "5"])),
            discordMessage("101", "draft", reactions: ""),
            discordMessage("102", "thanks", reactions: discordReaction("😂", count: 1, users: ["3"]))
        ].joined(separator: ","))

    /// The older export is named to be read last; its `exportedAt` says it is older.
    func testTwoDiscordExportsWithExportedAt() throws {
        for order in [[("a.json", Self.newerDiscord), ("b.json", Self.olderDiscord)], [("a.json", Self.olderDiscord), ("b.json", Self.newerDiscord)]] {
            let newer = order.first { $0.1 == Self.newerDiscord }!.0
            let result = try settle(order)
            XCTAssertEqual(result.messages.map(\.text), ["release notes v2", "draft", "thanks"])
            XCTAssertEqual(result.messages.map(TestSupport.reactions), [["👍 3 [2,3,5] complete"], [], ["😂 1 [3] complete"]])
            XCTAssertEqual(TestSupport.diagnostics(result), ["removed-by-newer-copy": 1])
            XCTAssertEqual(
                result.diagnostics.examples[.removedByNewerCopy]?.map(\.text),
                [
                    newer
                        + ": 2 reaction(s) on 2 message(s) that older copies give are not in this copy, the newest: removed before it was taken, and counted as removed"
                ])
            XCTAssertEqual(result.tallies[.discord], ReactionTally(read: 6, counted: 4, removed: 2))
        }
    }

    /// A PubNub history page of channel `support` fetched at `fetchedAt`.
    static func historyPage(fetchedAt: String, items: String) -> String {
        #"{"status":200,"error":false,"error_message":"","fetchedAt":""# + fetchedAt + #"","channels":{"support":["# + items + "]}}"
    }

    static func item(_ timetoken: String, _ text: String, actions: [(String, String, String)]) -> String {
        let reactions = Dictionary(grouping: actions, by: \.0).map { value, list in
            #"""# + value + #"":["# + list.map { #"{"uuid":""# + $0.1 + #"","actionTimetoken":""# + $0.2 + #""}"# }.joined(separator: ",") + "]"
        }.sorted()
        return #"{"message":{"text":""# + text + #""},"timetoken":""# + timetoken + #"","uuid":"alice","actions":{"reaction":{"#
            + reactions.joined(separator: ",") + "}}}"
    }

    /// Messages sent on 2024-01-05; the page fetched on 2024-01-08 shows 👍 from bob and 🎉 from
    /// carol on the first, 👀 from dan on the second.
    static let firstFetch = historyPage(
        fetchedAt: "2024-01-08T00:00:00Z",
        items: [
            item("17044128000000000", "ship it?", actions: [("👍", "bob", "17045000000000000"), ("🎉", "carol", "17045100000000000")]),
            item("17044200000000000", "on call?", actions: [("👀", "dan", "17045200000000000")])
        ].joined(separator: ","))
    /// Fetched again on 2024-01-15 (the look-back window): carol took back 🎉, erin gave ❤️ on
    /// 2024-01-10; the second message is past the page.
    static let secondFetch = historyPage(
        fetchedAt: "2024-01-15T00:00:00Z",
        items: item("17044128000000000", "ship it?", actions: [("👍", "bob", "17045000000000000"), ("❤️", "erin", "17049000000000000")]))
    /// Action events: 🙏 from gina on 2024-01-09 (which the second page lacks: events are not
    /// copies, they apply by identity, so it counts), 😂 from frank on 2024-01-20 (after it),
    /// erin's ❤️ removed on 2024-01-18, dan's 👀 again.
    static let events = [
        #"{"event":"added","channel":"support","data":{"type":"reaction","value":"🙏","uuid":"gina","actionTimetoken":"17047800000000000","messageTimetoken":"17044128000000000"}}"#,
        #"{"event":"added","channel":"support","data":{"type":"reaction","value":"😂","uuid":"frank","actionTimetoken":"17057088000000000","messageTimetoken":"17044128000000000"}}"#,
        #"{"event":"removed","channel":"support","data":{"type":"reaction","value":"❤️","uuid":"erin","actionTimetoken":"17049000000000000","messageTimetoken":"17044128000000000"}}"#,
        #"{"event":"added","channel":"support","data":{"type":"reaction","value":"👀","uuid":"dan","actionTimetoken":"17045200000000000","messageTimetoken":"17044200000000000"}}"#
    ].joined(separator: "\n")

    func testAPubNubPageFetchedTwiceWithAnActionLog() throws {
        let orders = [
            [("a.json", Self.secondFetch), ("b.json", Self.firstFetch), ("events.jsonl", Self.events)],
            [("events.jsonl", Self.events), ("a.json", Self.firstFetch), ("b.json", Self.secondFetch)]
        ]
        var lines: [[String]] = []
        for order in orders {
            let newer = order.first { $0.1 == Self.secondFetch }!.0
            let result = try settle(order)
            XCTAssertEqual(result.messages.map(\.id), ["17044128000000000", "17044200000000000"])
            XCTAssertEqual(
                result.messages.map(TestSupport.reactions), [["👍 1 [bob] complete", "🙏 1 [gina] complete", "😂 1 [frank] complete"], ["👀 1 [dan] complete"]])
            XCTAssertEqual(TestSupport.diagnostics(result), ["removed-by-newer-copy": 1])
            XCTAssertEqual(
                result.diagnostics.examples[.removedByNewerCopy]?.map(\.text),
                [
                    newer
                        + ": 1 reaction(s) on 1 message(s) that older copies give are not in this copy, the newest: removed before it was taken, and counted as removed"
                ])
            // 🎉 removed before the second fetch, ❤️ by its removal event.
            XCTAssertEqual(result.tallies[.pubnub], ReactionTally(read: 6, counted: 4, removed: 2))
            lines.append(TestSupport.lines(result))
        }
        XCTAssertEqual(lines[0], lines[1])
    }

    /// A page fetched without actions (plain history) says nothing of reactions: read after the
    /// page with actions, and taken later, it gives the text, and the reactions stand.
    func testAPageWithoutActionsDecidesTextOnly() throws {
        let plain = #"{"fetchedAt":"2024-01-20T00:00:00Z","channels":{"support":[{"message":{"text":"ship it now?"},"timetoken":"17044128000000000"}]}}"#
        let result = try settle([("a.json", Self.secondFetch), ("b.json", plain)])
        XCTAssertEqual(result.messages.map(\.text), ["ship it now?"])
        XCTAssertEqual(result.messages.map(TestSupport.reactions), [["👍 1 [bob] complete", "❤ 1 [erin] complete"]])
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    /// A `fetchedAt` that is not a time is named, and the file's time is used.
    func testAnUnreadableFetchedAtIsNamed() throws {
        let page = Self.secondFetch.replacingOccurrences(of: "2024-01-15T00:00:00Z", with: "last Monday")
        let result = try settle([("page.json", page)])
        XCTAssertEqual(
            result.diagnostics.examples[.unreadableTimestamp]?.map(\.text),
            [#"page.json: fetchedAt "last Monday" is not an RFC 3339 time; the file's modification time is used"#])
    }

    /// CometChat: a message's summary counts, its reactions list names who. Fetched on
    /// 2024-01-08 (🎉 3: ada, bo, cy) and on 2024-01-15, the reactions list just before the
    /// messages (🎉 2: bo, cy); dan's 🎉 came after, as an event. The newest summary counts 2 and
    /// names no one: of the three reactors the lists give before it, the two of the newest list
    /// fill it; dan's later 🎉 adds one.
    func testCometChatSummariesAndReactionsListsFetchedTwice() throws {
        func messages(_ fetchedAt: String, count: Int) -> String {
            #"{"fetchedAt":""# + fetchedAt
                + #"","data":[{"id":"101","conversationId":"group_launch","sender":"ada","receiverType":"group","receiver":"launch","data":{"text":"launch"},"sentAt":1704355200,"reactions":[{"reaction":"🎉","count":\#(count)}]}]}"#
        }
        func reactions(_ fetchedAt: String, _ people: [(String, String, Int)]) -> String {
            #"{"fetchedAt":""# + fetchedAt + #"","data":["#
                + people.map { #"{"id":""# + $0.0 + #"","messageId":"101","reaction":"🎉","uid":""# + $0.1 + #"","reactedAt":\#($0.2)}"# }
                .joined(separator: ",") + "]}"
        }
        let files = [
            ("messages-1.json", messages("2024-01-08T00:00:00Z", count: 3)),
            ("reactions-1.json", reactions("2024-01-08T00:00:01Z", [("1", "ada", 1_704_360_000), ("2", "bo", 1_704_370_000), ("3", "cy", 1_704_380_000)])),
            ("reactions-2.json", reactions("2024-01-14T23:59:59Z", [("2", "bo", 1_704_370_000), ("3", "cy", 1_704_380_000)])),
            ("messages-2.json", messages("2024-01-15T00:00:00Z", count: 2)),
            (
                "events.json",
                #"[{"trigger":"message_reaction_added","data":{"reaction":{"id":"4","messageId":"101","reaction":"🎉","uid":"dan","reactedAt":1705400000}}}]"#
            )
        ]
        for order in [files, files.reversed()] {
            let result = try settle(order)
            XCTAssertEqual(result.messages.map(TestSupport.reactions), [["🎉 3 [bo,cy,dan] complete"]])
            XCTAssertEqual(
                result.diagnostics.examples[.removedByNewerCopy]?.map(\.text),
                [
                    "messages-2.json: 1 reaction(s) on 1 message(s) that older copies give are not in this copy, the newest: removed before it was taken, and counted as removed"
                ])
            XCTAssertEqual(result.tallies[.cometchat], ReactionTally(read: 4, counted: 3, removed: 1))
        }
    }

    /// Stream channel exports saved with the `fetchedAt` our `fetch` writes: on 2024-01-08 m1 had
    /// 👍 from ada and bo and ❤️ from cy, m2 👍 from cy; by 2024-01-15 bo took back 👍, ❤️ is
    /// gone and m2 was deleted.
    func testTwoStreamExportsWithFetchedAt() throws {
        func export(_ fetchedAt: String, _ messages: [String]) -> String {
            #"{"fetchedAt":""# + fetchedAt + #"","channels":[{"channel":{"id":"general","type":"messaging","cid":"messaging:general"},"messages":["#
                + messages.joined(separator: ",") + "]}]}"
        }
        func message(_ id: String, _ text: String, groups: String, latest: [(String, String)], deleted: Bool = false) -> String {
            #"{"id":""# + id + #"","text":""# + text + #"","type":""# + (deleted ? "deleted" : "regular")
                + #"","created_at":"2024-01-02T10:00:00Z","user":{"id":"ada"},"reaction_groups":{"# + groups + #"},"latest_reactions":["#
                + latest.map { #"{"type":""# + $0.0 + #"","user_id":""# + $0.1 + #"","created_at":"2024-01-03T10:00:00Z"}"# }.joined(separator: ",") + "]}"
        }
        let older = export(
            "2024-01-08T00:00:00Z",
            [
                message("m1", "hello", groups: #""like":{"count":2},"love":{"count":1}"#, latest: [("like", "ada"), ("like", "bo"), ("love", "cy")]),
                message("m2", "typo", groups: #""like":{"count":1}"#, latest: [("like", "cy")])
            ])
        let newer = export(
            "2024-01-15T00:00:00Z",
            [
                message("m1", "hello", groups: #""like":{"count":1}"#, latest: [("like", "ada")]),
                message("m2", "", groups: "", latest: [], deleted: true)
            ])
        for order in [[("a.json", older), ("b.json", newer)], [("a.json", newer), ("b.json", older)]] {
            let newerName = order.first { $0.1 == newer }!.0
            let result = try settle(order)
            XCTAssertEqual(result.messages.map(\.deleted), [false, true])
            XCTAssertEqual(result.messages.map(TestSupport.reactions), [["👍 1 [ada] complete"], []])
            XCTAssertEqual(TestSupport.diagnostics(result), ["removed-by-newer-copy": 1, "deleted-in-newer-copy": 1])
            XCTAssertEqual(
                result.diagnostics.examples[.removedByNewerCopy]?.map(\.text),
                [
                    newerName
                        + ": 3 reaction(s) on 2 message(s) that older copies give are not in this copy, the newest: removed before it was taken, and counted as removed"
                ])
            XCTAssertEqual(
                result.diagnostics.examples[.deletedInNewerCopy]?.map(\.text),
                [newerName + ": 1 message(s) deleted in this copy, the newest, that older copies show not deleted: shown deleted"])
            XCTAssertEqual(result.tallies[.stream], ReactionTally(read: 4, counted: 1, removed: 3))
        }
    }

    /// A message-action list (`{"data":[…]}`, as `fetch pubnub` saves the actions added since
    /// its last run) is not a copy: its actions count beside the newest history page, also one
    /// timed before that page was fetched (stored late), and an older page it does not override.
    func testAnActionListAddsToTheNewestHistoryPage() throws {
        let older = Self.historyPage(
            fetchedAt: "2024-01-06T00:00:00Z", items: Self.item("17044128000000000", "ship it?", actions: [("❤️", "erin", "17044500000000000")]))
        let newer = Self.historyPage(
            fetchedAt: "2024-01-08T00:00:00Z", items: Self.item("17044128000000000", "ship it?", actions: [("👍", "bob", "17045000000000000")]))
        let actions =
            #"{"fetchedAt":"2024-01-15T00:00:00Z","data":[{"channel":"support","type":"reaction","value":"🎉","uuid":"carol","actionTimetoken":"17046000000000000","messageTimetoken":"17044128000000000"},"#
            + #"{"channel":"support","type":"reaction","value":"😂","uuid":"dan","actionTimetoken":"17050000000000000","messageTimetoken":"17044128000000000"}]}"#
        let files = [("actions.json", actions), ("history-1.json", older), ("history-2.json", newer)]
        for order in [files, files.reversed()] {
            let result = try settle(order)
            XCTAssertEqual(result.messages.map(TestSupport.reactions), [["👍 1 [bob] complete", "🎉 1 [carol] complete", "😂 1 [dan] complete"]])
            XCTAssertEqual(
                result.diagnostics.examples[.removedByNewerCopy]?.map(\.text),
                [
                    "history-2.json: 1 reaction(s) on 1 message(s) that older copies give are not in this copy, the newest: removed before it was taken, and counted as removed"
                ])
            XCTAssertEqual(result.tallies[.pubnub], ReactionTally(read: 4, counted: 3, removed: 1))
        }
    }
}
