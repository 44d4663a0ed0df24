import ByteOutput
import Foundation
import InputFiles
import JSONReader

/// Finds the input files, parses each, picks its importer by content (or by
/// `--input-format`), and feeds the ledger. Workspace exports in folders and archives are read
/// first, their files parsed in the background a batch at a time (`ImportRun+Workspace.swift`);
/// every other file is read as a single document.
public struct ImportRun {
    /// What was detected in one file.
    public struct DetectedFile: Sendable, Equatable {
        public var name: String
        public var format: InputFormat
    }

    public var importers: [any Importer]
    /// A platform or format id that overrides detection.
    public var forcedFormat: String?
    /// Told after every file read.
    public var progress: BuildProgress?
    /// How a single document's file is held while it is read: from 64 MiB on, mapped rather
    /// than read into memory, its pages let go as it is read (`FileReading`). Workspace files
    /// and archive entries are always read into memory.
    public var fileReading = FileReading()

    public init(importers: [any Importer], forcedFormat: String? = nil) {
        self.importers = importers
        self.forcedFormat = forcedFormat
    }

    /// The standard importers, configured by `options`.
    public static func standardImporters(reactionActionTypes: Set<String> = ["reaction", "reactions"]) -> [any Importer] {
        [
            PubNubImporter(reactionTypes: reactionActionTypes), StreamImporter(), CometChatImporter(), SlackImporter(),
            DiscordImporter(), MattermostImporter(), TelegramImporter(), MatrixImporter(), FactsImporter()
        ]
    }

    /// Every format the importers know, in a fixed order.
    public var formats: [InputFormat] { importers.flatMap(\.formats) }

    /// What `--input-format` may name: each importer's platform, then every format id.
    public var formatNames: [String] {
        var seen: Set<String> = []
        return (importers.map(\.inputName) + formats.map(\.id)).filter { seen.insert($0).inserted }
    }

    /// Checks `--input-format` against the known platform names and format ids.
    public func validateForcedFormat() throws {
        guard let forced = forcedFormat else { return }
        let known = formatNames
        guard known.contains(forced) else {
            throw LocatedError(file: forced, reason: "unknown input format; known: \(known.joined(separator: ", "))")
        }
    }

    /// Reads every input into `ledger`.
    /// - Returns: the files read, with their formats, in reading order.
    public func read(_ inputs: [String], into ledger: ReactionLedger) throws -> [DetectedFile] {
        try validateForcedFormat()
        // Every input is found first (folders listed, archives opened), so that a progress
        // display knows how much there is to read; an input that cannot be found or opened
        // throws when its turn comes, so errors come in the same order as when each was opened
        // just before it was read.
        let sources = Set(inputs).sorted(by: UTF8Bytes.precedes).map { input in Result { try InputSource(input) } }
        if let progress {
            var files = 0, bytes = 0
            for case .success(let source) in sources {
                let size = source.readableSize
                files += size.files
                bytes += size.bytes
            }
            progress.expectReading(files: files, bytes: bytes)
        }
        var detected: [DetectedFile] = []
        var files = 0, bytes = 0
        let report = { [progress] (size: Int) in
            files += 1
            bytes += size
            progress?.reading(files: files, bytes: bytes, messages: ledger.messageCount)
        }
        for source in sources {
            switch try source.get() {
            case .tree(let tree):
                detected += try read(tree.observed(report), into: ledger, report: report)
            case .file(let input):
                let contents = try DiskFiles.bytes(of: input, reading: fileReading)
                report(contents.count)
                let modified = DiskFiles.status(of: input).map { Timestamp(nanoseconds: $0.modified, fractionDigits: 9) }
                // Handed over, so that the file's bytes are freed once parsed.
                if let format = try read(consume contents, name: input, explicit: true, origin: .file(input), modified: modified, into: ledger) {
                    detected.append(DetectedFile(name: input, format: format))
                }
            }
        }
        return detected
    }

    /// True when `inputs` hold at least `limit` bytes that a run may read (counted as for the
    /// progress display, stopping once the limit is reached); inputs that cannot be found or
    /// opened count for nothing.
    public static func readableBytes(in inputs: [String], atLeast limit: Int) -> Bool {
        var bytes = 0
        for input in Set(inputs) {
            guard let source = try? InputSource(input) else { continue }
            bytes += source.readableSize.bytes
            if bytes >= limit { return true }
        }
        return false
    }

    /// Reads a folder or archive: workspace exports first (read whole), then every other JSON
    /// file by content; archives inside folders are opened too.
    func read(_ tree: InputTree, into ledger: ReactionLedger, report: @escaping (Int) -> Void = { _ in }) throws -> [DetectedFile] {
        var detected: [DetectedFile] = []
        for problem in tree.problems {
            ledger.diagnose(Diagnostic(.skippedFile, file: tree.root, "entry \(quoted(problem.entry)) \(problem.reason)"))
        }
        for notice in tree.notices { ledger.notice(notice) }
        var consumed: Set<String> = []
        for case let importer as any WorkspaceImporter in importers where allows(importer) {
            for root in importer.workspaceRoots(in: tree.names) {
                consumed.formUnion(try readWorkspace(importer, root: root, in: tree, into: ledger))
                detected.append(DetectedFile(name: tree.display(root.isEmpty ? "" : root + "/").trimmingSlash, format: importer.formats[0]))
            }
        }
        for name in tree.names where !consumed.contains(name) {
            let lower = name.lowercased()
            if lower.hasSuffix(".zip") {
                guard tree.root.lowercased().hasSuffix(".zip") == false else {
                    ledger.diagnose(Diagnostic(.skippedFile, file: tree.display(name), "an archive inside an archive is not opened"))
                    continue
                }
                detected += try read(try InputTree.zip(tree.display(name)).observed(report), into: ledger, report: report)
                continue
            }
            if OtherExportFormat.mayBe(name), let other = OtherExportFormat.recognise((try? tree.start(of: name, limit: OtherExportFormat.sniffedBytes)) ?? [])
            {
                ledger.diagnose(Diagnostic(.skippedFile, file: tree.display(name), other.reason))
                continue
            }
            guard InputTree.isJSONName(name) else { continue }
            let bytes = try tree.bytes(of: name, reading: fileReading)
            // With --input-format, a folder's file of another format is refused as a named file is.
            let explicit = forcedFormat != nil
            let modified = tree.modificationTime(of: [name])
            if let format = try read(
                consume bytes, name: tree.display(name), explicit: explicit, origin: .entry(name, of: tree), modified: modified, into: ledger)
            {
                detected.append(DetectedFile(name: tree.display(name), format: format))
            }
        }
        return detected
    }

    func allows(_ importer: any Importer) -> Bool {
        guard let forced = forcedFormat else { return true }
        return forced == importer.inputName || importer.formats.contains { $0.id == forced }
    }

    /// Reads one file's bytes into `ledger`.
    /// - Parameter explicit: the user named this file, so an unknown format is an error rather
    ///   than a skipped-file diagnostic.
    /// - Returns: the detected format, or nil when the file was skipped.
    /// - Parameter origin: where the file was read from, for the files it names by relative path.
    /// - Parameter modified: when the file was last modified: when it was taken, unless the
    ///   document says (`fetchedAt`, `exportedAt`); nil when neither is known.
    public func read(
        _ bytes: consuming [UInt8], name: String, explicit: Bool = true, origin: InputOrigin? = nil, modified: Timestamp? = nil,
        into ledger: ReactionLedger
    ) throws -> InputFormat? {
        try read(InputBytes(consume bytes), name: name, explicit: explicit, origin: origin, modified: modified, into: ledger)
    }

    /// Reads one input's bytes, in memory or a mapped file, into `ledger`, as
    /// `read(_:name:explicit:origin:into:)` does an array; a mapped file is read where it lies.
    public func read(
        _ bytes: consuming InputBytes, name: String, explicit: Bool = true, origin: InputOrigin? = nil, modified: Timestamp? = nil,
        into ledger: ReactionLedger
    ) throws -> InputFormat? {
        // A mapped file truncated under us reads as zeros past its new end: whatever the reading
        // made of them, the file changed while it was read, and that is the error.
        let mapped = bytes.mappedFile
        let truncated = LocatedError(file: name, reason: MappedFile.truncatedWhileRead)
        do {
            let format = try readDocument(consume bytes, name: name, explicit: explicit, origin: origin, modified: modified, into: ledger)
            if mapped?.changedWhileRead == true { throw truncated }
            return format
        } catch {
            throw mapped?.changedWhileRead == true ? truncated : error
        }
    }

    /// Reads one input's bytes into `ledger` (`read(_:name:explicit:origin:into:)`).
    func readDocument(
        _ bytes: consuming InputBytes, name: String, explicit: Bool, origin: InputOrigin?, modified: Timestamp?, into ledger: ReactionLedger
    ) throws -> InputFormat? {
        if explicit, let other = OtherExportFormat.recognise(leading: bytes) { throw LocatedError(file: name, reason: other.reason) }
        var document = try InputDocument.parse(bytes, name: name, collectingReactionSites: true)
        _ = consume bytes
        guard let (importer, format) = match(document) else {
            if explicit {
                throw LocatedError(
                    file: name,
                    reason: forcedFormat.map { notOfForcedFormat($0, document) }
                        ?? "is not an export of any supported format (run `reaction-report formats` to see them)")
            }
            let unread = document.unreadReactions(readBy: .none, describing: 3)
            let holding = unread.isEmpty ? "" : "; it holds \(unread.reactions) reaction(s) at " + Self.places(unread)
            ledger.diagnose(
                Diagnostic(
                    .skippedFile, file: name, "not an export of any supported format; skipped" + holding,
                    reactions: unread.reactions))
            return nil
        }
        let given = Self.givenTime(of: document, format: format, into: ledger)
        let snapshot = ledger.beginSnapshot(at: given ?? modified, given: given != nil)
        let sink = ImportSink(ledger: ledger, fileName: name, platform: format.platform, origin: origin, snapshot: snapshot, statement: format.statement)
        try importer.read(document, as: format, into: sink)
        sink.diagnoseUnreadReactions(in: document, readBy: format.reactionMembers)
        document.bytes = InputBytes()
        return format
    }

    /// When a document says it was taken: the time it gives at its top level (`fetchedAt`, which
    /// our `fetch` writes into every response it saves, else its format's own member, such as
    /// DiscordChatExporter's `exportedAt`); nil when it gives none (the file's time is used).
    /// A member that is not an RFC 3339 time is named.
    static func givenTime(of document: InputDocument, format: InputFormat, into ledger: ReactionLedger) -> Timestamp? {
        guard !document.isLines, document.root.object != nil else { return nil }
        for member in ["fetchedAt"] + (format.snapshotTimeMember.map { [$0] } ?? []) {
            guard let value = document.root[member], !value.isNull else { continue }
            if let time = value.string.flatMap(Timestamp.iso8601) { return time }
            ledger.diagnose(
                Diagnostic(
                    .unreadableTimestamp, file: document.name,
                    "\(member) \(quoted(value.identifier ?? "non-text value")) is not an RFC 3339 time; the file's modification time is used"))
        }
        return nil
    }

    /// "$[0].reactions, $[4].reactions and 7 more places": where a skipped file holds reactions.
    static func places(_ findings: ReactionAudit.Findings) -> String {
        let named = findings.described.map(\.path.description).joined(separator: ", ")
        return findings.more > 0 ? named + " and \(findings.more) more place(s)" : named
    }

    /// The first document importer allowed that recognises `document`, with the format it
    /// recognises.
    func match(_ document: InputDocument) -> (any DocumentImporter, InputFormat)? {
        for case let importer as any DocumentImporter in importers {
            if let forced = forcedFormat, forced != importer.inputName, !importer.formats.contains(where: { $0.id == forced }) { continue }
            if let format = importer.detect(document), forcedFormat == nil || forcedFormat == importer.inputName || forcedFormat == format.id {
                return (importer, format)
            }
        }
        return nil
    }
}

/// Told how a build is going, for a progress display: once how much there is to read, after
/// every input file read, and after every output file written.
public protocol BuildProgress: AnyObject {
    /// The files and bytes the inputs hold that may be read (JSON, JSON lines and archives),
    /// before the first is read. Exports may hold files that are not read, and archives unpack
    /// to more, so the count read can end below or above it.
    func expectReading(files: Int, bytes: Int)
    /// The files and bytes read so far, and the messages recorded.
    func reading(files: Int, bytes: Int, messages: Int)
    func writing(files: Int, of total: Int)
    /// A step of the build starts, over `messages` messages (settling, filtering, analysing,
    /// rendering: the steps that have no count of their own to show).
    func starting(_ step: ReportBuild.Step, messages: Int)
}

extension BuildProgress {
    public func expectReading(files: Int, bytes: Int) {}
    public func starting(_ step: ReportBuild.Step, messages: Int) {}
}

/// An input named on the command line: a folder or archive seen as a tree, or a single file.
enum InputSource {
    case tree(InputTree)
    case file(String)

    init(_ input: String) throws {
        guard let status = DiskFiles.status(of: input) else {
            throw LocatedError(file: input, reason: "no such file or folder")
        }
        if status.kind == .other { throw LocatedError(file: input, reason: DiskFiles.notRegularFile) }
        if status.kind == .folder {
            self = .tree(try InputTree.folder(input))
        } else if input.lowercased().hasSuffix(".zip") || InputTree.isZip(input) {
            self = .tree(try InputTree.zip(input))
        } else {
            self = .file(input)
        }
    }

    /// The files a run may read here and their size: a tree's JSON, JSON-lines and archive
    /// entries (unpacked when the tree is an archive), or the file named.
    var readableSize: (files: Int, bytes: Int) {
        switch self {
        case .tree(let tree):
            var files = 0, bytes = 0
            for name in tree.names where InputTree.mayBeRead(name) {
                files += 1
                bytes += tree.size(of: name)
            }
            return (files, bytes)
        case .file(let path):
            return (1, DiskFiles.status(of: path)?.size ?? 0)
        }
    }
}

extension String {
    var trimmingSlash: String { hasSuffix("/") ? String(dropLast()) : self }
}
