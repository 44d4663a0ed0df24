import Foundation
import XCTest

@testable import ReactionReportKit

/// The `[fetch.<platform>]` tables of `reaction-report.toml`, which `fetch` reads and a build
/// passes over.
final class FetchSettingsTests: XCTestCase {
    func apply(_ text: String) throws -> BuildOptions {
        var options = BuildOptions()
        try ConfigurationFile.apply(text, file: "rr.toml", to: &options)
        return options
    }

    func failure(_ text: String) -> String {
        do {
            _ = try apply(text)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    func testAPlatformsTable() throws {
        let options = try apply("title = \"x\"\n[fetch.pubnub]\nchannels = [\"general\", \"launch ✨\"]\nlookbackDays = 3\napiURL = \"http://127.0.0.1:8080\"\n")
        XCTAssertEqual(options.fetch, ["pubnub": FetchSettings(channels: ["general", "launch ✨"], lookbackDays: 3, apiURL: "http://127.0.0.1:8080")])
        XCTAssertEqual(options.title, "x")
        XCTAssertEqual(try apply("fetch = { stream = { channels = [] } }").fetch, ["stream": FetchSettings()])
    }

    func testWhatATableMayNotHold() {
        XCTAssertEqual(
            failure("[fetch.slack]\nchannels = []\n"), "rr.toml:1:8: unknown platform 'fetch.slack': fetch reads pubnub, stream or cometchat")
        XCTAssertEqual(
            failure("[fetch.pubnub]\nchannel = [\"general\"]\n"),
            "rr.toml:2:1: unknown key 'fetch.pubnub.channel': a [fetch.pubnub] table holds channels, lookbackDays or apiURL")
        XCTAssertEqual(failure("[fetch.pubnub]\nlookbackDays = -1\n"), "rr.toml:2:16: 'fetch.pubnub.lookbackDays' must be 0 to 3650, not -1")
        XCTAssertEqual(failure("[fetch.pubnub]\nchannels = \"general\"\n"), "rr.toml:2:12: 'fetch.pubnub.channels' must be an array of strings, not a string")
        XCTAssertEqual(failure("fetch = 1\n"), "rr.toml:1:9: 'fetch' must be a table of platforms, such as [fetch.pubnub], not an integer")
    }
}
