/// An importer of a multi-file export read whole from a folder or archive (an `InputTree`): a
/// Slack workspace. A workspace is read in three steps, which `ImportRun` drives:
///
/// 1. `openWorkspace` reads, at once, the files the others depend on (who is who, which
///    conversations there are) and lists the files of messages to parse.
/// 2. Those files are parsed (`parse`) a batch at a time, on every core, in the background,
///    while the files before them are recorded (`record`) one by one, in the order listed.
/// 3. `finish` records what recording left for the end, once every file is recorded.
///
/// An importer only parses and records: it never schedules work or sizes the ledger.
public protocol WorkspaceImporter: Importer {
    /// What a workspace's files of messages are parsed and recorded with, as `openWorkspace`
    /// found it; shared, unchanged, by the threads that parse them.
    associatedtype Workspace: Sendable
    /// What parsing one file gives, to be recorded later.
    associatedtype FileRecords: WorkspaceFileRecords
    /// What recording a file leaves for `finish` (for Slack, the reactions of shared files,
    /// counted once every copy has been seen).
    associatedtype Leftover

    /// Folders of the tree (relative, "" for the root) holding an export this importer reads whole.
    func workspaceRoots(in names: [String]) -> [String]

    /// Reads and records the files of the workspace at `root` that the others depend on, with
    /// one sink per file (`sink` takes a name of the tree), and lists the files to parse.
    func openWorkspace(_ tree: InputTree, root: String, sink: (String) -> ImportSink) throws -> WorkspaceContents<Workspace>

    /// Parses one of the files `openWorkspace` listed. Called on any thread, for several files
    /// at once: it may only read `workspace`.
    func parse(_ bytes: [UInt8], file: WorkspaceFile, in workspace: Workspace) throws -> FileRecords

    /// Records what `parse` gave for `file` into its sink, in the order the files were listed;
    /// returns what is left for `finish`.
    func record(_ records: FileRecords, file: WorkspaceFile, in workspace: Workspace, into sink: ImportSink) -> [Leftover]

    /// Records what every file left, once all are recorded, with one sink per file.
    func finish(_ leftovers: [Leftover], in workspace: Workspace, sink: (String) -> ImportSink)
}

/// A workspace as `WorkspaceImporter.openWorkspace` found it.
public struct WorkspaceContents<Workspace: Sendable> {
    /// What its files are parsed and recorded with.
    public var workspace: Workspace
    /// The names (in the tree) of the files to parse, in the order they are recorded.
    public var files: [String]
    /// Every name of the tree the workspace reads or looks at, `files` included: the run reads
    /// none of them again as a single document.
    public var consumed: Set<String>

    /// A workspace of `files`, having consumed `consumed`.
    public init(workspace: Workspace, files: [String], consumed: Set<String>) {
        self.workspace = workspace
        self.files = files
        self.consumed = consumed
    }
}

/// One of the files a workspace lists for parsing.
public struct WorkspaceFile: Sendable {
    /// Its place in the list, from 0.
    public var index: Int
    /// Its name in the tree.
    public var name: String
    /// Its name as shown to the user (the tree's root and the name), for errors and diagnostics.
    public var displayName: String
}

/// What a parsed file will record, told before it is recorded: `ImportRun` sizes the ledger's
/// tables from the first batch of a workspace's files, scaled to them all.
public protocol WorkspaceFileRecords: Sendable {
    /// The messages it records.
    var messageCount: Int { get }
    /// The runs of reaction facts about one message it records (about the number of messages
    /// with reactions).
    var targetCount: Int { get }
}
