import Foundation
import XCTest

@testable import ReactionReportKit

/// Broken input through the real executable (issue 6): each case ends in exit 2 with the file
/// and position, or, where the rest of the export is sound, in a diagnostic and a whole build.
/// Never a crash or a hang, and a failed build leaves the previous site as it was.
final class BrokenInputTests: XCTestCase {
    let message = #"{"timetoken":"17000000000000000","message":{"text":"hi"},"uuid":"u1"}"#

    /// Builds `bytes` saved as `name` over a good previous site; returns the run and checks
    /// that a failed build left that site untouched.
    func build(_ name: String, _ bytes: [UInt8]) throws -> CLIRunner.Run {
        let folder = try TestSupport.temporaryFolder()
        try Data(("[" + message + "]").utf8).write(to: folder.appendingPathComponent("good.json"))
        XCTAssertEqual(try CLIRunner.run(["build", "good.json", "-o", "site", "--quiet"], in: folder).status, 0)
        let before = try TestSupport.files(in: folder.appendingPathComponent("site"))
        try Data(bytes).write(to: folder.appendingPathComponent(name))
        let run = try CLIRunner.run(["build", name, "-o", "site"], in: folder)
        if run.status != 0 {
            XCTAssertEqual(try TestSupport.files(in: folder.appendingPathComponent("site")), before, "\(name): the previous site changed")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["good.json", name, "site"].sorted())
        }
        return run
    }

    func assertInputError(_ name: String, _ bytes: [UInt8], _ error: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try build(name, bytes)
        XCTAssertEqual(run.status, 2, run.stderr, file: file, line: line)
        XCTAssertEqual(run.stderr, "reaction-report: error: read: \(name)\(error)\n", file: file, line: line)
    }

    func testTruncatedEmptyAndMalformedFilesNameFileLineAndColumn() throws {
        try assertInputError("truncated.json", Array(("[\n" + message.dropLast()).utf8), ":2:69: the file ends inside an object")
        try assertInputError("empty.json", [], ":1:1: the file ends where a JSON value was expected")
        try assertInputError("blank.json", Array("  \n\n ".utf8), ":3:2: the file ends where a JSON value was expected")
        try assertInputError("trailing.json", Array(("[" + message + "] x").utf8), ":1:73: unexpected text after the JSON value")
    }

    func testNulBytesInvalidUTF8AndAByteOrderMark() throws {
        try assertInputError(
            "nul.json", Array(#"[{"timetoken":"17000000000000000","message":{"text":"a"#.utf8) + [0] + Array(#"b"},"uuid":"u1"}]"#.utf8),
            ":1:55: a NUL byte inside a string")
        try assertInputError(
            "latin1.json", Array(#"[{"timetoken":"17000000000000000","message":{"text":"caf"#.utf8) + [0xE9] + Array(#""},"uuid":"u1"}]"#.utf8),
            ":1:57: a string is not valid UTF-8")
        // A lone continuation byte after a two-byte letter (columns count characters, so é is
        // one); a surrogate encoded in UTF-8.
        try assertInputError("stray.json", Array(#"["é"#.utf8) + [0x80] + Array(#""]"#.utf8), ":1:4: a string is not valid UTF-8")
        try assertInputError("surrogate.json", Array(#"["ab"#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]"#.utf8), ":1:5: a string is not valid UTF-8")
        // An escaped NUL is valid JSON: the message is kept.
        let escaped = try build("escaped.json", Array(#"[{"timetoken":"17000000000000000","message":{"text":"a\u0000b"},"uuid":"u1"}]"#.utf8))
        XCTAssertEqual(escaped.status, 0, escaped.stderr)
        XCTAssertEqual(escaped.stdout, "Wrote site/: 23 files (77.5 kB) from 1 input file, 1 message, 0 reactions.\n")
        let bom = try build("bom.json", [0xEF, 0xBB, 0xBF] + Array(("[" + message + "]").utf8))
        XCTAssertEqual(bom.status, 0, bom.stderr)
        XCTAssertEqual(bom.stdout, "Wrote site/: 23 files (77.4 kB) from 1 input file, 1 message, 0 reactions.\n")
    }

    func testDeepNestingStopsAtTheLimitWithoutExhaustingTheStack() throws {
        let arrays = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        try assertInputError("deep.json", Array(arrays.utf8), ":1:513: nesting deeper than 512 levels")
        let objects = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        try assertInputError("deep-objects.json", Array(objects.utf8), ":1:2561: nesting deeper than 512 levels")
    }

    func testAFiftyMegabyteStringIsOneLongMessage() throws {
        let text = String(repeating: "x", count: 50_000_000)
        let run = try build("big.json", Array((#"[{"timetoken":"17000000000000000","message":{"text":""# + text + #""},"uuid":"u1"}]"#).utf8))
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "Wrote site/: 23 files (100.1 MB) from 1 input file, 1 message, 0 reactions.\n")
    }

    /// A history large enough to be read element by element (`InputDocument.largeDocumentBytes`)
    /// with a bad escape in its last item but one: the error names its line and column, and
    /// nothing is written, as for a small file.
    func testAnErrorDeepInsideALargeHistoryFailsTheBuildWithItsPosition() throws {
        let item = #"{"timetoken":"17000000000000000","message":{"text":"hi"},"uuid":"u1"},"# + "\n"
        let count = InputDocument.largeDocumentBytes / item.utf8.count + 1
        let text =
            #"{"channels":{"c":["# + "\n" + String(repeating: item, count: count)
            + #"{"timetoken":"17000000000000001","message":{"text":"h\x"}},"# + "\n" + item.dropLast(2) + "]}}"
        XCTAssertGreaterThan(count, 200_000)
        try assertInputError("large.json", Array(text.utf8), ":\(count + 2):55: unknown escape in a string")
    }

    func testNumbersOutOfRangeAndWrongTypesAreSkippedWithDiagnostics() throws {
        let numbers = try build(
            "numbers.json",
            Array(
                #"""
                [{"timetoken":"1e400","message":{"text":"n"},"uuid":"u1"},
                 {"timetoken":"17000000000000000","message":{"text":"kept"},"uuid":"u1","actions":{"reaction":{"👍":[{"uuid":"u2","actionTimetoken":99999999999999999999999}]}}}]
                """#.utf8))
        XCTAssertEqual(numbers.status, 0, numbers.stderr)
        XCTAssertEqual(
            numbers.stderr,
            """
            reaction-report: 2 diagnostic(s):
              2 records of an unexpected shape, skipped [skipped-record]
                - numbers.json: a history item in numbers without a readable timetoken
                - numbers.json: message 17000000000000000: a reaction action without uuid or actionTimetoken

            """)
        XCTAssertEqual(numbers.stdout, "Wrote site/: 23 files (78.4 kB) from 1 input file, 1 message, 0 reactions.\n")

        let types = try build("types.json", Array(#"[{"timetoken":17000000000000000,"message":["not","text"],"uuid":{"a":1}}]"#.utf8))
        XCTAssertEqual(types.status, 0, types.stderr)
        XCTAssertEqual(types.stdout, "Wrote site/: 21 files (69.7 kB) from 1 input file, 1 message, 0 reactions.\n")
    }

    func testASlackDayFileHoldingAnObjectIsSkippedAndTheRestBuilt() throws {
        let folder = try TestSupport.temporaryFolder()
        let workspace = folder.appendingPathComponent("ws")
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent("general"), withIntermediateDirectories: true)
        for (path, text) in [
            ("channels.json", #"[{"id":"C1","name":"general"}]"#),
            ("users.json", #"[{"id":"U1","name":"ann"}]"#),
            ("general/2023-11-14.json", #"{"ts":"1700000000.000100","user":"U1","text":"hi"}"#),
            ("general/2023-11-15.json", #"[{"ts":"1700000001.000100","user":"U1","text":"ok","reactions":[{"name":"+1","users":["U1"],"count":1}]}]"#)
        ] {
            try Data(text.utf8).write(to: workspace.appendingPathComponent(path))
        }
        let run = try CLIRunner.run(["build", "ws", "-o", "site"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            run.stderr,
            """
            reaction-report: 1 diagnostic(s):
              1 records of an unexpected shape, skipped [skipped-record]
                - ws/general/2023-11-14.json: a day file should hold an array of messages; skipped

            """)
        XCTAssertEqual(run.stdout, "Wrote site/: 23 files (83.7 kB) from 1 input file, 1 message, 1 reaction.\n")
    }

    /// Names from an export reach the terminal with their control characters and bidirectional
    /// overrides shown, not obeyed.
    func testTerminalEscapesInExportsAreShownNotObeyed() throws {
        let run = try build(
            "escapes.json",
            Array(
                #"""
                [{"timetoken":"17000000000000000","message":{"text":"x"},"uuid":"u1",
                  "actions":{"reaction":{"":[{"uuid":"\u001b[2J\u001b]0;owned\u0007\u202emoc.evil","actionTimetoken":"17000000000000001"}]}}}]
                """#.utf8))
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            run.stderr,
            #"""
            reaction-report: 1 diagnostic(s):
              1 empty or invalid reaction values [invalid-reaction]
                - escapes.json: message 17000000000000000: reaction value "" from \u{1B}[2J\u{1B}]0;owned\u{7}\u{202E}moc.evil is empty or invalid

            """#)
    }
}
