import ByteOutput
import CPosix
import Dispatch
import ParallelWork

/// One run of the pipeline, as its named steps: read the inputs into a ledger, settle it, filter
/// the result by the report's options, analyse it, render the site and publish it. `inspect`
/// runs the steps up to the analysis; `build` runs them all. Each step takes the value the one
/// before returned, and an error says which step it stopped (`StepError`).
public struct ReportBuild {
    /// The steps, in order.
    public enum Step: String, Sendable, CustomStringConvertible {
        case read, settle, filter, analyse, render, publish
        public var description: String { rawValue }
    }

    /// A step failed; `underlying` says why (a `LocatedError` naming a file, a `PublishError`, …).
    public struct StepError: Error, CustomStringConvertible {
        public var step: Step
        public var underlying: Error
        public var description: String { "\(step): \(underlying)" }
    }

    /// What a run found.
    public struct Outcome: Sendable {
        public var files: [ImportRun.DetectedFile]
        /// The analysis of the filtered result.
        public var analysis: Analysis
        /// Files written (0 for `inspect`).
        public var filesWritten: Int
        /// Bytes written, all files together (0 for `inspect`).
        public var bytesWritten = 0
        /// What the user should hear of the run that is not an error: options that leave no
        /// message of the inputs.
        public var warnings: [String] = []
        /// What indexed the site for search; nil without search (`BuildOptions.searchEngine(messages:)`).
        public var searchEngine: SearchEngine?
        /// `auto` chose Pagefind, which is not installed: the builtin index was written instead.
        public var pagefindMissing = false
        /// The filtered, settled result the report is made from.
        public var result: LedgerResult { analysis.result }
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

    /// Reads, settles, filters and analyses the inputs, writing nothing.
    public func inspect() throws -> Outcome {
        let calendar = try step(.filter) { try self.calendar() }
        let (files, ledger) = try step(.read) { try read() }
        progress?.starting(.settle, messages: ledger.messageCount)
        let settled = step(.settle) { ledger.summarize(handBack: Self.handBackFreeMemory) }
        let reactionsRead = settled.tallies.values.reduce(0) { $0.addingClamped($1.read) }
        if let empty = EmptyInput.check(messages: settled.messages.count, reactions: reactionsRead, detected: files) {
            throw StepError(step: .read, underlying: empty)
        }
        let before = (
            count: settled.messages.count, first: settled.messages.first(where: { $0.sentAt != nil })?.sentAt,
            last: settled.messages.last(where: { $0.sentAt != nil })?.sentAt
        )
        progress?.starting(.filter, messages: settled.messages.count)
        let filtered = step(.filter) { filter(settled, calendar: calendar) }
        progress?.starting(.analyse, messages: filtered.messages.count)
        let analysis = step(.analyse) { Analysis(filtered, options: options, calendar: calendar, palette: palette) }
        var outcome = Outcome(files: files, analysis: analysis, filesWritten: 0)
        if let warning = EmptyInput.warning(
            messages: before.count, first: before.first, last: before.last, left: filtered.messages.count, options: options, calendar: calendar)
        {
            outcome.warnings.append(warning)
        }
        return outcome
    }

    /// Runs every step, publishing the site into `output`.
    /// - Parameters:
    ///   - strict: fail with `StrictFailure` (writing nothing) when there are diagnostics.
    ///   - templatesFolder: user templates overriding the built-ins.
    ///   - allowingOtherFiles: write into an output folder that holds files the tool did not
    ///     write (they are kept, never changed) instead of refusing it.
    /// - Throws: `OutputFolder.Refusal` before anything is read when the output folder cannot be
    ///   ours; a `StepError` for a step that failed.
    public func build(output: String, templatesFolder: String? = nil, strict: Bool = false, allowingOtherFiles: Bool = false) throws -> Outcome {
        // Pagefind, when asked for, is looked for first: without it a build with search writes
        // nothing. `auto` knows whether it needs it once the messages are counted (`build(into:)`).
        if options.search, options.searchEngine == .pagefind { _ = try Pagefind.locate() }
        // The output folder is claimed first, before anything is read or written.
        let folder = try OutputFolder.claim(output, inputs: inputs, allowingOtherFiles: allowingOtherFiles)
        do {
            return try build(into: folder, templatesFolder: templatesFolder, strict: strict)
        } catch {
            folder.abandon()
            throw error
        }
    }

    /// Runs every step, publishing the site into the claimed `folder`.
    func build(into folder: OutputFolder, templatesFolder: String?, strict: Bool) throws -> Outcome {
        // Templates are read first, so that a broken one stops the run before the inputs are read.
        let templates = try step(.render) { try TemplateSet.load(overrideFolder: templatesFolder) }
        var outcome = try inspect()
        if strict, outcome.result.diagnostics.total > 0 { throw StrictFailure(outcome: outcome) }
        outcome.searchEngine = options.searchEngine(messages: outcome.analysis.layout.messages.count)
        // `auto` without Pagefind installed writes the builtin index, and says so.
        var renderOptions = options
        if outcome.searchEngine == .pagefind, options.searchEngine == .auto, (try? Pagefind.locate()) == nil {
            outcome.searchEngine = .builtin
            outcome.pagefindMissing = true
            renderOptions.searchEngine = .builtin
            outcome.warnings.append(
                "Pagefind is not installed (neither `pagefind` nor `python3 -m pagefind`), so the search index is the builtin one; "
                    + "for Pagefind's, install it with \(Pagefind.installCommand)")
        }
        let renderer = SiteRenderer(
            options: renderOptions, templates: templates, inputSummary: Self.summary(outcome),
            calendar: outcome.analysis.calendar, palette: outcome.analysis.palette)
        let counter = CountingWriter()
        counter.progress = progress
        progress?.starting(.render, messages: outcome.result.messages.count)
        // Rendering hands each file to the publisher as it is made; an error from writing is the
        // publish step's, any other the render step's.
        do {
            // On a thread of its own, whose fresh heap the pages' allocations come from rather
            // than the free lists reading and settling left in the main thread's (`OwnThread`).
            try OwnThread.run {
                try SitePublisher(folder: folder).publish { writer in
                    counter.inner = writer
                    try renderer.render(outcome.analysis, to: counter)
                }
            }
        } catch let error as PublishError {
            throw StepError(step: .publish, underlying: error)
        } catch {
            throw StepError(step: .render, underlying: error)
        }
        outcome.filesWritten = counter.count
        outcome.bytesWritten = counter.bytes
        outcome.warnings += SiteSize.warnings(largest: counter.largest, files: counter.count, bytes: counter.bytes, options: options)
        return outcome
    }

    // MARK: The steps

    /// Reads every input into a new ledger. The emoji table is built on the other core while
    /// the inputs are listed and the first files parsed; the first reaction waits for it.
    func read() throws -> ([ImportRun.DetectedFile], ReactionLedger) {
        DispatchQueue.global().async { _ = EmojiTable.standard }
        let ledger = ReactionLedger(resolver: resolver)
        var run = ImportRun(importers: ImportRun.standardImporters(reactionActionTypes: options.reactionActionTypes), forcedFormat: forcedFormat)
        run.progress = progress
        let files = try run.read(inputs, into: ledger)
        if let empty = EmptyInput.check(detected: files, inputs: inputs, skipped: ledger.diagnostics) { throw empty }
        if ledger.hasCarried, let problem = ledger.carried.shardProblem { throw problem }
        if ledger.hasCarried, !options.anonymize, let file = ledger.carried.awaitingAnonymizer {
            throw LocatedError(
                file: file,
                reason: "holds the facts of a shard of an anonymized build, with the real names for the join to replace: "
                    + "join the shards with anonymize (--anonymize, or anonymize = true), as they were built")
        }
        return (files, ledger)
    }

    /// What the options leave out, and names replaced by pseudonyms when asked.
    func filter(_ result: LedgerResult, calendar: WeekCalendar) -> LedgerResult {
        var filtered = MessageFilter.apply(result, options: options, calendar: calendar)
        let exclusions = RankingExclusions.people(in: filtered, options: options)
        // Facts of an anonymized report hold pseudonyms already: they keep the exclusions the
        // report made from the names, and are not anonymized again.
        filtered.leftOutOfRankings = filtered.pseudonymous ? exclusions.merging(result.leftOutOfRankings) { $0.union($1) } : exclusions
        return options.anonymize && !filtered.pseudonymous && !options.anonymizesAtJoin ? Anonymizer.apply(filtered) : filtered
    }

    /// Runs one step, marking what it throws with the step's name.
    func step<T>(_ step: Step, _ body: () throws -> T) throws -> T {
        do {
            let value = try body()
            Self.handBackFreeMemory()
            return value
        } catch let error as StepError {
            throw error
        } catch {
            throw StepError(step: step, underlying: error)
        }
    }

    /// Runs one step that cannot fail.
    func step<T>(_ step: Step, _ body: () -> T) -> T {
        let value = body()
        Self.handBackFreeMemory()
        return value
    }

    /// Hands the memory a step freed back to the system (glibc's `malloc_trim`) before the next
    /// step allocates. Within a step the allocator keeps what is freed, for speed (the CLI sets
    /// `trim_threshold` so, `AllocatorSettings`); but the next step allocates on other threads,
    /// from other heaps, and the first step's free memory would stay resident beside it: on a
    /// million Slack messages the ledger's ~170 MB, the difference between 870 and 710 MB peak.
    static func handBackFreeMemory() { rr_release_free_memory() }

    var resolver: EmojiResolver { options.emojiResolver }

    /// The configured palette, resolved to emoji.
    var palette: [Emoji] { options.palette.compactMap { resolver.resolve(ReactionValue($0)) } }

    /// The report's time zone; an unknown name, or a period outside the days a report can
    /// cover (`PeriodBound.supportedDays`), is an error before anything is read.
    func calendar() throws -> WeekCalendar {
        for (option, bound) in [("since", options.since), ("until", options.until)] {
            if let bound, !bound.isSupported {
                throw ConfigurationError(option: option, reason: "\(bound) is outside the supported range: \(PeriodBound.supportedRange)")
            }
        }
        guard let calendar = WeekCalendar(options.timezone) else {
            let hint = TimeZoneNames.question(for: options.timezone).map { "; " + $0 } ?? " (such as UTC or Europe/Berlin)"
            throw ConfigurationError(option: "timezone", reason: "\(quoted(options.timezone)) is not an IANA time zone name" + hint)
        }
        return calendar
    }

    /// The phrase naming the inputs on the pages: the one facts tables carry when they are all
    /// the input, else the files read.
    static func summary(_ outcome: Outcome) -> String {
        let onlyFacts = !outcome.files.isEmpty && outcome.files.allSatisfy { $0.format == FactsImporter.format }
        return (onlyFacts ? outcome.result.inputSummary : nil) ?? describe(outcome.files)
    }

    static func describe(_ files: [ImportRun.DetectedFile]) -> String {
        let platforms = Set(files.map(\.format.platform)).sorted().map(\.displayName)
        let count = files.count == 1 ? "1 file" : "\(files.count) files"
        return platforms.isEmpty ? count : "\(count) (\(platforms.joined(separator: ", ")))"
    }
}

/// Counts the files and bytes handed to the real writer, and keeps the largest files.
final class CountingWriter: SiteWriter {
    var inner: SiteWriter?
    var progress: BuildProgress?
    var count = 0
    var total = 0
    var bytes = 0
    /// The largest files, largest first, at most `SiteSize.named` of them.
    var largest: [(path: String, bytes: Int)] = []
    /// The bytes of the file being written in parts so far.
    private var partBytes = 0

    func write(_ path: String, _ contents: ByteBuffer) throws {
        try inner?.write(path, contents)
        counted(path, size: contents.count)
    }

    func write(_ path: String, parts produce: (_ emit: (ByteBuffer) throws -> Void) throws -> Void) throws {
        partBytes = 0
        try inner?.write(
            path,
            parts: { emit in
                try withoutActuallyEscaping(emit) { emit in
                    try produce { part in
                        self.partBytes += part.count
                        try emit(part)
                    }
                }
            })
        counted(path, size: partBytes)
    }

    private func counted(_ path: String, size: Int) {
        count += 1
        bytes += size
        if largest.count < SiteSize.named || size > largest[largest.count - 1].bytes {
            largest.append((path, size))
            largest.sort { $0.bytes > $1.bytes }
            if largest.count > SiteSize.named { largest.removeLast() }
        }
        progress?.writing(files: count, of: max(total, count))
    }

    func expect(_ total: Int) { self.total = total }

    func adopt(folder: String, _ produce: (_ path: String) throws -> Void) throws -> [(path: String, bytes: Int)] {
        let files = try inner?.adopt(folder: folder, produce) ?? []
        for file in files { counted(file.path, size: file.bytes) }
        return files
    }
}
