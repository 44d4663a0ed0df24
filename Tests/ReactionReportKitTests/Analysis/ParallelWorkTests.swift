import ParallelWork
import XCTest

@testable import ReactionReportKit

/// The work spread over cores gives what one thread gives, and the top-N selection of messages
/// gives the head of the full ranking.
final class ParallelWorkTests: XCTestCase {
    /// Each item goes to one call, which owns it; what the calls append is one array, in the
    /// items' order, whatever order the calls ran in.
    func testMapConsumingAppendsEveryItemsValuesInOrder() {
        final class Tracked: Sendable {
            let values: [Int]
            init(_ values: [Int]) { self.values = values }
        }
        let items = (0..<300).map { Tracked(Array(0..<($0 % 7)).map { $0 * 1_000 }) }
        weak var first = items[0]
        let counts = items.map(\.values.count)
        let (results, appended) = Concurrently.map(consuming: consume items, appending: counts) { item, out -> Int in
            for value in item.values { out.append(value + item.values.count) }
            return item.values.count
        }
        XCTAssertEqual(results, counts)
        XCTAssertEqual(appended, (0..<300).flatMap { index in (0..<(index % 7)).map { $0 * 1_000 + index % 7 } })
        XCTAssertNil(first, "an item is released once its call is done")
        let (none, nothing) = Concurrently.map(consuming: [Tracked](), appending: []) { (_: Tracked, _: inout Concurrently.Appender<Int>) in 0 }
        XCTAssertEqual(none, [])
        XCTAssertEqual(nothing, [])
    }

    /// Work run on a thread of its own gives its value or its error back to the caller, which
    /// waits; the work may change the caller's state (it is the only one running).
    func testOwnThreadRunsTheWorkElsewhereAndHandsBackItsResult() throws {
        struct Failure: Error, Equatable { var code: Int }
        let caller = pthread_self()
        var changed = 0
        let (value, ranElsewhere) = try OwnThread.run { () -> (Int, Bool) in
            changed += 1
            return (42, pthread_equal(pthread_self(), caller) == 0)
        }
        XCTAssertEqual(value, 42)
        XCTAssertTrue(ranElsewhere)
        XCTAssertEqual(changed, 1)
        XCTAssertThrowsError(try OwnThread.run { () -> Int in throw Failure(code: 7) }) { error in
            XCTAssertEqual(error as? Failure, Failure(code: 7))
        }
    }

    /// Each part changes its own elements where they lie, with the state it owns; the results
    /// come in the parts' order.
    func testUpdateChangesEachPartInPlace() {
        var values = Array(0..<1_000)
        let ranges = stride(from: 0, to: 1_000, by: 7).map { $0..<min(1_000, $0 + 7) }
        let states = ranges.indices.map { $0 * 10_000 }
        let sums = Concurrently.update(&values, parts: ranges, states: states) { offset, region -> Int in
            var sum = 0
            for index in region.range {
                region[index] += offset
                sum += region[index]
            }
            return sum
        }
        XCTAssertEqual(values, (0..<1_000).map { $0 + ($0 / 7) * 10_000 })
        XCTAssertEqual(sums, ranges.indices.map { part in ranges[part].reduce(0) { $0 + $1 + part * 10_000 } })
        var empty: [Int] = []
        XCTAssertEqual(Concurrently.update(&empty, parts: [], states: [Int]()) { _, _ in 1 }, [])
    }

    func testChunksArriveInOrder() throws {
        for (count, chunkSize) in [(0, 4), (1, 4), (7, 4), (33, 4), (100, 3), (1_000, 7)] {
            var parallel: [UInt8] = []
            var parts = 0
            try ParallelChunks.write(
                count: count, chunkSize: chunkSize,
                append: { index, out in
                    // Every fifth item writes nothing, so some chunks are empty.
                    if index % 5 != 4 { out.append("\(index);") }
                },
                emit: { part in
                    XCTAssertFalse(part.isEmpty)
                    parallel.append(contentsOf: part.bytes)
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

    func testNestedWorkGivesTheSameResults() {
        // A map inside one of three concurrent jobs, as the weekly report inside the analyses.
        let (a, b, c) = Concurrently.run({ Concurrently.map(100) { $0 * 2 } }, { Concurrently.map(3) { "\($0)" } }, { 7 })
        XCTAssertEqual(a, (0..<100).map { $0 * 2 })
        XCTAssertEqual(b, ["0", "1", "2"])
        XCTAssertEqual(c, 7)
        let nested = Concurrently.map(8) { outer in Concurrently.map(50) { outer * 1_000 + $0 }.reduce(0, +) }
        XCTAssertEqual(nested, (0..<8).map { outer in (0..<50).reduce(0) { $0 + outer * 1_000 + $1 } })
    }

    struct Failure: Error, Equatable {
        var index: Int
    }

    func testInOrderConsumesInIndexOrderAndStopsAtTheFirstError() throws {
        var consumed: [Int] = []
        try Concurrently.inOrder(
            500,
            make: { index in
                // Later items are quicker, so they finish before earlier ones.
                if index % 50 == 0 { usleep(2_000) }
                return index
            }, consume: { consumed.append($0) })
        XCTAssertEqual(consumed, Array(0..<500))

        // Items 40 and 30 fail; whichever finishes first, 30 is the one reported, and nothing
        // from 30 on is consumed.
        consumed = []
        XCTAssertThrowsError(
            try Concurrently.inOrder(
                200,
                make: { index -> Int in
                    if index == 30 { usleep(5_000) }
                    if index == 30 || index == 40 { throw Failure(index: index) }
                    return index
                }, consume: { consumed.append($0) })
        ) { error in
            XCTAssertEqual(error as? Failure, Failure(index: 30))
        }
        XCTAssertEqual(consumed, Array(0..<30))

        // An error while consuming stops there too.
        consumed = []
        XCTAssertThrowsError(
            try Concurrently.inOrder(
                100, make: { $0 },
                consume: { index in
                    if index == 12 { throw Failure(index: index) }
                    consumed.append(index)
                })
        ) { error in
            XCTAssertEqual(error as? Failure, Failure(index: 12))
        }
        XCTAssertEqual(consumed, Array(0..<12))
    }

    func testInOrderMakesNoFurtherAheadThanItsWindow() throws {
        let lock = NSLock()
        var consumed = 0
        var furthestAhead = 0
        try Concurrently.inOrder(
            300, window: 4,
            make: { index -> Int in
                lock.lock()
                furthestAhead = max(furthestAhead, index - consumed)
                lock.unlock()
                if index % 10 == 0 { usleep(1_000) }
                return index
            },
            consume: { index in
                lock.lock()
                XCTAssertEqual(index, consumed)
                consumed += 1
                lock.unlock()
            })
        XCTAssertEqual(consumed, 300)
        XCTAssertLessThan(furthestAhead, 4)
    }

    /// While the thread whose turn it is to consume waits (on the disk, when it writes past
    /// the page cache), two cores still make two items at once: items 1 and 2 each wait for
    /// the other to be in the making, and the consumer of item 0 waits for both.
    func testInOrderKeepsTwoCoresMakingWhileTheConsumerWaits() throws {
        let saved = Concurrently.maximumThreads
        Concurrently.maximumThreads = 2
        defer { Concurrently.maximumThreads = saved }
        let arrived = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)], made = DispatchSemaphore(value: 0)
        let together = Locked(0)
        try Concurrently.inOrder(
            3,
            make: { index -> Int in
                guard index > 0 else { return index }
                // Item 1 arrives and waits for item 2 to arrive, and item 2 the other way round.
                arrived[index - 1].signal()
                if arrived[2 - index].wait(timeout: .now() + 5) == .success { together.withLock { $0 += 1 } }
                made.signal()
                return index
            },
            consume: { index in
                if index == 0 { for _ in 0..<2 { _ = made.wait(timeout: .now() + 15) } }
            })
        XCTAssertEqual(together.withLock { $0 }, 2)
    }

    func message(_ id: String, _ reactions: [(count: Int, reactors: [String])]) -> MessageSummary {
        MessageSummary(
            message: ImportedMessage(platform: .slack, conversationID: "C1", id: id, authorID: "U1"), conversationName: "general",
            reactions: reactions.enumerated().map { offset, reaction in
                ReactionSummary(
                    emoji: Emoji(key: "e\(offset)", display: "e\(offset)", name: nil, custom: false, image: nil),
                    count: reaction.count, reactors: ReactorList(reaction.reactors.map { Reactor(id: $0, name: nil, at: nil) }),
                    reactorsComplete: reaction.count == reaction.reactors.count, firstAt: nil, sequence: offset)
            })
    }

    func testTopMessagesAreTheHeadOfTheFullRanking() {
        let list = [
            message("a", [(2, ["x", "y"])]),  // 2 reactions, 2 people
            message("b", []),  // none: never ranked
            message("c", [(1, ["x"]), (1, ["x"])]),  // 2 reactions, 1 person
            message("d", [(5, [])]),  // 5 reactions, no one listed
            message("e", [(2, ["z"]), (0, [])]),  // 2 reactions, 1 person, after c
            message("f", [(1, ["q"])]),
            message("g", [(2, ["x", "w"])])  // ties a; a is earlier
        ]
        XCTAssertEqual(Overview.rank(list, topN: 10), [3, 0, 6, 2, 4, 5])
        XCTAssertEqual(Overview.rank(list, topN: 3), [3, 0, 6])
        XCTAssertEqual(Overview.rank(list, topN: 0), [])
        XCTAssertEqual(Overview.rank(list, among: [2, 4, 5, 6], topN: 2), [6, 2])
    }
}
