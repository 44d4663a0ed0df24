import JSONReader

/// Reads a Slack workspace export, as a folder or a `.zip` read in place: `users.json` (and
/// `org_users.json`) for names, `channels.json`, `groups.json`, `mpims.json` and `dms.json` for
/// conversations, and one `<conversation>/<YYYY-MM-DD>.json` array of messages per day.
///
/// Reactions are `{name, users, count}`: `count` is the total, `users` may list fewer. Direct
/// messages are marked as such; the build leaves them out unless `includeDirectMessages` is set.
///
/// The metadata files are read when the workspace is opened; the day files are then parsed
/// (`SlackImporter+DayFile.swift`) and recorded as `ImportRun` schedules them; the reactions of
/// shared files and comments are recorded last, once per object (`recordShared`).
public struct SlackImporter: WorkspaceImporter {
    public let platform = Platform.slack

    public init() {}

    public static let workspace = InputFormat(
        id: "slack-export", platform: .slack,
        summary: "workspace export, folder or .zip (users.json, channels.json, <channel>/<YYYY-MM-DD>.json)",
        recognisedBy: "a folder holding channels.json, users.json, groups.json, dms.json or mpims.json, or folders of YYYY-MM-DD.json day files",
        reactionMembers: dayFileMembers, statement: .messagesWithReactions)

    public var formats: [InputFormat] { [Self.workspace] }

    static let metadataFiles: Set<String> = ["channels.json", "users.json", "org_users.json", "groups.json", "dms.json", "mpims.json"]

    /// What a workspace's day files are parsed and recorded with.
    public struct Workspace: Sendable {
        /// Display names from `users.json` (and `org_users.json`), by user id.
        let names: [String: String]
        /// The conversation of each day file, in the order listed.
        let conversations: [ConversationInfo]
    }

    /// Workspaces: the folders holding a metadata file, else the parents of folders of day files.
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

    /// Reads the people and conversations of the workspace at `root`, names the reactions in
    /// its other metadata files, and lists its day files (`<conversation>/<YYYY-MM-DD>.json`).
    public func openWorkspace(_ tree: InputTree, root: String, sink: (String) -> ImportSink) throws -> WorkspaceContents<Workspace> {
        let prefix = root.isEmpty ? "" : root + "/"
        let names = Set(tree.names)
        var consumed: Set<String> = []
        func document(_ file: String) throws -> InputDocument? {
            guard names.contains(prefix + file) else { return nil }
            consumed.insert(prefix + file)
            return try InputDocument.parse(try tree.contents(of: prefix + file), name: tree.display(prefix + file), collectingReactionSites: true)
        }
        let people = try readPeople(document, prefix: prefix, sink: sink)
        let (conversations, conversationsByID) = try readConversations(document, people: people, prefix: prefix, sink: sink)

        var dayFiles: [String] = []
        var folders: [ConversationInfo] = []
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
            dayFiles.append(name)
            folders.append(conversations[folder] ?? conversationsByID[folder] ?? ConversationInfo(platform: .slack, id: folder, name: folder))
        }
        return WorkspaceContents(workspace: Workspace(names: people, conversations: folders), files: dayFiles, consumed: consumed)
    }

    /// Records the people of `users.json` and `org_users.json`; returns their display names.
    func readPeople(_ document: (String) throws -> InputDocument?, prefix: String, sink: (String) -> ImportSink) throws -> [String: String] {
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
                if user["is_bot"]?.bool == true { usersSink.bot(.slack, id: id) }
                if let name { people[id] = name }
            }
        }
        return people
    }

    /// Conversations by the folder names an export may give them: their name (channels,
    /// groups, group DMs), and their id (DMs; some exporters name every folder by id).
    func readConversations(
        _ document: (String) throws -> InputDocument?, people: [String: String], prefix: String,
        sink: (String) -> ImportSink
    ) throws -> (byName: [String: ConversationInfo], byID: [String: ConversationInfo]) {
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
        return (conversations, conversationsByID)
    }

    /// Parses a day file into records (`readDayFile`).
    public func parse(_ bytes: [UInt8], file: WorkspaceFile, in workspace: Workspace) throws -> DayFileRecords {
        try Self.readDayFile(bytes, name: file.displayName, conversationID: workspace.conversations[file.index].id, names: workspace.names)
    }

    /// Records a day file's conversation and records; the reactions of the files and comments
    /// its messages carry are left for `finish`, marked with the day file they were read in.
    public func record(_ day: DayFileRecords, file: WorkspaceFile, in workspace: Workspace, into sink: ImportSink) -> [SharedReactions] {
        sink.conversation(workspace.conversations[file.index])
        day.records.replay(into: sink)
        return day.shared.map { copy in
            var copy = copy
            copy.file = file.name
            return copy
        }
    }

    /// Records the reactions of shared files and comments, once per object (`recordShared`).
    public func finish(_ shared: [SharedReactions], in workspace: Workspace, sink: (String) -> ImportSink) {
        recordShared(shared, sink: sink)
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
    /// ledger merges), each from the day file it was read in. Their problems are named once,
    /// from the first copy the home message carries.
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
            let named = copies.firstIndex { $0.target == home }
            for (index, copy) in copies.enumerated() {
                var fileSink = sinks[copy.file] ?? sink(copy.file)
                sinks[copy.file] = fileSink
                Self.recordReactions(of: copy, on: home, diagnosing: index == named, into: &fileSink)
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
