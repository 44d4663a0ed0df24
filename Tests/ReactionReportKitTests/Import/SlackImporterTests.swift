import XCTest

@testable import InputFiles
@testable import JSONReader
@testable import ReactionReportKit

final class SlackImporterTests: XCTestCase {
    func read(_ path: String, options: BuildOptions = BuildOptions()) throws -> ReportBuild.Outcome {
        try ReportBuild(inputs: [TestSupport.fixtures.appendingPathComponent(path).path], options: options).inspect()
    }

    /// Day files and workspace roots are found on bytes: `YYYY-MM-DD.json` exactly, split at the
    /// last slash, with names that hold other scripts and look-alike digits.
    func testDayFilesAndWorkspaceRootsFromNames() {
        let importer = SlackImporter()
        let day = ["2024-02-29.json", "0000-00-00.json"]
        let notDay = [
            "2024-02-29.JSON", "2024-02-29.jsn", "2024-2-29.json", "2024/02/29.json", "2024-02-290json",
            "２０２４-02-29.json", "2024-02-29.json ", "2024-02-29", "", "channels.json", "2024-02-2é.json"
        ]
        XCTAssertEqual(day.map(SlackImporter.isDayFile), [true, true])
        XCTAssertEqual(notDay.filter(SlackImporter.isDayFile), [])
        XCTAssertEqual(importer.split("a/b/c.json").folder, "a/b")
        XCTAssertEqual(importer.split("a/b/c.json").file, "c.json")
        XCTAssertEqual(importer.split("c.json").folder, "")
        XCTAssertEqual(importer.split("général/2024-01-01.json").folder, "général")
        XCTAssertEqual(importer.split("général/2024-01-01.json").file, "2024-01-01.json")
        let days = ["x/général/2024-01-01.json", "y/z/2024-01-02.json", "y/z/notes.txt", "w/канал/2024-01-03.json", "v/readme.md"]
        // A folder with metadata is the workspace; without any, the parents of day-file folders are.
        XCTAssertEqual(importer.workspaceRoots(in: ["x/users.json"] + days), ["x"])
        XCTAssertEqual(importer.workspaceRoots(in: days), ["w", "x", "y"])
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
        XCTAssertEqual(
            zip.result.diagnostics.examples[.skippedFile]?.map(\.detail),
            [
                "entry \"../escape.json\" refused: its path could leave the folder", "entry \"/abs.json\" refused: its path could leave the folder"
            ].sorted())
        var options = BuildOptions()
        options.includeDirectMessages = true
        let withDMs = try read("slack/workspace", options: options).result
        XCTAssertEqual(withDMs.messages.map(\.conversationName), ["general", "general", "Ada Okafor, bo.l"])
    }

    func testMrkdwnBecomesSafeCommonMark() throws {
        let result = try read("slack/workspace").result
        let markup = MessageMarkup(people: result.people, conversations: [.slack: ["C1": "general"]])
        XCTAssertEqual(
            markup.commonMark(result.messages[0]),
            ##"deploy done **for real** [run log](<https://example.org/run/1>) cc \@bo\.l in \#general <b>"##)
        XCTAssertEqual(
            CommonMark.html(markup.commonMark(result.messages[0])),
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

    /// Writes a small workspace export into a temporary folder.
    func workspace(_ files: [String: String]) throws -> String {
        let root = try TestSupport.temporaryFolder().appendingPathComponent("export")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root.path
    }

    /// formats.md §9 as it applies to Slack: escaped `/`, skin-tone shortcodes, custom names,
    /// counts above the listed users, tombstones, bot messages, membership events, reactors
    /// missing from users.json, names by display name then real name then handle.
    func testSlackTraps() throws {
        let path = try workspace([
            "users.json":
                #"[{"id":"U1","name":"ada","real_name":"Ada Okafor","profile":{"display_name":""}},{"id":"U2","name":"bo","profile":{"display_name":"Bo","real_name":"Bo Lind"}},{"id":"U3","name":"cy"}]"#,
            "channels.json": #"[{"id":"C9","name":"ops"}]"#,
            "ops/2024-03-01.json": #"""
            [{"type":"message","subtype":"channel_join","user":"U3","ts":"1709251200.000001","text":"<@U3> has joined"},
             {"type":"message","user":"U1","ts":"1709251300.000100","text":"see https:\/\/example.org\/a","reactions":[
               {"name":"+1::skin-tone-6","users":["U2"],"count":1},{"name":"heart","users":["U2","U3","U7"],"count":5},
               {"name":"shipit","users":["U1"],"count":1}]},
             {"type":"message","subtype":"bot_message","bot_id":"B1","username":"deploybot","ts":"1709251400.000200","text":"deployed"},
             {"type":"message","subtype":"tombstone","user":"USLACKBOT","ts":"1709251500.000300","text":"This message was deleted.","thread_ts":"1709251500.000300","reactions":[{"name":"eyes","users":["U1"],"count":1}]},
             {"type":"message","user":"U2","ts":"1709251600.000400","thread_ts":"1709251500.000300","text":"reply"}]
            """#,
            "ops/2024-03-02.json": #"{"not":"an array"}"#
        ])
        let result = try ReportBuild(inputs: [path], options: BuildOptions()).inspect().result
        XCTAssertEqual(result.messages.map(\.id), ["1709251300.000100", "1709251400.000200", "1709251500.000300", "1709251600.000400"])
        let first = result.messages[0]
        XCTAssertEqual(first.text, "see https://example.org/a")
        XCTAssertEqual(first.authorName, "Ada Okafor")
        XCTAssertEqual(TestSupport.reactions(first), ["👍🏿 1 [U2] complete", "❤ 5 [U2,U3,U7] incomplete", ":shipit: 1 [U1] complete"])
        XCTAssertEqual(first.reactions[1].reactors.map { $0.name ?? "-" }, ["Bo", "cy", "-"])
        XCTAssertEqual(result.messages[1].authorID, "B1")
        XCTAssertEqual(result.messages[1].authorName, "deploybot")
        XCTAssertTrue(result.messages[2].deleted)
        XCTAssertNil(result.messages[2].threadParentID)
        XCTAssertEqual(TestSupport.reactions(result.messages[2]), ["👀 1 [U1] complete"])
        XCTAssertEqual(result.messages[3].threadParentID, "1709251500.000300")
        XCTAssertEqual(TestSupport.diagnostics(result), ["unknown-user": 1, "skipped-record": 1])
    }

    /// A `reactions` member that is not an array, and reactions whose parts have the wrong
    /// types, are named with the day file, the message and the JSON path, and the reactions
    /// they hold are counted as read and not counted; a shared file's are named once.
    func testReactionsOfTheWrongTypeAreNamedWithTheirPaths() throws {
        let path = try workspace([
            "channels.json": #"[{"id":"C9","name":"ops"}]"#,
            "ops/2024-03-01.json": #"""
            [{"type":"message","user":"U1","ts":"1709251300.000100","text":"map","reactions":{"+1":{"users":["U2","U3"],"count":2},"heart":{"users":["U2"],"count":1}}},
             {"type":"message","user":"U1","ts":"1709251400.000200","text":"parts","reactions":[
               {"name":"heart","users":"U2"},
               {"name":"eyes","users":{"U2":true},"count":2},
               "tada",
               {"name":7,"users":["U2"],"count":4},
               {"name":"fire","count":{"n":3},"users":["U2",5]},
               {"name":"rocket","count":"lots"},
               {"name":"wave","users":[null],"count":1},
               {"name":"clap"},
               null]},
             {"type":"message","user":"U1","ts":"1709251500.000300","text":"file","files":[{"id":"F1","reactions":"+1"}]},
             {"type":"message","subtype":"file_mention","user":"U2","ts":"1709251600.000400","text":"again","file":{"id":"F1","reactions":"+1"}},
             {"type":"message","subtype":"channel_join","user":"U3","ts":"1709251700.000500","text":"joined","reactions":{"wave":{"count":2}}},
             {"type":"message","subtype":"thread_broadcast","user":"U1","ts":"1709251800.000600","text":"also","thread_ts":"1709251000.000001",
              "root":{"type":"message","user":"U2","ts":"1709251000.000001","text":"root","reactions":{"+1":{"count":1}}}},
             {"type":"message","user":"U1","ts":"1709251900.000700","text":"empty","reactions":{}}]
            """#
        ])
        let result = try ReportBuild(inputs: [path], options: BuildOptions()).inspect().result
        func examples(_ kind: Diagnostic.Kind) -> [String] {
            (result.diagnostics.examples[kind] ?? []).map { "\($0.text.dropFirst(path.count + 1)) [\($0.reactions)]" }
        }
        XCTAssertEqual(
            examples(.skippedRecord),
            [
                "ops/2024-03-01.json: message 1709251300.000100: $[0].reactions is an object, not an array; 3 reaction(s) not counted [3]",
                "ops/2024-03-01.json: message 1709251700.000500: $[4].reactions is an object, not an array; 2 reaction(s) not counted [2]",
                "ops/2024-03-01.json: message 1709251000.000001: $[5].root.reactions is an object, not an array; 1 reaction(s) not counted [1]",
                "ops/2024-03-01.json: message 1709251900.000700: $[6].reactions is an object, not an array; it holds no reactions [0]",
                "ops/2024-03-01.json: message 1709251500.000300: $[2].files[0].reactions is a string, not an array; 1 reaction(s) not counted [1]"
            ])
        XCTAssertEqual(
            examples(.invalidReaction),
            [
                "ops/2024-03-01.json: message 1709251400.000200: $[1].reactions[0].users is a string, not an array; 1 reaction(s) not counted [1]",
                "ops/2024-03-01.json: message 1709251400.000200: $[1].reactions[1].users is an object, not an array; the reaction's count is used [0]",
                "ops/2024-03-01.json: message 1709251400.000200: $[1].reactions[2] is a string, not an object; 1 reaction(s) not counted [1]",
                "ops/2024-03-01.json: message 1709251400.000200: $[1].reactions[3].name is a number, not a string; 4 reaction(s) not counted [4]",
                "ops/2024-03-01.json: message 1709251400.000200: $[1].reactions[4].users[1] is a number, not a string; 1 reaction(s) not counted [1]",
                "ops/2024-03-01.json: message 1709251400.000200: $[1].reactions[6].users[0] is null, not a string; the reaction's count is used [0]",
                "ops/2024-03-01.json: message 1709251400.000200: reaction :clap: at $[1].reactions[7] has neither count nor users [1]",
                "ops/2024-03-01.json: message 1709251400.000200: $[1].reactions[8] is null, not an object; it holds no reactions [0]"
            ])
        XCTAssertEqual(
            examples(.invalidCount),
            [
                "ops/2024-03-01.json: message 1709251400.000200: the count of :fire: at $[1].reactions[4].count (an object is not a number) is not used; its listed reactors are counted [0]",
                "ops/2024-03-01.json: message 1709251400.000200: the count of :rocket: at $[1].reactions[5].count (\"lots\" is not a number) is not used [1]"
            ])
        XCTAssertEqual(TestSupport.diagnostics(result), ["skipped-record": 5, "invalid-reaction": 8, "invalid-count": 2])
        let parts = try XCTUnwrap(result.messages.first { $0.id == "1709251400.000200" })
        XCTAssertEqual(TestSupport.reactions(parts), ["👀 2 [] incomplete", "🔥 1 [U2] complete", "👋 1 [] incomplete"])
        // Counted: 2 + 1 + 1; named: 3 + 2 + 1 + 0 + 1 (members), 1 + 1 + 4 + 1 + 1 (parts), 1 (count).
        XCTAssertEqual(result.tallies[.slack], ReactionTally(read: 20, counted: 4, diagnosed: 16))
    }

    /// Controls found on bytes give what the search by `Character` gives, and text where that
    /// search would join a delimiter with its neighbour is cut by `Character`.
    func testMrkdwnControlsOnBytesMatchTheCharacterSearch() {
        let markup = MessageMarkup(people: [.slack: ["U1": "Ada"]], conversations: [.slack: ["C1": "general"]])
        func cut(_ text: String, onBytes: Bool) -> [String] {
            MessageMarkup.slackPieces(text, onBytes: onBytes).map { ($0.isControl ? "<>" : "") + $0.text }
        }
        let texts = [
            "", "plain *bold* _it_", "<@U1> hi <#C1> and <#C2|other> <!here> <!subteam^S1|@team>",
            "see <https://example.com/a?b=1&amp;c=2|the *link*> now", "unclosed <@U1", "a > b < c", "<<@U1>>", "*a <b* c>",
            "<mailto:x@example.com>", "<javascript:alert(1)|click>", "&lt;not a control&gt;", "tail <", "><",
            "é <@U1> ü", ":rocket: <@U1> :+1::skin-tone-2:"
        ]
        for text in texts {
            XCTAssertTrue(MessageMarkup.delimitersStandAlone(text), text)
            XCTAssertEqual(cut(text, onBytes: true), cut(text, onBytes: false), text)
        }
        XCTAssertEqual(cut("a <@U1> b <c", onBytes: true), ["a ", "<>@U1", " b ", "<c"])
        // A combining mark after `<`, or a prepended mark before it, makes one grapheme of them.
        for text in ["<\u{301}@U1>", "\u{600}<@U1>", "<@U1>\u{301}", "x<@U1\u{301}>"] {
            XCTAssertFalse(MessageMarkup.delimitersStandAlone(text), text)
        }
        XCTAssertEqual(cut("<\u{301}@U1> <@U1>", onBytes: false), ["<\u{301}@U1> ", "<>@U1", ""])
        XCTAssertEqual(markup.slack("<@U1> and <#C1>"), ##"\@Ada and \#general"##)
    }
}

/// Workspaces as Slack exported them before 2018 (Fixtures/slack/older-workspace, written from
/// the shapes of formats.md §Slack).
final class OlderSlackWorkspaceTests: XCTestCase {
    func result() throws -> LedgerResult {
        var options = BuildOptions()
        options.includeDirectMessages = true
        return try ReportBuild(inputs: [TestSupport.fixtures.appendingPathComponent("slack/older-workspace").path], options: options).inspect().result
    }

    /// A shared file's reactions count once, on the message that first shared it, although a
    /// file comment and a later share in another channel repeat them; a comment's own reactions
    /// count on the comment; a file in `files` gives its reactions to its message.
    func testFileReactionsCountOncePerFileOnTheMessageThatSharedIt() throws {
        let result = try result()
        let byID = Dictionary(uniqueKeysWithValues: result.messages.map { ($0.id, $0) })
        XCTAssertEqual(TestSupport.reactions(byID["1456833600.000002"]!), ["👏 6 [U0ADA,U0BO] incomplete"])
        XCTAssertEqual(TestSupport.reactions(byID["1456833700.000003"]!), ["👍 1 [U17KXSB7W] complete"])
        XCTAssertEqual(TestSupport.reactions(byID["1456920000.000002"]!), [])
        // The ❤ is the thread root's, read from the copy a broadcast carries.
        XCTAssertEqual(TestSupport.reactions(byID["1456920100.000003"]!), ["❤ 1 [U17KXSB7W] complete", "👀 1 [U0BO] complete"])
        XCTAssertEqual(result.tallies[.slack], ReactionTally(read: 11, counted: 11))
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
    }

    /// Every subtype keeps its reactions: a join someone welcomed is a message; a join nobody
    /// reacted to is not; a bot's message counts.
    func testJoinLinesWithReactionsAndBotMessagesKeepTheirReactions() throws {
        let messages = try result().messages
        // A broadcast's copy of a thread root the export does not hold, without reactions, adds no message.
        XCTAssertEqual(
            messages.map(\.id),
            [
                "1456833600.000002", "1456833700.000003", "1456833800.000004", "1456834000.000006",
                "1456920000.000002", "1456920100.000003", "1456920200.000004", "1456920300.000005"
            ])
        XCTAssertEqual(messages.map(\.reactionCount), [6, 1, 1, 1, 0, 2, 0, 0])
        XCTAssertEqual(TestSupport.reactions(messages[3]), ["🚀 1 [U0ADA] complete"])
        XCTAssertEqual(messages[3].authorName, "deploybot")
    }

    /// Authors are the people of users.json (display name, else real name, else name); mention
    /// markup in `username` is never a name; a folder named by a channel id has the channel's name.
    func testAuthorsComeFromTheUserListAndFoldersByIDGetTheirNames() throws {
        let messages = try result().messages
        XCTAssertEqual(messages.map { $0.authorName ?? "-" }, ["Hal", "Ada Okafor", "bo", "deploybot", "bo", "Ada Okafor", "bo", "Ada Okafor"])
        XCTAssertEqual(Set(messages.map { "\($0.conversationID) \($0.conversationName)" }), ["C0GENERAL general", "C0RANDOM random"])
        let names = SlackImporter.DayMessage(try JSONParser.parse(Array(#"{"username":"<@U9|someone>"}"#.utf8), file: "m"))
        XCTAssertEqual(SlackImporter.authorName(names, names: [:]), "someone")
        let bare = SlackImporter.DayMessage(try JSONParser.parse(Array(#"{"username":"<@U9>"}"#.utf8), file: "m"))
        XCTAssertNil(SlackImporter.authorName(bare, names: [:]))
        XCTAssertEqual(SlackImporter.authorName(bare, names: ["U9": "Nine"]), "Nine")
    }
}
