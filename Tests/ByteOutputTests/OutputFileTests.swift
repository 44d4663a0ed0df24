import Foundation
import XCTest

@testable import ByteOutput

/// A new file, written from buffers as they are.
final class OutputFileTests: XCTestCase {
    func testBuffersAreWrittenInOrderIntoANewFileOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("OutputFileTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.txt").path
        let file = try OutputFile(creating: path)
        let large = ByteBuffer(String(repeating: "0123456789", count: 100_000))
        for part in [ByteBuffer("one "), ByteBuffer(""), large, ByteBuffer(" two")] { try file.write(part) }
        try file.close()
        try file.close()
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data(("one " + large.text + " two").utf8))
        XCTAssertThrowsError(try OutputFile(creating: path)) { error in
            XCTAssertEqual("\(error)", "File exists")
        }
        XCTAssertThrowsError(try OutputFile(creating: folder.appendingPathComponent("missing/out.txt").path)) { error in
            XCTAssertEqual("\(error)", "No such file or directory")
        }
    }

    /// Buffers of every size around the block and the gathering buffer's, written past the
    /// page cache where the file system takes it and through it otherwise, give the same file:
    /// the buffers in order, and nothing else.
    func testEveryLengthIsWrittenWholeDirectlyOrNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("OutputFileTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let block = OutputFile.blockSize, gathering = OutputFile.gatheringSize
        let lengths = [0, 1, block - 1, block, block + 1, gathering - 1, gathering, gathering + 1, 3 * gathering + 5, 17]
        var generator = SystemRandomNumberGenerator()
        let parts = lengths.map { length in (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        var tookDirectWrites = false
        for direct in [true, false] {
            // Every run of the parts, alone and all in one file one after another.
            for (name, run) in [("all", parts)] + parts.indices.map { ("part\($0)", [parts[$0]]) } {
                let path = folder.appendingPathComponent("\(name)-\(direct).bin").path
                let file = try OutputFile(creating: path, direct: direct)
                if !direct { XCTAssertFalse(file.writesDirectly) }
                tookDirectWrites = tookDirectWrites || file.writesDirectly
                for part in run {
                    let buffer = ByteBuffer(capacity: max(1, part.count))
                    buffer.append(part)
                    try file.write(buffer)
                }
                try file.close()
                XCTAssertEqual(FileManager.default.contents(atPath: path), Data(run.flatMap { $0 }), "\(name) direct: \(direct)")
            }
        }
        // Here (Linux, ext4) the temporary folder takes direct writes; elsewhere the files
        // above were all written through the page cache.
        #if os(Linux)
            if try String(contentsOfFile: "/proc/mounts", encoding: .utf8).contains(" / ext4 ") {
                XCTAssertTrue(tookDirectWrites)
            }
        #endif
    }
}
