import Foundation
import ReactionReportKit
import XCTest

@testable import WebhookPost

/// Finding a week's digest in a built site: the latest week by default, the path of each
/// format, and an error naming the path when something is missing.
final class DigestFileTests: XCTestCase {
    func locate(_ site: String, _ week: String?, _ format: DigestFile.Format) -> Result<DigestFile, DeliveryError> {
        Result { () throws(DeliveryError) in try DigestFile.locate(site: site, week: week.flatMap(ISOWeek.parse), format: format) }
    }

    func testTheLatestWeekIsTheDefaultAndEachFormatHasItsFile() throws {
        let folder = try WebhookTestSupport.temporaryFolder()
        let site = try WebhookTestSupport.site(in: folder).path
        let latest = try locate(site, nil, .text).get()
        XCTAssertEqual(
            latest,
            DigestFile(
                week: ISOWeek(year: 2026, week: 48), format: .text, path: site + "/weeks/2026-W48/digest.txt",
                note: "digest of 2026-W48, the latest complete week"))
        XCTAssertEqual(latest.title, "the 2026-W48 text digest")
        XCTAssertEqual(try latest.read(), Array("Week 2026-W48: 12 messages ▲ 3, 30 reactions 🎉\n".utf8))
        let slack = try locate(site + "//", "2026-W46", .slack).get()
        XCTAssertEqual(slack.path, site + "/weeks/2026-W46/digest.slack.json")
        XCTAssertEqual(slack.title, "the 2026-W46 Slack digest")
        XCTAssertEqual(try slack.read(), Array(WebhookTestSupport.slackPayload("2026-W46").utf8))
        XCTAssertEqual(try locate(site, "2026-w47", .discord).get().path, site + "/weeks/2026-W47/digest.discord.json")
    }

    /// The default week is the latest the site's `weeks/reports.json` says is complete, and the
    /// note says why; a week asked for needs no note.
    func testTheDefaultIsTheLatestCompleteWeekAndTheNoteSaysWhy() throws {
        let folder = try WebhookTestSupport.temporaryFolder()
        func note(_ days: [String: Int], recorded: Bool = true, week: String? = nil) throws -> String {
            let name = "site-\(UUID().uuidString)"
            let site = try WebhookTestSupport.site(in: folder, name: name, days: days, recorded: recorded).path
            let file = try locate(site, week, .text).get()
            return "\(file.week): \(file.note ?? "no note")"
        }
        XCTAssertEqual(
            try note(["2026-W48": 3]), "2026-W47: digest of 2026-W47, the latest complete week (2026-W48 is partial: 3 of 7 days)")
        XCTAssertEqual(
            try note(["2026-W47": 6, "2026-W48": 0]),
            "2026-W46: digest of 2026-W46, the latest complete week (2026-W47 is partial: 6 of 7 days; 2026-W48 is partial: 0 of 7 days)")
        XCTAssertEqual(
            try note(["2026-W46": 2, "2026-W47": 1, "2026-W48": 4]),
            "2026-W48: digest of 2026-W48, the latest week, which is partial (4 of 7 days): the site has no complete week")
        XCTAssertEqual(
            try note([:], recorded: false),
            "2026-W48: digest of 2026-W48, the latest week: the site does not say which weeks are partial "
                + "(it has no weeks/reports.json; build it again to take the latest complete week)")
        XCTAssertEqual(try note(["2026-W48": 3], week: "2026-W48"), "2026-W48: no note")
        // A record that is not one is named, with what to do.
        let broken = try WebhookTestSupport.site(in: folder, name: "broken").path
        try Data(#"{"weeks":[{"week":"2026-W48","days":"three"}]}"#.utf8).write(to: URL(fileURLWithPath: broken + "/weeks/reports.json"))
        XCTAssertEqual(
            locate(broken, nil, .text),
            .failure(
                DeliveryError("'\(broken)/weeks/reports.json' is not a record of weekly reports: build the site again, or choose a week with --week")))
    }

    func testMissingSiteWeekAndFileAreNamed() throws {
        let folder = try WebhookTestSupport.temporaryFolder()
        let site = try WebhookTestSupport.site(in: folder).path
        XCTAssertEqual(
            locate(folder.path + "/nowhere", nil, .text),
            .failure(
                DeliveryError(
                    "no built site at '\(folder.path)/nowhere': run `reaction-report build -o \(folder.path)/nowhere` first, or give the site's folder with -o")
            ))
        XCTAssertEqual(
            locate(site, "2026-W49", .text),
            .failure(DeliveryError("'\(site)/weeks/2026-W49' does not exist: the site has weekly reports for 2026-W46 to 2026-W48")))
        XCTAssertEqual(
            locate(site, nil, .discord),
            .failure(DeliveryError("'\(site)/weeks/2026-W48/digest.discord.json' does not exist: build the site again to write the week's digests")))
        try WebhookTestSupport.write(["data/weeks.json": "[]"], into: folder.appendingPathComponent("json-only"))
        XCTAssertEqual(
            locate(folder.path + "/json-only", nil, .text),
            .failure(DeliveryError("'\(folder.path)/json-only/weeks' holds no weekly reports: build the site with the html or markdown format")))
        try WebhookTestSupport.write(["weeks/2026-W01/index.html": ""], into: folder.appendingPathComponent("one"))
        XCTAssertEqual(
            locate(folder.path + "/one", "2026-W02", .text),
            .failure(DeliveryError("'\(folder.path)/one/weeks/2026-W02' does not exist: the site has weekly reports for 2026-W01")))
    }
}
