import XCTest
@testable import ReactionReportKit

/// The work spread over cores gives what one thread gives, and the top-N selection of messages
/// gives the head of the full ranking.
final class ParallelWorkTests: XCTestCase {
    func testChunksArriveInOrder() {
        for (count, chunkSize) in [(0, 4), (1, 4), (7, 4), (33, 4), (100, 3), (1_000, 7)] {
            var parallel: [UInt8] = []
            var parts = 0
            ParallelChunks.write(count: count, chunkSize: chunkSize, append: { index, out in
                // Every fifth item writes nothing, so some chunks are empty.
                if index % 5 != 4 { out.append(contentsOf: "\(index);".utf8) }
            }, emit: { part in
                XCTAssertFalse(part.isEmpty)
                parallel.append(contentsOf: part)
                parts += 1
            })
            let expected = (0..<count).filter { $0 % 5 != 4 }.map { "\($0);" }.joined()
            XCTAssertEqual(String(decoding: parallel, as: UTF8.self), expected, "\(count) items in chunks of \(chunkSize)")
            XCTAssertLessThanOrEqual(parts, (count + chunkSize - 1) / chunkSize)
        }
    }

    func testConcurrentResultsKeepTheirPlaces() {
        let (a, b, c) = Concurrently.run({ (1...1_000).reduce(0, +) }, { String(repeating: "x", count: 3) }, { [1, 2, 3].reversed() as [Int] })
        XCTAssertEqual(a, 500_500)
        XCTAssertEqual(b, "xxx")
        XCTAssertEqual(c, [3, 2, 1])
    }

    func testMapKeepsIndexOrder() {
        XCTAssertEqual(Concurrently.map(0) { $0 }, [])
        XCTAssertEqual(Concurrently.map(1) { "\($0)" }, ["0"])
        XCTAssertEqual(Concurrently.map(1_000) { [$0, $0 * $0] }, (0..<1_000).map { [$0, $0 * $0] })
    }

    func message(_ id: String, _ reactions: [(count: Int, reactors: [String])]) -> MessageSummary {
        MessageSummary(platform: .slack, conversationID: "C1", conversationName: "general", id: id, authorID: "U1", authorName: nil,
                       sentAt: nil, threadParentID: nil, text: "", deleted: false, markup: .commonMark, paidStars: 0,
                       reactions: reactions.enumerated().map { offset, reaction in
                           ReactionSummary(emoji: Emoji(key: "e\(offset)", display: "e\(offset)", name: nil, custom: false, image: nil),
                                           count: reaction.count, reactors: reaction.reactors.map { Reactor(id: $0, name: nil, at: nil) },
                                           reactorsComplete: reaction.count == reaction.reactors.count, firstAt: nil, sequence: offset)
                       })
    }

    func testTopMessagesAreTheHeadOfTheFullRanking() {
        let list = [
            message("a", [(2, ["x", "y"])]),            // 2 reactions, 2 people
            message("b", []),                           // none: never ranked
            message("c", [(1, ["x"]), (1, ["x"])]),     // 2 reactions, 1 person
            message("d", [(5, [])]),                    // 5 reactions, no one listed
            message("e", [(2, ["z"]), (0, [])]),        // 2 reactions, 1 person, after c
            message("f", [(1, ["q"])]),
            message("g", [(2, ["x", "w"])]),            // ties a; a is earlier
        ]
        XCTAssertEqual(Overview.rank(list, topN: 10), [3, 0, 6, 2, 4, 5])
        XCTAssertEqual(Overview.rank(list, topN: 3), [3, 0, 6])
        XCTAssertEqual(Overview.rank(list, topN: 0), [])
        XCTAssertEqual(Overview.rank(list, among: [2, 4, 5, 6], topN: 2), [6, 2])
    }
}
