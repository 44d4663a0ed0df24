import XCTest

@testable import ReactionReportKit

/// The three payloads of a small digest, whole.
final class DigestWriterTests: XCTestCase {
    func content(linked: Bool) -> DigestContent {
        DigestContent(
            siteTitle: "Pulse", week: "2026-W13", range: "2026-03-23 to 2026-03-29", timezone: "UTC",
            figures: [
                .init(label: "Messages", value: "4", change: "▲ 2 (+100.0%)"), .init(label: "Median time to first reaction", value: "5 min", change: "▼ 1 min")
            ],
            topMessages: [
                .init(
                    rank: 1, excerpt: "Ship it? *now*", author: "Ada", conversation: "general", reactions: "👍 3 · 🔥 1",
                    link: linked ? "https://r.example/c/g/index.html#m-1" : nil),
                .init(
                    rank: 2, excerpt: "@here lunch", author: "Bo", conversation: "random", reactions: "😂 1",
                    link: linked ? "https://r.example/c/r/index.html#m-2" : nil)
            ],
            rankings: [
                .init(
                    title: "Top emoji", style: .inline, entries: [.init(label: "👍", count: "3"), .init(label: "🔥", count: "1")],
                    empty: "No reactions this week."),
                .init(title: "Top reactors", style: .numbered, entries: [.init(label: "Ada", count: "2"), .init(label: "Bo", count: "1")], empty: "None."),
                .init(title: "Top receivers", style: .numbered, entries: [], empty: "Nobody's messages got reactions this week.")
            ],
            reportLink: linked ? "https://r.example/weeks/2026-W13/index.html" : nil, reportPath: "weeks/2026-W13/index.html")
    }

    func testSlackPayload() {
        XCTAssertEqual(
            SlackDigest.payload(content(linked: true)),
            #"""
            {"text":"Pulse · Week 2026-W13 (2026-03-23 to 2026-03-29)",
            "blocks":[
            {"type":"header","text":{"type":"plain_text","text":"Pulse · Week 2026-W13"}},
            {"type":"context","elements":[{"type":"mrkdwn","text":"2026-03-23 to 2026-03-29 (UTC)","verbatim":true}]},
            {"type":"section","fields":[{"type":"mrkdwn","text":"*Messages*\n4 · ▲ 2 (+100.0%)","verbatim":true},{"type":"mrkdwn","text":"*Median time to first reaction*\n5 min · ▼ 1 min","verbatim":true}]},
            {"type":"divider"},
            {"type":"section","text":{"type":"mrkdwn","text":"*Top messages*","verbatim":true}},
            {"type":"section","text":{"type":"mrkdwn","text":"*1.* Ship it? ∗now∗\n👍 3 · 🔥 1 — Ada in general · <https://r.example/c/g/index.html#m-1|view message>","verbatim":true}},
            {"type":"section","text":{"type":"mrkdwn","text":"*2.* @\u2060here lunch\n😂 1 — Bo in random · <https://r.example/c/r/index.html#m-2|view message>","verbatim":true}},
            {"type":"divider"},
            {"type":"section","text":{"type":"mrkdwn","text":"*Top emoji*\n👍 3 · 🔥 1","verbatim":true}},
            {"type":"section","text":{"type":"mrkdwn","text":"*Top reactors*\n1. Ada — 2\n2. Bo — 1","verbatim":true}},
            {"type":"section","text":{"type":"mrkdwn","text":"*Top receivers*\nNobody's messages got reactions this week.","verbatim":true}},
            {"type":"divider"},
            {"type":"context","elements":[{"type":"mrkdwn","text":"<https://r.example/weeks/2026-W13/index.html|Full report for week 2026-W13>","verbatim":true}]}
            ]}

            """#)
    }

    func testDiscordPayload() {
        XCTAssertEqual(
            DiscordDigest.payload(content(linked: true)),
            #"""
            {"content":"**Pulse** · Week 2026-W13 · 2026-03-23 to 2026-03-29 \\(UTC\\)",
            "embeds":[
            {"title":"Week 2026-W13","url":"https://r.example/weeks/2026-W13/index.html","description":"2026-03-23 to 2026-03-29 \\(UTC\\)\n[Full report for week 2026-W13](https://r.example/weeks/2026-W13/index.html)","fields":[
            {"name":"Messages","value":"4 · ▲ 2 \\(+100.0%\\)","inline":true},
            {"name":"Median time to first reaction","value":"5 min · ▼ 1 min","inline":true}
            ]},
            {"title":"Top messages","description":"**1\\.** Ship it? \\*now\\*\n👍 3 · 🔥 1 — Ada in general · [view message](https://r.example/c/g/index.html#m-1)\n**2\\.** @\u200bhere lunch\n😂 1 — Bo in random · [view message](https://r.example/c/r/index.html#m-2)","fields":[
            {"name":"Top emoji","value":"👍 3 · 🔥 1","inline":false},
            {"name":"Top reactors","value":"1\\. Ada — 2\n2\\. Bo — 1","inline":true},
            {"name":"Top receivers","value":"Nobody's messages got reactions this week.","inline":true}
            ]}
            ],
            "allowed_mentions":{"parse":[]}}

            """#)
    }

    func testText() {
        XCTAssertEqual(
            TextDigest.text(content(linked: true)),
            """
            Pulse · Week 2026-W13
            2026-03-23 to 2026-03-29 (UTC)

            Messages: 4 · ▲ 2 (+100.0%)
            Median time to first reaction: 5 min · ▼ 1 min

            Top messages
            1. Ship it? *now*
               👍 3 · 🔥 1 — Ada in general
               https://r.example/c/g/index.html#m-1
            2. @\u{2060}here lunch
               😂 1 — Bo in random
               https://r.example/c/r/index.html#m-2

            Top emoji
            👍 3 · 🔥 1

            Top reactors
            1. Ada — 2
            2. Bo — 1

            Top receivers
            Nobody's messages got reactions this week.

            Full report: https://r.example/weeks/2026-W13/index.html

            """)
    }

    /// Without `baseURL` there is nothing a chat app could open: no links, and the report's
    /// path is named instead.
    func testWithoutABaseURLThereAreNoLinks() {
        let slack = SlackDigest.payload(content(linked: false))
        XCTAssertFalse(slack.contains("<http"))
        XCTAssertTrue(
            slack.contains(
                #"{"type":"section","text":{"type":"mrkdwn","text":"*1.* Ship it? ∗now∗\n👍 3 · 🔥 1 — Ada in general","verbatim":true}},"#), slack)
        XCTAssertTrue(
            slack.hasSuffix(
                #"{"type":"context","elements":[{"type":"mrkdwn","text":"Full report: weeks/2026-W13/index.html in the built site (no baseURL is set, so the digest has no links)","verbatim":true}]}"#
                    + "\n]}\n"), slack)
        let discord = DiscordDigest.payload(content(linked: false))
        XCTAssertFalse(discord.contains("](") || discord.contains("\"url\""), discord)
        XCTAssertTrue(
            discord.contains(
                #""description":"2026-03-23 to 2026-03-29 \\(UTC\\)\nFull report: weeks/2026-W13/index.html in the built site \\(no baseURL is set, so the digest has no links\\)""#
            ), discord)
        let text = TextDigest.text(content(linked: false))
        XCTAssertFalse(text.contains("http"), text)
        XCTAssertTrue(text.hasSuffix("\nFull report: weeks/2026-W13/index.html in the built site (no baseURL is set, so the digest has no links)\n"), text)
    }
}
