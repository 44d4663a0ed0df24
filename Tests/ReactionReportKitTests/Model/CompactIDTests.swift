import ProgramRunner
import XCTest
@testable import ReactionReportKit

/// Ids as the ledger keeps them: the same text back, the same equality and order as the texts,
/// and the ids of the large exports held inside 16 bytes.
final class CompactIDTests: XCTestCase {
    let ids = [
        "", "1", "C024BE91L", "1459154014.000018", "1700000000.123456", "17000000000123456", "1234567890123456789",
        "123456789012345678901234", "1234567890123456789012345", "2024-03-04T10:10:00:00_1", "$abcdefghijklmnopqrstuvwxyz0123456789",
        "a1459154014.000018", "\u{1}abc", "\u{2}abc", "\u{1}1459154014.000018", "\u{2}", "\u{1}", "\u{3}abc", "\u{0}", "\u{0}1459154014.000018",
        "\u{3}1459154014.000018", "éé1459154014.00001",
        "0000000000000000", "000000000000000", "1459154014.00001", "1459154014.0000180", "------------------------", "________________"
    ]

    func testGivesBackTheText() {
        for id in ids { XCTAssertEqual(CompactID(id).text, id, id.debugDescription) }
    }

    func testEqualAndOrderedAsTheTexts() {
        for a in ids {
            for b in ids {
                XCTAssertEqual(CompactID(a) == CompactID(b), a == b, "\(a.debugDescription) \(b.debugDescription)")
                XCTAssertEqual(CompactID(a) < CompactID(b), a < b, "\(a.debugDescription) < \(b.debugDescription)")
                if a == b { XCTAssertEqual(CompactID(a).hashValue, CompactID(b).hashValue) }
            }
        }
    }

    /// Seeded random ids of the packed alphabet, 14 to 26 characters: the order of packed ids
    /// (compared as stored) is the order of their texts.
    func testPackedIdsOrderAsTheirTexts() {
        var generator = SplitMix(seed: 18)
        let alphabet = Array("-.0123456789:_")
        let random = (0..<400).map { _ in
            String((0..<(14 + Int(generator.next() % 13))).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
        for a in random {
            XCTAssertEqual(CompactID(a).text, a)
            for b in random.prefix(60) { XCTAssertEqual(CompactID(a) < CompactID(b), a < b, "\(a) < \(b)") }
        }
    }

    /// A Slack `ts`, a PubNub timetoken and a Discord snowflake take no allocation; an id of
    /// other characters is kept as it is.
    func testTheLargeExportsIdsAreHeldInline() {
        XCTAssertEqual(MemoryLayout<CompactID>.size, 16)
        XCTAssertEqual(MemoryLayout<CompactID?>.size, 16)
        for id in ["1459154014.000018", "17000000000123456", "1234567890123456789", "123456789012345678901234"] {
            XCTAssertLessThanOrEqual(CompactID(id).storedLength, 15, id)
        }
        XCTAssertEqual(CompactID("$abcdefghijklmnopqrstuvwxyz0123456789").storedLength, 37)
        XCTAssertEqual(CompactID("1234567890123456789012345").storedLength, 25)
    }
}

/// Adds' identities as the ledger keeps them: equal exactly when their texts are, in 16 bytes.
final class AddIdentityTests: XCTestCase {
    func testEqualWhenTheTextsAreAndHeldInline() {
        let short = ["", "r1", "$event:example.org", "17000000000123456", "\u{3}abc"]
        let pubnub = (0..<2_000).map { "17000000000\(100_000 + $0)/1700000001\(2_000_000 + $0 * 7)/user-\($0 % 97)" }
        let all = short + pubnub + pubnub.map { $0 + "x" }
        let identities = all.map(AddIdentity.init)
        // No two different texts collide, and a text is its identity again.
        XCTAssertEqual(Set(identities).count, Set(all).count)
        for (text, identity) in zip(all, identities) {
            XCTAssertEqual(AddIdentity(text), identity, text)
            XCTAssertLessThanOrEqual(identity.storedLength, 15, text)
        }
        XCTAssertTrue(AddIdentity("").isEmpty)
        XCTAssertFalse(AddIdentity(pubnub[0]).isEmpty)
        // A hashed identity is never taken for a text kept as it is.
        XCTAssertNotEqual(AddIdentity("\u{3}abc"), AddIdentity(pubnub[0]))
    }
}
