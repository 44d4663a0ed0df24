import Foundation
import XCTest

@testable import ReactionReportKit

/// The demo looks right offline (issue 27): `Examples/` carries its custom emoji images, so
/// every image of the demo site is a file of the site.
final class DemoSiteTests: XCTestCase {
    func testEveryImageOfTheDemoIsAFileOfTheSite() throws {
        let output = try TestSupport.temporaryFolder().appendingPathComponent("site")
        _ = try ReportBuild(inputs: [TestSupport.packageRoot.appendingPathComponent("Examples").path], options: BuildOptions())
            .build(output: output.path)
        let pages = try TestSupport.texts(in: output).filter { $0.key.hasSuffix(".html") }
        var sources: [String: Set<String>] = [:]
        for (path, html) in pages {
            let folder = (path as NSString).deletingLastPathComponent
            for match in html.matches(of: /<img [^>]*src="([^"]*)"/) {
                let resolved = URL(fileURLWithPath: output.appendingPathComponent(folder).path).appendingPathComponent(String(match.1)).standardizedFileURL
                XCTAssertTrue(FileManager.default.fileExists(atPath: resolved.path), "\(path): \(match.1)")
                sources[String(match.1).components(separatedBy: "/").last!, default: []].insert(path)
            }
        }
        XCTAssertEqual(sources.keys.sorted(), ["lumen-ship-9157533d545a5fad.png", "partyblob-4ca329fe56a9a2ff.png"])
    }
}
