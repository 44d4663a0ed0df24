import XCTest

@testable import ReactionReportKit

/// Importers read a document whose arrays are deferred (a large export) exactly as the same
/// document parsed whole: same format, messages, conversations, people and diagnostics.
final class DeferredImportTests: XCTestCase {
    /// Detects and reads `bytes` as `ImportRun` does, with arrays deferred from `minimum`
    /// bytes or none; returns the format and everything the ledger settled, or the error.
    func imported(_ bytes: [UInt8], name: String, deferringFrom minimum: Int?) -> String {
        let ledger = ReactionLedger()
        let run = ImportRun(importers: ImportRun.standardImporters())
        do {
            let document = try InputDocument.parse(bytes, name: name, deferringArraysFrom: minimum)
            guard let (importer, format) = run.match(document) else { return "no format" }
            try importer.read(document, as: format, into: ImportSink(ledger: ledger, fileName: name, platform: format.platform))
            let result = ledger.summarize()
            let diagnostics = result.diagnostics.kinds.flatMap { kind in
                ["\(kind.rawValue) \(result.diagnostics.counts[kind]!)"] + result.diagnostics.examples[kind, default: []].map(\.text)
            }
            let people = result.people.keys.sorted { $0.rawValue < $1.rawValue }.flatMap { platform in
                result.people[platform]!.sorted { $0.key < $1.key }.map { "\(platform.rawValue) \($0.key)=\($0.value)" }
            }
            return ([format.id] + result.conversations.map { "\($0)" } + TestSupport.lines(result) + people + diagnostics).joined(separator: "\n")
        } catch {
            return "\(error)"
        }
    }

    /// Messages read from a fixture with every non-empty array deferred, after checking that
    /// the whole parse reads the same.
    func messageCount(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let bytes = try TestSupport.fixture(path)
        let whole = imported(bytes, name: path, deferringFrom: nil)
        XCTAssertEqual(imported(bytes, name: path, deferringFrom: 1), whole, path, file: file, line: line)
        XCTAssertEqual(imported(bytes, name: path, deferringFrom: 200), whole, path, file: file, line: line)
        return whole.split(separator: "\n").filter { $0.hasPrefix(#"{"platform""#) }.count
    }

    func testPubNubAndTelegramFixturesImportTheSameDeferred() throws {
        XCTAssertEqual(try messageCount("pubnub/chat-history.json"), 2)
        XCTAssertEqual(try messageCount("pubnub/js-sdk-test__history-with-actions__numeric-timetokens.json"), 2)
        XCTAssertEqual(try messageCount("pubnub/js-sdk-test__history-with-actions__string-timetokens.json"), 1)
        XCTAssertEqual(try messageCount("telegram/account.json"), 8)
        XCTAssertEqual(try messageCount("telegram/single-chat.json"), 3)
        XCTAssertEqual(try messageCount("hostile/pubnub-history.json"), 2)
        XCTAssertEqual(try messageCount("hostile/telegram-account.json"), 8)
        XCTAssertEqual(try messageCount("hostile/telegram-chat.json"), 3)
    }

    func testPubNubActionListsAndEventArraysImportTheSameDeferred() {
        let actions =
            #"{"status":200,"data":[{"type":"reaction","value":"🔥","uuid":"bo","actionTimetoken":"17000000000000009","messageTimetoken":"17000000000000001"},{"type":"reaction","value":"👍","actionTimetoken":"x"}]}"#
        let events =
            #"[{"event":"added","data":{"type":"reaction","value":"🔥","actionTimetoken":"17000000000000009","messageTimetoken":"17000000000000001"},"publisher":"bo"},{"event":"removed"}]"#
        for (name, text) in [("actions.json", actions), ("events.json", events)] {
            let whole = imported(Array(text.utf8), name: name, deferringFrom: nil)
            XCTAssertEqual(imported(Array(text.utf8), name: name, deferringFrom: 1), whole)
            XCTAssertTrue(whole.contains("skipped-record 1"), whole)
        }
    }

    /// Every other importer's fixtures, through the deferred path too: detection and reading
    /// give the same result (they read deferred arrays through `array` or `elements`).
    func testEveryOtherFixtureImportsTheSameDeferred() throws {
        let folders = ["cometchat", "discord", "matrix", "stream", "weekly", "hostile"]
        var read = 0
        for folder in folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: TestSupport.fixtures.appendingPathComponent(folder).path)
            for name in names.sorted() where name.hasSuffix(".json") {
                let path = folder + "/" + name
                let bytes = try TestSupport.fixture(path)
                let whole = imported(bytes, name: path, deferringFrom: nil)
                XCTAssertEqual(imported(bytes, name: path, deferringFrom: 1), whole, path)
                if whole.contains(#"{"platform""#) { read += 1 }
            }
        }
        XCTAssertEqual(read, 27)
    }
}
