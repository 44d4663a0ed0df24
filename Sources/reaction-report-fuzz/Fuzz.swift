import ByteOutput
import Foundation
import ParallelWork
import ReactionReportKit

/// One fuzz input through the whole pipeline: format detection (or, for bytes that start as a
/// zip archive does, the archive reader and the workspace importers), every importer, the ledger,
/// and the site renderer writing into memory. Bad input may throw an input error (that is the
/// expected answer); anything else (a crash, a trap, a sanitizer report, a file named outside
/// the site) is a finding.
enum FuzzTarget {
    static let templates = try! TemplateSet.load()
    static let options: BuildOptions = {
        var options = BuildOptions()
        options.includeDirectMessages = true
        // People left out of rankings and groups with patterns, so that those paths see the input too.
        options.excludePeople = ["U1", "alice"]
        options.groups = [ConversationGroup(name: "g", members: ["*a*", "general"]), ConversationGroup(name: "all", members: ["*"])]
        return options
    }()

    /// The most weeks of a report that is rendered.
    static let weekLimit = 520

    /// A zip archive (a Slack workspace export) is read from a file, as the command line would.
    static let zipPath = NSTemporaryDirectory() + "/reaction-report-fuzz-\(getpid()).zip"

    static func run(_ bytes: [UInt8]) {
        // One thread: a run from a fixed seed then sees the same coverage every time.
        Concurrently.maximumThreads = 1
        let ledger = ReactionLedger()
        let run = ImportRun(importers: ImportRun.standardImporters())
        do {
            if bytes.starts(with: [0x50, 0x4B]) {
                try Data(bytes).write(to: URL(fileURLWithPath: zipPath))
                defer { unlink(zipPath) }
                _ = try run.read([zipPath], into: ledger)
            } else {
                _ = try run.read(bytes, name: "fuzz.json", into: ledger)
            }
        } catch is LocatedError {
            return
        } catch {
            fatalError("an input gave an error that is not an input error: \(error)")
        }
        var result = ledger.summarize()
        result.leftOutOfRankings = RankingExclusions.people(in: result, options: options)
        let writer = MemoryWriter()
        do {
            let analysis = Analysis(result, options: options, calendar: WeekCalendar("UTC")!)
            // A report of more than `weekLimit` weeks (two times a century apart) is read, settled
            // and analysed but not rendered: its thousands of empty week pages take seconds, with
            // the code its first weeks already ran, and the corpus kept 155 such inputs, whose
            // replay under the sanitizer took all of a 15-minute run.
            guard analysis.weekly.weeks.count <= weekLimit else { return }
            try SiteRenderer(options: options, templates: templates, inputSummary: "fuzz").render(analysis, to: writer)
        } catch {
            fatalError("rendering failed: \(error)")
        }
    }
}

/// Keeps nothing; checks that every path stays inside the site.
final class MemoryWriter: SiteWriter {
    func write(_ path: String, _ contents: ByteBuffer) throws { check(path) }

    func check(_ path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.hasPrefix("/") || parts.contains("..") || parts.contains("") || parts.contains(".") || path.utf8.contains(0) {
            fatalError("the site names a file outside itself: \(path)")
        }
    }
}

#if FUZZING
    /// libFuzzer's driver, for a program with its own `main` (SwiftPM gives every executable one).
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    @main
    struct Fuzz {
        static func main() {
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                    FuzzTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
                    return 0
                })
        }
    }
#else
    /// Without the fuzzer: replays the files or folders given (a corpus, a crash reproducer)
    /// through the same path, so a finding can be checked in a normal build.
    @main
    struct Replay {
        static func main() throws {
            var count = 0
            for argument in CommandLine.arguments.dropFirst() {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                    FileHandle.standardError.write(Data("\(argument): no such file\n".utf8))
                    exit(2)
                }
                let files =
                    isFolder.boolValue
                    ? try FileManager.default.contentsOfDirectory(atPath: argument).sorted().map { argument + "/" + $0 }
                    : [argument]
                for file in files {
                    FuzzTarget.run(Array(FileManager.default.contents(atPath: file) ?? Data()))
                    count += 1
                }
            }
            print("\(count) input(s) replayed without a finding")
        }
    }
#endif
