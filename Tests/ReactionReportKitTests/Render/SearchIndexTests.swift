import ByteOutput
import Foundation
import ProgramRunner
import XCTest

@testable import ReactionReportKit

/// The builtin search index (`SearchIndex`, `SearchPostings`): its encoding, its shards and
/// filter files, its document numbers, and the build that writes it (`--search-engine`).
final class SearchIndexTests: XCTestCase {
    /// Keeps every file's bytes, in writing order.
    final class BytesWriter: SiteWriter {
        var files: [(path: String, bytes: [UInt8])] = []
        func write(_ path: String, _ contents: ByteBuffer) throws { files.append((path, contents.bytes)) }
        subscript(path: String) -> [UInt8]? { files.first { $0.path == path }?.bytes }
        func text(_ path: String) -> String? { self[path].map { String(decoding: $0, as: UTF8.self) } }
    }

    func bytes(_ fill: (ByteBuffer) -> Void) -> [UInt8] {
        let out = ByteBuffer()
        fill(out)
        return out.bytes
    }

    func testNumbersAreVarintsAndListsAreDeltas() {
        XCTAssertEqual(bytes { SearchPostings.append(varint: 0, to: $0) }, [0])
        XCTAssertEqual(bytes { SearchPostings.append(varint: 127, to: $0) }, [0x7F])
        XCTAssertEqual(bytes { SearchPostings.append(varint: 128, to: $0) }, [0x80, 0x01])
        XCTAssertEqual(bytes { SearchPostings.append(varint: 300, to: $0) }, [0xAC, 0x02])
        XCTAssertEqual(bytes { SearchPostings.append(varint: 16_384, to: $0) }, [0x80, 0x80, 0x01])
        XCTAssertEqual(bytes { SearchPostings.append(varint: Int(UInt32.max), to: $0) }, [0xFF, 0xFF, 0xFF, 0xFF, 0x0F])
        XCTAssertEqual(bytes { SearchPostings.append(postings: [3, 130, 131], to: $0) }, [3, 3, 0x7F, 1])
        XCTAssertEqual(bytes { SearchPostings.append(postings: [], to: $0) }, [0])
        // The word's byte length (2 for é), its bytes, its list.
        let entry = bytes { SearchPostings.append(word: "zé", documents: [0, 200], to: $0) }
        XCTAssertEqual(entry, [3, 0x7A, 0xC3, 0xA9, 2, 0, 0xC8, 0x01])
        XCTAssertEqual(SearchPostings.entryLength(word: "zé", documents: [0, 200]), entry.count)
        XCTAssertEqual(SearchPostings.entryLength(word: nil, documents: [3, 130, 131]), 4)
    }

    func testFilesAreCutBeforeAnItemThatWouldPassTheLimitAndNeverSplitOne() {
        XCTAssertEqual(SearchPostings.files(sizes: [10, 20, 30, 40], limit: 60), [0..<3, 3..<4])
        XCTAssertEqual(SearchPostings.files(sizes: [10, 20, 31, 40], limit: 60), [0..<2, 2..<3, 3..<4])
        // A list larger than a file has a file of its own, whatever is around it.
        XCTAssertEqual(SearchPostings.files(sizes: [5, 70, 5, 5], limit: 60), [0..<1, 1..<2, 2..<4])
        XCTAssertEqual(SearchPostings.files(sizes: [70], limit: 60), [0..<1])
        XCTAssertEqual(SearchPostings.files(sizes: [], limit: 60), [])
    }

    func testDocumentsAreNumberedByTimeWithoutTimeLastTiesInSiteOrder() {
        func at(_ seconds: Int64) -> Timestamp { Timestamp(nanoseconds: seconds * 1_000_000_000, fractionDigits: 0) }
        XCTAssertEqual(SearchIndex.documentOrder([at(30), nil, at(10), at(30), nil, at(20)]), [2, 5, 0, 3, 1, 4])
        XCTAssertEqual(SearchIndex.documentOrder([]), [])
    }

    func testAutoIsPagefindUpTo50000MessagesAndTheBuiltinIndexAbove() {
        XCTAssertEqual(SearchEngine.auto.resolved(messages: 50_000), .pagefind)
        XCTAssertEqual(SearchEngine.auto.resolved(messages: 50_001), .builtin)
        XCTAssertEqual(SearchEngine.pagefind.resolved(messages: 1_000_000), .pagefind)
        XCTAssertEqual(SearchEngine.builtin.resolved(messages: 1), .builtin)
        var options = BuildOptions()
        XCTAssertNil(options.searchEngine(messages: 1))
        options.search = true
        XCTAssertEqual(options.searchEngine(messages: 60_000), .builtin)
        options.formats = [.markdown]
        XCTAssertNil(options.searchEngine(messages: 60_000))
    }

    /// The index of the demo's Slack export (19 messages), cut at `fileBytes`.
    func index(fileBytes: Int = SearchPostings.fileBytes) throws -> BytesWriter {
        let writer = BytesWriter()
        var index = SearchIndex(records: try SearchRecordsTests.records())
        index.fileBytes = fileBytes
        try index.write(to: writer)
        return writer
    }

    func testTheFiltersListEachValueWithItsCountAndWhereItsListIs() throws {
        let writer = try index()
        XCTAssertEqual(
            writer.files.map(\.path),
            ["search/docs/0.json", "search/words/0.bin", "search/filters/0.bin", "search/filters.json", "search/index.json"])
        XCTAssertEqual(
            writer.text("search/filters.json"),
            #"{"conversation":[["engineering",10,0,0,11],["general",9,0,11,10]],"author":[["Ada",3,0,21,4],["Bo Lindqvist",3,0,25,4],["Carmen",2,0,29,3],["Emi",3,0,32,4],["Felix",2,0,36,3],["deploybot",2,0,39,3],["dev",4,0,42,5]],"emoji":[[":lumen:",2,0,47,3],[":partyparrot:",2,0,50,3],["❤️",4,0,53,5],["🎉",3,0,58,4],["👀",5,0,62,6],["👍",9,0,68,10],["👍🏻",2,0,78,3],["👍🏽",1,0,81,2],["👍🏾",1,0,83,2],["🔥",2,0,85,3],["😂",1,0,88,2]],"week":[["2026-W45",8,0,90,9],["2026-W46",4,0,99,5],["2026-W47",7,0,104,8]]}"#
        )
        // Ada's messages are documents 0, 14 and 18: her list at offset 21, 4 bytes.
        XCTAssertEqual(Array(writer["search/filters/0.bin"]![21..<25]), [3, 0, 14, 4])
        XCTAssertEqual(writer.text("search/index.json"), #"{"version":1,"documents":19,"docsPerChunk":1000,"words":["0"],"filters":"filters.json"}"#)
    }

    func testDocumentsAreTheAnchorTitleAndExcerptInTimeOrder() throws {
        let docs = try XCTUnwrap(try index().text("search/docs/0.json"))
        let lines = docs.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 19)
        XCTAssertEqual(
            lines[0],
            #"[["conversations/slack-general/index.html#m-1793606414.202551","Ada in general, 2026-11-02 08:00 UTC","Morning all 👋 Lumen 3.0 ships on Tuesday Nov 17. The plan, owners and the support rota are in the launch doc."],"#
        )
        XCTAssertEqual(
            lines[1],
            #"["conversations/slack-engineering/index.html#m-1793698205.118342","Bo Lindqvist in engineering, 2026-11-03 09:30 UTC","Heads-up: the XLSX writer streams rows now. A 1M-row export went from 2.1 GB of memory to 180 MB."],"#
        )
        let anchors = lines.map { $0.split(separator: "#m-")[1].prefix(17) }
        XCTAssertEqual(anchors, anchors.sorted())
    }

    func testWordShardsHoldEveryWordOnceInOrderCutNearTheLimit() throws {
        let whole = try index()
        let cut = try index(fileBytes: 200)
        let shards = cut.files.filter { $0.path.hasPrefix("search/words/") }
        XCTAssertEqual(shards.map(\.path), (0..<shards.count).map { "search/words/\($0).bin" })
        XCTAssertEqual(shards.count, 8)
        let entries = shards.map { Self.entries($0.bytes) }
        // Each shard is at most 200 bytes, and one more word would have taken it past them.
        for (number, shard) in shards.enumerated() {
            XCTAssertLessThanOrEqual(shard.bytes.count, 200)
            if number + 1 < shards.count { XCTAssertGreaterThan(shard.bytes.count + entries[number + 1][0].bytes, 200) }
        }
        let index = try XCTUnwrap(cut.text("search/index.json"))
        XCTAssertTrue(index.contains(JSONText.array(entries.map { JSONText.quote($0[0].word) })), index)
        // The same words and lists as one shard.
        XCTAssertEqual(entries.flatMap { $0 }.map(\.word), Self.entries(whole["search/words/0.bin"]!).map(\.word))
        // "lumen" is in four texts as people read them (a fifth has it only in a link's URL).
        XCTAssertEqual(Self.entries(whole["search/words/0.bin"]!).first { $0.word == "lumen" }?.documents, [0, 13, 14, 16])
    }

    /// The entries of a shard: each word, its documents and its entry's size.
    static func entries(_ shard: [UInt8]) -> [(word: String, documents: [Int], bytes: Int)] {
        var at = 0
        func varint() -> Int {
            var (value, shift) = (0, 0)
            while true {
                let byte = Int(shard[at])
                at += 1
                value |= (byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }
        var out: [(String, [Int], Int)] = []
        while at < shard.count {
            let start = at
            let length = varint()
            let word = String(decoding: shard[at..<at + length], as: UTF8.self)
            at += length
            var documents: [Int] = []
            for _ in 0..<varint() { documents.append((documents.last ?? 0) + varint()) }
            out.append((word, documents, at - start))
        }
        return out
    }
}
