import ByteOutput
import Dispatch

/// One run of the pipeline: import, settle in the ledger, and (for `build`) render and publish.
public struct ReportBuild {
    /// What a run found.
    public struct Outcome: Sendable {
        public var files: [ImportRun.DetectedFile]
        public var result: LedgerResult
        /// Files written (0 for `inspect`).
        public var filesWritten: Int
    }

    /// Diagnostics were found under `--strict`; nothing was written.
    public struct StrictFailure: Error, CustomStringConvertible {
        public var outcome: Outcome
        public var description: String { "\(outcome.result.diagnostics.total) diagnostic(s) under --strict; nothing was written" }
    }

    public var inputs: [String]
    public var options: BuildOptions
    public var forcedFormat: String?
    /// Told how reading and writing go.
    public var progress: BuildProgress?

    public init(inputs: [String], options: BuildOptions, forcedFormat: String? = nil) {
        self.inputs = inputs
        self.options = options
        self.forcedFormat = forcedFormat
    }

    /// Reads the inputs and settles the ledger, writing nothing.
    public func inspect() throws -> Outcome {
        // The emoji table is built on the other core while the inputs are listed and the
        // first files parsed; the first reaction waits for it if need be.
        DispatchQueue.global().async { _ = EmojiTable.standard }
        let calendar = try self.calendar()
        let ledger = ReactionLedger(resolver: resolver)
        var run = ImportRun(importers: ImportRun.standardImporters(reactionActionTypes: options.reactionActionTypes), forcedFormat: forcedFormat)
        run.progress = progress
        let files = try run.read(inputs, into: ledger)
        let result = MessageFilter.apply(ledger.summarize(), options: options, calendar: calendar)
        return Outcome(files: files, result: options.anonymize ? Anonymizer.apply(result) : result, filesWritten: 0)
    }

    var resolver: EmojiResolver { EmojiResolver(aliases: options.aliases, mergeSkinTones: options.mergeSkinTones) }

    /// The report's time zone; an unknown name is an error before anything is read.
    func calendar() throws -> WeekCalendar {
        guard let calendar = WeekCalendar(options.timezone) else {
            throw ImportError(file: "timezone", reason: "\(quoted(options.timezone)) is not an IANA time zone name (such as UTC or Europe/Berlin)")
        }
        return calendar
    }

    /// Reads, settles, renders and publishes into `output`.
    /// - Parameters:
    ///   - strict: fail with `StrictFailure` (writing nothing) when there are diagnostics.
    ///   - templatesFolder: user templates overriding the built-ins.
    public func build(output: String, templatesFolder: String? = nil, strict: Bool = false) throws -> Outcome {
        let templates = try TemplateSet.load(overrideFolder: templatesFolder)
        var outcome = try inspect()
        if strict, outcome.result.diagnostics.total > 0 { throw StrictFailure(outcome: outcome) }
        let palette = options.palette.compactMap { resolver.resolve(ReactionValue($0)) }
        let renderer = SiteRenderer(options: options, templates: templates, inputSummary: Self.describe(outcome.files),
                                    calendar: try calendar(), palette: palette)
        let counter = CountingWriter()
        counter.progress = progress
        try SitePublisher(target: output).publish { writer in
            counter.inner = writer
            try renderer.render(outcome.result, to: counter)
        }
        outcome.filesWritten = counter.count
        return outcome
    }

    static func describe(_ files: [ImportRun.DetectedFile]) -> String {
        let platforms = Set(files.map(\.format.platform)).sorted().map(\.displayName)
        let count = files.count == 1 ? "1 file" : "\(files.count) files"
        return platforms.isEmpty ? count : "\(count) (\(platforms.joined(separator: ", ")))"
    }
}

/// Counts the files handed to the real writer.
final class CountingWriter: SiteWriter {
    var inner: SiteWriter?
    var progress: BuildProgress?
    var count = 0
    var total = 0

    func write(_ path: String, _ contents: ByteBuffer) throws {
        try inner?.write(path, contents)
        counted()
    }

    func write(_ path: String, parts produce: (_ emit: (ByteBuffer) throws -> Void) throws -> Void) throws {
        try inner?.write(path, parts: produce)
        counted()
    }

    private func counted() {
        count += 1
        progress?.writing(files: count, of: max(total, count))
    }

    func expect(_ total: Int) { self.total = total }
}
