import Foundation
import ParallelWork

/// Progress of a fetch on stderr: on a terminal one line redrawn at most ten times a second
/// (channels done, pages, messages, actions, the request rate and an estimate of the time
/// left); elsewhere (cron) a line per channel done. Notes (a retry and its wait) are printed as
/// they come. Silent when made with no output (`--quiet`). Channels report from several
/// threads, so everything happens under a lock.
public final class FetchProgress: Sendable {
    private struct State {
        var channels = 0
        var done = 0
        var total = ChannelSummary()
        /// How far each running channel is, 0 to 1.
        var running: [String: Double] = [:]
        var lastDraw: UInt64 = 0
        var drawn = false
    }

    let platform: String
    let output: (@Sendable (String) -> Void)?
    let terminal: Bool
    let pacer: RequestPacer
    /// A text from outside (a channel's name, a platform's answer) made safe for a terminal.
    let visible: @Sendable (String) -> String
    private let state = Locked(State())

    /// A progress display writing to `output` (nil: silent; the text is written as given, line
    /// breaks included), redrawing a line when `terminal`.
    public init(
        platform: String, output: (@Sendable (String) -> Void)?, terminal: Bool, pacer: RequestPacer,
        visible: @escaping @Sendable (String) -> String = { $0 }
    ) {
        self.platform = platform
        self.output = output
        self.terminal = terminal
        self.pacer = pacer
        self.visible = visible
    }

    func start(channels: Int) { state.withLock { $0.channels = channels } }

    /// One page of `channel` written; `fraction` is how far the channel is, when known.
    public func page(_ channel: String, _ added: ChannelSummary, fraction: Double?) {
        state.withLock { state in
            state.total = state.total + added
            state.running[channel] = fraction ?? state.running[channel] ?? 0
            draw(&state, force: false)
        }
    }

    func finished(_ channel: String, _ summary: ChannelSummary) {
        state.withLock { state in
            state.running[channel] = nil
            state.done += 1
            if terminal {
                draw(&state, force: true)
            } else {
                output?("\(platform): channel '\(visible(channel))': \(Self.counts(summary))\n")
            }
        }
    }

    /// A line about a retry, printed at once.
    public func note(_ text: String) {
        state.withLock { state in
            clear(&state)
            output?("reaction-report: " + visible(text) + "\n")
        }
    }

    /// Clears the line, so that what is printed next starts clean.
    func finish() { state.withLock { clear(&$0) } }

    /// The line for the totals so far.
    private func line(_ state: State) -> String {
        let totals = pacer.totals
        let rate = totals.seconds > 0 ? Double(totals.requests) / totals.seconds : 0
        var text = "\(platform): \(state.done)/\(state.channels) channels, \(Self.counts(state.total)), \(String(format: "%.1f", rate)) requests/s"
        let fraction = state.channels == 0 ? 0 : (Double(state.done) + state.running.values.reduce(0, +)) / Double(state.channels)
        if fraction > 0.01, fraction < 1, totals.seconds > 2 {
            text += ", about \(Self.duration(totals.seconds * (1 - fraction) / fraction)) left"
        }
        return text
    }

    private func draw(_ state: inout State, force: Bool) {
        guard terminal, let output else { return }
        let now = RequestPacer.uptime()
        guard force || now - state.lastDraw >= 100_000_000 else { return }
        state.lastDraw = now
        state.drawn = true
        output("\r\u{1B}[2K" + line(state))
    }

    private func clear(_ state: inout State) {
        guard state.drawn, let output else { return }
        output("\r\u{1B}[2K")
        state.drawn = false
    }

    /// "12 pages, 300 messages, 41 actions, 2 removals".
    static func counts(_ summary: ChannelSummary) -> String {
        "\(summary.pages) pages, \(summary.messages) messages, \(summary.actions) actions, \(summary.removals) removals"
    }

    /// "40 s", "3 min", "2 h".
    static func duration(_ seconds: Double) -> String {
        if seconds < 90 { return "\(Int(seconds.rounded())) s" }
        if seconds < 5400 { return "\(Int((seconds / 60).rounded())) min" }
        return "\(Int((seconds / 3600).rounded())) h"
    }
}
