import XCTest

@testable import ReactionReportKit

/// The size of what a build keeps for every message: a field declared out of place pads the
/// next one, and a million messages pay for it (16 bytes a message is 16 MB).
final class LayoutTests: XCTestCase {
    func testAMessageTakesNoPadding() {
        XCTAssertEqual(MemoryLayout<ImportedMessage>.stride, 136)
        XCTAssertEqual(MemoryLayout<MessageSummary>.stride, 168)
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

    /// One reactor takes no allocation of its own: a reaction with it fits in 104 bytes, as
    /// 56 bytes and an array of one did before in 144 (with the array's header and allocation).
    func testAReactionWithOneReactorHoldsItInline() {
        XCTAssertEqual(MemoryLayout<ReactorList>.stride, 56)
        XCTAssertEqual(MemoryLayout<ReactionSummary>.stride, 104)
    }
}
