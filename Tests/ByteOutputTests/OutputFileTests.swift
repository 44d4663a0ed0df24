import ByteOutput
import Foundation
import XCTest

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
}
