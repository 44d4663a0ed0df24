import Foundation
import XCTest

@testable import ReactionReportKit

/// Small helpers so each test reads as "these inputs → these records".
enum TestSupport {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsFolder.appendingPathComponent("Fixtures")
    static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

    /// The bytes of a fixture file.
    static func fixture(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(path)))
    }

    /// Reads in-memory files (name, JSON text) and settles the ledger.
    /// A fixture file's name is its path below Fixtures, and files it names by relative path
    /// are read from there, as for a file named on the command line.
    static func settle(_ files: [(String, String)], options: BuildOptions = BuildOptions()) throws -> LedgerResult {
        let ledger = ReactionLedger(resolver: EmojiResolver(aliases: options.aliases, mergeSkinTones: options.mergeSkinTones))
        let run = ImportRun(importers: ImportRun.standardImporters(reactionActionTypes: options.reactionActionTypes))
        for (name, text) in files.sorted(by: { $0.0 < $1.0 }) {
            let path = fixtures.appendingPathComponent(name).path
            let origin = FileManager.default.fileExists(atPath: path) ? InputOrigin.file(path) : nil
            _ = try run.read(Array(text.utf8), name: name, origin: origin, into: ledger)
        }
        return ledger.summarize()
    }

    /// Reads in-memory files (name, JSON text) with the standard importers; returns the format
    /// id detected in each (`none` for a file no importer took) and the settled ledger.
    static func settleDetecting(_ files: [(String, String)], ledger: ReactionLedger = ReactionLedger()) throws -> (formats: [String], result: LedgerResult) {
        let run = ImportRun(importers: ImportRun.standardImporters())
        let formats = try files.map { name, text in
            let path = fixtures.appendingPathComponent(name).path
            let origin = FileManager.default.fileExists(atPath: path) ? InputOrigin.file(path) : nil
            return try run.read(Array(text.utf8), name: name, origin: origin, into: ledger)?.id ?? "none"
        }
        return (formats, ledger.summarize())
    }

    /// `settleDetecting` for fixture files in `folder`.
    static func settleFixturesDetecting(_ folder: String, _ paths: [String]) throws -> (formats: [String], result: LedgerResult) {
        try settleDetecting(paths.map { (folder + "/" + $0, String(decoding: try fixture(folder + "/" + $0), as: UTF8.self)) })
    }

    /// Reads fixture files and settles the ledger.
    static func settleFixtures(_ paths: [String]) throws -> LedgerResult {
        try settle(paths.map { ($0, String(decoding: try fixture($0), as: UTF8.self)) })
    }

    /// The `data/messages.jsonl` lines of a result.
    static func lines(_ result: LedgerResult) -> [String] {
        result.messages.map { MessageRecord.line($0, reactions: $0.reactions) }
    }

    /// "key count [reactor ids] complete|incomplete" per reaction, for compact assertions.
    static func reactions(_ message: MessageSummary) -> [String] {
        message.reactions.map {
            "\($0.emoji.key) \($0.count) [\($0.reactors.map(\.id).joined(separator: ","))] \($0.reactorsComplete ? "complete" : "incomplete")"
        }
    }

    /// Diagnostic counts by kind name.
    static func diagnostics(_ result: LedgerResult) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: result.diagnostics.counts.map { ($0.key.rawValue, $0.value) })
    }

    /// Every regular file below `folder`, by relative path.
    static func files(in folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return out }
        for case let path as String in enumerator {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                out[path] = try Data(contentsOf: folder.appendingPathComponent(path))
            }
        }
        return out
    }

    /// Every regular file below `folder` as UTF-8 text.
    static func texts(in folder: URL) throws -> [String: String] {
        try files(in: folder).mapValues { String(decoding: $0, as: UTF8.self) }
    }

    /// A fresh temporary folder, inside `temporaryRoot`.
    static func temporaryFolder() throws -> URL {
        let url = temporaryRoot.appendingPathComponent("rr-test-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The folder that holds every temporary folder of this test process, removed when the
    /// process exits: a test that fails before its own clean-up, or has none, leaves nothing in
    /// the system's temporary folder (runs of the suite once left 37 GB there).
    static let temporaryRoot: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rr-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestSupport.temporaryRoot) }
        return url
    }()
}
