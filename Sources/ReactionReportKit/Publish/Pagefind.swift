import Dispatch
import Foundation
import ParallelWork

/// Pagefind (pagefind.app), the program that builds the site's search index: `pagefind` on the
/// PATH, else Python's `python3 -m pagefind` (PyPI `pagefind[bin]`). The build talks to its
/// service mode (`pagefind --service`, the protocol of Pagefind's own Python and Node APIs):
/// each request is a JSON object `{"message_id", "payload"}`, base64-encoded and ended by a
/// comma on its standard input; each answer comes back the same way on its standard output. One
/// `AddRecord` per message, then `WriteFiles` into the staging folder.
public struct Pagefind: Sendable {
    /// The version `make` installs and the build is tested with.
    public static let version = "1.5.2"
    /// The command that installs it.
    public static let installCommand = "python3 -m pip install 'pagefind[bin]==\(version)'"

    /// The program and the arguments before `--service`.
    public var command: [String]

    /// Pagefind is not installed.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String {
            "search needs Pagefind, found neither as `pagefind` on the PATH nor as `python3 -m pagefind`; install it with \(Pagefind.installCommand)"
        }
    }

    /// Pagefind stopped or refused a request.
    public struct Failure: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { "Pagefind could not build the search index: \(reason)" }
    }

    /// Finds Pagefind, or throws `Missing` naming the install command.
    public static func locate(path: String? = ProcessInfo.processInfo.environment["PATH"]) throws -> Pagefind {
        for folder in (path ?? "").split(separator: ":").map(String.init) {
            let candidate = folder + "/pagefind"
            if FileManager.default.isExecutableFile(atPath: candidate) { return Pagefind(command: [candidate]) }
        }
        for folder in (path ?? "").split(separator: ":").map(String.init) {
            let python = folder + "/python3"
            guard FileManager.default.isExecutableFile(atPath: python) else { continue }
            if runs([python, "-m", "pagefind", "--version"]) { return Pagefind(command: [python, "-m", "pagefind"]) }
            break
        }
        throw Missing()
    }

    /// Whether `arguments` runs and exits with status 0 (its output is dropped).
    static func runs(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Indexes `count` records (`record(i, indexID)` is the `AddRecord` payload of record `i`)
    /// and writes the bundle into the folder `output` (an absolute path).
    public func index(count: Int, record: (Int, Int) -> String, into output: String) throws {
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + ["--service"]
        let (input, answers) = (Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = answers
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw Failure(reason: "cannot start \(command.joined(separator: " ")): \(error)") }
        let service = ServiceAnswers()
        let reader = BackgroundWork { service.read(answers.fileHandleForReading) }
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            reader.wait()
        }
        let send = { (id: Int, payload: String) throws in
            let request = Data(#"{"message_id":\#(id),"payload":\#(payload)}"#.utf8).base64EncodedData() + Data(",".utf8)
            do { try input.fileHandleForWriting.write(contentsOf: request) } catch { throw Failure(reason: service.failure ?? "it stopped") }
        }
        try send(0, #"{"type":"NewIndex","config":{"force_language":"\#(SearchRecords.language)"}}"#)
        let indexID = try service.answer(to: 0)
        var batch = Data()
        for position in 0..<count {
            let payload = record(position, indexID)
            batch += Data(#"{"message_id":\#(position + 1),"payload":\#(payload)}"#.utf8).base64EncodedData() + Data(",".utf8)
            if batch.count >= 1 << 20 || position == count - 1 {
                do { try input.fileHandleForWriting.write(contentsOf: batch) } catch { throw Failure(reason: service.failure ?? "it stopped") }
                batch.removeAll(keepingCapacity: true)
            }
        }
        try send(count + 1, #"{"type":"WriteFiles","index_id":\#(indexID),"output_path":\#(JSONText.quote(output))}"#)
        _ = try service.answer(to: count + 1)
        if let failure = service.failure { throw Failure(reason: failure) }
    }
}

/// The service's answers, read on a thread of their own (so that neither side's pipe fills):
/// the first error, and the answers the build waits for.
final class ServiceAnswers: Sendable {
    private let state = Locked((failure: String?.none, answered: [Int: Int](), ended: false))
    private let arrived = DispatchSemaphore(value: 0)

    /// The first error the service reported.
    var failure: String? { state.withLock { $0.failure } }

    /// Reads answers until the service closes its output.
    func read(_ handle: FileHandle) {
        var pending = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            pending += chunk
            while let comma = pending.firstIndex(of: UInt8(ascii: ",")) {
                take(pending[pending.startIndex..<comma])
                pending = pending[(comma + 1)...]
            }
        }
        state.withLock { $0.ended = true }
        arrived.signal()
    }

    /// Takes one answer: an error, or the index id of `NewIndex`, or that `WriteFiles` is done.
    private func take(_ encoded: Data) {
        guard let json = Data(base64Encoded: encoded), let answer = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let payload = answer["payload"] as? [String: Any], let type = payload["type"] as? String
        else { return }
        let id = answer["message_id"] as? Int
        state.withLock { state in
            if type == "Error", state.failure == nil { state.failure = (payload["message"] as? String) ?? "an error without a message" }
            if let id, type == "NewIndex" || type == "WriteFiles" { state.answered[id] = (payload["index_id"] as? Int) ?? 0 }
        }
        if type == "NewIndex" || type == "WriteFiles" { arrived.signal() }
    }

    /// Waits for the answer to request `id`; its index id (`NewIndex`).
    func answer(to id: Int) throws -> Int {
        while true {
            let (value, failure, ended) = state.withLock { ($0.answered[id], $0.failure, $0.ended) }
            if let value { return value }
            if ended { throw Pagefind.Failure(reason: failure ?? "it stopped before answering") }
            arrived.wait()
        }
    }
}
