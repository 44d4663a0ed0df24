import Foundation
import ProgramRunner
import XCTest

@testable import ReactionReportKit

/// `searchEngine` and `--search-engine`: the builtin index written by the build into `search/`,
/// without Pagefind, said in the build's last line; wrong values named with the allowed ones.
final class SearchEngineTests: XCTestCase {
    func testABuildWithTheBuiltinEngineWritesSearchWithoutPagefindAndSaysSo() throws {
        let folder = try TestSupport.temporaryFolder()
        let input = ProgramRunner.packageRoot.appendingPathComponent("Examples/slack").path
        // No Pagefind on the PATH: the builtin index does not need it.
        let run = try CLIRunner.run(["build", input, "-o", "out", "--search", "--search-engine", "builtin"], in: folder, environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "Wrote out/: 52 files (338.3 kB) from 1 input file, 19 messages, 77 reactions. Search index: builtin.\n")
        let site = folder.appendingPathComponent("out")
        let files = try TestSupport.files(in: site).keys
        XCTAssertEqual(
            files.filter { $0.hasPrefix("search") || $0.hasPrefix("assets/") || $0.hasPrefix("pagefind") }.sorted(),
            [
                "assets/favicon.svg", "assets/search-index.css", "assets/search-index.js", "assets/search.css", "assets/style.css", "search.html",
                "search/docs/0.json", "search/filters.json", "search/filters/0.bin", "search/index.json", "search/words/0.bin"
            ])
        let manifest = try String(contentsOf: site.appendingPathComponent(".reaction-report/manifest"), encoding: .utf8)
        XCTAssertEqual(files.filter { $0.hasPrefix("search/") && !manifest.contains($0 + "\n") }, [])
        let page = try String(contentsOf: site.appendingPathComponent("search.html"), encoding: .utf8)
        XCTAssertTrue(page.contains(#"<script src="assets/search-index.js"></script>"#))
        XCTAssertFalse(page.contains("pagefind"))
        // The next build without search takes the index away.
        let second = try CLIRunner.run(["build", input, "-o", "out", "--quiet"], in: folder)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("search").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("assets/search-index.js").path))
    }

    /// `auto` would take Pagefind for a small site; without it installed, the builtin index is
    /// written, the last line says why, and a warning names the install command.
    func testAutoWithoutPagefindWritesTheBuiltinIndexAndSaysWhy() throws {
        let folder = try TestSupport.temporaryFolder()
        let input = ProgramRunner.packageRoot.appendingPathComponent("Examples/slack").path
        let run = try CLIRunner.run(["build", input, "-o", "out", "--search"], in: folder, environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            run.stdout,
            "Wrote out/: 52 files (338.3 kB) from 1 input file, 19 messages, 77 reactions. Search index: builtin (Pagefind is not installed).\n")
        XCTAssertEqual(
            run.stderr,
            "reaction-report: warning: Pagefind is not installed (neither `pagefind` nor `python3 -m pagefind`), so the search index is the "
                + "builtin one; for Pagefind's, install it with python3 -m pip install 'pagefind[bin]==1.5.2'\n")
        let site = folder.appendingPathComponent("out")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.appendingPathComponent("search/index.json").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("pagefind").path))
    }

    func testAutoSaysItChosePagefindForASmallSite() throws {
        let folder = try TestSupport.temporaryFolder()
        let input = ProgramRunner.packageRoot.appendingPathComponent("Examples/slack").path
        let run = try CLIRunner.run(["build", input, "-o", "out", "--search"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        // Pagefind's files differ from run to run (names by hash); the line ends the same.
        XCTAssertTrue(run.stdout.hasPrefix("Wrote out/: 83 files ("), run.stdout)
        XCTAssertTrue(
            run.stdout.hasSuffix(" from 1 input file, 19 messages, 77 reactions. Search index: Pagefind (chosen for at most 50,000 messages).\n"), run.stdout)
        XCTAssertEqual(ProgressLine.search(.builtin, automatic: true), " Search index: builtin (chosen for more than 50,000 messages).")
    }

    func testAnUnknownEngineIsRefusedNamingTheAllowedOnes() throws {
        let folder = try CLIRunner.workspace()
        let run = try CLIRunner.run(["build", "in", "-o", "out", "--search-engine", "lucene"], in: folder)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "Error: The value 'lucene' is invalid for '--search-engine <auto|pagefind|builtin>'. Please provide one of 'auto', 'pagefind' or 'builtin'.\n"
            ), run.stderr)
        var options = BuildOptions()
        XCTAssertThrowsError(try ConfigurationFile.apply("searchEngine = \"lucene\"\n", file: "rr.toml", to: &options)) { error in
            XCTAssertEqual("\(error)", #"rr.toml:1:16: 'searchEngine' must be auto, pagefind or builtin, not "lucene""#)
        }
        try ConfigurationFile.apply("search = true\nsearchEngine = \"builtin\"\n", file: "rr.toml", to: &options)
        XCTAssertEqual(options.searchEngine, .builtin)
    }
}
