import XCTest

@testable import ReactionReportKit

/// The zones a name that is no time zone most likely means, from the zones the system knows.
final class TimeZoneNamesTests: XCTestCase {
    func testTheSystemsZonesAreKnownWithUTCAndGMT() {
        for zone in ["Europe/Berlin", "America/New_York", "UTC", "GMT"] {
            XCTAssertTrue(TimeZoneNames.known.contains(zone), zone)
        }
        XCTAssertTrue(TimeZoneNames.known.allSatisfy(ConfigurationFile.isTimeZone))
        XCTAssertEqual(TimeZoneNames.known, TimeZoneNames.known.sorted())
    }

    func testTheZonesOfTheTzDatabasesTable() {
        let table =
            "# tzdb timezone descriptions\n#\nAD\t+4230+00131\tEurope/Andorra\nIN\t+2232+08822\tAsia/Kolkata\nUS\t+404251-0740023\tAmerica/New_York\tEastern (most areas)\nbroken line\n"
        XCTAssertEqual(TimeZoneNames.zones(inTable: Array(table.utf8)), ["Europe/Andorra", "Asia/Kolkata", "America/New_York"])
    }

    /// Where the system has a tz database, its names join ICU's, which calls Kolkata Calcutta.
    func testTheSystemsTzDatabaseAddsItsNames() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: TimeZoneNames.systemZoneTable), "no tz database at \(TimeZoneNames.systemZoneTable)")
        XCTAssertTrue(TimeZoneNames.known.contains("Asia/Kolkata"))
        XCTAssertEqual(TimeZoneNames.suggestions(for: "Kolkata"), ["Asia/Kolkata"])
    }

    func testSuggestionsForMisspeltAndPartialNames() {
        XCTAssertEqual(TimeZoneNames.suggestions(for: "America/New_Yrok"), ["America/New_York"])
        XCTAssertEqual(TimeZoneNames.suggestions(for: "Berlin"), ["Europe/Berlin"])
        XCTAssertEqual(TimeZoneNames.suggestions(for: "europe/berlin"), ["Europe/Berlin"])
        XCTAssertEqual(TimeZoneNames.suggestions(for: "new york"), ["America/New_York"])
        XCTAssertEqual(TimeZoneNames.suggestions(for: "Berln"), ["Europe/Berlin"])
        XCTAssertEqual(TimeZoneNames.suggestions(for: "utc"), ["UTC"])
        XCTAssertEqual(TimeZoneNames.suggestions(for: "utc+1"), ["UTC+1"])
        XCTAssertEqual(TimeZoneNames.suggestions(for: "Mars/Olympus_Mons"), [])
        XCTAssertEqual(TimeZoneNames.suggestions(for: ""), [])
    }

    func testSuggestionsAmongGivenZones() {
        let zones = ["America/Indiana/Indianapolis", "America/Indianapolis", "Asia/Kolkata", "Europe/Paris"]
        XCTAssertEqual(TimeZoneNames.suggestions(for: "indianapolis", among: zones), ["America/Indiana/Indianapolis", "America/Indianapolis"])
        XCTAssertEqual(TimeZoneNames.suggestions(for: "indianapolis", among: zones, limit: 1), ["America/Indiana/Indianapolis"])
        XCTAssertEqual(TimeZoneNames.suggestions(for: "Asia/Kolkta", among: zones), ["Asia/Kolkata"])
        XCTAssertEqual(TimeZoneNames.suggestions(for: "Pari", among: zones), ["Europe/Paris"])
        XCTAssertEqual(TimeZoneNames.question(for: "Paris"), "did you mean Europe/Paris?")
        XCTAssertEqual(TimeZoneNames.question(for: "Paris", quote: { "'\($0)'" }), "did you mean 'Europe/Paris'?")
        XCTAssertNil(TimeZoneNames.question(for: "Nowhere/Special"))
    }

    func testTheConfigurationFileAndTheLibrarySuggestZones() throws {
        var options = BuildOptions()
        XCTAssertThrowsError(try ConfigurationFile.apply("timezone = \"Berlin\"", file: "rr.toml", to: &options)) { error in
            XCTAssertEqual("\(error)", "rr.toml:1:12: 'timezone' must be an IANA time zone, not \"Berlin\"; did you mean \"Europe/Berlin\"?")
        }
        options.timezone = "America/New_Yrok"
        XCTAssertThrowsError(try ReportBuild(inputs: [], options: options).inspect()) { error in
            XCTAssertEqual("\(error)", "filter: timezone: \"America/New_Yrok\" is not an IANA time zone name; did you mean America/New_York?")
        }
        options.timezone = "Mars/Olympus_Mons"
        XCTAssertThrowsError(try ReportBuild(inputs: [], options: options).inspect()) { error in
            XCTAssertEqual("\(error)", "filter: timezone: \"Mars/Olympus_Mons\" is not an IANA time zone name (such as UTC or Europe/Berlin)")
        }
    }
}
