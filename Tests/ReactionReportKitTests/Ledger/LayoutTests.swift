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
