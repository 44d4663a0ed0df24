import ByteOutput
import Foundation
import XCTest

@testable import ReactionReportKit

final class SitePublisherTests: XCTestCase {
    struct Boom: Error {}

    func contents(of folder: URL) throws -> [String: String] { try TestSupport.texts(in: folder) }

    func testSwapReplacesTheSiteAndKeepsHiddenEntries() throws {
        let parent = try TestSupport.temporaryFolder()
        let output = parent.appendingPathComponent("Output")
        try FileManager.default.createDirectory(at: output.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try "keep".write(to: output.appendingPathComponent(".git/HEAD"), atomically: true, encoding: .utf8)
        try "old".write(to: output.appendingPathComponent("stale.html"), atomically: true, encoding: .utf8)
        try SitePublisher(target: output.path).publish { writer in
            try writer.write("index.html", ByteBuffer("new"))
            try writer.write("a/b/c.txt", ByteBuffer("deep"))
        }
        XCTAssertEqual(try contents(of: output), [".git/HEAD": "keep", "index.html": "new", "a/b/c.txt": "deep"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), ["Output"])
    }

    func testAFailedBuildLeavesThePreviousOutputUntouched() throws {
        let parent = try TestSupport.temporaryFolder()
        let output = parent.appendingPathComponent("Output")
        try SitePublisher(target: output.path).publish { try $0.write("index.html", ByteBuffer("v1")) }
        XCTAssertThrowsError(
            try SitePublisher(target: output.path).publish { writer in
                try writer.write("index.html", ByteBuffer("v2"))
                throw Boom()
            })
        XCTAssertEqual(try contents(of: output), ["index.html": "v1"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), ["Output"])
    }

    func testLeftoversOfAKilledRunAreRemovedByTheNextBuild() throws {
        let parent = try TestSupport.temporaryFolder()
        let output = parent.appendingPathComponent("Output")
        try FileManager.default.createDirectory(at: parent.appendingPathComponent(".Output.staging-999"), withIntermediateDirectories: true)
        try SitePublisher(target: output.path).publish { try $0.write("index.html", ByteBuffer("v1")) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), ["Output"])
    }

    func testPathsThatLeaveTheOutputFolderAreRefused() throws {
        let parent = try TestSupport.temporaryFolder()
        for bad in ["../x", "/etc/passwd", "a/../../x", "a//b", "a\\..\\b", ""] {
            XCTAssertThrowsError(try SitePublisher(target: parent.appendingPathComponent("Out").path).publish { try $0.write(bad, ByteBuffer("x")) }, bad)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: parent.appendingPathComponent("x").path))
    }

    func testWritingTheSameFileTwiceFails() throws {
        let parent = try TestSupport.temporaryFolder()
        XCTAssertThrowsError(
            try SitePublisher(target: parent.appendingPathComponent("Out").path).publish { writer in
                try writer.write("a.html", ByteBuffer("1"))
                try writer.write("a.html", ByteBuffer("2"))
            })
    }

    func testAFileWrittenInPartsHoldsThemInOrder() throws {
        let output = try TestSupport.temporaryFolder().appendingPathComponent("Out")
        try SitePublisher(target: output.path).publish { writer in
            try writer.write(
                "data/big.txt",
                parts: { emit in
                    for part in ["one ", "", "two ", "three"] { try emit(ByteBuffer(part)) }
                })
        }
        XCTAssertEqual(try contents(of: output), ["data/big.txt": "one two three"])
    }
}
