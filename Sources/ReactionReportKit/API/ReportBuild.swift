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

    public init(inputs: [String], options: BuildOptions, forcedFormat: String? = nil) {
        self.inputs = inputs
        self.options = options
        self.forcedFormat = forcedFormat
    }

    /// Reads the inputs and settles the ledger, writing nothing.
    public func inspect() throws -> Outcome {
        let ledger = ReactionLedger(resolver: EmojiResolver(aliases: options.aliases, mergeSkinTones: options.mergeSkinTones))
        let run = ImportRun(importers: ImportRun.standardImporters(reactionActionTypes: options.reactionActionTypes), forcedFormat: forcedFormat)
        let files = try run.read(inputs, into: ledger)
        return Outcome(files: files, result: MessageFilter.apply(ledger.summarize(), options: options), filesWritten: 0)
    }

    /// Reads, settles, renders and publishes into `output`.
    /// - Parameters:
    ///   - strict: fail with `StrictFailure` (writing nothing) when there are diagnostics.
    ///   - templatesFolder: user templates overriding the built-ins.
    public func build(output: String, templatesFolder: String? = nil, strict: Bool = false) throws -> Outcome {
        let templates = try TemplateSet.load(overrideFolder: templatesFolder)
        var outcome = try inspect()
        if strict, outcome.result.diagnostics.total > 0 { throw StrictFailure(outcome: outcome) }
        let renderer = SiteRenderer(options: options, templates: templates, inputSummary: Self.describe(outcome.files))
        let counter = CountingWriter()
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
    var count = 0

    func write(_ path: String, _ contents: String) throws {
        try inner?.write(path, contents)
        count += 1
    }
}
