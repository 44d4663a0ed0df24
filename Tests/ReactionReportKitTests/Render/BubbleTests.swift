import XCTest

@testable import ReactionReportKit

final class BubbleTests: XCTestCase {
    func reaction(_ count: Int, _ names: [String]) -> ReactionSummary {
        ReactionSummary(
            emoji: Emoji(key: "👍", display: "👍", name: "thumbs up", custom: false, image: nil), count: count,
            reactors: ReactorList(names.map { Reactor(id: $0.lowercased(), name: $0, at: nil) }), reactorsComplete: names.count == count,
            firstAt: nil, sequence: 0)
    }

    func testNamesNameReactorsAndOthers() {
        let model = BubbleViewModel(options: BuildOptions(), times: .utc)
        XCTAssertEqual(model.names(reaction(4, ["Ada Okafor", "Bo Lind", "Cy", "Di"])), " — Ada Okafor, Bo Lind and 2 others")
        XCTAssertEqual(model.names(reaction(3, ["Ada", "Bo", "Cy"])), " — Ada, Bo and Cy")
        XCTAssertEqual(model.names(reaction(1, ["Ada"])), " — Ada")
        XCTAssertEqual(model.names(reaction(50, ["Ada"])), " — Ada and 49 others")
        XCTAssertEqual(model.names(reaction(7, [])), "")
    }

    /// A bubble writes its label once: the emoji and count shown, the names after them
    /// visually hidden but for hover, so that its text, as a screen reader reads it, is the
    /// whole label (product.md §4).
    func testABubblesTextIsItsLabel() throws {
        let stream = """
            {"channels":[{"channel":{"id":"c","type":"messaging","cid":"messaging:c","name":"General"},
             "messages":[{"id":"m1","text":"hello","user":{"id":"u1","name":"Ada"},"created_at":"2024-01-01T10:00:00Z",
               "reaction_counts":{"like":4,"love":1},
               "latest_reactions":[{"type":"like","user_id":"u2","user":{"id":"u2","name":"Bo Lind"}},
                                   {"type":"like","user_id":"u3","user":{"id":"u3","name":"Cy"}}]}]}]}
            """
        let files = try MemoryWriter.render(try TestSupport.settle([("s.json", stream)]), options: BuildOptions())
        let page = try XCTUnwrap(files["conversations/stream-general/index.html"])
        let bubbles = page.split(separator: "\n").filter { $0.hasPrefix("<li class=\"bubble") }
        XCTAssertEqual(
            bubbles,
            [
                #"<li class="bubble"><span class="emoji">👍</span> <span class="count">4</span><span class="by"> — Bo Lind, Cy and 2 others</span></li>"#,
                #"<li class="bubble"><span class="emoji">❤️</span> <span class="count">1</span></li>"#
            ])
        XCTAssertEqual(bubbles.map { $0.replacing(/<[^>]*>/, with: "") }, ["👍 4 — Bo Lind, Cy and 2 others", "❤️ 1"])
    }

    func testCountCapAndViewerHighlight() {
        var options = BuildOptions()
        options.viewer = "bo"
        let model = BubbleViewModel(options: options, times: .utc)
        XCTAssertEqual(model.countText(99), "99")
        XCTAssertEqual(model.countText(100), "99+")
        let bubble = model.bubble(reaction(120, ["Ada", "Bo"]))
        XCTAssertEqual(bubble["mine"], .flag(true))
        XCTAssertEqual(bubble["countText"], .text("99+"))
        XCTAssertEqual(bubble["others"], .text("and 118 others"))
    }

    /// A reactor without a time shows no time: the message's own time (a name the message
    /// model holds too) must not show through as the reaction's.
    func testReactedByShowsOnlyTheReactorsOwnTimes() throws {
        let stream = """
            {"channels":[{"channel":{"id":"c","type":"messaging","cid":"messaging:c","name":"General"},
             "messages":[{"id":"m1","text":"hello","user":{"id":"u1","name":"Ada"},"created_at":"2024-01-01T10:00:00Z",
               "reaction_counts":{"like":2},
               "latest_reactions":[{"type":"like","user_id":"u2","user":{"id":"u2","name":"Bo"}},
                                   {"type":"like","user_id":"u3","created_at":"2024-01-01T10:05:00Z"}]}]}]}
            """
        let files = try MemoryWriter.render(try TestSupport.settle([("s.json", stream)]), options: BuildOptions())
        let page = try XCTUnwrap(files["conversations/stream-general/index.html"])
        let lists = page.split(separator: "\n").filter { $0.hasPrefix("<dd>") }
        XCTAssertEqual(
            lists,
            [
                #"<dd><ul><li><a href="../../people/732e55d5.html">u3</a> <time datetime="2024-01-01T10:05:00Z">2024-01-01 10:05 UTC</time></li><li><a href="../../people/8962496b.html">Bo</a></li></ul></dd>"#
            ])
    }

    /// Counts at either end of `Int`: the others are counted without overflowing.
    func testBubblesOfExtremeCounts() {
        let model = BubbleViewModel(options: BuildOptions(), times: .utc)
        let big = reaction(Int.max, ["Ada", "Bo"])
        XCTAssertEqual(model.names(big), " — Ada, Bo and 9,223,372,036,854,775,805 others")
        XCTAssertEqual(model.bubble(big)["others"], .text("and 9,223,372,036,854,775,805 others"))
        XCTAssertEqual(model.bubble(big)["countText"], .text("99+"))
        let negative = reaction(Int.min, ["Ada"])
        XCTAssertEqual(model.names(negative), " — Ada")
        XCTAssertNil(model.bubble(negative)["others"])
        XCTAssertEqual(model.bubble(negative)["countText"], .text("-9223372036854775808"))
    }

    func testReactionOrders() {
        var a = reaction(1, ["A"])
        a.emoji.key = "b"
        a.sequence = 1
        var b = reaction(5, ["B"])
        b.emoji.key = "a"
        b.sequence = 2
        var c = reaction(5, ["C"])
        c.emoji.key = "c"
        c.sequence = 3
        c.firstAt = Timestamp.unixSeconds(10)
        XCTAssertEqual([a, b, c].sorted(by: ReactionOrder.firstReacted.areInIncreasingOrder).map(\.emoji.key), ["c", "b", "a"])
        XCTAssertEqual([a, b, c].sorted(by: ReactionOrder.alphabetical.areInIncreasingOrder).map(\.emoji.key), ["a", "b", "c"])
        XCTAssertEqual([a, b, c].sorted(by: ReactionOrder.count.areInIncreasingOrder).map(\.emoji.key), ["c", "a", "b"])
    }
}
