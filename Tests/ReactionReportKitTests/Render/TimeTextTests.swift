import Foundation
import XCTest

@testable import ReactionReportKit

/// The times pages show: the text a reader sees and the `datetime` attribute a machine reads.
final class TimeTextTests: XCTestCase {
    /// HTML's valid global date and time string, in the forms we write: seconds, one to three
    /// fraction digits when there is a fraction, and `Z` (UTC) or the offset.
    static let htmlDateTime = try! NSRegularExpression(
        pattern: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,3})?(Z|[+-][0-9]{2}:[0-9]{2})$"#)

    static func isHTMLDateTime(_ text: String) -> Bool {
        htmlDateTime.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Every `<time datetime="…">…</time>` of a page: its attribute and its text.
    static func times(in html: String) -> [(attribute: String, text: String)] {
        html.components(separatedBy: #"<time datetime=""#).dropFirst().map { piece in
            let attribute = String(piece.prefix { $0 != "\"" })
            let text = piece.components(separatedBy: "\">").dropFirst().first?.components(separatedBy: "</time>").first ?? ""
            return (attribute, text)
        }
    }

    /// A zone with daylight saving: each time carries the offset then in force, and the two
    /// 01:30s of the night the clocks go back read apart. An offset of zero reads `UTC`, one of
    /// minutes (Kathmandu) and one of seconds (Monrovia until 1972) are written whole; the
    /// attribute is the same local time with its offset, or in UTC where HTML cannot write it.
    func testTimesReadInTheReportsZoneWithTheirOffset() throws {
        func text(_ zone: String, _ iso: String) throws -> (String, String) {
            let times = TimeText(calendar: try XCTUnwrap(WeekCalendar(zone)))
            let time = try XCTUnwrap(Timestamp.iso8601(iso))
            return (times.display(time), times.attribute(time))
        }
        let cases: [(String, String, String, String)] = [
            ("America/New_York", "2026-11-01T05:30:00.25Z", "2026-11-01 01:30 UTC−04:00", "2026-11-01T01:30:00.25-04:00"),
            ("America/New_York", "2026-11-01T06:30:00Z", "2026-11-01 01:30 UTC−05:00", "2026-11-01T01:30:00-05:00"),
            ("America/New_York", "2026-11-23T04:30:00.1234567Z", "2026-11-22 23:30 UTC−05:00", "2026-11-22T23:30:00.123-05:00"),
            ("Europe/Berlin", "2026-03-29T00:59:59Z", "2026-03-29 01:59 UTC+01:00", "2026-03-29T01:59:59+01:00"),
            ("Europe/Berlin", "2026-03-29T01:00:00Z", "2026-03-29 03:00 UTC+02:00", "2026-03-29T03:00:00+02:00"),
            ("Asia/Kathmandu", "2026-03-28T20:45:00Z", "2026-03-29 02:30 UTC+05:45", "2026-03-29T02:30:00+05:45"),
            ("Europe/London", "2026-01-10T12:00:00Z", "2026-01-10 12:00 UTC", "2026-01-10T12:00:00Z"),
            ("Africa/Monrovia", "1971-06-01T12:00:00Z", "1971-06-01 11:15 UTC−00:44:30", "1971-06-01T12:00:00Z"),
            ("UTC", "2023-11-14T22:13:20.123Z", "2023-11-14 22:13 UTC", "2023-11-14T22:13:20.123Z")
        ]
        for (zone, iso, display, attribute) in cases {
            let got = try text(zone, iso)
            XCTAssertEqual(got.0, display, "\(zone) \(iso)")
            XCTAssertEqual(got.1, attribute, "\(zone) \(iso)")
        }
        // The last instant 64-bit nanoseconds hold, ahead of UTC: no overflow.
        let last = Timestamp(nanoseconds: Int64.max, fractionDigits: 9)
        let tokyo = TimeText(calendar: try XCTUnwrap(WeekCalendar("Asia/Tokyo")))
        XCTAssertEqual(tokyo.display(last), "2262-04-12 08:47 UTC+09:00")
        XCTAssertEqual(tokyo.attribute(last), "2262-04-12T08:47:16.854+09:00")
    }

    /// A site reported in America/New_York, over a change of daylight-saving time: every time
    /// on every page (messages, "reacted by" lists, top messages) reads in that zone with its
    /// offset, its attribute names the same local time, and every page names the zone.
    func testEveryTimeOnASiteReadsInTheReportsZone() throws {
        var options = BuildOptions()
        options.timezone = "America/New_York"
        let files = try MemoryWriter.render(try TestSupport.settleFixtures(["gaps/community.json"]), options: options)
        var count = 0
        var days = 0
        var clocks = 0
        for (path, html) in files where path.hasSuffix(".html") {
            XCTAssertTrue(html.contains("Times and weeks are in America/New_York.</p>"), path)
            for (attribute, text) in Self.times(in: html) {
                // A transcript's day heading: the local day, as a date (`Sunday, 2026-11-01`).
                if attribute.count == 10 {
                    days += 1
                    XCTAssertTrue(text.hasSuffix(", " + attribute), "\(path): \(text)")
                    continue
                }
                count += 1
                XCTAssertTrue(Self.isHTMLDateTime(attribute), "\(path): \(attribute)")
                // `2026-11-01T01:30:00-05:00` beside `2026-11-01 01:30 UTC−05:00`; a transcript's
                // message, under its day's heading, `01:30 UTC−05:00`.
                let offset = String(attribute.suffix(6)).replacingOccurrences(of: "-", with: "−")
                let clock = attribute.dropFirst(11).prefix(5) + " UTC" + offset
                if text.count == clock.count, path.hasPrefix("conversations/"), !path.contains("/thread-") {
                    clocks += 1
                    XCTAssertEqual(text, clock, path)
                } else {
                    XCTAssertEqual(text, attribute.prefix(10) + " " + clock, path)
                }
            }
        }
        // The transcript's 13 messages and 19 reactions; the overview's 10 top messages and their
        // 18 reactions; 30 on the weekly reports; 36 on the people pages (each of the 6 people's
        // first and last activity, and their 13 latest and 11 most reacted messages).
        XCTAssertEqual(count, 32 + 28 + 30 + 36)
        XCTAssertEqual(clocks, 13)
        // The transcript's messages fall on 12 days of New York.
        XCTAssertEqual(days, 12)
        let transcript = try XCTUnwrap(files["conversations/stream-community/index.html"])
        XCTAssertEqual(
            Self.times(in: transcript).filter { $0.attribute.hasPrefix("2026-11-01") }.map(\.text),
            ["Sunday, 2026-11-01", "01:30 UTC−04:00", "01:30 UTC−05:00", "2026-11-01 02:00 UTC−05:00"])
    }

    /// A transcript's time of day: alone where the zone's offset never changes, with the offset
    /// where it does (the repeated hour of a change reads apart), in the locale's short time.
    func testTheClockOfATranscriptNamesTheOffsetOnlyWhereItChanges() throws {
        func clock(_ zone: String, _ iso: String, locale: String? = nil) throws -> String {
            var times = TimeText(calendar: try XCTUnwrap(WeekCalendar(zone)))
            if let locale { times.locale = try XCTUnwrap(LocaleFormat(tag: locale)) }
            return times.clock(try XCTUnwrap(Timestamp.iso8601(iso)))
        }
        XCTAssertEqual(try clock("UTC", "2023-11-14T22:13:20.123Z"), "22:13")
        XCTAssertEqual(try clock("Etc/GMT-9", "2023-11-14T22:13:20Z"), "07:13")
        XCTAssertEqual(try clock("America/New_York", "2026-11-01T05:30:00Z"), "01:30 UTC−04:00")
        XCTAssertEqual(try clock("America/New_York", "2026-11-01T06:30:00Z"), "01:30 UTC−05:00")
        XCTAssertEqual(try clock("Europe/London", "2026-01-10T12:00:00Z"), "12:00 UTC")
        XCTAssertEqual(try clock("UTC", "2023-11-14T22:13:20Z", locale: "en-US"), "10:13\u{202F}PM")
        XCTAssertEqual(try clock("Europe/Berlin", "2023-11-14T22:13:20Z", locale: "de-DE"), "23:13 UTC+01:00")
    }

    func testTheAttributeKeepsAtMostThreeFractionDigitsCutNotRounded() throws {
        // 0, 1, 2 and 3 digits stay as the source gave them.
        XCTAssertEqual(TimeText.utc.attribute(try XCTUnwrap(Timestamp.unixSeconds(1_700_000_000))), "2023-11-14T22:13:20Z")
        XCTAssertEqual(TimeText.utc.attribute(try XCTUnwrap(Timestamp.iso8601("2026-06-24T19:04:23.1Z"))), "2026-06-24T19:04:23.1Z")
        XCTAssertEqual(TimeText.utc.attribute(try XCTUnwrap(Timestamp.iso8601("2026-06-24T19:04:23.18Z"))), "2026-06-24T19:04:23.18Z")
        XCTAssertEqual(TimeText.utc.attribute(try XCTUnwrap(Timestamp.unixMilliseconds(1_700_000_000_123))), "2023-11-14T22:13:20.123Z")
        // A Slack `ts` (6 digits), a PubNub timetoken (7) and a nanosecond time (9) are cut after
        // the milliseconds, never carried into the next second, day or year.
        XCTAssertEqual(TimeText.utc.attribute(try XCTUnwrap(Timestamp.decimalSeconds("1700000000.000100"))), "2023-11-14T22:13:20.000Z")
        XCTAssertEqual(TimeText.utc.attribute(try XCTUnwrap(Timestamp.decimalSeconds("1700000000.999999"))), "2023-11-14T22:13:20.999Z")
        XCTAssertEqual(TimeText.utc.attribute(try XCTUnwrap(Timestamp.timetoken("17000000001239999"))), "2023-11-14T22:13:20.123Z")
        XCTAssertEqual(TimeText.utc.attribute(try XCTUnwrap(Timestamp.iso8601("2199-12-31T23:59:59.999999999Z"))), "2199-12-31T23:59:59.999Z")
        // Offsets, odd and negative, are read into UTC; the day moves back or forward with them.
        XCTAssertEqual(TimeText.utc.attribute(try XCTUnwrap(Timestamp.iso8601("2026-03-29T02:30:00.4567+05:45"))), "2026-03-28T20:45:00.456Z")
        XCTAssertEqual(TimeText.utc.attribute(try XCTUnwrap(Timestamp.iso8601("2025-12-31T22:15:30.98765-03:30"))), "2026-01-01T01:45:30.987Z")
        // Before the epoch the cut goes to the earlier millisecond, as the whole seconds do.
        XCTAssertEqual(TimeText.utc.attribute(Timestamp(nanoseconds: -1, fractionDigits: 9)), "1969-12-31T23:59:59.999Z")
    }

    func testTheDataKeepsFullPrecisionAndTheVisibleTextIsUnchanged() throws {
        let time = try XCTUnwrap(Timestamp.timetoken("17000000001239999"))
        XCTAssertEqual(time.rfc3339, "2023-11-14T22:13:20.1239999Z")
        XCTAssertEqual(TimeText.utc.display(time), "2023-11-14 22:13 UTC")
    }

    /// Every `<time>` the templates write (a message's, a top message's and a reactor's), on a
    /// site from sources with 0, 2, 3, 6 and 7 fraction digits, is a valid HTML date and time.
    func testEveryDatetimeAttributeOnASiteIsValidHTML() throws {
        let result = try TestSupport.settleFixtures([
            "pubnub/chat-history.json", "pubnub/events.jsonl", "stream/export.json", "discord/thread.json",
            "telegram/single-chat.json", "matrix/room.json", "mattermost/zulip-fixture__mattermost_bulk_export.jsonl"
        ])
        let files = try MemoryWriter.render(result)
        var attributes: [String: [String]] = [:]
        for (path, html) in files where path.hasSuffix(".html") {
            for piece in html.components(separatedBy: #"<time datetime=""#).dropFirst() {
                attributes[path, default: []].append(String(piece.prefix { $0 != "\"" }))
            }
        }
        let all = attributes.values.flatMap { $0 }
        // Times, and the dates of the transcripts' day headings.
        XCTAssertEqual(all.filter { !Self.isHTMLDateTime($0) && $0.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) == nil }, [])
        // All three kinds of page carry times, and long fractions were among them.
        XCTAssertGreaterThan(attributes["index.html"]?.count ?? 0, 0)
        XCTAssertGreaterThan(attributes.filter { $0.key.hasPrefix("weeks/") }.count, 0)
        XCTAssertGreaterThan(attributes.filter { $0.key.hasPrefix("conversations/") }.count, 0)
        // The data file keeps what the pages cut: its times have up to seven fraction digits.
        let sentAt = try NSRegularExpression(pattern: #""sentAt":"[^"]*?(\.[0-9]+)?Z""#)
        let data = try XCTUnwrap(files["data/messages.jsonl"])
        let digits = Set(
            sentAt.matches(in: data, range: NSRange(data.startIndex..., in: data)).map { match in
                Range(match.range(at: 1), in: data).map { data[$0].count - 1 } ?? 0
            })
        XCTAssertEqual(digits.sorted(), [0, 2, 3, 6, 7])
    }
}
