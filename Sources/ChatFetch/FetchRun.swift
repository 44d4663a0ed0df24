import Foundation
import ParallelWork

/// A fetch of a platform's channels into an archive: each channel fetched by one of
/// `concurrency` workers, the channels taken in the order given; when one fails, the others
/// stop at their next page (every page written before stays, with its state), and the first
/// failure in the channels' order is the one thrown.
public struct FetchRun: Sendable {
    public var platform: any ChatPlatform
    public var channels: [String]
    public var archive: ArchiveFolder
    public var client: FetchClient
    public var concurrency: Int
    public var since: Date?
    public var lookbackDays: Int
    public var progress: FetchProgress

    public init(
        platform: any ChatPlatform, channels: [String], archive: ArchiveFolder, client: FetchClient, concurrency: Int, since: Date?,
        lookbackDays: Int, progress: FetchProgress
    ) {
        self.platform = platform
        self.channels = channels
        self.archive = archive
        self.client = client
        self.concurrency = concurrency
        self.since = since
        self.lookbackDays = lookbackDays
        self.progress = progress
    }

    /// What the workers share.
    private struct Shared {
        var next = 0
        var summaries: [Int: ChannelSummary] = [:]
        var failures: [Int: FetchError] = [:]
    }

    /// Fetches every channel; the summary of all of them, or the first failure.
    public func run() throws(FetchError) -> ChannelSummary {
        let shared = Locked(Shared())
        let cancelled: @Sendable () -> Bool = { shared.withLock { !$0.failures.isEmpty } }
        let context = FetchContext(client: client, since: since, lookbackDays: lookbackDays, progress: progress, isCancelled: cancelled)
        progress.start(channels: channels.count)
        let workers = max(1, min(concurrency, channels.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index: Int? = shared.withLock { state in
                    guard state.failures.isEmpty, state.next < channels.count else { return nil }
                    defer { state.next += 1 }
                    return state.next
                }
                guard let index else { return }
                do throws(FetchError) {
                    let folder = try archive.channel(channels[index], platform: platform.name)
                    let summary = try platform.fetch(folder, with: context)
                    shared.withLock { $0.summaries[index] = summary }
                    progress.finished(channels[index], summary)
                } catch {
                    shared.withLock { $0.failures[index] = error }
                }
            }
        }
        progress.finish()
        let outcome = shared.withLock { $0 }
        if let first = outcome.failures.keys.min() { throw outcome.failures[first]! }
        return outcome.summaries.values.reduce(ChannelSummary(), +)
    }
}
