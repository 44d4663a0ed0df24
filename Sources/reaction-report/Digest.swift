import ArgumentParser
import Foundation
import HTTPExchange
import ReactionReportKit
import WebhookPost

/// Which digest of a built site: `-o` and `--week`, shared by `digest` and `post`.
struct DigestChoice: ParsableArguments {
    @Option(name: .shortAndLong, help: "Folder of the built site.")
    var output = "Output"

    @Option(
        name: .long,
        help: ArgumentHelp("ISO week (YYYY-Www) whose digest to use. Default: the site's latest complete week (a note says which).", valueName: "week"))
    var week: String?

    func validate() throws {
        guard let week else { return }
        guard let parsed = ISOWeek.parse(week) else {
            throw ValidationError("--week '\(week)' is not an ISO week (YYYY-Www, such as 2026-W47)")
        }
        // No site holds a week a build cannot cover.
        let weeks = PeriodBound.supportedWeeks
        guard weeks.contains(parsed) else {
            throw ValidationError("--week '\(week)' is outside the supported range: a week from \(weeks.lowerBound) to \(weeks.upperBound)")
        }
    }

    /// The digest file in `format`; an error naming the path when it is missing. Without
    /// `--week`, says on standard error which week it took and why.
    func locate(_ format: DigestFile.Format) throws -> DigestFile {
        let digest = try DigestFile.locate(site: output, week: week.flatMap(ISOWeek.parse), format: format)
        if let note = digest.note { Console.error("reaction-report: note: " + Console.visible(note)) }
        return digest
    }
}

struct Digest: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a week's digest of a built site (written by `build` beside each weekly report).")

    @OptionGroup var choice: DigestChoice

    @Option(name: .long, help: "Digest to print: slack (Block Kit JSON), discord (webhook JSON) or text.")
    var format = DigestFile.Format.text

    func run() throws {
        FileHandle.standardOutput.write(Data(try choice.locate(format).read()))
    }
}

struct Post: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send a week's digest of a built site to a Slack or Discord incoming webhook.",
        discussion: """
            The webhook's URL is read from the first non-empty line of --webhook-file, or else from \
            the environment variable \(WebhookAddress.environmentVariable); it is never printed (messages show its host). \
            HTTP 429 and 5xx answers, timeouts and failed connections are tried again, after 1 s, 2 s, 4 s… \
            (at most 30 s), or after the wait an answer's Retry-After asks for (at most 60 s); any other \
            answer that is not 2xx ends the run at once. Exit status 2 when the digest could not be posted.
            """)

    @OptionGroup var choice: DigestChoice

    @Option(name: .long, help: "Digest to send: slack or discord.")
    var format: PostFormat

    @Option(
        name: .long,
        help: ArgumentHelp(
            "File whose first non-empty line is the webhook URL. Default: \(WebhookAddress.environmentVariable).", valueName: "file"))
    var webhookFile: String?

    @Flag(name: .long, help: "Print the payload instead of sending it (no webhook URL needed).")
    var dryRun = false

    @Option(
        name: .long, help: ArgumentHelp("Seconds each attempt may take, from connecting to the end of the answer, 1 to 600.", valueName: "seconds"))
    var timeout = 10

    @Option(name: .long, help: ArgumentHelp("Attempts in all, 1 to 10.", valueName: "n"))
    var attempts = 3

    func validate() throws {
        if !(1...600).contains(timeout) { throw ValidationError("--timeout must be 1 to 600 seconds") }
        if !(1...10).contains(attempts) { throw ValidationError("--attempts must be 1 to 10") }
    }

    func run() throws {
        let digest = try choice.locate(format.digestFormat)
        let payload = try digest.read()
        if dryRun {
            FileHandle.standardOutput.write(Data(payload))
            Console.error("reaction-report: dry run: \(digest.title) was not sent")
            return
        }
        let address = try WebhookAddress.resolve(environment: ProcessInfo.processInfo.environment, file: webhookFile)
        let poster = WebhookPoster(
            transport: CurlTransport(), policy: RetryPolicy(attempts: attempts, timeout: timeout),
            sleep: { Thread.sleep(forTimeInterval: $0) }, note: { Console.error("reaction-report: " + Console.visible($0)) })
        _ = try poster.post(payload, to: address, what: digest.title)
        print("posted \(digest.title) to \(address.host)")
    }
}

extension DigestFile.Format: ExpressibleByArgument {}

/// The digests `post` can send: the two webhook payloads.
enum PostFormat: String, CaseIterable, ExpressibleByArgument {
    case slack
    case discord

    var digestFormat: DigestFile.Format { self == .slack ? .slack : .discord }
}
