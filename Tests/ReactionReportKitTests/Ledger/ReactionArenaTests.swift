import XCTest

@testable import ReactionReportKit

/// How the ledger keeps its facts until they are settled (`ReactionArena`), and lets them go.
final class ReactionArenaTests: XCTestCase {
    /// An entry's adders: a few searched in order, many indexed by person; each person once,
    /// found in every regime, and another add of one found again (the same identity a repeat,
    /// another identity one more add). A list's entries are found by key, each made once.
    func testArenaKeepsEachAdderOnceAndFindsItInEveryRegime() {
        var arena = ReactionArena()
        var head = ReactionArena.none
        let entry = arena.entry(in: &head, key: 7, emoji: 0, sequence: 1)
        XCTAssertEqual(arena.entry(in: &head, key: 7, emoji: 1, sequence: 2), entry)
        let other = arena.entry(in: &head, key: 8, emoji: 1, sequence: 3)
        XCTAssertNotEqual(other, entry)
        XCTAssertEqual(Array(arena.entryPositions(from: head)), [other, entry])
        let people = (0..<80).map { UInt32(($0 * 7) % 80) }
        for (sequence, person) in people.enumerated() {
            XCTAssertNil(arena.adder(of: person, on: entry), "\(person) is new")
            arena.link(
                ReactionArena.Adder(
                    ref: AddIdentity("r\(person)"), at: nil, givenName: .none, hasMoreInstances: false, file: 0, person: person,
                    sequence: UInt32(sequence), next: ReactionArena.none, stated: -1),
                to: entry)
            // Every person so far is found, on this entry only.
            for earlier in people[...sequence] {
                let found = arena.adder(of: earlier, on: entry)
                XCTAssertEqual(found.map { arena.adders[$0].person }, earlier)
                XCTAssertNil(arena.adder(of: earlier, on: other))
            }
        }
        XCTAssertEqual(arena.entries[entry].adderCount, 80)
        XCTAssertEqual(Set(arena.adderPositions(of: entry).map { arena.adders[$0].person }), Set(people))
        XCTAssertNil(arena.adder(of: 80, on: entry))
        let adder = arena.adder(of: 35, on: entry)!
        let again = arena.add(ReactionLedger.Instance(ref: AddIdentity("r35"), at: nil, file: 0, stated: -1), toAdder: adder, newer: { $0 > $1 })
        XCTAssertTrue(again.repeated && again.sameFile)
        let more = arena.add(ReactionLedger.Instance(ref: AddIdentity("s35"), at: nil, file: 1, stated: -1), toAdder: adder, newer: { $0 > $1 })
        XCTAssertFalse(more.repeated)
        XCTAssertEqual(arena.instances(of: adder).map(\.ref), [AddIdentity("r35"), AddIdentity("s35")])
    }

    /// Settling lets go of the recorded facts a chunk at a time, as soon as every message
    /// reading a chunk is settled: two conversations recorded one after the other (as a Slack
    /// export's folders are) and settled in time order, their messages interleaved, let chunks
    /// go from the first waves on; what is settled is the same as with one chunk.
    func testSettlingLetsGoOfChunksOfFactsAsItGoes() {
        func ledger(chunkBits: Int) -> ReactionLedger {
            let ledger = ReactionLedger(chunkBits: chunkBits)
            _ = ledger.beginFile("a.json")
            for conversation in ["C1", "C2"] {
                for number in 0..<(2 * ReactionLedger.settlingPartSize) {
                    let id = "\(conversation)-\(number)"
                    let target = MessageTarget(platform: .slack, conversationID: conversation, messageID: id)
                    ledger.record(
                        ImportedMessage(platform: .slack, conversationID: conversation, id: id, sentAt: Timestamp.unixSeconds(Int64(2 * number))))
                    for (value, reactor) in [("+1", "U\(number % 7)"), ("tada", "U\(number % 5)"), ("+1", "U\(number % 3 + 10)")] {
                        ledger.record(
                            .add(target: target, value: ReactionValue(value, style: .shortcode), reactor: reactor, reactorName: nil, at: nil, ref: nil),
                            file: 0)
                    }
                    ledger.record(.total(target: target, value: ReactionValue("eyes", style: .shortcode), count: number % 3, firstAt: nil), file: 0)
                }
            }
            return ledger
        }
        let chunked = ledger(chunkBits: 8)
        let released = chunked.summarize(handBack: {}, handBackEvery: 256, partsPerWave: 1)
        let whole = ledger(chunkBits: 16).summarize()
        // 8,192 messages, 4 parts: after the first part (the first quarter of both conversations'
        // times) chunks are let go of, and all of them by the end.
        XCTAssertEqual(chunked.settlingReleases.count, 4)
        XCTAssertGreaterThan(chunked.settlingReleases[0], 0)
        XCTAssertLessThan(chunked.settlingReleases[2], chunked.settlingReleases[3])
        XCTAssertEqual(released.messages.flatMap(TestSupport.reactions), whole.messages.flatMap(TestSupport.reactions))
        XCTAssertEqual(TestSupport.reactions(released.messages[8_190]), ["👍 2 [U0,U10] complete", "🎉 1 [U0] complete"])
        XCTAssertEqual(TestSupport.reactions(released.messages[8_189]), ["👍 2 [U6,U12] complete", "🎉 1 [U4] complete", "👀 2 [] incomplete"])
    }
}
