import Foundation
import ParallelWork
import XCTest

@testable import InputFiles
@testable import JSONReader

/// A document read from a mapped file (issue 18) parses, walks and fails exactly as the same
/// bytes in an array, and every pass through it lets go of the pages it has passed.
final class JSONMappedBytesTests: XCTestCase {
    /// Pages are let go every 16 KB here (32 MB in a build).
    let interval = 16_384

    /// 2,000 PubNub-like items of a channel, an item a line (about 280 KB).
    static func items(_ channel: Int, separator: String = ",\n") -> String {
        (0..<2_000).map { index in
            #"{"timetoken":"1700000000\#(channel)\#(100_000 + index)","message":{"text":"hi é😂 \#(index)"},"uuid":"u\#(index % 7)","#
                + #""actions":{"reaction":{"👍":[{"uuid":"u1","actionTimetoken":"\#(index)"}]}}}"#
        }.joined(separator: separator)
    }

    /// A PubNub-like history of two channels, an item a line: about 570 KB.
    let history = Array(#"{"status":200,"channels":{"c1":[\#n\#(items(1))],"c2":[\#n\#(items(2))]},"n":1}"#.utf8)

    /// `bytes` written to a file and mapped, pages let go every `interval` bytes.
    func mapped(_ bytes: [UInt8]) throws -> InputBytes {
        let url = try TestSupport.temporaryFolder().appendingPathComponent("history.json")
        try Data(bytes).write(to: url)
        let mapped = try DiskFiles.bytes(of: url.path, reading: FileReading(mappingFrom: 0, dropInterval: interval))
        XCTAssertNotNil(mapped.mappedFile)
        return mapped
    }

    func testAMappedDocumentParsesAsItsArrayAndTheValidatingPassLetsGoOfIt() throws {
        let bytes = try mapped(history)
        let file = try XCTUnwrap(bytes.mappedFile)
        let whole = try JSONParser.parse(history, file: "h.json", noting: .reactionSites)
        let deferred = try JSONParser.parse(bytes, file: "h.json", deferringArraysFrom: 1_024, noting: .reactionSites)
        // The validating pass (and the building pass after it) went through the whole file.
        XCTAssertGreaterThan(file.droppedBytes, history.count - 3 * interval)
        guard case .deferredArray? = deferred.value["channels"]?["c1"] else { return XCTFail("c1 is not deferred") }
        XCTAssertEqual(JSONValue.parsedWhole(deferred.value), whole.value)
        XCTAssertEqual(deferred.noted, whole.noted)
        XCTAssertEqual(deferred.noted?.groups.map(\.path.description), ["$.channels.c1[*].actions", "$.channels.c2[*].actions"])
        XCTAssertEqual(deferred.noted?.groups.map(\.offsets.count), [2_000, 2_000])
        let parsed = try JSONParser.parse(bytes, file: "h.json", noting: .reactionSites)
        XCTAssertEqual(parsed.value, whole.value)
        XCTAssertEqual(parsed.noted, whole.noted)
    }

    /// A walk of a deferred array lets go of its pages; a second walk, and walks on both cores
    /// at once, read them back and give the same elements.
    func testWalksOfADeferredArrayLetGoOfTheirPagesAndReadTheSame() throws {
        let bytes = try mapped(history)
        let file = try XCTUnwrap(bytes.mappedFile)
        let expected = try XCTUnwrap(try JSONParser.parse(history, file: "h.json")["channels"]?["c1"]?.array)
        let document = try JSONParser.parse(bytes, file: "h.json", deferringArraysFrom: 1_024, noting: nil).value
        let channel = try XCTUnwrap(document["channels"]?["c1"]?.elements)
        let before = file.droppedBytes
        XCTAssertEqual(Array(channel), expected)
        let channelBytes = history.count / 2
        XCTAssertGreaterThan(file.droppedBytes - before, channelBytes - 3 * interval, "the walk let go of the channel's pages")
        XCTAssertEqual(Array(channel), expected, "a second walk reads the pages back")
        let walks = Concurrently.map(4) { _ in Array(channel) }
        XCTAssertEqual(walks, Array(repeating: expected, count: 4))
        XCTAssertGreaterThan(file.droppedBytes - before, 6 * (channelBytes - 3 * interval))
    }

    /// A walk lets go of an array shorter than the interval when it reaches its end: a file of
    /// many short arrays (a channel, a chat) is let go array by array.
    func testAWalkLetsGoOfAShortArrayAtItsEnd() throws {
        let url = try TestSupport.temporaryFolder().appendingPathComponent("history.json")
        try Data(history).write(to: url)
        let bytes = try DiskFiles.bytes(of: url.path, reading: FileReading(mappingFrom: 0, dropInterval: 1 << 20))
        let file = try XCTUnwrap(bytes.mappedFile)
        let document = try JSONParser.parse(bytes, file: "h.json", deferringArraysFrom: 1_024, noting: nil).value
        XCTAssertGreaterThan(file.droppedBytes, history.count - 2 * 4096, "the validating pass let go of the file at its end")
        let before = file.droppedBytes
        let channel = try XCTUnwrap(document["channels"]?["c1"]?.elements)
        XCTAssertNotNil(channel.first)
        XCTAssertEqual(file.droppedBytes, before, "a walk stopped early lets nothing go before it is due")
        XCTAssertEqual(channel.reduce(0) { count, _ in count + 1 }, 2_000)
        XCTAssertGreaterThan(file.droppedBytes - before, history.count / 2 - 3 * 4096, "the channel's pages, at its end")
    }

    /// An error near the end of a large mapped file is placed as in its array; placing it
    /// counts the lines a stretch at a time and lets go of each.
    func testAnErrorInAMappedFileIsPlacedAsInItsArray() throws {
        let expected = [",\n": "h.json:2000:60: unknown escape in a string", ",": "h.json:2:293544: unknown escape in a string"]
        for (separator, expected) in expected {
            var text = String(decoding: history, as: UTF8.self).replacingOccurrences(of: ",\n", with: separator)
            text = text.replacingOccurrences(of: #""text":"hi é😂 1998""#, with: #""text":"hi é😂 \x""#)
            let array = Array(text.utf8)
            let offset = try XCTUnwrap(array.firstRange(of: Array(#"\x"#.utf8))).lowerBound
            let bytes = try mapped(array)
            let error = outcome { try JSONParser.parse(array, file: "h.json", deferringArraysFrom: 1_024) }.map { "\($0)" }
            let mappedError = outcome { try JSONParser.parse(bytes, file: "h.json", deferringArraysFrom: 1_024, noting: nil) }.map { "\($0)" }
            XCTAssertEqual(error, expected)
            XCTAssertEqual(mappedError, expected)
            // The validating pass up to the error, then the count of its lines: twice.
            XCTAssertGreaterThan(try XCTUnwrap(bytes.mappedFile).droppedBytes, 2 * (offset - 3 * interval))
        }
    }

    /// JSON lines and the look for them read a mapped file as its array, letting go of it.
    func testJSONLinesReadAMappedFileAsItsArray() throws {
        let oneLine = history.filter { $0 != 0x0A }
        XCTAssertFalse(JSONParser.looksLikeJSONLines(oneLine))
        let mappedLine = try mapped(oneLine)
        XCTAssertFalse(JSONParser.looksLikeJSONLines(mappedLine))
        XCTAssertGreaterThan(try XCTUnwrap(mappedLine.mappedFile).droppedBytes, oneLine.count - 2 * interval, "the look for a line break let go of the file")
        let lines = Array((Self.items(1, separator: "\n") + "\n" + Self.items(2, separator: "\n")).utf8)
        XCTAssertTrue(JSONParser.looksLikeJSONLines(lines))
        let mappedLines = try mapped(lines)
        XCTAssertTrue(JSONParser.looksLikeJSONLines(mappedLines))
        let parsed = try JSONParser.parseLines(mappedLines, file: "e.jsonl", noting: .reactionSites)
        let expected = try JSONParser.parseLines(lines, file: "e.jsonl", noting: .reactionSites)
        XCTAssertEqual(parsed.values, expected.values)
        XCTAssertEqual(parsed.values.count, 4_000)
        XCTAssertEqual(parsed.noted, expected.noted)
        XCTAssertGreaterThan(try XCTUnwrap(mappedLines.mappedFile).droppedBytes, lines.count - 3 * interval)
    }

    /// Values located and read back by offset (the reaction audit) are those of the array.
    func testValuesAreLocatedInAMappedFileAsInItsArray() throws {
        let bytes = try mapped(history)
        let groups = try XCTUnwrap(try JSONParser.parse(history, file: "h.json", noting: .reactionSites).noted?.groups)
        let offsets = groups.flatMap(\.offsets)
        let wanted = [offsets[0], offsets[1_999], offsets[3_999]]
        let located = JSONParser.locate(wanted, in: bytes, isLines: false)
        XCTAssertEqual(located, JSONParser.locate(wanted, in: history, isLines: false))
        XCTAssertEqual(located[offsets[3_999]]?.path.description, "$.channels.c2[1999].actions")
        for offset in wanted {
            XCTAssertEqual(JSONParser.value(at: offset, in: bytes), JSONParser.value(at: offset, in: history))
        }
        XCTAssertGreaterThan(try XCTUnwrap(bytes.mappedFile).droppedBytes, history.count - 3 * interval)
    }

    /// The error `body` throws, or nil.
    func outcome(_ body: () throws -> some Any) -> Error? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }
}
