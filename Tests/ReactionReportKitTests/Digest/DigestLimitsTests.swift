import XCTest

@testable import ReactionReportKit

/// A week far past every limit: 200 top messages of 5,000 characters each (words, one long URL,
/// emoji sequences, markup), long names, 250 reactors and 400 custom emoji, `topN` 200. The
/// Slack and Discord digests must keep every documented limit, cut only between characters and
/// outside links, and say how much they left out.
final class DigestLimitsTests: XCTestCase {
    static let family = "👩‍👩‍👧‍👦"
    static let base = "https://reports.example.org/pulse"

    /// A Stream Chat export of one week (2024-W01), in three conversations.
    static func export() -> String {
        var channels: [String] = []
        for channel in 0..<3 {
            var messages: [String] = []
            for n in stride(from: channel, to: 200, by: 3) {
                let text: String
                switch n % 4 {
                case 0: text = String(repeating: "lorem ipsum dolor ", count: 278).prefix(5_000).description
                case 1: text = "https://example.org/" + String(repeating: "a", count: 4_980)
                case 2: text = String(repeating: family, count: 5_000)
                default: text = String(repeating: "*b* <@U1> [x](https://e.example) ", count: 152).prefix(5_000).description
                }
                let reactors = (0..<5).map { r -> String in
                    let id = "user-\((n * 5 + r) % 250)"
                    return #"{"type":"like","user_id":"\#(id)","user":{"id":"\#(id)","name":"Reactor \#(id) \#(String(repeating: "r", count: 200))"}}"#
                }
                let custom = (0..<2).map { "custom_\(n)_\($0)_" + String(repeating: "e", count: 60) }
                messages.append(
                    #"{"id":"m\#(n)","text":\#(JSONText.quote(text)),"user":{"id":"author-\#(n % 40)","name":"Author \#(n % 40) \#(String(repeating: "n", count: 300))"},"#
                        + #""created_at":"2024-01-0\#(1 + n % 7)T12:\#(10 + n % 50):00Z","#
                        + #""reaction_counts":{"like":\#(5 + n % 7),"\#(custom[0])":\#(1 + n % 3),"\#(custom[1])":1},"#
                        + #""latest_reactions":[\#(reactors.joined(separator: ","))]}"#)
            }
            let name = "Channel \(channel) " + String(repeating: "c", count: 200)
            channels.append(
                #"{"channel":{"id":"c\#(channel)","type":"messaging","cid":"messaging:c\#(channel)","name":"\#(name)"},"messages":[\#(messages.joined(separator: ","))]}"#
            )
        }
        return #"{"channels":["# + channels.joined(separator: ",") + "]}"
    }

    func digests() throws -> [DigestFormat: String] {
        let result = try TestSupport.settle([("limits.json", Self.export())])
        XCTAssertEqual(result.messages.count, 200)
        var options = BuildOptions()
        options.topN = 200
        options.baseURL = Self.base
        options.formats = [.markdown]
        let files = try MemoryWriter.render(result, options: options)
        XCTAssertEqual(files.keys.filter { $0.contains("/digest.") }.count, 3)
        return try Dictionary(uniqueKeysWithValues: DigestFormat.allCases.map { ($0, try XCTUnwrap(files[$0.path(week: "2024-W01")])) })
    }

    func testEveryLimitIsKept() throws {
        let digests = try digests()
        var slackTexts: [String] = []
        XCTAssertEqual(try DigestPayloadCheck.slack(digests[.slack]!, texts: &slackTexts), [])
        var discordTexts: [String] = []
        XCTAssertEqual(try DigestPayloadCheck.discord(digests[.discord]!, texts: &discordTexts), [])

        // What was left out is said, not dropped in silence.
        let slack = try DigestPayloadCheck.object(digests[.slack]!)["blocks"] as! [[String: Any]]
        let kept = slack.filter { (($0["text"] as? [String: Any])?["text"] as? String)?.hasPrefix("*") == true }.count
        let shown = slackTexts.filter { $0.range(of: #"^\*\d+\.\*"#, options: .regularExpression) != nil }.count
        XCTAssertGreaterThan(shown, 3)
        XCTAssertTrue(slackTexts.contains("…and \(200 - shown) more top messages in the full report"), "\(shown) of \(kept)")
        XCTAssertTrue(slackTexts.contains { $0.hasPrefix("*Top reactors*\n1. Reactor user-") && $0.hasSuffix(" more") })
        let discordShown = discordTexts.joined(separator: "\n").components(separatedBy: "\n**").count - 1
        XCTAssertGreaterThan(discordShown, 3)
        XCTAssertTrue(discordTexts.contains { $0.hasSuffix("\n…and \(200 - discordShown) more top messages in the full report") })

        for text in slackTexts + discordTexts {
            // Cuts fall between characters: an emoji sequence is whole or gone.
            XCTAssertFalse(text.replacingOccurrences(of: Self.family, with: "").unicodeScalars.contains("\u{200D}"), text)
        }
        // Links are whole, and every link is one of the site's: in Slack every `<` (the
        // export's are `&lt;`), in Discord every `](` (the export's are `\]\(`).
        for text in slackTexts {
            for link in text.components(separatedBy: "<").dropFirst() {
                XCTAssertTrue(link.hasPrefix(Self.base + "/") && (link.contains("|view message>") || link.contains("|Full report for week 2024-W01>")), link)
            }
        }
        for text in discordTexts {
            for link in text.components(separatedBy: "](").dropFirst() {
                XCTAssertTrue(link.hasPrefix(Self.base + "/") && link.contains(")"), String(link.prefix(80)))
            }
            XCTAssertNil(text.range(of: #"(^|[^\\])<"#, options: .regularExpression), text)
        }
        // Long names and excerpts are cut with an ellipsis, their whole characters kept.
        let custom = #":customˍ\d+ˍ\dˍe{60}: \d"#
        let details = #"\n👍 \d+ · "# + custom + " · " + custom + #" — Author \d+ n{69}… in Channel \d c{69}… · <"#
        XCTAssertTrue(slackTexts.contains { $0.range(of: details, options: .regularExpression) != nil })
        // 27 families of 11 UTF-16 code units and the ellipsis: 298 of the excerpt's 300.
        XCTAssertTrue(slackTexts.contains { $0.contains(".* " + String(repeating: Self.family, count: 27) + "…\n") })
    }

    /// Figures and rankings a report may grow (replies, pairs, groups) take their share and
    /// leave the top messages room: 40 figures, 8 rankings of 300 entries, 100 messages.
    func testManyMoreFiguresAndRankingsStillFit() throws {
        let long = String(repeating: "x", count: 500)
        let content = DigestContent(
            siteTitle: long, week: "2026-W13", range: "2026-03-23 to 2026-03-29", timezone: "UTC",
            figures: (1...40).map { .init(label: "Group \($0) " + long, value: long, change: long) },
            topMessages: (1...100).map {
                .init(rank: $0, excerpt: long, author: long, conversation: long, reactions: long, link: Self.base + "/conversations/c/index.html#m-\($0)")
            },
            rankings: (1...8).map { ranking in
                .init(
                    title: "Ranking \(ranking) " + long, style: ranking % 2 == 0 ? .inline : .numbered,
                    entries: (1...300).map { .init(label: "Entry \($0) " + long, count: "\($0)") }, empty: "none")
            },
            reportLink: Self.base + "/weeks/2026-W13/index.html", reportPath: "weeks/2026-W13/index.html")
        var slackTexts: [String] = []
        XCTAssertEqual(try DigestPayloadCheck.slack(SlackDigest.payload(content), texts: &slackTexts), [])
        // Six figures of about 250 characters fill the figures' 1,500.
        XCTAssertEqual(slackTexts.filter { $0.hasPrefix("…") }, ["…and 34 more figures in the full report", "…and 98 more top messages in the full report"])
        XCTAssertEqual(slackTexts.filter { $0.hasPrefix("*Ranking ") && $0.hasSuffix(" more") }.count, 8)
        var discordTexts: [String] = []
        XCTAssertEqual(try DigestPayloadCheck.discord(DiscordDigest.payload(content), texts: &discordTexts), [])
        XCTAssertTrue(discordTexts.contains { $0.hasPrefix("…and ") && $0.hasSuffix(" more figures in the full report") })
        XCTAssertTrue(discordTexts.contains { $0.hasPrefix("**1\\.** x") && $0.contains(" more top messages in the full report") })
    }

    /// The text digest has no limit to keep: every top message and entry is in it.
    func testTheTextDigestHoldsEverything() throws {
        let text = try digests()[.text]!
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.filter { $0.hasPrefix("   https://reports.example.org/pulse/conversations/") }.count, 200)
        XCTAssertEqual(lines.filter { $0.hasPrefix("200. ") }.count, 3)  // a top message, a reactor and a pair (40 authors receive)
        XCTAssertFalse(text.contains("more"))
    }
}
