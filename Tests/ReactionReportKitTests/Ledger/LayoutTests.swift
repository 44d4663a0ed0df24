import XCTest

@testable import ReactionReportKit

/// The size of what a build keeps for every message: a field declared out of place pads the
/// next one, and a million messages pay for it (16 bytes a message is 16 MB).
final class LayoutTests: XCTestCase {
    func testAMessageTakesNoPadding() {
        XCTAssertEqual(MemoryLayout<ImportedMessage>.stride, 136)
        XCTAssertEqual(MemoryLayout<MessageSummary>.stride, 176)
    }
}

/// A reaction's reactors, the first inline.
final class ReactorListTests: XCTestCase {
    let people = (1...4).map { Reactor(id: "U\($0)", name: "Person \($0)", at: Timestamp(nanoseconds: Int64($0), fractionDigits: 0)) }

    func testHoldsReactorsInOrder() {
        for count in 0...4 {
            let list = ReactorList(people.prefix(count))
            XCTAssertEqual(Array(list), Array(people.prefix(count)))
            XCTAssertEqual(list.count, count)
            XCTAssertEqual(list.isEmpty, count == 0)
        }
        XCTAssertEqual(ReactorList(people).map(\.id), ["U1", "U2", "U3", "U4"])
        XCTAssertEqual(ReactorList(people)[3].name, "Person 4")
        XCTAssertEqual([people[1], people[0]] as ReactorList, ReactorList([people[1], people[0]]))
        XCTAssertNotEqual(ReactorList(people.prefix(2)), ReactorList(people.prefix(1)))
    }

    /// A settled message's reactions and a reaction's reactors are a range of their part's
    /// store, 16 bytes each, not an array of values of their own (`SettledReactions`); a reaction
    /// settled is 32 bytes, a reactor 16.
    func testSettledReactionsAreRangesOfTheirPartsStore() {
        XCTAssertEqual(MemoryLayout<ReactionList>.stride, 16)
        XCTAssertEqual(MemoryLayout<ReactorList>.stride, 16)
        XCTAssertEqual(MemoryLayout<SettledReactions.Reaction>.stride, 32)
        XCTAssertEqual(MemoryLayout<SettledReactions.ReactorRecord>.stride, 16)
        XCTAssertEqual(MemoryLayout<ReactionArena.Entry>.stride, 40)
        XCTAssertEqual(MemoryLayout<ReactionArena.Adder>.stride, 24)
    }
}
