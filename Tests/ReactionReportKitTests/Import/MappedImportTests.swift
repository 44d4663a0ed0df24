import Foundation
import ParallelWork
import XCTest

@testable import InputFiles
@testable import ReactionReportKit

/// A large single-file export read from a mapped file (issue 18) imports exactly as the same file
/// read into memory: messages, reactions, diagnostics (unread reaction sites located in the
/// mapping) and errors by line and column; and the import reads the mapping where it lies,
/// letting go of its pages as it goes. The mapping threshold is lowered to 0 here, and the drop
/// interval to 1 MiB; the files are just over the 16 MiB from which arrays are deferred.
final class MappedImportTests: XCTestCase {
    /// Every file mapped, pages let go every MiB.
    let mapping = FileReading(mappingFrom: 0, dropInterval: 1 << 20)

    /// A PubNub history of three channels, 96,000 messages (17.6 MB), one line a message; every
    /// 1,000th message carries reactions in `meta`, a member the importer does not read.
    static let pubNubHistory: String = {
        var text = #"{"status":200,"error":false,"channels":{"#
        for channel in 0..<3 {
            text += (channel == 0 ? "" : ",") + #""channel-\#(channel)":[\#n"#
            text += (0..<32_000).map { index in
                let meta = index % 1_000 == 7 ? #","meta":{"reactions":{"🎉":3}}"# : ""
                return #"{"message":{"text":"build \#(channel)-\#(index) é😂"},"#
                    + #""timetoken":"17000000\#(100_000_000 + index * 3 + channel)","uuid":"user-\#(index % 97)""#
                    + #","actions":{"reaction":{"👍":[{"uuid":"user-\#(index % 13)","actionTimetoken":"17000000\#(100_000_001 + index * 3)"}]}}\#(meta)}"#
            }.joined(separator: ",\n")
            text += "]"
        }
        return text + "}}\n"
    }()

    /// A Telegram account export of two chats, 60,000 messages (18 MB).
    static let telegramExport: String = {
        var text = #"{"about":"generated","chats":{"about":"","list":["#
        for chat in 0..<2 {
            text += (chat == 0 ? "" : ",") + #"{"name":"Group \#(chat)","type":"private_supergroup","id":\#(1_000_000 + chat),"messages":["#
            text += (1...30_000).map { id in
                let stamp = 1_700_000_000 + id * 60
                return #"{"id":\#(id),"type":"message","date":"2023-11-14T22:13:25","date_unixtime":"\#(stamp)","from":"User \#(id % 50)","#
                    + #""from_id":"user\#(id % 50)","text":"logs test \#(id) 🙂","text_entities":[],"reactions":[{"type":"emoji","count":2,"#
                    + #""emoji":"🚀","recent":[{"from":"User 3","from_id":"user3","date":"2023-11-14T22:13:25"}]}]}"#
            }.joined(separator: ",")
            text += "]}"
        }
        return text + "]}}"
    }()

    /// `text` written as `name` into a fresh folder; the file's path.
    func write(_ text: String, name: String) throws -> String {
        let url = try TestSupport.temporaryFolder().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Reads `inputs` as a build does, with `reading`; the files and formats read, the message
    /// lines, the diagnostics and their examples, or the error.
    func outcome(_ inputs: [String], reading: FileReading) -> String {
        var run = ImportRun(importers: ImportRun.standardImporters())
        run.fileReading = reading
        let ledger = ReactionLedger()
        do {
            let detected = try run.read(inputs, into: ledger)
            let result = ledger.summarize()
            let diagnostics = result.diagnostics.kinds.flatMap { kind in
                ["\(kind.rawValue) \(result.diagnostics.counts[kind]!)"] + result.diagnostics.examples[kind, default: []].map(\.text)
            }
            return (detected.map { "\($0.name) \($0.format.id)" } + TestSupport.lines(result) + diagnostics).joined(separator: "\n")
        } catch {
            return "\(error)"
        }
    }

    func testLargeExportsImportTheSameMappedAsRead() throws {
        let exports = [("history.json", Self.pubNubHistory, "pubnub-history", 96_000), ("result.json", Self.telegramExport, "telegram-desktop", 60_000)]
        for (name, text, format, messages) in exports {
            XCTAssertGreaterThan(text.utf8.count, InputDocument.largeDocumentBytes)
            let path = try write(text, name: name)
            let folder = (path as NSString).deletingLastPathComponent
            let read = outcome([path], reading: FileReading())
            XCTAssertEqual(outcome([path], reading: mapping), read, name)
            XCTAssertTrue(read.hasPrefix("\(path) \(format)\n"), String(read.prefix(200)))
            XCTAssertEqual(read.split(separator: "\n").filter { $0.hasPrefix(#"{"platform""#) }.count, messages, name)
            if format == "pubnub-history" {
                XCTAssertEqual(outcome([folder], reading: mapping), outcome([folder], reading: FileReading()), name)
            }
        }
        let history = outcome([try write(Self.pubNubHistory, name: "history.json")], reading: mapping)
        XCTAssertTrue(history.contains("\nunread-reactions 96\n"), "the reactions in meta, located in the mapping")
        XCTAssertTrue(history.contains("3 reaction(s) at $.channels.channel-0[7].meta.reactions"), "the reactions in meta, located in the mapping")
    }

    /// The import reads the mapping itself (a copy would let nothing go): the validating pass,
    /// the walks of the channels and the audit's walk each let go of it as they go.
    func testAMappedFileIsReadWhereItLiesAndLetGoAsItIsRead() throws {
        for (name, text) in [("history.json", Self.pubNubHistory), ("result.json", Self.telegramExport)] {
            let bytes = try DiskFiles.bytes(of: try write(text, name: name), reading: mapping)
            let file = try XCTUnwrap(bytes.mappedFile)
            let ledger = ReactionLedger()
            XCTAssertNotNil(try ImportRun(importers: ImportRun.standardImporters()).read(bytes, name: name, into: ledger))
            XCTAssertGreaterThanOrEqual(ledger.messageCount, 60_000)
            XCTAssertGreaterThan(file.droppedBytes, 2 * (file.count - 3 * mapping.dropInterval), name)
        }
    }

    /// A fault near the end of a large file is the same error, at the same line and column,
    /// mapped or read, from a file or a folder.
    func testABadLargeFileFailsAtTheSameLineAndColumnMappedOrRead() throws {
        let bad = Self.pubNubHistory.replacingOccurrences(of: #""text":"build 2-31990 é😂""#, with: #""text":"build 2-31990 é😂"#)
        let path = try write(bad, name: "history.json")
        let folder = (path as NSString).deletingLastPathComponent
        XCTAssertEqual(outcome([path], reading: FileReading()), "\(path):95992:40: expected ',' or '}' in an object")
        XCTAssertEqual(outcome([path], reading: mapping), "\(path):95992:40: expected ',' or '}' in an object")
        XCTAssertEqual(outcome([folder], reading: mapping), "\(folder)/history.json:95992:40: expected ',' or '}' in an object")
    }

    /// A folder's file is mapped as the reading says; an archive's entry is inflated into memory.
    func testAFolderMapsItsLargeFilesAndAnArchiveInflatesItsEntries() throws {
        let path = try write(#"{"status":200,"channels":{}}"#, name: "history.json")
        let folder = try InputTree.folder((path as NSString).deletingLastPathComponent)
        XCTAssertNotNil(try folder.bytes(of: "history.json", reading: mapping).mappedFile)
        XCTAssertNil(try folder.bytes(of: "history.json", reading: FileReading()).mappedFile)
        var zip = TestZip()
        zip.deflate("history.json", #"{"status":200,"channels":{}}"#)
        let archive = try TestSupport.temporaryFolder().appendingPathComponent("export.zip")
        try zip.write(to: archive)
        let entry = try InputTree.zip(archive.path).bytes(of: "history.json", reading: mapping)
        XCTAssertNil(entry.mappedFile)
        XCTAssertEqual(String(decoding: Array(entry), as: UTF8.self), #"{"status":200,"channels":{}}"#)
    }

    /// A mapped file truncated by another program while it is read (issue 26): reads past its
    /// new end give zeros, not SIGBUS, and the import fails naming the file as changed, wherever
    /// the truncation falls (before the validating pass, in the middle of an array walked after
    /// it); so does an archive truncated after its directory was read.
    func testAMappedFileTruncatedUnderTheReaderIsAnErrorNotACrash() throws {
        let cuts =
            [("history.json", Self.pubNubHistory, 0), ("history.json", Self.pubNubHistory, 9_000_000), ("result.json", Self.telegramExport, 4_096)]
            + [("result.json", Self.telegramExport, Self.telegramExport.utf8.count - 5)]
        for (name, text, keep) in cuts {
            do {
                let path = try write(text, name: name)
                let bytes = try DiskFiles.bytes(of: path, reading: mapping)
                XCTAssertEqual(truncate(path, off_t(keep)), 0)
                XCTAssertThrowsError(try ImportRun(importers: ImportRun.standardImporters()).read(bytes, name: name, into: ReactionLedger())) { error in
                    XCTAssertEqual(
                        "\(error)", "\(name): changed while it was read (another program truncated or rewrote it); read it again once nothing writes to it",
                        "\(name) cut at \(keep)")
                }
                XCTAssertEqual(bytes.mappedFile?.changedWhileRead, true)
            }
        }
        // Truncated after the validating pass, before the walk of its messages.
        let path = try write(Self.pubNubHistory, name: "history.json")
        let bytes = try DiskFiles.bytes(of: path, reading: mapping)
        var document = try InputDocument.parse(bytes, name: "history.json", collectingReactionSites: false)
        XCTAssertEqual(truncate(path, 8_000_000), 0)
        let sink = ImportSink(ledger: ReactionLedger(), fileName: "history.json", platform: .pubnub, origin: nil)
        let importer = PubNubImporter(reactionTypes: ["reaction"])
        // The walk ends where the bytes no longer parse, and the file says it changed.
        XCTAssertEqual(bytes.mappedFile?.changedWhileRead, true)
        XCTAssertNoThrow(try importer.read(document, as: try XCTUnwrap(importer.detect(document)), into: sink))
        document.bytes = InputBytes()

        var zip = TestZip()
        for day in 1...9 { zip.store("general/2023-11-0\(day).json", "[" + String(repeating: " ", count: 40_000) + "]") }
        let archive = try TestSupport.temporaryFolder().appendingPathComponent("export.zip")
        try zip.write(to: archive)
        let tree = try ZipArchive(path: archive.path)
        XCTAssertEqual(try tree.contents(of: "general/2023-11-01.json").count, 40_002)
        XCTAssertEqual(truncate(archive.path, 100_000), 0)
        for entry in ["general/2023-11-01.json", "general/2023-11-09.json"] {
            XCTAssertThrowsError(try tree.contents(of: entry)) { error in
                XCTAssertEqual(
                    "\(error)", "\(archive.path): changed while it was read (another program truncated or rewrote it); read it again once nothing writes to it")
            }
        }
    }

    /// The same while the import runs on another thread: truncated at moments spread over the
    /// import, it ends with the file's error, or whole when the truncation came after it.
    func testAMappedFileTruncatedWhileItIsImportedEndsWithAnError() throws {
        for delay in [0.05, 0.4, 1.2] {
            let path = try write(Self.pubNubHistory, name: "history.json")
            let bytes = try DiskFiles.bytes(of: path, reading: mapping)
            let outcome = Locked<Result<Int, Error>?>(nil)
            let done = DispatchSemaphore(value: 0)
            Thread {
                let ledger = ReactionLedger()
                let result = Result { _ = try ImportRun(importers: ImportRun.standardImporters()).read(bytes, name: "history.json", into: ledger) }
                outcome.withLock { $0 = result.map { ledger.messageCount } }
                done.signal()
            }.start()
            usleep(UInt32(delay * 1_000_000))
            XCTAssertEqual(truncate(path, 6_000_000), 0)
            done.wait()
            switch outcome.withLock({ $0 })! {
            case .success(let messages):
                XCTAssertEqual(messages, 96_000, "after a truncation at \(delay) s")
            case .failure(let error):
                XCTAssertEqual(
                    "\(error)", "history.json: changed while it was read (another program truncated or rewrote it); read it again once nothing writes to it")
            }
        }
    }
}
