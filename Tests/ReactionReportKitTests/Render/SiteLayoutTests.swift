import XCTest

@testable import ReactionReportKit

/// Where messages go: pages of `pageSize` messages.
final class SiteLayoutTests: XCTestCase {
    func layout(messages count: Int, pageSize: Int) -> SiteLayout {
        let messages = (0..<count).map { DirectSummaries.message("m\($0)", "2026-03-03T10:00:00Z", []) }
        return SiteLayout(messages: messages, conversations: [ConversationInfo(platform: .slack, id: "C1", name: "general")], pageSize: pageSize)
    }

    func testPagesAreRoundedUpForAnyPageSize() {
        XCTAssertEqual([0, 1, 2, 3, 4, 5].map { layout(messages: $0, pageSize: 2).conversations.first?.pageCount ?? 1 }, [1, 1, 1, 2, 2, 3])
        // A page size of Int.max (`--page-size 9223372036854775807`) is one page: it overflowed.
        let one = layout(messages: 3, pageSize: Int.max)
        XCTAssertEqual(one.conversations.map(\.pageCount), [1])
        XCTAssertEqual(one.link(toMessageAt: 2), "conversations/slack-general/index.html#m-m2")
    }
}
