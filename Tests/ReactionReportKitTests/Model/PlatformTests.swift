import XCTest

@testable import ReactionReportKit

final class PlatformTests: XCTestCase {
    /// Platforms sort, compare and hash by rank; the order must stay the order of their ids.
    func testOrderIsTheOrderOfTheIds() {
        let byRank = Platform.allCases.sorted()
        XCTAssertEqual(byRank.map(\.rawValue), ["cometchat", "discord", "matrix", "mattermost", "pubnub", "slack", "stream", "telegram"])
        XCTAssertEqual(byRank.map(\.rank), [0, 1, 2, 3, 4, 5, 6, 7])
    }

    func testEveryPlatformIsEqualOnlyToItself() {
        for a in Platform.allCases {
            for b in Platform.allCases {
                XCTAssertEqual(a == b, a.rawValue == b.rawValue, "\(a) \(b)")
            }
        }
        XCTAssertEqual(Set(Platform.allCases).count, 8)
        let keys = Dictionary(uniqueKeysWithValues: Platform.allCases.map { ($0, $0.rawValue) })
        XCTAssertEqual(keys[.slack], "slack")
        XCTAssertEqual(keys[.mattermost], "mattermost")
    }
}
