import Foundation
import XCTest

@testable import ReactionReportKit

/// The times pages show: the text a reader sees and the `datetime` attribute a machine reads.
final class TimeTextTests: XCTestCase {
    /// HTML's valid global date and time string, in the one form we write: UTC (`Z`), seconds,
    /// and one to three fraction digits when there is a fraction.
    static let htmlDateTime = try! NSRegularExpression(pattern: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,3})?Z$"#)

    static func isHTMLDateTime(_ text: String) -> Bool {
        htmlDateTime.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    func testTheAttributeKeepsAtMostThreeFractionDigitsCutNotRounded() throws {
        // 0, 1, 2 and 3 digits stay as the source gave them.
        XCTAssertEqual(TimeText.attribute(try XCTUnwrap(Timestamp.unixSeconds(1_700_000_000))), "2023-11-14T22:13:20Z")
        XCTAssertEqual(TimeText.attribute(try XCTUnwrap(Timestamp.iso8601("2026-06-24T19:04:23.1Z"))), "2026-06-24T19:04:23.1Z")
        XCTAssertEqual(TimeText.attribute(try XCTUnwrap(Timestamp.iso8601("2026-06-24T19:04:23.18Z"))), "2026-06-24T19:04:23.18Z")
        XCTAssertEqual(TimeText.attribute(try XCTUnwrap(Timestamp.unixMilliseconds(1_700_000_000_123))), "2023-11-14T22:13:20.123Z")
        // A Slack `ts` (6 digits), a PubNub timetoken (7) and a nanosecond time (9) are cut after
        // the milliseconds, never carried into the next second, day or year.
        XCTAssertEqual(TimeText.attribute(try XCTUnwrap(Timestamp.decimalSeconds("1700000000.000100"))), "2023-11-14T22:13:20.000Z")
        XCTAssertEqual(TimeText.attribute(try XCTUnwrap(Timestamp.decimalSeconds("1700000000.999999"))), "2023-11-14T22:13:20.999Z")
        XCTAssertEqual(TimeText.attribute(try XCTUnwrap(Timestamp.timetoken("17000000001239999"))), "2023-11-14T22:13:20.123Z")
        XCTAssertEqual(TimeText.attribute(try XCTUnwrap(Timestamp.iso8601("2199-12-31T23:59:59.999999999Z"))), "2199-12-31T23:59:59.999Z")
        // Offsets, odd and negative, are read into UTC; the day moves back or forward with them.
        XCTAssertEqual(TimeText.attribute(try XCTUnwrap(Timestamp.iso8601("2026-03-29T02:30:00.4567+05:45"))), "2026-03-28T20:45:00.456Z")
        XCTAssertEqual(TimeText.attribute(try XCTUnwrap(Timestamp.iso8601("2025-12-31T22:15:30.98765-03:30"))), "2026-01-01T01:45:30.987Z")
        // Before the epoch the cut goes to the earlier millisecond, as the whole seconds do.
        XCTAssertEqual(TimeText.attribute(Timestamp(nanoseconds: -1, fractionDigits: 9)), "1969-12-31T23:59:59.999Z")
    }

    func testTheDataKeepsFullPrecisionAndTheVisibleTextIsUnchanged() throws {
        let time = try XCTUnwrap(Timestamp.timetoken("17000000001239999"))
        XCTAssertEqual(time.rfc3339, "2023-11-14T22:13:20.1239999Z")
        XCTAssertEqual(TimeText.display(time), "2023-11-14 22:13 UTC")
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
        XCTAssertEqual(all.filter { !Self.isHTMLDateTime($0) }, [])
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
