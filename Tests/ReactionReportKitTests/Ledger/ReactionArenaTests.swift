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
                person: person, givenName: .none, sequence: UInt32(sequence),
                first: ReactionLedger.Instance(ref: AddIdentity("r\(person)"), at: nil, file: 0, stated: -1), to: entry)
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

    /// An adder is 24 bytes and an entry 40, an add's identity and time and a total's time held
    /// beside them only in chunks where some has one: each reads back as written (the earliest time kept on a repeat,
    /// its fraction digits too), and adders without either read back empty.
    func testFirstAddsIdentityAndTimeAreHeldBesideTheAdder() throws {
        var arena = ReactionArena(chunkBits: 2)
        var head = ReactionArena.none
        let entry = arena.entry(in: &head, key: 1, emoji: 0, sequence: 1)
        let late = try XCTUnwrap(Timestamp.iso8601("2024-01-01T10:05:00.25Z"))
        let early = try XCTUnwrap(Timestamp.iso8601("2024-01-01T10:00:00.123456Z"))
        for person in UInt32(0)..<10 {
            let first = ReactionLedger.Instance(
                ref: AddIdentity(person == 9 ? "ref-9" : ""), at: person == 9 ? late : nil, file: Int32(person), stated: -1)
            arena.link(person: person, givenName: .named, sequence: person, first: first, to: entry)
        }
        let ninth = try XCTUnwrap(arena.adder(of: 9, on: entry))
        let again = arena.add(ReactionLedger.Instance(ref: AddIdentity("ref-9"), at: early, file: 9, stated: -1), toAdder: ninth, newer: { $0 > $1 })
        XCTAssertTrue(again.repeated && again.sameFile)
        let instance = arena.firstInstance(of: ninth)
        XCTAssertEqual(instance.ref, AddIdentity("ref-9"))
        XCTAssertEqual(instance.at, early)
        XCTAssertEqual(instance.at?.fractionDigits, 6)
        XCTAssertEqual(instance.file, 9)
        // An entry's earliest total time likewise, beside the entry.
        let second = arena.entry(in: &head, key: 2, emoji: 0, sequence: 2)
        XCTAssertNil(arena.totalFirstAt(of: entry))
        arena.setTotalFirstAt(early, of: second)
        XCTAssertEqual(arena.totalFirstAt(of: second), early)
        XCTAssertEqual(arena.totalFirstAt(of: second)?.fractionDigits, 6)
        XCTAssertNil(arena.totalFirstAt(of: entry))
        arena.setTotalFirstAt(nil, of: second)
        XCTAssertNil(arena.totalFirstAt(of: second))
        for person in UInt32(0)..<9 {
            let position = try XCTUnwrap(arena.adder(of: person, on: entry))
            XCTAssertEqual(arena.firstRef(of: position), AddIdentity(""))
            XCTAssertNil(arena.firstTime(of: position))
            XCTAssertEqual(arena.firstInstance(of: position).file, Int32(person))
        }
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

    /// Facts read before their messages (an event log first) are kept by target; as the
    /// messages come and take them, the dictionary gives its room back, and what settles is the
    /// same.
    func testTargetsTakenByTheirMessagesGiveTheirRoomBack() {
        let ledger = ReactionLedger()
        _ = ledger.beginFile("events.jsonl")
        let targets = (0..<200_000).map { MessageTarget(platform: .pubnub, conversationID: "c", messageID: "1700000000\(1_000_000 + $0)") }
        for (number, target) in targets.enumerated() {
            ledger.record(
                .add(
                    target: target, value: ReactionValue("👍", style: .emojiOrName), reactor: "u\(number % 5)", reactorName: nil, at: nil,
                    ref: "a\(number)"), file: 0)
        }
        let full = ledger.reactionIndex.capacity
        XCTAssertGreaterThanOrEqual(full, 200_000)
        for (number, target) in targets.enumerated() {
            ledger.record(ImportedMessage(platform: .pubnub, conversationID: "c", id: target.messageID, sentAt: Timestamp.unixSeconds(Int64(number))))
        }
        XCTAssertTrue(ledger.reactionIndex.isEmpty)
        XCTAssertLessThan(ledger.reactionIndex.capacity, full / 8)
        let result = ledger.summarize()
        XCTAssertEqual(TestSupport.reactions(result.messages[7]), ["👍 1 [u2] complete"])
        XCTAssertEqual(result.tallies[.pubnub]?.counted, 200_000)
    }
}
