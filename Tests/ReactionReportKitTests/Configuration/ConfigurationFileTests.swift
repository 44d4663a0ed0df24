import Foundation
import XCTest

@testable import ReactionReportKit

/// `reaction-report.toml` onto `BuildOptions`: every key, every type and validation error.
final class ConfigurationFileTests: XCTestCase {
    /// The options after applying `text` (named `file`) to the defaults.
    func options(_ text: String, file: String = "reaction-report.toml") throws -> BuildOptions {
        var options = BuildOptions()
        try ConfigurationFile.apply(text, file: file, to: &options)
        return options
    }

    /// The error text for a configuration that must be refused.
    func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        var options = BuildOptions()
        do {
            try ConfigurationFile.apply(text, file: "rr.toml", to: &options)
            XCTFail("accepted", file: file, line: line)
            return ""
        } catch let error as LocatedError {
            return error.description
        } catch {
            XCTFail("unexpected error type: \(error)", file: file, line: line)
            return ""
        }
    }

    static let fullExample = """
        # reaction-report.toml
        title = "Community pulse"
        baseURL = "https://reports.example.org/pulse/"
        timezone = "Europe/Berlin"
        viewer = "U024BE7LH"
        palette = ["👍", "❤️", "🎉", "🚀"]
        reactionOrder = "count"
        countCap = 999
        reactorsLimit = 25
        mergeSkinTones = true
        reactionActionTypes = ["emoji", "vote"]
        includeConversations = ["general", "C0123"]
        excludeConversations = ["random"]
        includeDirectMessages = true
        anonymize = true
        public = true
        pageSize = 200
        topN = 5
        since = "2026-01-05"
        until = "2026-W12"
        templates = "my-templates"
        highlightColor = "#ffd54f"
        bubbleStack = "vertical"

        [aliases]
        partyparrot = "https://cdn.example.org/emoji/partyparrot.gif"
        ":shipit:" = "🚢"
        "+1" = "👍🏽"
        """

    func testFullExampleMapsOntoEveryField() throws {
        let options = try options(Self.fullExample, file: "config/reaction-report.toml")
        XCTAssertEqual(options.title, "Community pulse")
        XCTAssertEqual(options.baseURL, "https://reports.example.org/pulse")
        XCTAssertEqual(options.timezone, "Europe/Berlin")
        XCTAssertEqual(options.viewer, "U024BE7LH")
        XCTAssertEqual(options.palette, ["👍", "❤️", "🎉", "🚀"])
        XCTAssertEqual(options.reactionOrder, .count)
        XCTAssertEqual(options.countCap, 999)
        XCTAssertEqual(options.reactorsLimit, 25)
        XCTAssertEqual(options.mergeSkinTones, true)
        XCTAssertEqual(
            options.aliases,
            [
                "partyparrot": "https://cdn.example.org/emoji/partyparrot.gif", "shipit": "🚢", "+1": "👍🏽"
            ])
        XCTAssertEqual(options.reactionActionTypes, ["reaction", "reactions", "emoji", "vote"])
        XCTAssertEqual(options.includeConversations, ["general", "C0123"])
        XCTAssertEqual(options.excludeConversations, ["random"])
        XCTAssertEqual(options.includeDirectMessages, true)
        XCTAssertEqual(options.anonymize, true)
        XCTAssertEqual(options.isPublic, true)
        XCTAssertEqual(options.pageSize, 200)
        XCTAssertEqual(options.topN, 5)
        XCTAssertEqual(options.since, .day(CivilDate(year: 2026, month: 1, day: 5)))
        XCTAssertEqual(options.until, .week(ISOWeek(year: 2026, week: 12)))
        XCTAssertEqual(options.templates, "config/my-templates")
        XCTAssertEqual(options.highlightColor, "#ffd54f")
        XCTAssertEqual(options.bubbleStack, .vertical)
        // Not a configuration key: stays as it was.
        XCTAssertEqual(options.formats, [.html, .markdown, .json])
    }

    func testAnEmptyFileKeepsEveryDefault() throws {
        let options = try options("# nothing set\n")
        let defaults = BuildOptions()
        XCTAssertEqual(options.title, defaults.title)
        XCTAssertEqual(options.title, "Reaction report")
        XCTAssertNil(options.baseURL)
        XCTAssertEqual(options.timezone, "UTC")
        XCTAssertNil(options.viewer)
        XCTAssertEqual(options.palette, ["👍", "❤️", "😂", "😲", "😢", "🔥"])
        XCTAssertEqual(options.reactionOrder, .firstReacted)
        XCTAssertEqual(options.countCap, 99)
        XCTAssertEqual(options.reactorsLimit, 100)
        XCTAssertEqual(options.mergeSkinTones, false)
        XCTAssertEqual(options.aliases, [:])
        XCTAssertEqual(options.reactionActionTypes, ["reaction", "reactions"])
        XCTAssertEqual(options.includeConversations, [])
        XCTAssertEqual(options.excludeConversations, [])
        XCTAssertNil(options.includeDirectMessages)
        XCTAssertEqual(options.anonymize, false)
        XCTAssertEqual(options.isPublic, false)
        XCTAssertEqual(options.pageSize, 500)
        XCTAssertEqual(options.topN, 10)
        XCTAssertNil(options.since)
        XCTAssertNil(options.until)
        XCTAssertNil(options.templates)
        XCTAssertEqual(options.highlightColor, "rgba(239,58,67,0.24)")
        XCTAssertEqual(options.bubbleStack, .horizontal)
    }

    func testKeysLeftOutKeepWhatTheOptionsHeld() throws {
        var options = BuildOptions()
        options.title = "Set before"
        options.pageSize = 7
        try ConfigurationFile.apply("pageSize = 9\naliases = { wave = \"👋\" }\nmergeSkinTones = false", file: "c.toml", to: &options)
        XCTAssertEqual(options.title, "Set before")
        XCTAssertEqual(options.pageSize, 9)
        XCTAssertEqual(options.aliases, ["wave": "👋"])
    }

    func testTablesMayBeWrittenInlineOrWithDottedKeys() throws {
        XCTAssertEqual(try options("aliases.wave = \"👋\"\naliases.\"+1\" = \"👍\"").aliases, ["wave": "👋", "+1": "👍"])
        XCTAssertEqual(try options("[aliases]").aliases, [:])
    }

    func testTemplatesAreRelativeToTheConfigurationFolder() throws {
        XCTAssertEqual(try options("templates = \"t\"", file: "reaction-report.toml").templates, "t")
        XCTAssertEqual(try options("templates = \"../t\"", file: "site/conf/rr.toml").templates, "site/conf/../t")
        XCTAssertEqual(try options("templates = \"/srv/t\"", file: "site/rr.toml").templates, "/srv/t")
        XCTAssertEqual(try options("templates = \"t\"", file: "/etc/rr/rr.toml").templates, "/etc/rr/t")
    }

    func testBaseURLIsStoredWithoutTrailingSlashes() throws {
        XCTAssertEqual(try options("baseURL = \"https://example.org\"").baseURL, "https://example.org")
        XCTAssertEqual(try options("baseURL = \"http://example.org:8080/a/b//\"").baseURL, "http://example.org:8080/a/b")
        XCTAssertEqual(try options("baseURL = \"HTTPS://Example.org/\"").baseURL, "HTTPS://Example.org")
    }

    func testAcceptedColoursAndPeriods() throws {
        for colour in ["rgba(239, 58, 67, 0.24)", "#abc", "hsl(10 50% 40%)", "rebeccapurple"] {
            XCTAssertEqual(try options("highlightColor = \"\(colour)\"").highlightColor, colour)
        }
        let period = try options("since = \"2026-W10\"\nuntil = \"2026-W10\"")
        XCTAssertEqual(period.since, .week(ISOWeek(year: 2026, week: 10)))
        XCTAssertEqual(period.until, .week(ISOWeek(year: 2026, week: 10)))
        XCTAssertEqual(try options("since = \"2026-03-01\"\nuntil = \"2026-03-01\"").until, .day(CivilDate(year: 2026, month: 3, day: 1)))
        XCTAssertEqual(try options("timezone = \"America/Argentina/Buenos_Aires\"").timezone, "America/Argentina/Buenos_Aires")
        XCTAssertEqual(try options("palette = []").palette, [])
    }

    // MARK: Errors

    func testUnknownKeysAreNamedWithTheirPosition() {
        XCTAssertEqual(failure("title = \"x\"\n\ncolour = \"red\""), "rr.toml:3:1: unknown key 'colour'")
        XCTAssertEqual(failure("pagesize = 10"), "rr.toml:1:1: unknown key 'pagesize' (did you mean 'pageSize'?)")
        XCTAssertEqual(failure("  reactorLimit = 10"), "rr.toml:1:3: unknown key 'reactorLimit' (did you mean 'reactorsLimit'?)")
        XCTAssertEqual(failure("[output]\nfolder = \"out\""), "rr.toml:1:2: unknown key 'output'")
        XCTAssertEqual(failure("[Aliases]"), "rr.toml:1:2: unknown key 'Aliases' (did you mean 'aliases'?)")
        XCTAssertEqual(failure("site.title = \"x\""), "rr.toml:1:1: unknown key 'site'")
        XCTAssertEqual(failure("topn = 3\ntitel = \"x\""), "rr.toml:1:1: unknown key 'topn' (did you mean 'topN'?)")
        XCTAssertEqual(failure("titel = \"x\""), "rr.toml:1:1: unknown key 'titel' (did you mean 'title'?)")
        XCTAssertEqual(failure("timezon = \"UTC\""), "rr.toml:1:1: unknown key 'timezon' (did you mean 'timezone'?)")
        XCTAssertEqual(failure("\"odd key\" = 1"), "rr.toml:1:1: unknown key '\"odd key\"'")
    }

    func testWrongTypesNameTheKeyAndTheExpectedType() {
        XCTAssertEqual(failure("title = 1"), "rr.toml:1:9: 'title' must be a string, not an integer")
        XCTAssertEqual(failure("baseURL = true"), "rr.toml:1:11: 'baseURL' must be a string, not a boolean")
        XCTAssertEqual(failure("timezone = [\"UTC\"]"), "rr.toml:1:12: 'timezone' must be a string, not an array")
        XCTAssertEqual(failure("viewer = 42"), "rr.toml:1:10: 'viewer' must be a string, not an integer")
        XCTAssertEqual(failure("countCap = \"99\""), "rr.toml:1:12: 'countCap' must be an integer, not a string")
        XCTAssertEqual(failure("reactorsLimit = {}"), "rr.toml:1:17: 'reactorsLimit' must be an integer, not a table")
        XCTAssertEqual(failure("pageSize = true"), "rr.toml:1:12: 'pageSize' must be an integer, not a boolean")
        XCTAssertEqual(failure("topN = \"10\""), "rr.toml:1:8: 'topN' must be an integer, not a string")
        XCTAssertEqual(failure("mergeSkinTones = \"yes\""), "rr.toml:1:18: 'mergeSkinTones' must be true or false, not a string")
        XCTAssertEqual(failure("includeDirectMessages = 1"), "rr.toml:1:25: 'includeDirectMessages' must be true or false, not an integer")
        XCTAssertEqual(failure("public = \"yes\""), "rr.toml:1:10: 'public' must be true or false, not a string")
        XCTAssertEqual(failure("anonymize = \"true\""), "rr.toml:1:13: 'anonymize' must be true or false, not a string")
        XCTAssertEqual(failure("palette = \"👍\""), "rr.toml:1:11: 'palette' must be an array of strings, not a string")
        XCTAssertEqual(failure("palette = [\"👍\",\n  1]"), "rr.toml:2:3: 'palette' must be an array of strings, but entry 2 is an integer")
        XCTAssertEqual(failure("reactionActionTypes = \"emoji\""), "rr.toml:1:23: 'reactionActionTypes' must be an array of strings, not a string")
        XCTAssertEqual(failure("includeConversations = [[\"a\"]]"), "rr.toml:1:25: 'includeConversations' must be an array of strings, but entry 1 is an array")
        XCTAssertEqual(failure("excludeConversations = \"random\""), "rr.toml:1:24: 'excludeConversations' must be an array of strings, not a string")
        XCTAssertEqual(failure("aliases = \"x\""), "rr.toml:1:11: 'aliases' must be a table of names and emoji, not a string")
        XCTAssertEqual(failure("[aliases]\nwave = 1"), "rr.toml:2:8: 'aliases.wave' must be a string, not an integer")
        XCTAssertEqual(failure("[aliases.wave]\nemoji = \"👋\""), "rr.toml:1:10: 'aliases.wave' must be a string, not a table")
        XCTAssertEqual(failure("reactionOrder = 1"), "rr.toml:1:17: 'reactionOrder' must be a string, not an integer")
        XCTAssertEqual(failure("since = 20260105"), "rr.toml:1:9: 'since' must be a string, not an integer")
        XCTAssertEqual(failure("until = false"), "rr.toml:1:9: 'until' must be a string, not a boolean")
        XCTAssertEqual(failure("templates = [\"t\"]"), "rr.toml:1:13: 'templates' must be a string, not an array")
        XCTAssertEqual(failure("highlightColor = 0xff0000"), "rr.toml:1:18: 'highlightColor' must be a string, not an integer")
        XCTAssertEqual(failure("bubbleStack = true"), "rr.toml:1:15: 'bubbleStack' must be a string, not a boolean")
    }

    func testValuesAreValidated() {
        XCTAssertEqual(
            failure("timezone = \"Mars/Olympus_Mons\""),
            "rr.toml:1:12: 'timezone' must be an IANA time zone such as \"Europe/Berlin\" or \"UTC\", not \"Mars/Olympus_Mons\"")
        XCTAssertEqual(
            failure("locale = \"de-DX\""),
            "rr.toml:1:10: 'locale': unknown locale \"de-DX\"; did you mean \"de-DE\"? (known: " + LocaleFormat.tags.joined(separator: ", ") + ")")
        XCTAssertEqual(failure("timezone = \"\""), "rr.toml:1:12: 'timezone' must be an IANA time zone such as \"Europe/Berlin\" or \"UTC\", not \"\"")
        XCTAssertEqual(failure("reactionOrder = \"random\""), "rr.toml:1:17: 'reactionOrder' must be first-reacted, alphabetical or count, not \"random\"")
        XCTAssertEqual(failure("bubbleStack = \"diagonal\""), "rr.toml:1:15: 'bubbleStack' must be horizontal or vertical, not \"diagonal\"")
        XCTAssertEqual(failure("countCap = 0"), "rr.toml:1:12: 'countCap' must be at least 1, not 0")
        XCTAssertEqual(failure("reactorsLimit = -5"), "rr.toml:1:17: 'reactorsLimit' must be at least 1, not -5")
        XCTAssertEqual(failure("pageSize = 0"), "rr.toml:1:12: 'pageSize' must be at least 1, not 0")
        XCTAssertEqual(failure("topN = -1"), "rr.toml:1:8: 'topN' must be at least 1, not -1")
        XCTAssertEqual(failure("title = \"  \""), "rr.toml:1:9: 'title' must not be empty")
        XCTAssertEqual(failure("viewer = \"\""), "rr.toml:1:10: 'viewer' must not be empty")
        XCTAssertEqual(failure("templates = \"\""), "rr.toml:1:13: 'templates' must not be empty")
        XCTAssertEqual(failure("[aliases]\nwave = \"\""), "rr.toml:2:8: 'aliases.wave' must not be empty")
        XCTAssertEqual(failure("[aliases]\n\"\" = \"👋\""), "rr.toml:2:1: an alias name must not be empty")
        XCTAssertEqual(failure("[aliases]\nwave = \"👋\"\n\":wave:\" = \"🙋\""), "rr.toml:3:1: the alias 'wave' is defined twice")
    }

    func testBaseURLMustBeAbsoluteHTTP() {
        let reason = "'baseURL' must be an absolute http:// or https:// URL without query or fragment"
        for url in [
            "ftp://example.org", "example.org", "/reports", "https://", "https:///path", "javascript:alert(1)",
            "https://example.org/?a=1", "https://example.org/#top", "https://exa mple.org", "https://example.org/\"x"
        ] {
            XCTAssertEqual(failure("baseURL = '\(url)'"), "rr.toml:1:11: \(reason), not \(TOMLKey.quoted(url))", url)
        }
    }

    func testHighlightColorCannotLeaveAStyleAttribute() {
        let reason = "'highlightColor' must be a plain CSS colour (letters, digits, spaces and # ( ) , . % only)"
        for colour in ["red; background: url(x)", "red\" onclick=\"x", "red'", "<b>", "red}", "var(--x)", "calc(1px/2)", "red\\9"] {
            XCTAssertEqual(failure("highlightColor = \(TOMLKey.quoted(colour))"), "rr.toml:1:18: \(reason), not \(TOMLKey.quoted(colour))", colour)
        }
        XCTAssertEqual(failure("highlightColor = \"\""), "rr.toml:1:18: 'highlightColor' must not be empty")
    }

    func testListsRefuseEmptyAndRepeatedEntries() {
        XCTAssertEqual(failure("palette = [\"👍\", \"\"]"), "rr.toml:1:17: 'palette' entry 2 is empty")
        XCTAssertEqual(failure("palette = [\"👍\", \"🔥\", \"👍\"]"), "rr.toml:1:22: 'palette' lists \"👍\" twice")
        XCTAssertEqual(failure("reactionActionTypes = [\" \"]"), "rr.toml:1:24: 'reactionActionTypes' entry 1 is empty")
        XCTAssertEqual(failure("includeConversations = [\"general\", \"\"]"), "rr.toml:1:36: 'includeConversations' entry 2 is empty")
        XCTAssertEqual(failure("excludeConversations = [\"\"]"), "rr.toml:1:25: 'excludeConversations' entry 1 is empty")
    }

    func testPeriodBoundsAreDaysOrWeeks() {
        XCTAssertEqual(failure("since = \"2026-13-01\""), "rr.toml:1:9: 'since' must be a day (YYYY-MM-DD) or an ISO week (YYYY-Www), not \"2026-13-01\"")
        XCTAssertEqual(failure("until = \"2026-W54\""), "rr.toml:1:9: 'until' must be a day (YYYY-MM-DD) or an ISO week (YYYY-Www), not \"2026-W54\"")
        XCTAssertEqual(failure("until = \"last week\""), "rr.toml:1:9: 'until' must be a day (YYYY-MM-DD) or an ISO week (YYYY-Www), not \"last week\"")
        XCTAssertEqual(
            failure("since = \"2026-03-02\"\nuntil = \"2026-W09\""),
            "rr.toml:1:9: 'since' (2026-03-02) is after 'until' (2026-W09): the report would be empty")
    }

    func testSyntaxErrorsComeFromTheParser() {
        XCTAssertEqual(failure("title = \"x\"\ntitle = \"y\""), "rr.toml:2:1: duplicate key 'title'")
        XCTAssertEqual(failure("countCap = 1.5"), "rr.toml:1:12: floating-point numbers are not supported; no setting takes one")
    }

    func testLoadingFromDisk() throws {
        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("rr.toml").path
        try Data("topN = 3\ntemplates = \"tpl\"\n".utf8).write(to: URL(fileURLWithPath: file))
        var options = BuildOptions()
        try ConfigurationFile.load(file, into: &options)
        XCTAssertEqual(options.topN, 3)
        XCTAssertEqual(options.templates, folder.appendingPathComponent("tpl").path)

        func loadError(_ path: String) -> String {
            var options = BuildOptions()
            do {
                try ConfigurationFile.load(path, into: &options)
                return "loaded"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(
            loadError(folder.appendingPathComponent("missing.toml").path), folder.appendingPathComponent("missing.toml").path + ": no such configuration file")
        XCTAssertEqual(loadError(folder.path), folder.path + ": is a folder, not a configuration file")
        try Data([0x74, 0x3D, 0x22, 0xFE, 0x22]).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(loadError(file), file + ":1:4: the file is not valid UTF-8")
    }

    func testSharedChecks() {
        XCTAssertEqual(ConfigurationFile.normalizedBaseURL("https://a.example/x/"), "https://a.example/x")
        XCTAssertNil(ConfigurationFile.normalizedBaseURL("mailto:x@example.org"))
        XCTAssertTrue(ConfigurationFile.isTimeZone("UTC"))
        XCTAssertFalse(ConfigurationFile.isTimeZone("Nowhere/Land"))
        XCTAssertTrue(ConfigurationFile.isPlainColor("rgba(0,0,0,0.5)"))
        XCTAssertFalse(ConfigurationFile.isPlainColor("red;"))
        XCTAssertEqual(ConfigurationFile.keys.count, 35)
    }
}
