import Foundation
import HTTPExchange
import ProgramRunner

/// One of the tests' platform emulators (`Tests/emulators/<name>_emulator.py`), started on
/// 127.0.0.1 with a port the system picks, and stopped when the test lets it go. Each platform's
/// emulator type adds its own arguments and control calls.
class EmulatorProcess {
    let process = Process()
    let port: Int
    var url: String { "http://127.0.0.1:\(port)" }

    /// Starts `Tests/emulators/<script>` with `arguments` and reads the port from its first
    /// line (`listening on 127.0.0.1:PORT`).
    /// - Parameter platform: the platform's name, for the error when it does not start.
    init(script: String, arguments: [String], platform: String) throws {
        let path = ProgramRunner.packageRoot.appendingPathComponent("Tests/emulators/" + script).path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        guard let text = String(data: line, encoding: .utf8),
            let port = Int(text.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
        else {
            process.terminate()
            throw EmulatorError(text: "the \(platform) emulator did not start (python3 missing?)")
        }
        self.port = port
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// GETs or POSTs a control endpoint and parses its JSON answer.
    func control(_ path: String, _ body: [String: Any]? = nil) throws -> [String: Any] {
        let exchange = CurlExchange(longestBody: 1 << 20, keepSuccessBody: true)
        let result =
            if let body {
                exchange.send(
                    .post, url: url + path, headers: ["Content-Type: application/json"], body: Array(try JSONSerialization.data(withJSONObject: body)),
                    timeout: 10, secrets: [])
            } else {
                exchange.send(.get, url: url + path, headers: [], timeout: 10, secrets: [])
            }
        guard case .answered(let answer) = result, answer.status == 200 else { throw EmulatorError(text: "the emulator's \(path) failed: \(result)") }
        return try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any] ?? [:]
    }
}

/// An emulator that did not start or answer.
struct EmulatorError: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}
