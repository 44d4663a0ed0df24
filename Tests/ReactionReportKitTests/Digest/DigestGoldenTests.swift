import Foundation
import XCTest

@testable import ReactionReportKit

/// Pins the three digests of the weekly fixture's week 2026-W13, published under a `baseURL`.
/// Regenerate deliberately with `UPDATE_GOLDEN=1 swift test --filter DigestGoldenTests`.
final class DigestGoldenTests: XCTestCase {
    static let baseURL = "https://reports.example.org/pulse"

    /// The weekly fixture of `GoldenSiteTests`, with a base URL.
    func weeklySite(formats: Set<BuildOptions.OutputFormat> = [.html, .markdown, .json], baseURL: String? = baseURL) throws -> [String: String] {
        try GoldenSiteTests.weeklyFixture { options in
            options.baseURL = baseURL
            options.formats = formats
        }
    }

    func testDigestsMatchGoldenFiles() throws {
        let files = try weeklySite()
        let golden = TestSupport.testsFolder.appendingPathComponent("Golden")
        for format in DigestFormat.allCases {
            let path = format.path(week: "2026-W13")
            let url = golden.appendingPathComponent("weekly-baseurl__" + path.replacingOccurrences(of: "/", with: "__"))
            let got = try XCTUnwrap(files[path], path)
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
                try got.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            XCTAssertEqual(got, try String(contentsOf: url, encoding: .utf8), "\(path) differs from Golden/\(url.lastPathComponent)")
        }
    }

    /// Every week has its three digests when the HTML or the Markdown report is written, and
    /// none when only the data files are.
    func testDigestsAreWrittenBesideEveryWeeklyReport() throws {
        let weeks = ["2026-W12", "2026-W13", "2026-W14"]
        let expected = weeks.flatMap { week in DigestFormat.allCases.map { $0.path(week: week) } }.sorted()
        for formats: Set<BuildOptions.OutputFormat> in [[.html], [.markdown], [.html, .markdown, .json]] {
            let files = try weeklySite(formats: formats)
            XCTAssertEqual(files.keys.filter { $0.contains("/digest.") }.sorted(), expected, "\(formats)")
        }
        XCTAssertEqual(try weeklySite(formats: [.json]).keys.filter { $0.contains("digest") }, [])
    }

    /// Without a base URL the digests link nothing: there is no address a chat app could open.
    func testWithoutABaseURLTheDigestsHaveNoLinks() throws {
        let files = try weeklySite(baseURL: nil)
        for format in DigestFormat.allCases {
            let text = try XCTUnwrap(files[format.path(week: "2026-W13")])
            XCTAssertFalse(text.contains("http"), "\(format)")
            XCTAssertTrue(text.contains("Full report: weeks/2026-W13/index.html in the built site"), "\(format)")
        }
    }
}
