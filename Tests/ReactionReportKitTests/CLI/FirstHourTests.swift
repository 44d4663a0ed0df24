import Foundation
import XCTest

@testable import ReactionReportKit

/// What a new user meets first: the version.
final class FirstHourTests: XCTestCase {
    func run(_ arguments: [String], in folder: URL) throws -> CLIRunner.Run { try CLIRunner.run(arguments, in: folder) }

    func testVersion() throws {
        let folder = try TestSupport.temporaryFolder()
        for arguments in [["--version"], ["build", "--version"]] {
            let version = try run(arguments, in: folder)
            XCTAssertEqual(version.status, 0)
            XCTAssertEqual(version.stdout, "reaction-report \(ReactionReportVersion.current)\n")
            XCTAssertEqual(version.stderr, "")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }
}
