import Foundation
import ParallelWork
import XCTest

@testable import InputFiles

/// Large files are mapped instead of read (issue 18): the same bytes as reading them, from a
/// threshold on (lowered here), with reading as the fallback; a reader's passed pages are let go.
final class MappedFileTests: XCTestCase {
    /// Writes `bytes` into a fresh folder as `name`; returns its path.
    func write(_ bytes: [UInt8], name: String = "history.json") throws -> String {
        let url = try TestSupport.temporaryFolder().appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// 300 KB of varied bytes: 73 pages and more of 4 KB.
    let sample: [UInt8] = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 251) }

    func testAFileFromTheThresholdOnIsMappedAndHoldsTheBytesItWouldBeReadAs() throws {
        let path = try write(sample)
        let mapped = try DiskFiles.bytes(of: path, reading: FileReading(mappingFrom: sample.count, dropInterval: 4096))
        XCTAssertNotNil(mapped.mappedFile, "a file of the threshold's size is mapped")
        XCTAssertEqual(mapped.count, sample.count)
        XCTAssertTrue(mapped.elementsEqual(try DiskFiles.contents(of: path)))
        XCTAssertEqual(mapped.mappedFile?.dropInterval, 4096)
        let read = try DiskFiles.bytes(of: path, reading: FileReading(mappingFrom: sample.count + 1))
        XCTAssertNil(read.mappedFile, "a file below the threshold is read")
        XCTAssertTrue(read.elementsEqual(sample))
        XCTAssertNil(try DiskFiles.bytes(of: path).mappedFile, "300 KB is read by default")
    }

    func testWhatCannotBeMappedIsReadAndAFolderIsRefusedAlike() throws {
        let empty = try write([], name: "empty.json")
        let bytes = try DiskFiles.bytes(of: empty, reading: FileReading(mappingFrom: 0))
        XCTAssertNil(bytes.mappedFile, "an empty file cannot be mapped: it is read")
        XCTAssertTrue(bytes.isEmpty)
        let folder = try TestSupport.temporaryFolder().path
        for reading in [FileReading(mappingFrom: 0), FileReading()] {
            XCTAssertThrowsError(try DiskFiles.bytes(of: folder, reading: reading)) { error in
                XCTAssertEqual("\(error)", "\(folder): cannot be read")
            }
            XCTAssertThrowsError(try DiskFiles.bytes(of: folder + "/missing.json", reading: reading))
        }
    }

    /// A reader's passed pages are let go every interval, whole pages only, behind it; walks on
    /// both cores at once, each letting go of what it passed, still read every byte as it is.
    func testPassedPagesAreLetGoAndReadBackUnchanged() throws {
        let path = try write(sample)
        let bytes = try DiskFiles.bytes(of: path, reading: FileReading(mappingFrom: 0, dropInterval: 16_384))
        let file = try XCTUnwrap(bytes.mappedFile)
        var pages = try XCTUnwrap(bytes.passedPages(from: 100))
        pages.passed(16_383)
        XCTAssertEqual(file.droppedBytes, 0, "not due before an interval is passed")
        pages.passed(16_484)
        XCTAssertEqual(file.droppedBytes, 16_384, "the whole pages behind the reader, from the reader's first page")
        pages.passed(20_000)
        XCTAssertEqual(file.droppedBytes, 16_384)
        pages.passed(sample.count + 10)
        XCTAssertEqual(file.droppedBytes, sample.count - sample.count % 4096)
        let sums = Concurrently.map(8) { walk -> Int in
            var pages = bytes.passedPages(from: walk * 1000)!
            var sum = 0
            for offset in (walk * 1000)..<bytes.count {
                sum &+= Int(bytes[offset]) &* offset
                pages.passed(offset)
            }
            return sum
        }
        let expected = (0..<8).map { walk in ((walk * 1000)..<sample.count).reduce(0) { $0 &+ Int(sample[$1]) &* $1 } }
        XCTAssertEqual(sums, expected)
        XCTAssertGreaterThan(file.droppedBytes, 8 * 200_000)
        XCTAssertNil(InputBytes(sample).passedPages(from: 0), "bytes in memory are not let go")
    }
}
