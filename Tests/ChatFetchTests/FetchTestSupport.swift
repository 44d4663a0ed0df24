import Foundation
import ProgramRunner
import XCTest

/// What the fetch tests share: folders, runs of the program, archives and sites compared file
/// by file, and the search for secrets in everything a run printed or wrote.
enum FetchTestSupport {
    /// A new empty folder under the system's temporary folder.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chat-fetch-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// This process's environment without any platform's key, plus `extra`.
    static func environment(_ extra: [String: String]) -> [String: String] {
        let prefixes = ["PUBNUB_", "STREAM_", "COMETCHAT_"]
        var variables = ProcessInfo.processInfo.environment.filter { variable in !prefixes.contains { variable.key.hasPrefix($0) } }
        variables.merge(extra) { $1 }
        return variables
    }

    /// Runs the program in `folder` with `extra` in its environment.
    static func run(_ arguments: [String], in folder: URL, environment extra: [String: String] = PubNubEmulator.keys) throws -> ProgramRunner.Run {
        try ProgramRunner.run(arguments, in: folder, environment: environment(extra))
    }

    /// `fetch pubnub` of `channels` from `emulator` into `archive` (relative to `folder`).
    static func fetch(
        _ emulator: PubNubEmulator, channels: [String], into archive: String, in folder: URL, options: [String] = [],
        environment extra: [String: String] = PubNubEmulator.keys
    ) throws -> ProgramRunner.Run {
        let arguments = ["fetch", "pubnub", "--into", archive, "--api-url", emulator.url] + channels.flatMap { ["--channel", $0] } + options
        return try run(arguments, in: folder, environment: extra)
    }

    /// Every regular file below `folder` (relative path → bytes); an empty map when there is
    /// no such folder.
    static func files(under folder: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return out }
        let root = folder.resolvingSymlinksInPath().path + "/"
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            out[String(url.resolvingSymlinksInPath().path.dropFirst(root.count))] = try? Data(contentsOf: url)
        }
        return out
    }

    /// Asserts that two folders hold the same files with the same bytes (once `normalizing`
    /// made them comparable), naming the files that differ.
    static func assertSameFiles(
        _ a: URL, _ b: URL, except: Set<String> = [], normalizing: (Data) -> Data = { $0 }, file: StaticString = #filePath, line: UInt = #line
    ) {
        let left = files(under: a).filter { !except.contains($0.key) }.mapValues(normalizing)
        let right = files(under: b).filter { !except.contains($0.key) }.mapValues(normalizing)
        XCTAssertEqual(left.keys.sorted(), right.keys.sorted(), "the same file names", file: file, line: line)
        let differing = left.keys.sorted().filter { right[$0] != nil && right[$0] != left[$0] }
        XCTAssertEqual(differing, [], "files whose bytes differ", file: file, line: line)
    }

    /// Asserts that no text and no file below `folders` holds any value of `secrets`.
    static func assertNoSecrets(
        in texts: [String], folders: [URL], secrets: [String] = Array(PubNubEmulator.keys.values), file: StaticString = #filePath, line: UInt = #line
    ) {
        for secret in secrets {
            for (index, text) in texts.enumerated() {
                XCTAssertFalse(text.contains(secret), "output \(index) holds a secret", file: file, line: line)
            }
            for folder in folders {
                for (path, data) in files(under: folder) {
                    XCTAssertNil(data.range(of: Data(secret.utf8)), "\(path) holds a secret", file: file, line: line)
                }
            }
        }
    }

    /// Builds the site of `archive` into `site` (both relative to `folder`), asserting success.
    @discardableResult
    static func build(
        _ archive: String, into site: String, in folder: URL, options: [String] = [], file: StaticString = #filePath, line: UInt = #line
    ) throws -> ProgramRunner.Run {
        let run = try ProgramRunner.run(["build", archive, "-o", site, "--quiet"] + options, in: folder, environment: environment([:]))
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        return run
    }
}
