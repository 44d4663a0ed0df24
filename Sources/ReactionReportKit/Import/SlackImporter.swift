import JSONReader
import ParallelWork

/// Reads a Slack workspace export, as a folder or a `.zip` read in place: `users.json` (and
/// `org_users.json`) for names, `channels.json`, `groups.json`, `mpims.json` and `dms.json` for
/// conversations, and one `<conversation>/<YYYY-MM-DD>.json` array of messages per day.
///
/// Reactions are `{name, users, count}`: `count` is the total, `users` may list fewer. Direct
/// messages are marked as such; the build leaves them out unless `includeDirectMessages` is set.
public struct SlackImporter: WorkspaceImporter {
    public let platform = Platform.slack

    public init() {}

    public static let workspace = InputFormat(id: "slack-export", platform: .slack,
        summary: "workspace export, folder or .zip (users.json, channels.json, <channel>/<YYYY-MM-DD>.json)",
        recognisedBy: "a folder holding channels.json, users.json, groups.json, dms.json or mpims.json, or folders of YYYY-MM-DD.json day files",
        reactionMembers: dayFileMembers)

    public var formats: [InputFormat] { [Self.workspace] }

    static let metadataFiles: Set<String> = ["channels.json", "users.json", "org_users.json", "groups.json", "dms.json", "mpims.json"]

    /// Single files are read only as part of a workspace.
    public func detect(_ document: InputDocument) -> InputFormat? { nil }

    public func read(_ document: InputDocument, as format: InputFormat, into sink: ImportSink) throws {}

    public func workspaceRoots(in names: [String]) -> [String] {
        var roots: Set<String> = []
        var dayFolders: Set<String> = []
        for name in names {
            let (folder, file) = split(name)
            if Self.metadataFiles.contains(file) { roots.insert(folder) }
            if Self.isDayFile(file) { dayFolders.insert(folder) }
        }
        if roots.isEmpty {
            // No metadata: folders of day files, grouped under their parent.
            for folder in dayFolders { roots.insert(split(folder).folder) }
        }
        return roots.sorted()
    }

    public func readWorkspace(_ tree: InputTree, root: String, sink: (String) -> ImportSink) throws -> Set<String> {
        let prefix = root.isEmpty ? "" : root + "/"
        let names = Set(tree.names)
        var consumed: Set<String> = []
        func document(_ file: String) throws -> InputDocument? {
            guard names.contains(prefix + file) else { return nil }
            consumed.insert(prefix + file)
            return try InputDocument.parse(try tree.contents(of: prefix + file), name: tree.display(prefix + file), collectingReactionSites: true)
        }

        var people: [String: String] = [:]
        for file in ["users.json", "org_users.json"] {
            guard let users = try document(file) else { continue }
            let usersSink = sink(prefix + file)
            usersSink.diagnoseUnreadReactions(in: users, readBy: .none)
            usersSink.declareDirectory(for: .slack)
            for user in users.root.array ?? [] {
                guard let id = user["id"]?.string else { continue }
                let name = [user["profile"]?["display_name"], user["real_name"], user["profile"]?["real_name"], user["name"]]
                    .lazy.compactMap { $0?.string }.first { !$0.isEmpty }
                usersSink.person(.slack, id: id, name: name)
                if let name { people[id] = name }
            }
        }

        // Conversations by the folder names an export may give them: their name (channels,
        // groups, group DMs), and their id (DMs; some exporters name every folder by id).
        var conversations: [String: ConversationInfo] = [:]
        var conversationsByID: [String: ConversationInfo] = [:]
        for (file, isDirect) in [("channels.json", false), ("groups.json", false), ("mpims.json", true), ("dms.json", true)] {
            guard let list = try document(file) else { continue }
            sink(prefix + file).diagnoseUnreadReactions(in: list, readBy: .none)
            for channel in list.root.array ?? [] {
                guard let id = channel["id"]?.string else { continue }
                let members = (channel["members"]?.array ?? []).compactMap(\.string)
                let name = channel["name"]?.string ?? members.map { people[$0] ?? $0 }.joined(separator: ", ")
                let info = ConversationInfo(platform: .slack, id: id, name: name.isEmpty ? id : name, isDirect: isDirect)
                if let folder = channel["name"]?.string, file != "dms.json" { conversations[folder] = info }
                conversationsByID[id] = conversationsByID[id] ?? info
            }
        }

        var dayFiles: [(name: String, folder: String)] = []
        for name in tree.names where name.hasPrefix(prefix) {
            let relative = prefix.isEmpty ? name : String(name.dropFirst(prefix.count))
            let (folder, file) = split(relative)
            if folder.isEmpty, file.hasSuffix(".json") {
                // integration_logs.json, canvases.json and other workspace metadata: nothing
                // here is read from them, but reactions in them would be named.
                consumed.insert(name)
                if !Self.metadataFiles.contains(file) { try auditMetadata(name, in: tree, sink: sink) }
                continue
            }
            guard !folder.isEmpty, !folder.utf8.contains(UInt8(ascii: "/")), Self.isDayFile(file) else { continue }
            consumed.insert(name)
            dayFiles.append((name, folder))
        }
        // Day files are read in order a batch at a time; a batch is parsed, and its messages
        // read into records, on every core in the background while the batches before it are
        // recorded. The last batch is recorded on one core once the others are done, so batches
        // hold about a thirty-second of the export (64 KB to 4 MB, at most 64 files): with 64
        // files a batch, a 20,000-message export's last fifth and a million messages' last
        // second were recorded on one core.
        let folders = dayFiles.map {
            conversations[$0.folder] ?? conversationsByID[$0.folder] ?? ConversationInfo(platform: .slack, id: $0.folder, name: $0.folder)
        }
        let sizes = dayFiles.map { tree.size(of: $0.name) }
        let batchBytes = min(4 << 20, max(64 << 10, sizes.reduce(0, +) / 32))
        let displayNames = people
        func startBatch(at start: Int) -> (batch: Range<Int>, reading: BackgroundWork<[Result<DayFileRecords, Error>]>)? {
            guard start < dayFiles.count else { return nil }
            var end = start
            var bytes = 0
            while end < dayFiles.count, end - start < 64, end == start || bytes + sizes[end] <= batchBytes {
                bytes += sizes[end]
                end += 1
            }
            let batch = start..<end
            let files = batch.map { index -> (name: String, bytes: Result<[UInt8], Error>) in
                (tree.display(dayFiles[index].name), Result { try tree.contents(of: dayFiles[index].name) })
            }
            let infos = Array(folders[batch])
            // Parsed on every core, in the background; results in file order, errors included.
            return (batch, BackgroundWork {
                Concurrently.map(files.count) { offset in
                    Result { try Self.readDayFile(try files[offset].bytes.get(), name: files[offset].name, conversationID: infos[offset].id, names: displayNames) }
                }
            })
        }
        // Two batches are in flight: the files of the one after next are read while the cores
        // still parse the next one, so that they never wait for this thread's reading.
        var next = startBatch(at: 0)
        var following = next.flatMap { startBatch(at: $0.batch.upperBound) }
        var shared: [SharedReactions] = []
        while let (batch, reading) = next {
            let results = reading.wait()
            next = following
            following = next.flatMap { startBatch(at: $0.batch.upperBound) }
            for (index, result) in zip(batch, results) {
                let fileSink = sink(dayFiles[index].name)
                if index == 0 {
                    // The first batch's figures, scaled to every day file, size the ledger's tables.
                    let read = results.compactMap { try? $0.get().records }
                    let scale = Double(dayFiles.count) / Double(max(1, read.count))
                    fileSink.expect(messages: Int(Double(read.reduce(0) { $0 + $1.messageCount }) * scale),
                                    targets: Int(Double(read.reduce(0) { $0 + $1.targetCount }) * scale))
                }
                fileSink.conversation(folders[index])
                let day = try result.get()
                day.records.replay(into: fileSink)
                shared += day.shared.map { copy in
                    var copy = copy
                    copy.file = dayFiles[index].name
                    return copy
                }
            }
        }
        recordShared(shared, sink: sink)
        return consumed
    }

    /// Names the reactions in a workspace file that nothing reads (`integration_logs.json`…);
    /// a file that is not JSON is named as not read.
    func auditMetadata(_ name: String, in tree: InputTree, sink: (String) -> ImportSink) throws {
        let bytes = try tree.contents(of: name)
        guard let document = try? InputDocument.parse(bytes, name: tree.display(name), collectingReactionSites: true) else {
            sink(name).diagnose(.skippedFile, "not valid JSON; not read as part of the workspace")
            return
        }
        if let sites = document.reactionSites, !sites.isEmpty { sink(name).diagnoseUnreadReactions(in: document, readBy: .none) }
    }

    /// Counts the reactions of shared files and comments once per object, on its home message:
    /// every copy's reactions are recorded there (copies repeat the same reactions, which the
    /// ledger merges), each from the day file it was read in.
    func recordShared(_ shared: [SharedReactions], sink: (String) -> ImportSink) {
        guard !shared.isEmpty else { return }
        var copies: [String: [SharedReactions]] = [:]
        var order: [String] = []
        for copy in shared {
            if copies[copy.object] == nil { order.append(copy.object) }
            copies[copy.object, default: []].append(copy)
        }
        var sinks: [String: ImportSink] = [:]
        for object in order {
            let copies = copies[object]!
            let home = SharedReactions.home(copies)
            for copy in copies {
                var fileSink = sinks[copy.file] ?? sink(copy.file)
                sinks[copy.file] = fileSink
                Self.recordReactions(copy.reactions, on: home, into: &fileSink)
            }
        }
    }

    private static let dayFileSuffix = Array(".json".utf8)

    /// `YYYY-MM-DD.json`, read on UTF-8 bytes (a workspace lists thousands of day files).
    static func isDayFile(_ file: String) -> Bool {
        let bytes = file.utf8
        guard bytes.count == 15 else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            switch index {
            case 4, 7: return byte == UInt8(ascii: "-")
            case 10..<15: return byte == dayFileSuffix[index - 10]
            default: return byte >= 0x30 && byte <= 0x39
            }
        }
    }

    /// The folder and file name of a `/`-separated path, split at its last slash (found on
    /// UTF-8 bytes: a slash is one byte and never part of another character).
    func split(_ path: String) -> (folder: String, file: String) {
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return ("", path) }
        return (String(path[..<slash]), String(path[bytes.index(after: slash)...]))
    }
}
