import XCTest

@testable import ReactionReportKit

final class PositionIndexTests: XCTestCase {
    /// Keys in a list, found through the index, across growth; a repeat finds the first position.
    func testFindsEveryKeyAcrossGrowth() {
        var keys: [String] = []
        var index = PositionIndex()
        for number in 0..<5_000 {
            let key = "k\(number % 4_000)"
            let position = index.position(hash: key.hashValue, insertingIfAbsent: keys.count) { keys[$0] == key }
            if position == keys.count { keys.append(key) }
            XCTAssertEqual(keys[position], key)
        }
        XCTAssertEqual(keys.count, 4_000)
        XCTAssertEqual(index.count, 4_000)
        XCTAssertEqual(index.position(hash: "k3999".hashValue) { keys[$0] == "k3999" }, 3_999)
        XCTAssertEqual(index.position(hash: "k17".hashValue) { keys[$0] == "k17" }, 17)
        XCTAssertNil(index.position(hash: "k4000".hashValue) { keys[$0] == "k4000" })
    }

    /// Keys whose hashes are equal, or equal in the bits that pick a slot, are told apart by the
    /// caller's comparison.
    func testCollidingHashesAreToldApartByTheKeys() {
        let keys = (0..<100).map { "key \($0)" }
        var index = PositionIndex(capacity: 4)
        for (position, key) in keys.enumerated() {
            let hash = position % 2 == 0 ? 42 : 42 + (1 << 40)
            XCTAssertEqual(index.position(hash: hash, insertingIfAbsent: position) { keys[$0] == key }, position)
        }
        for (position, key) in keys.enumerated() {
            let hash = position % 2 == 0 ? 42 : 42 + (1 << 40)
            XCTAssertEqual(index.position(hash: hash) { keys[$0] == key }, position)
            XCTAssertEqual(index.position(hash: hash, insertingIfAbsent: 1_000) { keys[$0] == key }, position)
        }
        XCTAssertEqual(index.count, 100)
        XCTAssertNil(index.position(hash: 42) { _ in false })
    }

    /// Reserving room keeps what is there.
    func testReservingKeepsPositions() {
        let keys = ["a", "b", "c"]
        var index = PositionIndex()
        for (position, key) in keys.enumerated() { _ = index.position(hash: key.hashValue, insertingIfAbsent: position) { keys[$0] == key } }
        index.reserveCapacity(100_000)
        XCTAssertEqual(keys.map { key in index.position(hash: key.hashValue) { keys[$0] == key } }, [0, 1, 2])
    }
}
