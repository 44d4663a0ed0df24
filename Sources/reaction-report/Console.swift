import Foundation
import ParallelWork
import ReactionReportKit

/// What the commands print.
enum Console {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Text from an export made safe for a terminal: control characters (C0, DEL, C1, which
    /// carry escape sequences) and bidirectional overrides are shown as `\u{…}`, so a name in
    /// an export cannot move the cursor, recolour the screen or reorder what is shown.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }

    /// Diagnostics on stderr: a count per kind and the first examples.
    static func printDiagnostics(_ log: DiagnosticLog, examples: Int = 3) {
        guard log.total > 0 else { return }
        error("reaction-report: \(log.total) diagnostic(s):")
        for line in diagnosticLines(log, examples: examples) { error(line) }
    }

    /// A count per kind, its first examples, and how many more there are.
    static func diagnosticLines(_ log: DiagnosticLog, examples: Int) -> [String] {
        var lines: [String] = []
        for kind in log.kinds {
            let count = log.counts[kind]!
            lines.append("  \(count) \(kind.label) [\(kind.rawValue)]")
            let shown = (log.examples[kind] ?? []).prefix(examples)
            for diagnostic in shown { lines.append("    - \(visible(diagnostic.text))") }
            if count > shown.count { lines.append("    … and \(count - shown.count) more") }
        }
        return lines
    }

    /// The warning for a viewer no one in the inputs is: the people the id most likely means.
    static func missingViewer(_ viewer: String, closest: [ViewerMatch.Person]) -> String {
        "reaction-report: warning: no one in the inputs has the viewer's id '\(visible(viewer))'"
            + (closest.isEmpty ? "" : "; closest: " + closest.map { visible($0.description) }.joined(separator: ", "))
    }

    /// Platforms in a fixed order, files of no known format last.
    static func order(_ a: Platform?, _ b: Platform?) -> Bool {
        switch (a, b) {
        case let (a?, b?): return a < b
        case (_?, nil): return true
        default: return false
        }
    }
}

/// A one-line progress display on stderr, redrawn at most ten times a second: a bar of the bytes
/// read, with files, bytes and messages, while reading; the step and its messages, with the
/// seconds it has run redrawn every second, while settling, analysing and rendering (so the line
/// never sits still without a word); a bar of files while writing. Used only when stderr is a
/// terminal and `--quiet` is not given. Steps report from several threads, so drawing is locked.
final class TerminalProgress: BuildProgress, Sendable {
    /// What the display has drawn and is drawing, changed under its lock.
    private struct State {
        var lastDraw: UInt64 = 0
        var drawn = false
        var expectedFiles = 0
        var expectedBytes = 0
        /// The step running and since when, for the ticking line.
        var current: (step: ReportBuild.Step, messages: Int, since: UInt64)?
        var ticker: DispatchSourceTimer?
    }

    private let state = Locked(State())

    /// A display, or nil when stderr is not a terminal.
    static func make(quiet: Bool) -> TerminalProgress? {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return nil }
        return TerminalProgress()
    }

    func expectReading(files: Int, bytes: Int) {
        state.withLock {
            $0.expectedFiles = files
            $0.expectedBytes = bytes
        }
    }

    func reading(files: Int, bytes: Int, messages: Int) {
        state.withLock { state in
            Self.draw(
                ProgressLine.reading(
                    files: files, bytes: bytes, messages: messages, expectedFiles: state.expectedFiles, expectedBytes: state.expectedBytes),
                force: false, in: &state)
        }
    }

    func starting(_ step: ReportBuild.Step, messages: Int) {
        state.withLock { state in
            state.current = (step, messages, DispatchTime.now().uptimeNanoseconds)
            Self.draw(ProgressLine.starting(step, messages: messages, elapsedSeconds: 0), force: true, in: &state)
            guard state.ticker == nil else { return }
            // The running step's line is drawn again every second with the seconds it has run.
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + 1, repeating: 1)
            timer.setEventHandler { [weak self] in self?.tick() }
            state.ticker = timer
            timer.resume()
        }
    }

    func writing(files: Int, of total: Int) {
        state.withLock { state in
            state.current = nil
            Self.draw(ProgressLine.writing(files: files, of: total), force: files == total, in: &state)
        }
    }

    /// Clears the line, so that what is printed next starts clean.
    func finish() {
        state.withLock { state in
            state.ticker?.cancel()
            state.ticker = nil
            state.current = nil
            guard state.drawn else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
            state.drawn = false
        }
    }

    private func tick() {
        state.withLock { state in
            guard let current = state.current else { return }
            let seconds = Int((DispatchTime.now().uptimeNanoseconds - current.since) / 1_000_000_000)
            Self.draw(ProgressLine.starting(current.step, messages: current.messages, elapsedSeconds: seconds), force: true, in: &state)
        }
    }

    /// Draws `text`, at most ten times a second unless forced.
    private static func draw(_ text: String, force: Bool, in state: inout State) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard force || now - state.lastDraw >= 100_000_000 else { return }
        state.lastDraw = now
        state.drawn = true
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + text).utf8))
    }
}
