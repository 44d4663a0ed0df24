import Foundation
import ProgramRunner
import XCTest
@testable import ReactionReportKit

/// The output folder from the command line (issue 26): outputs that would replace an input,
/// folders of other files, a Pages repository's files under builds and kills, two builds at
/// once, a link, and an earlier site inside an input folder.
final class OutputFolderTests: XCTestCase {
    func run(_ arguments: [String], in folder: URL, environment: [String: String]? = nil) throws -> CLIRunner.Run {
        try CLIRunner.run(arguments, in: folder, environment: environment)
    }

    /// A folder holding `export/good.json` and `README.txt`.
    func workspace() throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("export"), withIntermediateDirectories: true)
        try Data(CLIRunner.goodHistory.utf8).write(to: folder.appendingPathComponent("export/good.json"))
        try Data("read me".utf8).write(to: folder.appendingPathComponent("README.txt"))
        return folder
    }

    func write(_ files: [String: String], in folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    func testOutputsThatWouldReplaceOrReadBackAnInputAreRefusedBeforeAnythingIsWritten() throws {
        let folder = try workspace()
        let before = try TestSupport.files(in: folder)
        let cases: [([String], String)] = [
            (["build", "export", "-o", "."], "the output folder . holds the input export: the site would replace it; choose an -o outside the inputs"),
            (["build", "export", "-o", ""], #"the output folder is an empty path (-o ""); name a folder, such as -o Output"#),
            (
                ["build", "export", "-o", "export"],
                "the output folder export is the input export: the site would replace the export; choose an -o outside the inputs"
            ),
            (
                ["build", "export", "-o", "export/"],
                "the output folder export/ is the input export: the site would replace the export; choose an -o outside the inputs"
            ),
            (
                ["build", "export", "-o", "export/site"],
                "the output folder export/site lies inside the input export: its pages would be read back as input; choose an -o outside the inputs"
            ),
            (
                ["build", "export/good.json", "-o", "export"],
                "the output folder export holds the input export/good.json: the site would replace it; choose an -o outside the inputs"
            )
        ]
        for (arguments, message) in cases {
            let run = try run(arguments, in: folder)
            XCTAssertEqual(run.status, 1, "\(arguments)")
            XCTAssertEqual(run.stderr, "reaction-report: error: \(message)\n", "\(arguments)")
            XCTAssertEqual(try TestSupport.files(in: folder), before, "\(arguments)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["README.txt", "export"], "\(arguments)")
        }
    }

    func testAFolderOfOtherFilesIsRefusedUnlessAllowedAndThenTheyAreKept() throws {
        let folder = try workspace()
        try write(["mysite/notes.txt": "my notes", "mysite/drafts/a.md": "a"], in: folder)
        let refused = try run(["build", "export", "-o", "mysite"], in: folder)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(
            refused.stderr,
            "reaction-report: error: the output folder mysite holds entries reaction-report did not write: drafts/, notes.txt. "
                + "A build writes into a new or empty folder, a folder it wrote before, or one holding only a publishing repository's files "
                + "(hidden entries such as .git, CNAME, README, LICENSE). Choose another -o, or give --allow-other-files to write the site "
                + "among them (they are never changed)\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("mysite").path).sorted(), ["drafts", "notes.txt"])
        for _ in 0..<2 {
            XCTAssertEqual(try run(["build", "export", "-o", "mysite", "--allow-other-files", "--quiet"], in: folder).status, 0)
            let site = try TestSupport.texts(in: folder.appendingPathComponent("mysite"))
            XCTAssertEqual(site["notes.txt"], "my notes")
            XCTAssertEqual(site["drafts/a.md"], "a")
            XCTAssertNotNil(site["index.html"])
        }
        // An entry of another's by a name the site writes is refused even when others' files are allowed.
        try write(["other/index.html": "mine"], in: folder)
        let clash = try run(["build", "export", "-o", "other", "--allow-other-files"], in: folder)
        XCTAssertEqual(clash.status, 1)
        XCTAssertEqual(
            clash.stderr,
            "reaction-report: error: the output folder other holds index.html, which reaction-report did not write and the site needs the name of; move it away or choose another -o\n"
        )
    }

    /// A GitHub Pages checkout: its repository, CNAME, README and .nojekyll survive builds.
    func testAPagesRepositorysFilesSurviveEveryBuild() throws {
        let folder = try workspace()
        let repository = Self.repository
        try write(repository, in: folder.appendingPathComponent("site"))
        for _ in 0..<2 {
            let run = try run(["build", "export", "-o", "site"], in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            let site = try TestSupport.texts(in: folder.appendingPathComponent("site"))
            for (path, text) in repository { XCTAssertEqual(site[path], text, path) }
            XCTAssertNotNil(site["index.html"])
        }
    }

    /// A repository's files: a `.git` of many files, CNAME, README.md and .nojekyll.
    static let repository: [String: String] = ["CNAME": "reports.example.org", "README.md": "# Reports", ".nojekyll": ""]
        .merging((0..<300).map { (".git/objects/\($0 % 16)/\($0)", "object \($0)") }) { $1 }

    /// Kills at random moments of builds (reading, rendering, the swap), with and without the
    /// file system's atomic exchange: the repository's files survive each, and the next build
    /// makes the whole site.
    func testKillsAtRandomMomentsNeverLoseARepositorysFiles() throws {
        let folder = try workspace()
        try Data(CLIRunner.history(3_000).utf8).write(to: folder.appendingPathComponent("export/big.json"))
        let arguments = ["build", "export", "-o", "site", "--page-size", "20", "--quiet"]
        let reference = folder.appendingPathComponent("reference")
        try write(Self.repository, in: reference)
        let start = Date()
        XCTAssertEqual(try run(["build", "export", "-o", "reference", "--page-size", "20", "--quiet"], in: folder).status, 0)
        let duration = Date().timeIntervalSince(start)
        let expected = try TestSupport.files(in: reference)
        var random = SplitMix(seed: 26)
        for exchange in [true, false] {
            let environment = exchange ? nil : ["REACTION_REPORT_SWAP_WITHOUT_EXCHANGE": "1"]
            let site = folder.appendingPathComponent("site")
            try? FileManager.default.removeItem(at: site)
            try write(Self.repository, in: site)
            XCTAssertEqual(try run(arguments, in: folder, environment: environment).status, 0)
            for _ in 0..<5 {
                let process = try CLIRunner.start(arguments, in: folder, environment: environment)
                usleep(UInt32(Double.random(in: 0.05...1.1, using: &random) * duration * 1_000_000))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                let after = try TestSupport.texts(in: site)
                for (path, text) in Self.repository { XCTAssertEqual(after[path], text, "\(path), exchange \(exchange)") }
            }
            XCTAssertEqual(try run(arguments, in: folder, environment: environment).status, 0)
            XCTAssertEqual(try TestSupport.files(in: site), expected, "exchange \(exchange)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent(".reaction-report").path), ["manifest"])
        }
    }

    func testASecondBuildIntoTheSameFolderIsRefusedWhileTheFirstRuns() throws {
        let folder = try workspace()
        try Data(CLIRunner.history(20_000).utf8).write(to: folder.appendingPathComponent("export/big.json"))
        let first = try CLIRunner.start(["build", "export", "-o", "site", "--quiet"], in: folder)
        let deadline = Date().addingTimeInterval(60)
        while FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path) == false, first.isRunning, Date() < deadline {
            usleep(2_000)
        }
        usleep(50_000)
        XCTAssertTrue(first.isRunning, "the first build ended before the second started")
        let second = try run(["build", "export", "-o", "site"], in: folder)
        XCTAssertEqual(second.status, 2)
        XCTAssertEqual(second.stderr, "reaction-report: error: another reaction-report build is writing into site; build again once it has ended\n")
        first.waitUntilExit()
        XCTAssertEqual(first.terminationStatus, 0)
        XCTAssertNotNil(try TestSupport.texts(in: folder.appendingPathComponent("site"))["conversations/pubnub-big/page-40.html"])
    }

    func testAnOutputThatIsALinkToAFolderStaysALink() throws {
        let folder = try workspace()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("site").path, withDestinationPath: "real")
        for _ in 0..<2 { XCTAssertEqual(try run(["build", "export", "-o", "site", "--quiet"], in: folder).status, 0) }
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("site").path), "real")
        XCTAssertNotNil(try TestSupport.texts(in: folder.appendingPathComponent("real"))["index.html"])
    }

    func testAnEarlierSiteInsideAnInputFolderIsNotReadAsInput() throws {
        let folder = try workspace()
        XCTAssertEqual(try run(["build", "export", "-o", "first", "--quiet", "--format", "json,facts"], in: folder).status, 0)
        try FileManager.default.moveItem(at: folder.appendingPathComponent("first"), to: folder.appendingPathComponent("export/first"))
        let second = try run(["build", "export", "-o", "second", "--format", "json"], in: folder)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(
            second.stderr,
            "reaction-report: note: export/first is a site reaction-report wrote (it holds .reaction-report/manifest); it is not read as input\n")
        XCTAssertEqual(second.stdout, "Wrote second/: 7 files (1.9 kB) from 1 input file, 1 message, 0 reactions.\n")
        let inspect = try run(["inspect", "export"], in: folder)
        XCTAssertEqual(
            inspect.stdout.split(separator: "\n").prefix(3).joined(separator: "\n"),
            "Files:\n  export/good.json: pubnub-history\nConversations:")
    }
}
