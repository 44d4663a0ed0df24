import Foundation
import XCTest

/// `reaction-report digest`, run as a program on a site the test writes: the file printed byte
/// for byte, the defaults, and the exit status and message of each mistake.
final class DigestCommandTests: XCTestCase {
    func testPrintsTheChosenDigestExactly() throws {
        let folder = try WebhookTestSupport.temporaryFolder()
        _ = try WebhookTestSupport.site(in: folder, name: "Output")
        _ = try WebhookTestSupport.site(in: folder, name: "site")
        let latest = try CommandRunner.run(["digest"], in: folder)
        XCTAssertEqual(latest.status, 0, latest.stderr)
        XCTAssertEqual(latest.stdout, "Week 2026-W48: 12 messages ▲ 3, 30 reactions 🎉\n")
        XCTAssertEqual(latest.stderr, WebhookTestSupport.latestNote)
        let slack = try CommandRunner.run(["digest", "-o", "site", "--week", "2026-W46", "--format", "slack"], in: folder)
        XCTAssertEqual(slack.status, 0, slack.stderr)
        XCTAssertEqual(slack.stdout, WebhookTestSupport.slackPayload("2026-W46"))
        let discord = try CommandRunner.run(["digest", "--output", "site", "--format", "discord", "--week", "2026-W47"], in: folder)
        XCTAssertEqual(discord.stdout, "{\"content\":\"Week 2026-W47 🎉\",\"allowed_mentions\":{\"parse\":[]}}\n")
    }

    /// Without --week, `digest` and `post` take the latest complete week and say which and why
    /// on standard error; with --week, the week asked for, partial or not, and no note.
    func testTheDefaultIsTheLatestCompleteWeek() throws {
        let folder = try WebhookTestSupport.temporaryFolder()
        _ = try WebhookTestSupport.site(in: folder, days: ["2026-W48": 3])
        let note = "reaction-report: note: digest of 2026-W47, the latest complete week (2026-W48 is partial: 3 of 7 days)\n"
        let digest = try CommandRunner.run(["digest", "-o", "site"], in: folder)
        XCTAssertEqual(digest.status, 0, digest.stderr)
        XCTAssertEqual(digest.stdout, "Week 2026-W47: 12 messages ▲ 3, 30 reactions 🎉\n")
        XCTAssertEqual(digest.stderr, note)
        let post = try CommandRunner.run(["post", "-o", "site", "--format", "slack", "--dry-run"], in: folder)
        XCTAssertEqual(post.status, 0, post.stderr)
        XCTAssertEqual(post.stdout, WebhookTestSupport.slackPayload("2026-W47"))
        XCTAssertEqual(post.stderr, note + "reaction-report: dry run: the 2026-W47 Slack digest was not sent\n")
        let asked = try CommandRunner.run(["digest", "-o", "site", "--week", "2026-W48"], in: folder)
        XCTAssertEqual(asked.stdout, "Week 2026-W48: 12 messages ▲ 3, 30 reactions 🎉\n")
        XCTAssertEqual(asked.stderr, "")
    }

    /// A site built from an export whose last week is cut (Tuesday 2027-03-23, in New York):
    /// `digest` prints the week before, whole, and says why.
    func testABuiltSiteDefaultsToItsLatestCompleteWeek() throws {
        let folder = try WebhookTestSupport.temporaryFolder()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ReactionReportKitTests/Fixtures/gaps/community.json")
        let build = try CommandRunner.run(["build", fixture.path, "-o", "site", "--quiet", "--timezone", "America/New_York"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        let digest = try CommandRunner.run(["digest", "-o", "site"], in: folder)
        XCTAssertEqual(digest.status, 0, digest.stderr)
        XCTAssertEqual(digest.stderr, "reaction-report: note: digest of 2027-W11, the latest complete week (2027-W12 is partial: 2 of 7 days)\n")
        XCTAssertEqual(
            Array(digest.stdout.split(separator: "\n").prefix(3)),
            ["Reaction report · Week 2027-W11", "2027-03-15 to 2027-03-21 (America/New_York)", "Messages: 2 · new"])
    }

    func testMissingSiteWeekOrFileIsExitTwoAndABadWeekIsAUsageError() throws {
        let folder = try WebhookTestSupport.temporaryFolder()
        _ = try WebhookTestSupport.site(in: folder)
        let cases: [([String], Int32, String)] = [
            (
                ["digest"], 2,
                "reaction-report: error: no built site at 'Output': run `reaction-report build -o Output` first, or give the site's folder with -o\n"
            ),
            (
                ["digest", "-o", "site", "--week", "2025-W47"], 2,
                "reaction-report: error: 'site/weeks/2025-W47' does not exist: the site has weekly reports for 2026-W46 to 2026-W48\n"
            ),
            (
                ["digest", "-o", "site", "--format", "discord"], 2,
                "reaction-report: error: 'site/weeks/2026-W48/digest.discord.json' does not exist: build the site again to write the week's digests\n"
            )
        ]
        for (arguments, status, stderr) in cases {
            let run = try CommandRunner.run(arguments, in: folder)
            XCTAssertEqual(run.status, status, arguments.joined(separator: " "))
            XCTAssertEqual(run.stderr, stderr)
            XCTAssertEqual(run.stdout, "")
        }
        let week = try CommandRunner.run(["digest", "-o", "site", "--week", "2026-47"], in: folder)
        XCTAssertEqual(week.status, 1)
        XCTAssertTrue(week.stderr.contains("Error: --week '2026-47' is not an ISO week (YYYY-Www, such as 2026-W47)\n"), week.stderr)
        // A week no build can cover (its times would pass 2262) is a usage error naming the range.
        let usage = [
            "digest": "Usage: reaction-report digest [--output <output>] [--week <week>] [--format <format>]\n",
            "post": "Usage: reaction-report post [--output <output>] [--week <week>] --format <format> [--webhook-file <file>] [--dry-run] "
                + "[--timeout <seconds>] [--attempts <n>]\n"
        ]
        for (arguments, week) in [(["digest"], "2262-W52"), (["post", "--format", "slack", "--dry-run"], "0001-W01")] {
            let far = try CommandRunner.run(arguments + ["-o", "site", "--week", week], in: folder)
            XCTAssertEqual(far.status, 1)
            XCTAssertEqual(
                far.stderr,
                "Error: --week '\(week)' is outside the supported range: a week from 1678-W01 to 2261-W52\n" + usage[arguments[0]]!
                    + "  See 'reaction-report \(arguments[0]) --help' for more information.\n")
        }
        let format = try CommandRunner.run(["digest", "-o", "site", "--format", "html"], in: folder)
        XCTAssertEqual(format.status, 1)
        XCTAssertTrue(
            format.stderr.contains("The value 'html' is invalid for '--format <format>'. Please provide one of 'slack', 'discord' or 'text'."), format.stderr)
    }
}
