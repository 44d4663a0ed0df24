import ByteOutput
import Foundation
import ParallelWork
import ReactionReportKit

/// One fuzz input, of the kind its first byte picks:
/// - `0x01`: a configuration file (the rest, TOML), read onto `BuildOptions` as `--config`
///   reads it, and, when it is accepted, a build of a small site with those options;
/// - `0x02`: command-line flags (`--since 2026-W01`, one a line), checked and applied as
///   the command line does with the library's checks, optionally followed by a NUL byte and a
///   configuration file the flags win over; then the same build;
/// - `0x03`: a templates folder (`@@ html/index` lines, each followed by that template's text),
///   loaded over the built-in templates as `--templates` does and rendered against the small site;
/// - anything else: an export (JSON, JSON lines, a zip archive) through detection, every
///   importer, the ledger and the site renderer (`FuzzExport`).
/// Bad input may throw an input, configuration or template error (that is the expected answer);
/// anything else (a crash, a trap, a sanitizer report, a file named outside the site) is a finding.
enum FuzzTarget {
    /// The most weeks of a report that is rendered.
    static let weekLimit = 520

    /// The files the target writes (a zip archive, the small site, a templates folder), in a
    /// folder of this process's own.
    static let folder: String = {
        let path = NSTemporaryDirectory() + "/reaction-report-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static func run(_ bytes: [UInt8]) {
        // One thread: a run from a fixed seed then sees the same coverage every time.
        Concurrently.maximumThreads = 1
        switch bytes.first {
        case 0x01: FuzzOptions.configuration(Array(bytes.dropFirst()))
        case 0x02: FuzzOptions.flags(Array(bytes.dropFirst()))
        case 0x03: FuzzTemplates.run(Array(bytes.dropFirst()))
        default: FuzzExport.run(bytes)
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
            try? FileManager.default.removeItem(atPath: FuzzTarget.folder)
            print("\(count) input(s) replayed without a finding")
        }
    }
#endif
