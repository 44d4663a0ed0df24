import Foundation
import XCTest

@testable import InputFiles
@testable import ReactionReportKit

/// Zip archives are read whole and honestly (issue 15): ZIP64 archives, every entry's CRC-32,
/// and a diagnostic naming each entry that is not read.
final class ZipArchiveTests: XCTestCase {
    /// Writes `zip` into a fresh folder as `export.zip`; returns its path.
    func write(_ zip: TestZip) throws -> String {
        let url = try TestSupport.temporaryFolder().appendingPathComponent("export.zip")
        try zip.write(to: url)
        return url.path
    }

    func inspect(_ path: String) throws -> ReportBuild.Outcome {
        do {
            return try ReportBuild(inputs: [path], options: BuildOptions()).inspect()
        } catch let error as ReportBuild.StepError {
            XCTAssertEqual(error.step, .read)
            throw error.underlying
        }
    }

    /// The skipped-file diagnostics of an outcome, as printed.
    func skipped(_ outcome: ReportBuild.Outcome) -> [String] {
        outcome.result.diagnostics.examples[.skippedFile]?.map(\.text) ?? []
    }

    /// A small Slack workspace: users.json, channels.json and one day file of two messages.
    func smallWorkspace(zip64: Bool = false) -> TestZip {
        var zip = TestZip()
        zip.store("users.json", #"[{"id":"U1","name":"ada"},{"id":"U2","name":"bo"}]"#, zip64: zip64)
        zip.store("channels.json", #"[{"id":"C1","name":"general"}]"#, zip64: zip64)
        zip.deflate("general/2024-01-01.json", Self.dayFile(ts: 1_704_067_200), zip64: zip64)
        return zip
    }

    /// A day file of two messages: one 👍 from U1, then ❤️ counted 3 with U1 and U2 listed.
    static func dayFile(ts: Int) -> String {
        #"[{"type":"message","user":"U1","ts":"\#(ts).000100","text":"one","reactions":[{"name":"+1","users":["U1"],"count":1}]},"#
            + #"{"type":"message","user":"U2","ts":"\#(ts).000200","text":"two","reactions":[{"name":"heart","users":["U1","U2"],"count":3}]}]"#
    }

    /// A workspace of 70 channels × 1,000 days is 70,002 entries: more than the 65,535 a zip
    /// without ZIP64 can count, as any large Slack workspace exported a file per channel per day.
    func testSlackWorkspaceOf70000DayFilesIsReadWhole() throws {
        let channels = 70, days = 1_000
        var zip = TestZip()
        zip.store("users.json", #"[{"id":"U1","name":"ada"},{"id":"U2","name":"bo"}]"#)
        zip.store("channels.json", "[" + (0..<channels).map { #"{"id":"C\#($0)","name":"c\#($0)"}"# }.joined(separator: ",") + "]")
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        let start = 1_577_836_800  // 2020-01-01T00:00:00Z
        let dayNames = (0..<days).map { formatter.string(from: Date(timeIntervalSince1970: TimeInterval(start + $0 * 86_400))) }
        for channel in 0..<channels {
            for day in 0..<days {
                zip.store("c\(channel)/\(dayNames[day]).json", Self.dayFile(ts: start + day * 86_400 + channel))
            }
        }
        XCTAssertEqual(zip.entries.count, 70_002)
        let path = try write(zip)

        let outcome = try inspect(path)
        let result = outcome.result
        XCTAssertEqual(outcome.files.map(\.format.id), ["slack-export"])
        XCTAssertEqual(result.messages.count, 140_000)
        XCTAssertEqual(Set(Dictionary(grouping: result.messages, by: \.conversationID).mapValues(\.count).values), [2_000])
        XCTAssertEqual(Set(result.messages.map(\.conversationID)).count, 70)
        XCTAssertEqual(result.messages.reduce(0) { $0 + $1.reactions.reduce(0) { $0 + $1.count } }, 280_000)
        XCTAssertEqual(TestSupport.diagnostics(result), [:])
        let lines = TestSupport.lines(result)
        XCTAssertEqual(
            lines.first,
            #"{"platform":"slack","conversation":{"id":"C0","name":"c0"},"id":"1577836800.000100","author":{"id":"U1","name":"ada"},"sentAt":"2020-01-01T00:00:00.000100Z","thread":null,"deleted":false,"text":"one","reactionCount":1,"reactions":[{"key":"👍","emoji":"👍","name":"thumbs up","custom":false,"image":null,"count":1,"reactors":[{"id":"U1","name":"ada","at":null}],"reactorsComplete":true,"firstAt":null}]}"#
        )
        XCTAssertEqual(
            lines.last,
            #"{"platform":"slack","conversation":{"id":"C69","name":"c69"},"id":"1664150469.000200","author":{"id":"U2","name":"bo"},"sentAt":"2022-09-26T00:01:09.000200Z","thread":null,"deleted":false,"text":"two","reactionCount":3,"reactions":[{"key":"❤","emoji":"❤️","name":"red heart","custom":false,"image":null,"count":3,"reactors":[{"id":"U1","name":"ada","at":null},{"id":"U2","name":"bo","at":null}],"reactorsComplete":false,"firstAt":null}]}"#
        )

        // The entry limit counts the entries ZIP64 declares.
        var limits = ZipArchive.Limits()
        limits.maximumEntries = 70_001
        XCTAssertThrowsError(try InputTree.zip(path, limits: limits)) { error in
            XCTAssertEqual("\(error)", path + ": holds 70002 entries, more than the limit of 70001")
        }
    }

    /// Sizes and offsets of 0xFFFFFFFF in the headers are read from the ZIP64 extra field, and
    /// the entry count, directory size and offset from the ZIP64 end record.
    func testSizesAndOffsetsInTheZIP64ExtraFieldAreRead() throws {
        var zip = smallWorkspace(zip64: true)
        zip.forceZIP64End = true
        // The fixture is this archive, kept where the fuzzer takes its seeds.
        XCTAssertEqual(try TestSupport.fixture("slack/workspace-zip64.zip"), zip.bytes())
        let path = try write(zip)
        let archive = try ZipArchive(path: path)
        // The archive lists its entries as its central directory does; the tree sorts them.
        XCTAssertEqual(archive.names, ["users.json", "channels.json", "general/2024-01-01.json"])
        XCTAssertEqual(try InputTree.zip(path).names, ["channels.json", "general/2024-01-01.json", "users.json"])
        XCTAssertEqual(archive.size(of: "general/2024-01-01.json"), Self.dayFile(ts: 1_704_067_200).utf8.count)
        XCTAssertEqual(String(decoding: try archive.contents(of: "general/2024-01-01.json"), as: UTF8.self), Self.dayFile(ts: 1_704_067_200))
        XCTAssertEqual(String(decoding: try archive.contents(of: "users.json"), as: UTF8.self), #"[{"id":"U1","name":"ada"},{"id":"U2","name":"bo"}]"#)

        let zip64 = try inspect(path)
        let classic = try inspect(try write(smallWorkspace()))
        XCTAssertEqual(zip64.result.messages.map(\.id), ["1704067200.000100", "1704067200.000200"])
        XCTAssertEqual(TestSupport.lines(zip64.result), TestSupport.lines(classic.result))
        XCTAssertEqual(TestSupport.diagnostics(zip64.result), [:])
    }

    /// A ZIP64 locator that points nowhere is a damaged archive, not a crash; one part of a
    /// split archive is refused with what to do.
    func testDamagedZIP64EndRecordAndSplitArchivesAreErrors() throws {
        var zip = smallWorkspace()
        zip.forceZIP64End = true
        // The locator (20 bytes) stands before the end record (22 bytes, no comment).
        func damaged(_ offset: Int, _ value: [UInt8]) throws -> String {
            var bytes = zip.bytes()
            bytes.replaceSubrange((bytes.count - 42 + offset)..<(bytes.count - 42 + offset + value.count), with: value)
            let url = try TestSupport.temporaryFolder().appendingPathComponent("export.zip")
            try Data(bytes).write(to: url)
            return url.path
        }
        let pointsNowhere = try damaged(8, TestZip.le(UInt64(1) << 40))
        XCTAssertThrowsError(try inspect(pointsNowhere)) { error in
            XCTAssertEqual("\(error)", pointsNowhere + ": is not a readable zip archive: damaged ZIP64 end of central directory")
        }
        let split = ": is one part of a split archive, which cannot be read; join the parts into one archive first (zip -s 0 "
        // A locator that counts two disks.
        let twoDisks = try damaged(16, TestZip.le(UInt32(2)))
        XCTAssertThrowsError(try inspect(twoDisks)) { error in
            XCTAssertEqual("\(error)", twoDisks + split + twoDisks + " --out whole.zip)")
        }
        // An end record, without ZIP64, on the second disk.
        zip.forceZIP64End = false
        var bytes = zip.bytes()
        bytes[bytes.count - 22 + 4] = 1
        let secondDisk = try TestSupport.temporaryFolder().appendingPathComponent("export.zip").path
        try Data(bytes).write(to: URL(fileURLWithPath: secondDisk))
        XCTAssertThrowsError(try inspect(secondDisk)) { error in
            XCTAssertEqual("\(error)", secondDisk + split + secondDisk + " --out whole.zip)")
        }
    }

    /// Every entry read is checked against its CRC-32: a mismatch is an input error naming the
    /// archive and the entry, and the command exits 2.
    func testCRCMismatchIsAnErrorNamingTheEntry() throws {
        var zip = smallWorkspace()
        zip.entries[2].crc32 ^= 0x0000_0100
        let path = try write(zip)
        let wanted =
            path
            + String(
                format: "/general/2024-01-01.json: is damaged: its CRC-32 is %08x, the archive says %08x; get the archive again",
                zip.entries[2].crc32 ^ 0x0000_0100, zip.entries[2].crc32)
        XCTAssertThrowsError(try inspect(path)) { error in
            XCTAssertEqual("\(error)", wanted)
        }
        // A stored entry is checked too.
        var stored = smallWorkspace()
        stored.entries[0].data[3] = UInt8(ascii: "j")
        let storedPath = try write(stored)
        XCTAssertThrowsError(try inspect(storedPath)) { error in
            XCTAssertEqual(
                "\(error)",
                storedPath
                    + String(
                        format: "/users.json: is damaged: its CRC-32 is %08x, the archive says %08x; get the archive again",
                        TestZip.crc32(stored.entries[0].data), stored.entries[0].crc32))
        }

        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let run = try CLIRunner.run(["build", "export.zip", "-o", "out"], in: folder)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "reaction-report: error: read: " + wanted.replacingOccurrences(of: path, with: "export.zip") + "\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    /// An encrypted entry is named in a diagnostic and not read; the others are.
    func testEncryptedEntriesAreDiagnosedAndNotRead() throws {
        var zip = smallWorkspace()
        zip.store("secret/2024-01-02.json", "not what it seems")
        zip.entries[3].flags = 1
        zip.store("vault/2024-01-03.json", "wrapped in AES")
        zip.entries[4].flags = 1
        zip.entries[4].method = 99
        let path = try write(zip)
        let outcome = try inspect(path)
        XCTAssertEqual(outcome.result.messages.map(\.id), ["1704067200.000100", "1704067200.000200"])
        XCTAssertEqual(
            skipped(outcome),
            [
                path
                    + ": entry \"secret/2024-01-02.json\" not read: it is encrypted, and encrypted entries cannot be read; unzip the archive with its password and give the folder instead",
                path
                    + ": entry \"vault/2024-01-03.json\" not read: it is encrypted, and encrypted entries cannot be read; unzip the archive with its password and give the folder instead"
            ])
    }

    /// Of two entries with one name, the last is read (as unzipping would leave it) and the
    /// diagnostic says which copy is read and which is not.
    func testDuplicateNamesAreDiagnosedAndTheLastCopyIsRead() throws {
        var zip = smallWorkspace()
        zip.store("users.json", #"[{"id":"U1","name":"Ada Okafor"},{"id":"U2","name":"Bo Lind"}]"#)
        zip.store("channels.json", #"[{"id":"C1","name":"general"}]"#)
        zip.store("channels.json", #"[{"id":"C1","name":"general"}]"#)
        let path = try write(zip)
        let outcome = try inspect(path)
        XCTAssertEqual(outcome.result.messages.map(\.authorName), ["Ada Okafor", "Bo Lind"])
        XCTAssertEqual(
            skipped(outcome),
            [
                path + ": entry \"channels.json\" appears 3 times: the last copy (entry 6 of 6) is read, the ones at entries 2 and 5 are not",
                path + ": entry \"users.json\" appears 2 times: the last copy (entry 4 of 6) is read, the one at entry 1 is not"
            ])
    }

    /// Methods other than stored and deflate are named in a diagnostic; the entry is not read.
    func testUnsupportedCompressionMethodsAreDiagnosedAndNotRead() throws {
        var zip = smallWorkspace()
        for (index, method) in [12, 14, 7].enumerated() {
            zip.store("general/2024-01-0\(index + 2).json", "BZh91AY&SY")
            zip.entries[zip.entries.count - 1].method = UInt16(method)
        }
        let path = try write(zip)
        let outcome = try inspect(path)
        XCTAssertEqual(outcome.result.messages.count, 2)
        XCTAssertEqual(
            skipped(outcome),
            [
                path
                    + ": entry \"general/2024-01-02.json\" not read: it is compressed with bzip2 (method 12), and only stored and deflated entries can be read; make the archive again with deflate (zip -Z deflate)",
                path
                    + ": entry \"general/2024-01-03.json\" not read: it is compressed with LZMA (method 14), and only stored and deflated entries can be read; make the archive again with deflate (zip -Z deflate)",
                path
                    + ": entry \"general/2024-01-04.json\" not read: it is compressed with method 7, and only stored and deflated entries can be read; make the archive again with deflate (zip -Z deflate)"
            ])
    }

    /// Deflated data that ends early, or unpacks to more than declared, is an error naming the
    /// entry; neither hangs nor allocates beyond the declared size.
    func testBrokenDeflateStreamsAreErrorsNamingTheEntry() throws {
        var truncated = smallWorkspace()
        truncated.entries[2].data.removeLast(40)
        let truncatedPath = try write(truncated)
        XCTAssertThrowsError(try inspect(truncatedPath)) { error in
            XCTAssertEqual("\(error)", truncatedPath + "/general/2024-01-01.json: is damaged: its compressed data ends before it is complete")
        }
        // A stored block longer than the entry: only the entry's own bytes are inflated, so
        // the stream ends early instead of running on into the central directory.
        var endless = smallWorkspace()
        endless.entries[2].data = [0x00, 0xFF, 0xFF, 0x00, 0x00]
        let endlessPath = try write(endless)
        XCTAssertThrowsError(try inspect(endlessPath)) { error in
            XCTAssertEqual("\(error)", endlessPath + "/general/2024-01-01.json: is damaged: its compressed data ends before it is complete")
        }
        var bomb = smallWorkspace()
        bomb.entries[2].size -= 1
        let bombPath = try write(bomb)
        XCTAssertThrowsError(try inspect(bombPath)) { error in
            XCTAssertEqual("\(error)", bombPath + "/general/2024-01-01.json: unpacks to more than its declared size (possible zip bomb)")
        }
        var corrupt = smallWorkspace()
        corrupt.entries[2].data[0] = 0x07  // BTYPE 11: reserved, an error in every deflate stream
        let corruptPath = try write(corrupt)
        XCTAssertThrowsError(try inspect(corruptPath)) { error in
            XCTAssertEqual("\(error)", corruptPath + "/general/2024-01-01.json: is damaged: its compressed data is corrupt")
        }
    }

    /// The limits on one entry's size and on the total stay; the defaults are the README's.
    func testEntryAndTotalSizeLimits() throws {
        let defaults = ZipArchive.Limits()
        XCTAssertEqual([defaults.maximumEntries, defaults.maximumEntrySize, defaults.maximumTotalSize], [1_000_000, 2_000_000_000, 16_000_000_000])
        let path = TestSupport.fixtures.appendingPathComponent("slack/workspace.zip").path
        var limits = ZipArchive.Limits()
        limits.maximumEntrySize = 600
        XCTAssertThrowsError(try InputTree.zip(path, limits: limits)) { error in
            XCTAssertEqual("\(error)", path + ": entry general/2023-11-14.json unpacks to 644 bytes, more than the limit of 600")
        }
        limits = ZipArchive.Limits()
        limits.maximumTotalSize = 1_000
        XCTAssertThrowsError(try InputTree.zip(path, limits: limits)) { error in
            XCTAssertEqual("\(error)", path + ": unpacks to more than the limit of 1000 bytes")
        }
    }

    /// An entry's own time: its extended timestamp field (UTC), else its DOS date and time, read
    /// as local time as `unzip` reads them; a DOS date of zero gives none, and the tree gives
    /// the archive's own time instead.
    func testEntryModificationTimes() throws {
        var zip = TestZip()
        for name in ["stamped.json", "dos.json", "none.json"] { zip.store(name, "[]") }
        zip.entries[0].unixTime = 1_705_276_800
        zip.entries[1].dosDate = 44 << 9 | 1 << 5 | 15
        zip.entries[1].dosTime = 9 << 11 | 30 << 5 | 5
        zip.entries[2].dosDate = 0
        let path = try write(zip)
        let archive = try ZipArchive(path: path)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let local = calendar.date(from: DateComponents(year: 2024, month: 1, day: 15, hour: 9, minute: 30, second: 10))!
        XCTAssertEqual(archive.modificationTime(of: "stamped.json"), 1_705_276_800_000_000_000)
        XCTAssertEqual(archive.modificationTime(of: "dos.json"), Int64(local.timeIntervalSince1970) * 1_000_000_000)
        XCTAssertNil(archive.modificationTime(of: "none.json"))
        XCTAssertEqual(
            archive.latestModificationTime(of: ["stamped.json", "dos.json", "none.json"]),
            max(1_705_276_800_000_000_000, Int64(local.timeIntervalSince1970) * 1_000_000_000))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: path)
        let tree = try InputTree.zip(path)
        XCTAssertEqual(tree.modificationTime(of: ["none.json"])?.nanoseconds, 1_700_000_000_000_000_000)
        XCTAssertEqual(tree.modificationTime(of: ["stamped.json", "none.json"])?.nanoseconds, 1_705_276_800_000_000_000)
    }
}
