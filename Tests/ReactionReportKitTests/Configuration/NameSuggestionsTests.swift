import XCTest

@testable import ReactionReportKit

/// The "did you mean" of commands, keys, time zones and viewers: distances, tolerance, ties.
final class NameSuggestionsTests: XCTestCase {
    func testDistanceCountsASwapOfNeighboursAsOneSlip() {
        XCTAssertEqual(NameSuggestions.distance("inpsect", "inspect"), 1)
        XCTAssertEqual(NameSuggestions.distance("kitten", "sitting"), 3)
        XCTAssertEqual(NameSuggestions.distance("", "post"), 4)
        XCTAssertEqual(NameSuggestions.distance("build", "build"), 0)
        XCTAssertEqual(NameSuggestions.distance("ca", "abc"), 3)
        XCTAssertEqual(NameSuggestions.distance("America/New_Yrok", "America/New_York"), 1)
    }

    func testClosestNamesAreTheNearestWithinTheToleranceOfTheTypedLength() {
        let commands = ["build", "inspect", "formats", "digest", "post", "help"]
        XCTAssertEqual(NameSuggestions.closest(to: "inpsect", among: commands), ["inspect"])
        XCTAssertEqual(NameSuggestions.closest(to: "Biuld", among: commands), ["build"])
        XCTAssertEqual(NameSuggestions.closest(to: "fromats", among: commands), ["formats"])
        XCTAssertEqual(NameSuggestions.closest(to: "posts", among: commands), ["post"])
        // Four characters allow one slip: "test" is two from "post".
        XCTAssertEqual(NameSuggestions.closest(to: "test", among: commands), [])
        XCTAssertEqual(NameSuggestions.closest(to: "in", among: commands), [])
        // Every name at the smallest distance, in the order given, at most `limit`.
        XCTAssertEqual(NameSuggestions.closest(to: "u9", among: ["U10", "U1", "U2", "U3", "U4"]), ["U1", "U2", "U3"])
        XCTAssertEqual(NameSuggestions.closest(to: "u9", among: ["U1", "U2", "U3"], limit: 1), ["U1"])
    }

    func testAlternatives() {
        XCTAssertEqual(NameSuggestions.alternatives([]), "")
        XCTAssertEqual(NameSuggestions.alternatives(["a"]), "a")
        XCTAssertEqual(NameSuggestions.alternatives(["a", "b"]), "a or b")
        XCTAssertEqual(NameSuggestions.alternatives(["a", "b", "c"]), "a, b or c")
    }
}
