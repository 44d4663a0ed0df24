import ArgumentParser
import Foundation
import ReactionReportKit

/// Options shared by `build` and `inspect`.
struct InputOptions: ParsableArguments {
    @Argument(help: "Export files, folders (searched recursively) to read. Default: Examples")
    var inputs: [String] = []

    @Option(name: .long, help: ArgumentHelp("Configuration file. Default: reaction-report.toml in the working folder, when there is one.", valueName: "file"))
    var config: String?

    @Option(name: .long, help: "Force the input format (a platform such as pubnub, or a format id from `formats`).")
    var inputFormat: InputFormatName?

    @Option(name: .long, help: "PubNub action type that counts as a reaction, besides reaction and reactions (repeatable).")
    var reactionActionType: [String] = []

    @Flag(name: .long, inversion: .prefixedNo, help: "Count skin-tone variants as the base emoji.")
    var mergeSkinTones: Bool?

    @Flag(name: .long, inversion: .prefixedNo, help: "Include direct-message conversations (left out by default, unless the input holds nothing else).")
    var includeDirectMessages: Bool?

    @Option(name: .long, help: ArgumentHelp("First day (YYYY-MM-DD) or ISO week (YYYY-Www) of the report, in --timezone.", valueName: "date|week"))
    var since: String?

    @Option(name: .long, help: ArgumentHelp("Last day (YYYY-MM-DD) or ISO week (YYYY-Www) of the report, inclusive.", valueName: "date|week"))
    var until: String?

    @Option(name: .long, help: ArgumentHelp("IANA time zone in which days and weeks are counted. Default: UTC.", valueName: "iana"))
    var timezone: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Only shard K's share of N (K from 1 to N), balanced by messages: conversations, large ones cut by days.", valueName: "K/N"))
    var shard: Shard?

    func validate() throws {
        for (flag, value) in [("--since", since), ("--until", until)] {
            guard let value else { continue }
            guard let bound = PeriodBound.parse(value) else {
                throw ValidationError("\(flag) '\(value)' is not a day (YYYY-MM-DD) or an ISO week (YYYY-Www)")
            }
            guard bound.isSupported else {
                throw ValidationError("\(flag) '\(value)' is outside the supported range: \(PeriodBound.supportedRange)")
            }
        }
        if let timezone, !ConfigurationFile.isTimeZone(timezone) {
            let hint = TimeZoneNames.question(for: timezone).map { "; " + $0 } ?? " (such as Europe/Berlin or UTC)"
            throw ValidationError("--timezone '\(timezone)' is not an IANA time zone" + hint)
        }
    }

    /// The options of a run: the defaults, then the configuration file, then the flags given
    /// (a flag wins over the file only when it is on the command line).
    func buildOptions() throws -> BuildOptions {
        var options = BuildOptions()
        try readConfiguration(into: &options)
        apply(to: &options)
        return options
    }

    /// Reads `--config`, or `reaction-report.toml` when there is one. A bad file is an input
    /// error (exit 2) naming its line and column.
    func readConfiguration(into options: inout BuildOptions) throws {
        let path: String
        if let config {
            path = config
        } else if FileManager.default.fileExists(atPath: ConfigurationFile.defaultName) {
            path = ConfigurationFile.defaultName
        } else {
            return
        }
        try ConfigurationFile.load(path, into: &options)
    }

    /// Applies the flags that were given to `options`.
    func apply(to options: inout BuildOptions) {
        if let mergeSkinTones { options.mergeSkinTones = mergeSkinTones }
        if let includeDirectMessages { options.includeDirectMessages = includeDirectMessages }
        options.reactionActionTypes.formUnion(reactionActionType)
        if let since { options.since = PeriodBound.parse(since) }
        if let until { options.until = PeriodBound.parse(until) }
        if let timezone { options.timezone = timezone }
        if let shard { options.shard = shard }
    }

    /// A usage error when `since` falls after `until` (whichever of flags and file gave them).
    static func checkPeriod(_ options: BuildOptions) throws {
        if let since = options.since, let until = options.until, since.firstDay >= until.dayAfter {
            throw ValidationError("the period is empty: since \(since) is after until \(until)")
        }
    }

    /// What is read when no input is given: the demo exports.
    static let defaultInput = "Examples"

    var resolvedInputs: [String] { inputs.isEmpty ? [Self.defaultInput] : inputs }
}

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Read exports and write the site, Markdown and data.")

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: "Output folder.")
    var output = "Output"

    @Option(name: .long, help: "Outputs to write, comma-separated: html,markdown,json (the default) and facts (the facts tables, data/facts/).")
    var format = OutputFormats(BuildOptions.defaultFormats)

    @Option(name: .long, help: "User id whose own reactions are highlighted.")
    var viewer: String?

    @Option(name: .long, help: "Folder of templates overriding the built-in ones by file name.")
    var templates: String?

    @Option(name: .long, help: "Site title.")
    var title: String?

    @Option(name: .long, help: "Bubble order.")
    var reactionOrder: ReactionOrder?

    @Option(name: .long, help: "Messages per transcript page.")
    var pageSize: Int?

    @Option(
        name: .customLong("base-url"), help: ArgumentHelp("Absolute http(s) URL the site is published at, for links in feeds and Markdown.", valueName: "url"))
    var baseURL: String?

    @Option(
        name: .long, help: ArgumentHelp("Locale of the dates and numbers on pages, in Markdown and digests (such as de-DE). Default: none.", valueName: "tag"))
    var locale: String?

    @Flag(name: .long, inversion: .prefixedNo, help: "Stable pseudonyms instead of people's names and ids.")
    var anonymize: Bool?

    @Flag(
        name: .customLong("public"), inversion: .prefixedNo,
        help: "Let search engines index the site: no noindex, robots.txt allows crawling, and with --base-url a sitemap.xml and OpenGraph tags.")
    var isPublic: Bool?

    @Flag(
        name: .long, inversion: .prefixedNo,
        help: "Build the search index with Pagefind (search.html; view it through `reaction-report serve` or any web server).")
    var search: Bool?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What indexes the messages with --search: Pagefind up to \(NumberText.integer(SearchEngine.pagefindLimit)) messages and the builtin index above (auto), or always one.",
            valueName: "auto|pagefind|builtin"))
    var searchEngine: SearchEngine?

    @Flag(name: .long, help: "Fail with exit code 3, writing nothing, when there are diagnostics.")
    var strict = false

    @Flag(
        name: .long,
        help:
            "Write into an output folder that holds files reaction-report did not write; they are kept and never changed. Without it such a folder is refused."
    )
    var allowOtherFiles = false

    @Flag(name: .long, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if let pageSize, pageSize < 1 { throw ValidationError("--page-size must be at least 1") }
        if let locale, LocaleFormat(tag: locale) == nil { throw ValidationError("--locale: \(UnknownLocale(tag: locale))") }
        if let baseURL, ConfigurationFile.normalizedBaseURL(baseURL) == nil {
            throw ValidationError("--base-url '\(baseURL)' is not an absolute http:// or https:// URL without query or fragment")
        }
    }

    func run() throws {
        var options = try input.buildOptions()
        options.formats = Set(format.formats)
        if let viewer { options.viewer = viewer }
        if let templates { options.templates = templates }
        if let title { options.title = title }
        if let reactionOrder { options.reactionOrder = reactionOrder }
        if let pageSize { options.pageSize = pageSize }
        if let baseURL { options.baseURL = ConfigurationFile.normalizedBaseURL(baseURL) }
        if let anonymize { options.anonymize = anonymize }
        if let locale { options.locale = try LocaleFormat.named(locale) }
        if let isPublic { options.isPublic = isPublic }
        if let search { options.search = search }
        if let searchEngine { options.searchEngine = searchEngine }
        try InputOptions.checkPeriod(options)
        if options.anonymize, let shard = options.shard, !options.anonymizesAtJoin {
            throw ValidationError(
                "--shard \(shard) with anonymize writes only facts (--format facts): the build that joins the shards replaces the names, "
                    + "so that pseudonyms are numbered among everyone in the report, as one build numbers them")
        }
        AllocatorSettings.apply(forInputs: input.resolvedInputs)
        var build = ReportBuild(inputs: input.resolvedInputs, options: options, forcedFormat: input.inputFormat?.name)
        let progress = TerminalProgress.make(quiet: quiet)
        build.progress = progress
        defer { progress?.finish() }
        let outcome = try build.build(output: output, templatesFolder: options.templates, strict: strict, allowingOtherFiles: allowOtherFiles)
        progress?.finish()
        if !quiet {
            if let note = outcome.result.directConversations?.note { Console.error("reaction-report: note: " + note) }
            for notice in outcome.result.notices { Console.error("reaction-report: note: " + Console.visible(notice)) }
            for warning in outcome.warnings { Console.error("reaction-report: warning: " + Console.visible(warning)) }
            Console.printDiagnostics(outcome.result.diagnostics)
            if let viewer = options.viewer, case .missing(let closest) = ViewerMatch.check(viewer, among: ViewerMatch.people(of: outcome.analysis)) {
                Console.error(Console.missingViewer(viewer, closest: closest))
            }
            let messages = outcome.result.messages
            let reactions = messages.reduce(0) { $0.addingClamped($1.reactionCount) }
            let folder = Console.visible(output.hasSuffix("/") ? output : output + "/")
            print(
                ProgressLine.wrote(
                    folder, files: outcome.filesWritten, bytes: outcome.bytesWritten, inputs: outcome.files.count, messages: messages.count,
                    reactions: reactions)
                    + (outcome.searchEngine.map {
                        ProgressLine.search($0, automatic: options.searchEngine == .auto, pagefindMissing: outcome.pagefindMissing)
                    } ?? ""))
        }
        keptUntilExit.append(outcome)
    }
}

/// What a command computed, kept until the process exits: freeing a million messages one by
/// one just before exiting would only delay the exit.
nonisolated(unsafe) var keptUntilExit: [Any] = []

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show what was detected, counts per platform and conversation, and diagnostics; writes nothing.")

    @OptionGroup var input: InputOptions

    func run() throws {
        let options = try input.buildOptions()
        try InputOptions.checkPeriod(options)
        AllocatorSettings.apply(forInputs: input.resolvedInputs)
        let outcome = try ReportBuild(inputs: input.resolvedInputs, options: options, forcedFormat: input.inputFormat?.name).inspect()
        print("Files:")
        for file in outcome.files { print("  \(Console.visible(file.name)): \(file.format.id)") }
        print("Conversations:")
        // The overview's totals per conversation (by platform and id), one line each, sorted by
        // the line's label.
        let totals = outcome.analysis.overview.conversations
            .map { (label: $0.platform.displayName + " / " + $0.name + " (" + $0.id + ")", totals: $0) }
        for line in totals.sorted(by: { $0.label < $1.label }) {
            let counts = NumberText.counted(line.totals.messages, "message") + ", " + NumberText.counted(line.totals.reactions, "reaction")
            print("  \(Console.visible(line.label)): \(counts)")
        }
        for notice in outcome.result.notices { print("Note: " + Console.visible(notice)) }
        for warning in outcome.warnings { Console.error("reaction-report: warning: " + Console.visible(warning)) }
        if let direct = outcome.result.directConversations {
            print("Direct conversations: " + (direct.note ?? "\(direct.conversations), included as asked"))
        }
        print("Reactions:")
        for (platform, tally) in outcome.result.tallies.sorted(by: { Console.order($0.key, $1.key) }) {
            print("  \(platform?.displayName ?? "Files of no known format"): \(tally)")
        }
        let log = outcome.result.diagnostics
        print("Diagnostics: \(log.total)")
        for line in Console.diagnosticLines(log, examples: 5) { print(line) }
        keptUntilExit.append(outcome)
    }
}

struct Formats: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the supported input formats and how each is recognised.")

    func run() throws {
        for format in ImportRun(importers: ImportRun.standardImporters()).formats {
            print("\(format.id)  [\(format.platformName)]")
            print("    \(format.summary)")
            print("    recognised by: \(format.recognisedBy)")
            let paths = format.reactionMembers.patterns.map(\.description)
            print("    reactions read at: " + (paths.isEmpty ? "no members (each record is one reaction, or none)" : paths.joined(separator: ", ")))
        }
    }
}

extension ReactionOrder: ExpressibleByArgument {}
extension SearchEngine: ExpressibleByArgument {}

extension Shard: ExpressibleByArgument {
    /// `K/N`, with K from 1 to N.
    public init?(argument: String) { self.init(argument) }
}

/// The outputs `--format` names, comma-separated (`html,json`).
struct OutputFormats: ExpressibleByArgument {
    var formats: [BuildOptions.OutputFormat]

    init(_ formats: [BuildOptions.OutputFormat]) { self.formats = formats }

    init?(argument: String) {
        var formats: [BuildOptions.OutputFormat] = []
        for name in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let format = BuildOptions.OutputFormat(rawValue: name.trimmingCharacters(in: .whitespaces)) else { return nil }
            formats.append(format)
        }
        self.formats = formats
    }

    var defaultValueDescription: String { formats.map(\.rawValue).joined(separator: ",") }

    static var allValueStrings: [String] { BuildOptions.OutputFormat.allCases.map(\.rawValue) }
}

/// A platform name or a format id, as `--input-format` takes them (`reaction-report formats`).
struct InputFormatName: ExpressibleByArgument {
    var name: String

    init?(argument: String) {
        guard Self.allValueStrings.contains(argument) else { return nil }
        name = argument
    }

    static var allValueStrings: [String] { ImportRun(importers: ImportRun.standardImporters()).formatNames }
}
