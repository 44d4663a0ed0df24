/// The threads of a report: each reply's root (followed up through replies to replies, as
/// Telegram and Discord chain them), each root's replies in message order, and each root's
/// thread page. Made only when the report has replies.
struct ThreadIndex {
    /// The replies of each root with replies, by message index, in message order.
    private(set) var replies: [Int: [Int]] = [:]
    /// The root of each reply whose thread's first message is in the report.
    private(set) var root: [Int: Int] = [:]
    /// The thread page of each root, relative to its conversation's folder
    /// (`thread-<16 hex digits>.html`, `-2`… where two roots' ids hash alike).
    private(set) var fileName: [Int: String] = [:]
    /// Roots in message order, for writing their pages in order.
    private(set) var roots: [Int] = []

    /// How far up a chain of replies a root is looked for: a chain longer than that, or one
    /// that loops, is cut there.
    static let deepest = 10_000

    /// No threads.
    static let none = ThreadIndex()

    private init() {}

    init(_ layout: SiteLayout) {
        let messages = layout.messages
        guard messages.contains(where: { $0.replyToID != nil }) else { return }
        var parentOf: [Int: Int] = [:]
        for index in messages.indices {
            guard let parent = messages[index].replyToID, parent != messages[index].id,
                let parentIndex = layout.index(of: parent, in: messages[index]), parentIndex != index
            else { continue }
            parentOf[index] = parentIndex
        }
        var taken: [String: Set<String>] = [:]
        for index in messages.indices {
            guard var top = parentOf[index] else { continue }
            var steps = 0
            while let next = parentOf[top], next != index, steps < Self.deepest {
                top = next
                steps += 1
            }
            root[index] = top
            if replies[top] == nil {
                roots.append(top)
            }
            replies[top, default: []].append(index)
        }
        // Names in root order, so that which of two alike roots gets `-2` does not change.
        roots.sort()
        for top in roots {
            let conversation = layout.conversation(of: messages[top]).slug
            let base = "thread-" + StableHash.hex(messages[top].id)
            var name = base + ".html"
            var suffix = 2
            while taken[conversation, default: []].contains(name) {
                name = base + "-\(suffix).html"
                suffix += 1
            }
            taken[conversation, default: []].insert(name)
            fileName[top] = name
        }
    }

    /// `1 reply`, `12 replies`.
    static func repliesText(_ count: Int, _ locale: LocaleFormat) -> String { locale.counted(count, "reply", plural: "replies") }
}
