import Foundation
import XCTest

@testable import ReactionReportKit

/// Responsiveness (issue 30, items 2 and 3): which messages ask, which are answered and how fast,
/// on the health fixture (`Fixtures/health`: one Mattermost export where every rule has a case),
/// and its pages pinned. Regenerate deliberately with `UPDATE_GOLDEN=1 swift test --filter ResponsesTests`.
final class ResponsesTests: XCTestCase {
    static let folder = TestSupport.fixtures.appendingPathComponent("health")

    func testQuestionMarksOfEveryScript() {
        let rules = ResponseRules()
        let asks = [
            "ship it?", "why? because", "really?!", "(ok?)", "هل الاجتماع اليوم؟", "会议几点开始？", "Τι ώρα είναι;", "Τι ώρα είναι\u{37E}",
            "Ո՞ւր ես", "¿Dónde está", "ምን ነው፧", "what⁉", "end ?", "\u{1E95F}"
        ]
        let tells = [
            "https://example.invalid/notes?a=1&b=2", "see /search?q=x", "50%? no: 50?%", "a?b", "semicolons; in Latin", "plain", "",
            "?é", "?٣"
        ]
        XCTAssertEqual(asks.filter { !rules.isQuestion($0) }, [])
        XCTAssertEqual(tells.filter { rules.isQuestion($0) }, ["50%? no: 50?%"])
        var latinOnly = ResponseRules()
        latinOnly.questionMarks = "?"
        XCTAssertEqual(asks.filter { latinOnly.isQuestion($0) }, ["ship it?", "why? because", "really?!", "(ok?)", "end ?"])
        latinOnly.questionMarks = ""
        XCTAssertFalse(latinOnly.isQuestion("ship it?"))
    }

    func testResponseWindowLengths() {
        let cases: [(String, Int64?)] = [
            ("48h", 172_800), ("2d", 172_800), ("90m", 5_400), ("1h30m", 5_400), ("30s", 30), ("1d2h3m4s", 93_784),
            ("", nil), ("0h", nil), ("h", nil), ("48", nil), ("1x", nil), ("4 h", nil), ("-1h", nil), ("99999999999999999999s", nil)
        ]
        for (text, seconds) in cases { XCTAssertEqual(ResponseRules.seconds(text), seconds, text) }
    }

    func testResponseWindowMustBeALength() {
        var options = BuildOptions()
        XCTAssertThrowsError(try ConfigurationFile.apply("responseWindow = \"soon\"\n", file: "r.toml", to: &options)) { error in
            XCTAssertEqual(
                "\(error)", #"r.toml:1:18: 'responseWindow' must be a length of time such as "48h", "2d", "90m" or "1h30m", not "soon""#)
        }
        try? ConfigurationFile.apply(
            "responseWindow = \"1h30m\"\nquestionMarks = \"?؟\"\nsupportConversations = [\"help\", \"ask-*\"]\n", file: "r.toml", to: &options)
        XCTAssertEqual(options.responses.window, 5_400)
        XCTAssertEqual(options.responses.questionMarks, "?؟")
        XCTAssertEqual(options.responses.supportConversations, ["help", "ask-*"])
        XCTAssertTrue(options.responses.isSupport(id: "x", name: "Ask-Ops"))
    }

    /// What every message of the fixture got, by its first words: answerable, question,
    /// answered, seconds to the first response.
    func testEveryRuleOfTheHealthFixture() throws {
        var options = BuildOptions()
        try ConfigurationFile.load(Self.folder.appendingPathComponent("reaction-report.toml").path, into: &options)
        let result = try TestSupport.settleFixtures(["health/mattermost.jsonl"])
        let responses = Responses(messages: result.messages, rules: options.responses, bots: result.bots, leftOut: result.bots)
        var got: [String] = []
        for index in result.messages.indices {
            let entry = try XCTUnwrap(responses[index])
            let flags = (entry.answerable ? "A" : "-") + (entry.question ? "Q" : "-") + (entry.answered ? "R" : "-")
            got.append("\(result.messages[index].text.prefix(22)) \(flags) \(entry.secondsToFirstResponse.map(String.init) ?? "none")")
        }
        XCTAssertEqual(
            got,
            [
                "Anyone seen the build  AQ- none",  // her own reaction and her own reply
                "Found them myself. A-- none",
                "Why does the deploy fa AQ- none",  // only a bot's reply
                "Build 1432 failed: see --- none",  // a bot's message awaits nothing
                "Can someone review my  AQ- 172801",  // one second after the window
                "Is the wiki down? AQR 172800",  // at the window's last second
                "Release notes: https:/ A-R 30",  // a link's query asks nothing
                "هل الاجتماع اليوم؟ AQR 600",
                "نعم A-- none",
                "会议几点开始？ AQR 300",
                "Τι ώρα είναι; AQ- none",
                "Ո՞ւր է հաշվետվությունը AQR 7200",
                "¿Dónde está el informe AQ- none",  // only a bot's reaction
                "ምን ነው፧ AQR 10800",
                "Semicolons; in Latin t A-- none",
                "The VPN drops every ho AQR 1200",  // a support conversation
                "Try the new profile. A-- none",  // a reply there is an answer
                "Printer on floor 2 is  AQ- none",
                "Nightly build passed? --- none",  // a bot's question
                "Back up now. A-- none",
                "Standup moved to 10? AQR 900",
                "Shipping today. A-R 60",
                "Laptop will not boot AQR 5400",
                "Standup at 7am from no A-R 60",
                "Bring it over. A-- none",
                "Back from leave, what  AQR 2400",
                "Welcome back! A-R 60"
            ])
    }

    /// Delays are kept in 32 bits a message, and exactly past them: a reply 150 years on, or
    /// the second before the 32 bits run out, comes back to the second.
    func testDelaysOfEveryLengthComeBackExactly() {
        let ledger = ReactionLedger()
        let start: Int64 = 86_400
        let delays: [Int64] = [0, 4_294_967_293, 4_294_967_294, 4_294_967_295, 4_733_640_000]
        for (number, delay) in delays.enumerated() {
            let id = "m\(number)"
            ledger.record(ImportedMessage(platform: .mattermost, conversationID: "c", id: id, authorID: "ann", sentAt: .unixSeconds(start + Int64(number))))
            ledger.record(
                ImportedMessage(
                    platform: .mattermost, conversationID: "c", id: id + "-reply", authorID: "bo", sentAt: .unixSeconds(start + Int64(number) + delay),
                    replyToID: id))
        }
        let messages = ledger.summarize().messages
        let responses = Responses(messages: messages, rules: ResponseRules(), bots: [:], leftOut: [:])
        let got = messages.indices.filter { !messages[$0].id.hasSuffix("-reply") }.map { responses[$0]?.secondsToFirstResponse }
        XCTAssertEqual(got, delays)
    }

    func testHealthFixturePagesMatchGoldenFiles() throws {
        var options = BuildOptions()
        try ConfigurationFile.load(Self.folder.appendingPathComponent("reaction-report.toml").path, into: &options)
        options.title = "Health fixture"
        let outcome = try ReportBuild(inputs: [Self.folder.appendingPathComponent("mattermost.jsonl").path], options: options).inspect()
        let files = try MemoryWriter.render(outcome.result, options: options)
        try GoldenSiteTests.compare(
            files,
            pinned: [
                "index.html", "weeks/2026-W10/index.html", "weeks/2026-W10/report.md", "weeks/2026-W11/report.md", "data/weeks.json"
            ] + DigestFormat.allCases.map { $0.path(week: "2026-W10") },
            prefix: "health__")
    }
}
