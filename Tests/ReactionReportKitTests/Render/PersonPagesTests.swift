import XCTest

@testable import ReactionReportKit

/// People pages: each person's figures (`PersonFigures`), their page's file name, and the links
/// to it from the names on other pages.
final class PersonPagesTests: XCTestCase {
    /// A person of the small export: id, name, bot.
    typealias Person = (id: String, name: String, bot: Bool)

    static let ada: Person = ("1", "Ada", false)
    static let bo: Person = ("2", "Bo", false)
    static let sam3: Person = ("3", "Sam", false)
    static let sam4: Person = ("4", "Sam", false)
    static let dotted: Person = ("5", "../../etc/passwd", false)
    static let rtl: Person = ("6", "\u{202E}evil\u{0}🦊/x", false)
    static let bot: Person = ("9", "Deploy Bot", true)

    /// A DiscordChatExporter export of one channel: (author, minute, reactions as emoji and reactors).
    static func export(_ messages: [(Person, Int, [(String, [Person])])]) -> String {
        func user(_ person: Person) -> String {
            #"{"id": "\#(person.id)", "name": \#(quoted(person.name)), "nickname": \#(quoted(person.name)), "isBot": \#(person.bot)}"#
        }
        let items = messages.enumerated().map { index, message in
            let reactions = message.2.map { emoji, users in
                #"{"emoji": {"id": "", "name": "\#(emoji)", "isAnimated": false}, "count": \#(users.count), "#
                    + #""users": [\#(users.map(user).joined(separator: ", "))]}"#
            }
            let time = "2024-03-04T10:" + String(format: "%02d", message.1) + ":00+00:00"
            return #"{"id": "\#(100 + index)", "type": "Default", "timestamp": "\#(time)", "content": "message \#(100 + index)", "#
                + #""author": \#(user(message.0)), "reactions": [\#(reactions.joined(separator: ", "))]}"#
        }
        return #"{"guild": {"id": "1", "name": "Guild"}, "channel": {"id": "7", "type": "GuildTextChat", "name": "general"}, "#
            + #""messages": [\#(items.joined(separator: ", "))]}"#
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Ada reacts to her own message, to Bo, to the bot and to the second Sam; Bo reacts to Ada.
    static func result() throws -> LedgerResult {
        try TestSupport.settle([
            (
                "general.json",
                export([
                    (ada, 0, [("👍", [bo, ada]), ("❤️", [bo])]),
                    (bo, 5, [("👍", [ada, sam3])]),
                    (bot, 10, [("🎉", [ada])]),
                    (sam3, 15, []),
                    (sam4, 20, [("👍", [ada])]),
                    (dotted, 25, [("😂", [rtl])]),
                    (ada, 30, [("❤️", [bo])])
                ])
            )
        ])
    }

    static func figures(_ result: LedgerResult, options: BuildOptions = BuildOptions()) -> PersonFigures {
        var result = result
        result.leftOutOfRankings = RankingExclusions.people(in: result, options: options)
        let analysis = Analysis(result, options: options, calendar: WeekCalendar("UTC")!)
        return PersonFigures(analysis.people, layout: analysis.layout, leftOut: result.leftOutOfRankings)
    }

    func testEachPersonsFigures() throws {
        let result = try Self.result()
        let figures = Self.figures(result)
        let people = figures.people
        XCTAssertEqual(people.map(\.id), ["1", "2", "3", "4", "5", "6", "9"])
        let names = people.map(\.name)
        let at = { (id: String) in people[people.firstIndex { $0.id == id }!] }
        let ada = at("1")
        XCTAssertEqual(ada.messages, 2)
        // Her reaction to her own message counts as given and received, but not as a pair.
        XCTAssertEqual(ada.reactionsGiven, 4)
        XCTAssertEqual(ada.reactionsReceived, 4)
        XCTAssertEqual(ada.emojiGiven.map { "\($0.emoji.display) \($0.count)" }, ["👍 3", "🎉 1"])
        XCTAssertEqual(ada.emojiReceived.map { "\($0.emoji.display) \($0.count)" }, ["❤️ 2", "👍 2"])
        // The bot is left out of the lists (`excludeBots`), her own message too.
        XCTAssertEqual(ada.reactsTo.map { "\(names[$0.person]) \($0.count)" }, ["Bo 1", "Sam 1"])
        XCTAssertEqual(ada.reactsTo.map { people[$0.person].id }, ["2", "4"])
        XCTAssertEqual(ada.reactedToBy.map { "\(names[$0.person]) \($0.count)" }, ["Bo 3"])
        XCTAssertEqual(ada.conversations.map { "\($0.conversation) \($0.messages) \($0.reactions)" }, ["0 2 4"])
        XCTAssertEqual(ada.mostReacted.map { result.messages[$0].id }, ["100", "106"])
        XCTAssertEqual(ada.latest.map { result.messages[$0].id }, ["106", "100"])
        XCTAssertEqual(ada.firstActive.map { TimeText.utc.attribute($0) }, "2024-03-04T10:00:00Z")
        XCTAssertEqual(ada.lastActive.map { TimeText.utc.attribute($0) }, "2024-03-04T10:30:00Z")
        // The bot has a page that says so; Ada, who is not left out, is among its reactors.
        let bot = at("9")
        XCTAssertTrue(bot.bot)
        XCTAssertEqual(bot.reactedToBy.map { "\(names[$0.person]) \($0.count)" }, ["Ada 1"])
        XCTAssertEqual(bot.mostReacted.map { result.messages[$0].id }, ["102"])
        // Someone who only reacted: no messages, no message lists, active never (no reaction time).
        let rtl = at("6")
        XCTAssertEqual([rtl.messages, rtl.reactionsGiven, rtl.reactionsReceived], [0, 1, 0])
        XCTAssertEqual(rtl.latest, [])
        XCTAssertNil(rtl.firstActive)
        XCTAssertEqual(rtl.reactsTo.map { people[$0.person].id }, ["5"])
    }

    /// File names are a hash of the platform and id alone: two people of one name differ,
    /// hostile names never reach a path, a renamed person keeps their page, and a collision
    /// gets `-2`.
    func testFileNamesAreSafeDistinctAndStable() throws {
        let figures = Self.figures(try Self.result())
        XCTAssertEqual(
            figures.people.map(\.fileName),
            [
                "3d6aa480.html", "b713c4a8.html", "9588f6d5.html", "7bdf6dbf.html",
                "ccdb9b5d.html", "98291dbb.html", "c94a20fd.html"
            ])
        let key = PersonKey(platform: .slack, id: "U1")
        let names = PersonFigures.fileNames([key, key, PersonKey(platform: .slack, id: "U2")])
        XCTAssertEqual(names, ["73f6f13f.html", "73f6f13f-2.html", "c4029b6d.html"])
        XCTAssertEqual(PersonFigures.hashText(key), "73f6f13f")
        for name in figures.people.map(\.fileName) + names {
            XCTAssertNotNil(name.wholeMatch(of: /[0-9a-f]{8}(-[0-9]+)?\.html/), name)
        }
    }

    /// `excludePeople` keeps a person from being featured: no page, their name leads nowhere, and
    /// the others' lists leave them out; their messages stay in the transcript.
    func testExcludedPeopleHaveNoPage() throws {
        var options = BuildOptions()
        options.excludePeople = ["bo"]
        let result = try Self.result()
        let figures = Self.figures(result, options: options)
        XCTAssertEqual(figures.people.map(\.id), ["1", "3", "4", "5", "6", "9"])
        let ada = figures.people[0]
        XCTAssertEqual(ada.reactsTo.map { figures.people[$0.person].id }, ["4"])
        XCTAssertEqual(ada.reactedToBy.map(\.person), [])
        let files = try MemoryWriter.render(result, options: options)
        XCTAssertNil(files["people/b713c4a8.html"])
        let transcript = try XCTUnwrap(files["conversations/discord-general/index.html"])
        XCTAssertTrue(transcript.contains(#"<span class="author" dir="auto">Bo</span>"#))
        XCTAssertTrue(transcript.contains(#"<a class="author" href="../../people/3d6aa480.html" dir="auto">Ada</a>"#))
    }

    /// An author's and a reactor's names link to pages the site has; the people index lists
    /// everyone, and the navigation names it.
    func testNamesLinkToExistingPages() throws {
        let files = try MemoryWriter.render(try Self.result())
        let transcript = try XCTUnwrap(files["conversations/discord-general/index.html"])
        let authors = transcript.matches(of: /<a class="author" href="..\/..\/([^"]+)"/).map { String($0.1) }
        let reactors = transcript.matches(of: /<li><a href="..\/..\/([^"]+)">/).map { String($0.1) }
        XCTAssertEqual(authors.count, 7)
        XCTAssertEqual(reactors.count, 9)
        for path in authors + reactors { XCTAssertNotNil(files[path], path) }
        XCTAssertTrue(transcript.contains(#"<li><a href="../../people/b713c4a8.html">Bo</a></li>"#))
        XCTAssertTrue(transcript.contains(#"<a href="../../people/index.html">People</a>"#))
        let index = try XCTUnwrap(files["people/index.html"])
        XCTAssertEqual(index.matches(of: /<tr><td><a href="([^"]+)"/).map { String($0.1) }.filter { files["people/" + $0] == nil }, [])
        XCTAssertEqual(index.matches(of: /<tr><td><a href/).count, 7)
        // The overview's rankings link too.
        let overview = try XCTUnwrap(files["index.html"])
        XCTAssertTrue(overview.contains(#"<a class="person" href="people/3d6aa480.html" dir="auto">Ada</a>"#))
    }

    /// Under `anonymize` a page and its file name hold only the pseudonym.
    func testAnonymizedPagesHoldOnlyPseudonyms() throws {
        let result = Anonymizer.apply(try Self.result())
        let files = try MemoryWriter.render(result)
        let people = files.filter { $0.key.hasPrefix("people/") }
        XCTAssertEqual(people.count, 8)
        for (path, page) in people {
            for real in ["Ada", "Sam", "Deploy Bot", "passwd", "evil", "title=\"1\""] {
                XCTAssertFalse(path.contains(real.lowercased()), path)
                XCTAssertFalse(page.contains(real), "\(path) holds \(real)")
            }
        }
        let figures = Self.figures(result)
        XCTAssertEqual(figures.people.filter { !$0.id.hasPrefix("anon-") }.map(\.id), [])
        for person in figures.people {
            XCTAssertEqual(person.fileName, PersonFigures.hashText(PersonKey(platform: .discord, id: person.id)) + ".html")
        }
    }
}
