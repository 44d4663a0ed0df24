import Foundation

/// Finds the input files, parses each, picks its importer by content (or by
/// `--input-format`), and feeds the ledger.
public struct ImportRun {
    /// What was detected in one file.
    public struct DetectedFile: Sendable, Equatable {
        public var name: String
        public var format: InputFormat
    }

    public var importers: [any Importer]
    /// A platform or format id that overrides detection.
    public var forcedFormat: String?

    public init(importers: [any Importer], forcedFormat: String? = nil) {
        self.importers = importers
        self.forcedFormat = forcedFormat
    }

    /// The standard importers, configured by `options`.
    public static func standardImporters(reactionActionTypes: Set<String> = ["reaction", "reactions"]) -> [any Importer] {
        [PubNubImporter(reactionTypes: reactionActionTypes), StreamImporter(), CometChatImporter()]
    }

    /// Every format the importers know, in a fixed order.
    public var formats: [InputFormat] { importers.flatMap(\.formats) }

    /// Checks `--input-format` against the known platform names and format ids.
    public func validateForcedFormat() throws {
        guard let forced = forcedFormat else { return }
        let known = importers.map(\.platform.rawValue) + formats.map(\.id)
        guard known.contains(forced) else {
            throw ImportError(file: forced, reason: "unknown input format; known: \(known.joined(separator: ", "))")
        }
    }

    /// Reads every input into `ledger`.
    /// - Returns: the files read, with their formats, in reading order.
    public func read(_ inputs: [String], into ledger: ReactionLedger) throws -> [DetectedFile] {
        try validateForcedFormat()
        var detected: [DetectedFile] = []
        for file in try InputFiles.list(inputs) {
            let bytes = try InputFiles.contents(of: file.path)
            if let format = try read(bytes, name: file.path, explicit: file.explicit, into: ledger) {
                detected.append(DetectedFile(name: file.path, format: format))
            }
        }
        return detected
    }

    /// Reads one file's bytes into `ledger`.
    /// - Parameter explicit: the user named this file, so an unknown format is an error rather
    ///   than a skipped-file diagnostic.
    /// - Returns: the detected format, or nil when the file was skipped.
    public func read(_ bytes: [UInt8], name: String, explicit: Bool = true, into ledger: ReactionLedger) throws -> InputFormat? {
        let document = try InputDocument.parse(bytes, name: name)
        guard let (importer, format) = match(document) else {
            if explicit {
                throw ImportError(file: name, reason: forcedFormat.map { "is not a \($0) export" }
                    ?? "is not an export of any supported format (run `reaction-report formats` to see them)")
            }
            ledger.diagnose(Diagnostic(.skippedFile, file: name, "not an export of any supported format; skipped"))
            return nil
        }
        try importer.read(document, as: format, into: ImportSink(ledger: ledger, fileName: name))
        return format
    }

    func match(_ document: InputDocument) -> (any Importer, InputFormat)? {
        for importer in importers {
            if let forced = forcedFormat, forced != importer.platform.rawValue, !importer.formats.contains(where: { $0.id == forced }) { continue }
            if let format = importer.detect(document), forcedFormat == nil || forcedFormat == importer.platform.rawValue || forcedFormat == format.id {
                return (importer, format)
            }
        }
        return nil
    }
}

/// Lists and reads input files: files as given, folders searched recursively.
enum InputFiles {
    struct File {
        var path: String
        /// Named on the command line (an unknown format is then an error, not a diagnostic).
        var explicit: Bool
    }

    /// Files to read, folders expanded, in sorted order so that the result never depends on
    /// the order of the command line.
    static func list(_ inputs: [String]) throws -> [File] {
        var files: [File] = []
        let manager = FileManager.default
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw ImportError(file: input, reason: "no such file or folder")
            }
            if !isDirectory.boolValue {
                files.append(File(path: input, explicit: true))
                continue
            }
            guard let enumerator = manager.enumerator(atPath: input) else {
                throw ImportError(file: input, reason: "the folder cannot be read")
            }
            let base = input.hasSuffix("/") ? input : input + "/"
            for case let relative as String in enumerator {
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                if name.hasPrefix(".") {
                    if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { enumerator.skipDescendants() }
                    continue
                }
                let lower = name.lowercased()
                guard lower.hasSuffix(".json") || lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") else { continue }
                guard (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeRegular else { continue }
                files.append(File(path: base + relative, explicit: false))
            }
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0.path).inserted }.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    static func contents(of path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImportError(file: path, reason: "cannot be read")
        }
        return [UInt8](data)
    }
}
