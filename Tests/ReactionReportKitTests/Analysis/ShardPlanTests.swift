import XCTest

@testable import ReactionReportKit

/// `ShardPlan`: units of whole conversations or blocks of days, largest first to the lightest
/// shard, the same whatever order the counts come in.
final class ShardPlanTests: XCTestCase {
    func count(_ id: String, _ day: Int64?, _ messages: Int, _ platform: Platform = .slack) -> ShardPlan.Count {
        ShardPlan.Count(platform: platform, conversationID: id, day: day, messages: messages)
    }

    /// 100 messages in 4 shards: the limit is 100 / 16 = 6 messages, so `general` (60 over six
    /// days) is cut into its six days of 10, and the small conversations stay whole.
    func testALargeConversationIsCutIntoDaysAcrossShards() {
        let counts = (0..<6).map { count("general", Int64($0), 10) } + [count("random", 0, 20), count("dev", 3, 12), count("ops", nil, 8)]
        let plan = ShardPlan(counts: counts, count: 4)
        // Units largest first: random 20, dev 12, the six days of general (10 each, by day), ops 8;
        // each to the lightest shard (the first of equals): random → 1, dev → 2, general's days
        // → 3, 4, 3, 4, 2 (at 12) and 1 (all at 20), ops → 3 (the first at 20).
        XCTAssertEqual((0..<6).map { plan.shard(platform: .slack, conversationID: "general", day: Int64($0)) }, [3, 4, 3, 4, 2, 1])
        XCTAssertEqual(plan.shard(platform: .slack, conversationID: "random", day: 0), 1)
        XCTAssertEqual(plan.shard(platform: .slack, conversationID: "dev", day: 3), 2)
        XCTAssertEqual(plan.shard(platform: .slack, conversationID: "ops", day: nil), 3)
        XCTAssertEqual(plan.load, [30, 22, 28, 20])
        XCTAssertEqual(plan.shards(platform: .slack, conversationID: "general"), [1, 2, 3, 4])
        XCTAssertEqual(plan.shards(platform: .slack, conversationID: "random"), [1])
        XCTAssertNil(plan.shard(platform: .slack, conversationID: "unknown", day: 0))
        XCTAssertNil(plan.shard(platform: .discord, conversationID: "general", day: 0))
        XCTAssertEqual(plan.shards(platform: .slack, conversationID: "unknown"), [])
    }

    /// A block gathers days until it holds the limit; a day the plan never saw goes with the
    /// block before it (or the first block), and messages without a time come first.
    func testBlocksGatherDaysUpToTheLimit() {
        // 3 shards, 40 messages: limit 40 / 12 = 3. Blocks: no time (21), day 0 (3 + 6 = 9),
        // day 1 (3), days 5 and 9 (2 + 4 = 6), day 12 (1); largest first to the lightest shard:
        // 21 → 1, 9 → 2, 6 → 3, 3 → 3 (at 6), 1 → 2 (the first at 9).
        let counts = [count("c", 1, 3), count("c", 0, 3), count("c", 9, 4), count("c", 5, 2), count("c", 12, 1), count("c", nil, 21), count("c", 0, 6)]
        let plan = ShardPlan(counts: counts, count: 3)
        XCTAssertEqual(plan.load, [21, 10, 9])
        XCTAssertEqual(
            [nil, 0, 1, 2, 4, 5, 9, 11, 12, 400, -5].map { plan.shard(platform: .slack, conversationID: "c", day: $0) },
            [1, 2, 3, 3, 3, 3, 3, 3, 2, 2, 1])
    }

    /// The order of the counts does not matter; equal units go by platform, id bytes and day.
    func testThePlanDoesNotDependOnTheOrderGiven() {
        var counts: [ShardPlan.Count] = []
        for conversation in 0..<30 {
            let platform: Platform = conversation % 2 == 0 ? .slack : .discord
            for day in 0..<Int64(conversation % 5 + 1) {
                counts.append(count("c\(conversation)", day, (conversation * 7 + Int(day)) % 9 + 1, platform))
            }
        }
        let plan = ShardPlan(counts: counts, count: 8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5 {
            let other = ShardPlan(counts: counts.shuffled(using: &generator), count: 8)
            XCTAssertEqual(other.load, plan.load)
            for entry in counts {
                XCTAssertEqual(
                    other.shard(platform: entry.platform, conversationID: entry.conversationID, day: entry.day),
                    plan.shard(platform: entry.platform, conversationID: entry.conversationID, day: entry.day))
            }
        }
        XCTAssertEqual(plan.load.reduce(0, +), counts.reduce(0) { $0 + $1.messages })
        XCTAssertLessThanOrEqual(plan.load.max()! - plan.load.min()!, 9)
    }

    /// Days are UTC days, also before 1970.
    func testDayOfATime() {
        XCTAssertEqual(ShardPlan.day(of: Timestamp(nanoseconds: 0, fractionDigits: 0)), 0)
        XCTAssertEqual(ShardPlan.day(of: Timestamp(nanoseconds: 86_399_999_999_999, fractionDigits: 9)), 0)
        XCTAssertEqual(ShardPlan.day(of: Timestamp(nanoseconds: 86_400_000_000_000, fractionDigits: 9)), 1)
        XCTAssertEqual(ShardPlan.day(of: Timestamp(nanoseconds: -1, fractionDigits: 9)), -1)
        XCTAssertEqual(ShardPlan.day(of: Timestamp(nanoseconds: -86_400_000_000_000, fractionDigits: 9)), -1)
        XCTAssertEqual(ShardPlan.day(of: Timestamp(nanoseconds: -86_400_000_000_001, fractionDigits: 9)), -2)
    }
}
