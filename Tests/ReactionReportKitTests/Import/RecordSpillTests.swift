import Foundation
import ParallelWork
import XCTest

@testable import InputFiles
@testable import ReactionReportKit

/// Records kept in a spill file come back as written, from any thread, after their pages are
/// let go of; and a ledger whose facts spill settles them as one that keeps them in memory.
final class RecordSpillTests: XCTestCase {
    struct Pair: Equatable {
        var number: Int64
        var tag: UInt32
    }

    func testRecordsComeBackAfterTheirPagesAreLetGo() {
        // 3 million 16-byte records: 48 MB, three steps of the file, dropped as they grow.
        let spill = RecordSpill<Pair>(maximumCount: 1 << 24, keptInMemory: 0, dropEvery: 16 << 20)
        for index in 0..<3_000_000 { XCTAssertEqual(spill.append(Pair(number: Int64(index) * 3, tag: UInt32(index % 7))), index) }
        XCTAssertTrue(spill.spills)
        XCTAssertEqual(spill.count, 3_000_000)
        for index in stride(from: 0, to: 3_000_000, by: 1_000) { spill[index].tag = 99 }
        spill.dropResident()
        let wrong = Concurrently.map(30) { part -> Int in
            var wrong = 0
            for index in (part * 100_000)..<((part + 1) * 100_000) {
                let expected = Pair(number: Int64(index) * 3, tag: index % 1_000 == 0 ? 99 : UInt32(index % 7))
                if spill[index] != expected { wrong += 1 }
            }
            return wrong
        }
        XCTAssertEqual(wrong.reduce(0, +), 0)
    }

    /// Written pages go from the process's resident memory when they are let go of: the
    /// file-backed pages it maps fall by about the 48 MB written.
    func testLettingGoTakesThePagesOutOfResidentMemory() throws {
        let spill = RecordSpill<Int64>(maximumCount: 1 << 24, keptInMemory: 0, dropEvery: Int.max)
        for index in 0..<6_000_000 { spill.append(Int64(index)) }
        let before = try Self.residentFileMB()
        spill.dropResident()
        let after = try Self.residentFileMB()
        XCTAssertGreaterThan(before - after, 40, "resident file pages \(before) MB before, \(after) MB after")
        XCTAssertEqual(spill[5_999_999], 5_999_999)
    }

    /// Once appending is done, pages read back are let go of on a timer: a pass reading every
    /// record, then a pause, leaves them out of resident memory, and they read the same again.
    func testPagesReadBackAreLetGoOfAsTimeGoes() throws {
        let spill = RecordSpill<Int64>(maximumCount: 1 << 24, keptInMemory: 0, dropEvery: Int.max)
        for index in 0..<6_000_000 { spill.append(Int64(index) * 2) }
        spill.dropResident()
        let before = try Self.residentFileMB()
        spill.keepDropping(everyMilliseconds: 20)
        var sum: Int64 = 0
        for index in 0..<6_000_000 { sum &+= spill[index] }
        XCTAssertEqual(sum, 6_000_000 * 5_999_999)
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertLessThan(try Self.residentFileMB() - before, 10, "a window of pages, not the 48 MB read")
        XCTAssertEqual(spill[3_000_000], 6_000_000)
    }

    /// Where no file can be made the records stay in memory, and nothing is lost.
    func testWithoutAFolderTheRecordsStayInMemory() {
        let spill = RecordSpill<Int64>(maximumCount: 1 << 22, keptInMemory: 0, folder: "/nonexistent-folder/for-records")
        for index in 0..<3_000_000 { spill.append(Int64(index) - 5) }
        XCTAssertFalse(spill.spills)
        spill.dropResident()
        XCTAssertEqual(spill[0], -5)
        XCTAssertEqual(spill[2_999_999], 2_999_994)
    }

    /// A ledger whose facts go to the spill file from the first byte (event adds with their
    /// identities and times, removals), and whose settled reactions go there too, settles exactly
    /// as one that keeps them in memory.
    func testASpillingLedgerSettlesAsOneInMemory() throws {
        func ledger(keptInMemory: Int) -> ReactionLedger {
            let ledger = ReactionLedger(chunkBits: 8, keptInMemory: keptInMemory)
            _ = ledger.beginFile("events.jsonl")
            for number in 0..<3_000 {
                let id = "1700000000\(1_000_000 + number)"
                ledger.record(
                    ImportedMessage(platform: .pubnub, conversationID: "c\(number % 3)", id: id, sentAt: Timestamp.unixSeconds(Int64(number))))
                let target = MessageTarget(platform: .pubnub, conversationID: "c\(number % 3)", messageID: id)
                for reactor in 0..<(number % 9) {
                    let value = ReactionValue(reactor % 2 == 0 ? "👍" : "🎉", style: .emojiOrName)
                    let ref = "\(id)/\(reactor)"
                    ledger.record(
                        .add(
                            target: target, value: value, reactor: "u\(reactor)", reactorName: nil,
                            at: Timestamp.unixSeconds(Int64(number + reactor)), ref: ref), file: 0)
                    if reactor == 3 { ledger.record(.remove(platform: .pubnub, ref: ref), file: 0) }
                }
            }
            return ledger
        }
        let spilling = ledger(keptInMemory: 0)
        spilling.settledKeptInMemory = 0
        XCTAssertTrue(spilling.arena.entries.spills && spilling.arena.adders.spills)
        let spilled = spilling.summarize()
        let kept = ledger(keptInMemory: 64 << 20).summarize()
        XCTAssertEqual(spilled.messages.flatMap(TestSupport.reactions), kept.messages.flatMap(TestSupport.reactions))
        XCTAssertEqual(spilled.tallies, kept.tallies)
        XCTAssertEqual(TestSupport.reactions(spilled.messages[8]), ["👍 4 [u0,u2,u4,u6] complete", "🎉 3 [u1,u5,u7] complete"])
    }

    private static func residentFileMB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("RssFile:") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])) / 1024
    }
}
