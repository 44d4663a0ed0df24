/// When each input was taken, and what it states: the ledger's table of snapshots. Every file
/// read belongs to one snapshot (a single document is one; a workspace export, all its files,
/// is one), whose time is the time the input gives (`fetchedAt`, DiscordChatExporter's
/// `exportedAt`) or the file's modification time, and whose number is its place in reading
/// order. Snapshots are ordered by time alone: two taken at the same time (or without a time)
/// are as one, and their copies of a message are merged as one export's are.
///
/// It also keeps, for each message, which copy is the newest (whose text and deletion the
/// message has) and which is the newest that states the message's reactions
/// (`MessageCopies`). The file of a message's first copy is found from the runs of messages
/// recorded from each file (`runs`), so that nothing is kept per message until copies from
/// two snapshots meet; from then on, 8 bytes a message.
struct SnapshotTable {
    /// A snapshot's place in time: when it was taken (nanoseconds since 1970; `Int64.min` when
    /// nothing says). Snapshots of one time are equal: neither is newer.
    struct Key: Comparable {
        var time: Int64

        static func < (a: Key, b: Key) -> Bool { a.time < b.time }
    }

    /// The newest copies of a message: the file of the newest copy, and of the newest copy
    /// whose file states its reactions (-1: none).
    struct MessageCopies: Equatable {
        var newest: Int32
        var stating: Int32
    }

    /// The time of each snapshot, by number, and whether the input gave it (else it is a file's
    /// modification time, which orders snapshots but places no event before or after one:
    /// copying a file changes it).
    private var times: [Int64] = []
    private var given: [Bool] = []
    /// The snapshot of each file, and what it states, by file number.
    private var fileSnapshots: [Int32] = []
    private var fileStatements: [InputFormat.Statement] = []
    /// The first position in the ledger's message list of each run of messages recorded from
    /// one file, with the file; a message's first copy is from the file of its run.
    private var runs: [(start: Int, file: Int32)] = []
    /// The newest copies of every message, by position, once copies of a message from two
    /// snapshots have met (empty before); `unknown` where the first copy is the only one known.
    private var newest: [Int32] = []
    private var newestStating: [Int32] = []
    private static let unknown = Int32.min
    /// The messages a newer copy shows deleted and an older one not, by position.
    var deletedInNewerCopy: Set<UInt32> = []
    /// The snapshots anything was recorded from (once two of different times are, copies may
    /// disagree).
    private var recorded: Set<Int32> = []
    private var lastRecordedFile: Int32 = -2

    /// Begins a snapshot taken at `time` (nil: unknown), numbered in reading order; `given`
    /// when the input says so rather than a file's time.
    mutating func begin(at time: Timestamp?, given: Bool = false) -> Int32 {
        times.append(time?.nanoseconds ?? .min)
        self.given.append(given && time != nil)
        return Int32(times.count - 1)
    }

    /// Sets the time of snapshot `number` (a file's time), once its files are known.
    mutating func setTime(_ time: Timestamp?, of number: Int32) {
        times[Int(number)] = time?.nanoseconds ?? .min
    }

    /// The time the input gives file `file`'s snapshot (nil: none, or only a file's time).
    func givenTime(_ file: Int32) -> Int64? {
        guard file >= 0 else { return nil }
        let number = Int(fileSnapshots[Int(file)])
        return given[number] ? times[number] : nil
    }

    /// Registers the next file: of `snapshot` (nil: one of its own, without a time), stating
    /// `statement`.
    mutating func addFile(snapshot: Int32?, statement: InputFormat.Statement) {
        fileSnapshots.append(snapshot ?? begin(at: nil))
        fileStatements.append(statement)
    }

    /// Marks file `file` as one whose copies state nothing of reactions (PubNub history without
    /// actions).
    mutating func statesNothing(_ file: Int) {
        fileStatements[file] = .events
    }

    /// The snapshot key of file `file` (-1, a message recorded without a file: of no time).
    func key(_ file: Int32) -> Key {
        guard file >= 0 else { return Key(time: .min) }
        return Key(time: times[Int(fileSnapshots[Int(file)])])
    }

    /// True when what was recorded comes from snapshots of more than one time, so that copies
    /// of a message may disagree.
    var spansSeveralTimes: Bool {
        Set(recorded.map { $0 >= 0 ? times[Int($0)] : .min }).count > 1
    }

    /// What file `file` states (-1: nothing).
    func statement(_ file: Int32) -> InputFormat.Statement {
        file >= 0 ? fileStatements[Int(file)] : .events
    }

    /// Notes that file `file` recorded something (cheap for a run of records from one file).
    mutating func noteRecorded(_ file: Int32) {
        guard file != lastRecordedFile else { return }
        lastRecordedFile = file
        recorded.insert(file >= 0 ? fileSnapshots[Int(file)] : -1)
    }

    /// Notes a message recorded for the first time, at `position`, from file `file`.
    mutating func noteFirstCopy(at position: Int, file: Int32) {
        noteRecorded(file)
        if runs.last?.file != file { runs.append((position, file)) }
        if !newest.isEmpty {
            newest.append(Self.unknown)
            newestStating.append(Self.unknown)
        }
    }

    /// The file of the first copy of the message at `position`.
    func firstFile(of position: Int) -> Int32 {
        var low = 0, high = runs.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if runs[middle].start <= position { low = middle } else { high = middle }
        }
        return runs.isEmpty ? -1 : runs[low].file
    }

    /// The copies known of the message at `position`: those recorded, else its first alone.
    func copies(of position: Int) -> MessageCopies {
        if !newest.isEmpty, newest[position] != Self.unknown { return MessageCopies(newest: newest[position], stating: newestStating[position]) }
        let first = firstFile(of: position)
        return MessageCopies(newest: first, stating: statement(first) == .messagesWithReactions ? first : -1)
    }

    /// Keeps `copies` as the newest of the message at `position`, one of `count` messages.
    mutating func setCopies(_ copies: MessageCopies, of position: Int, count: Int) {
        if newest.isEmpty {
            newest = [Int32](repeating: Self.unknown, count: count)
            newestStating = newest
        }
        newest[position] = copies.newest
        newestStating[position] = copies.stating
    }
}

extension InputFormat {
    /// What a file of a format states about reactions, and so how its facts are weighed against
    /// other snapshots of the same messages.
    public enum Statement: Sendable, Hashable {
        /// Its message copies state each message's whole set of reactions when the file was
        /// taken (a Slack or Discord export, a PubNub history page with actions): the newest
        /// such copy of a message decides its reactions.
        case messagesWithReactions
        /// It states, for each message it lists, who had reacted when it was taken, and no
        /// message (CometChat's per-message reactions list).
        case reactorsOfMessages
        /// Adds and removals, each at its own time (event logs, action lists), or messages
        /// without their reactions: nothing here states a message's whole set.
        case events
    }
}
