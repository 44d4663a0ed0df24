import XCTest

@testable import ReactionReportKit

/// The settled records keep their times packed (`SettledReactions.PackedTime`; their sizes are
/// checked by `LayoutTests`): every time, and none, comes back as it went in.
final class SettledRecordLayoutTests: XCTestCase {
    func testTheRecordsArePackedAndKeepTheirTimes() {
        let times: [Timestamp?] = [
            nil, Timestamp(nanoseconds: 0, fractionDigits: 0), Timestamp(nanoseconds: -1, fractionDigits: 9),
            Timestamp(nanoseconds: 1_700_000_000_123_456_789, fractionDigits: 6), Timestamp(nanoseconds: .max, fractionDigits: 3)
        ]
        for time in times {
            let reaction = SettledReactions.Reaction(
                firstAt: time, sequence: 7, emoji: 3, count: 12, reactorsStart: 40, reactorCount: 2, complete: false)
            XCTAssertEqual(reaction.firstAt, time)
            XCTAssertEqual(reaction.firstAt?.fractionDigits, time?.fractionDigits)
            XCTAssertEqual([reaction.sequence, reaction.emoji, reaction.reactorsStart, reaction.reactorCount], [7, 3, 40, 2])
            XCTAssertEqual(reaction.count, 12)
            XCTAssertFalse(reaction.complete)
            let reactor = SettledReactions.ReactorRecord(at: time, person: 9, emptyName: true)
            XCTAssertEqual(reactor.at, time)
            XCTAssertEqual(reactor.at?.fractionDigits, time?.fractionDigits)
            XCTAssertEqual(reactor.person, 9)
            XCTAssertTrue(reactor.emptyName)
        }
    }
}
