import ParallelWork

/// How a workspace export is read: its importer opens it and lists its files of messages; the
/// run parses those a batch at a time, on every core, in the background, while the batches
/// before are recorded on this thread, in the order listed.
extension ImportRun {
    /// Reads the workspace at `root` of `tree` with `importer`.
    ///
    /// Files are read from the tree in order on this thread (so progress and archives see one
    /// reader). A batch is parsed while the batches before it are recorded; the last batch is
    /// recorded on one core once the others are done, so batches hold about a thirty-second of
    /// the files' bytes (64 KB to 4 MB, at most 64 files): with 64 files a batch, a
    /// 20,000-message Slack export's last fifth and a million messages' last second were
    /// recorded on one core. Two batches are in flight: the files of the one after next are read
    /// while the cores still parse the next one, so that they never wait for this thread.
    /// Errors come in file order, as when reading one file after another.
    /// - Returns: the names of the tree the workspace consumed.
    func readWorkspace<Workspace: WorkspaceImporter>(
        _ importer: Workspace, root: String, in tree: InputTree,
        into ledger: ReactionLedger
    ) throws -> Set<String> {
        // A workspace is one snapshot, taken when its latest file was (known once it is opened).
        let snapshot = ledger.beginSnapshot(at: nil)
        let statement = importer.formats[0].statement
        let sink = { (name: String) in
            ImportSink(ledger: ledger, fileName: tree.display(name), platform: importer.platform, snapshot: snapshot, statement: statement)
        }
        let contents = try importer.openWorkspace(tree, root: root, sink: sink)
        ledger.setTime(tree.modificationTime(of: Array(contents.consumed)), ofSnapshot: snapshot)
        let workspace = contents.workspace
        let files = contents.files.enumerated().map { WorkspaceFile(index: $0, name: $1, displayName: tree.display($1)) }
        let sizes = files.map { tree.size(of: $0.name) }
        let batchBytes = min(4 << 20, max(64 << 10, sizes.reduce(0, +) / 32))
        func startBatch(at start: Int) -> (batch: Range<Int>, parsing: BackgroundWork<[Result<Workspace.FileRecords, Error>]>)? {
            guard start < files.count else { return nil }
            var end = start
            var bytes = 0
            while end < files.count, end - start < 64, end == start || bytes + sizes[end] <= batchBytes {
                bytes += sizes[end]
                end += 1
            }
            let loaded = files[start..<end].map { file in (file: file, bytes: Result { try tree.contents(of: file.name) }) }
            return (
                start..<end,
                BackgroundWork {
                    Concurrently.map(loaded.count) { offset in
                        Result { try importer.parse(try loaded[offset].bytes.get(), file: loaded[offset].file, in: workspace) }
                    }
                }
            )
        }
        var next = startBatch(at: 0)
        var following = next.flatMap { startBatch(at: $0.batch.upperBound) }
        var leftovers: [Workspace.Leftover] = []
        while let (batch, parsing) = next {
            let results = parsing.wait()
            next = following
            following = next.flatMap { startBatch(at: $0.batch.upperBound) }
            if batch.lowerBound == 0 { Self.expect(results, scaledTo: files.count, in: ledger) }
            for (index, result) in zip(batch, results) {
                leftovers += importer.record(try result.get(), file: files[index], in: workspace, into: sink(files[index].name))
            }
        }
        importer.finish(leftovers, in: workspace, sink: sink)
        return contents.consumed
    }

    /// Sizes the ledger's tables for a workspace from its first batch: the messages and
    /// messages with reactions the batch's files will record, scaled to all `files`, so that the
    /// tables are made once instead of being rebuilt as they grow. Only a hint: it changes
    /// nothing that is recorded.
    static func expect<Records: WorkspaceFileRecords>(_ first: [Result<Records, Error>], scaledTo files: Int, in ledger: ReactionLedger) {
        let parsed = first.compactMap { try? $0.get() }
        let scale = Double(files) / Double(max(1, parsed.count))
        ledger.expect(
            messages: Int(Double(parsed.reduce(0) { $0 + $1.messageCount }) * scale),
            targets: Int(Double(parsed.reduce(0) { $0 + $1.targetCount }) * scale))
    }
}
