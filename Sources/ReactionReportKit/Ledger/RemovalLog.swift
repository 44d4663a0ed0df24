/// The removals the ledger has recorded, by identity, each with the file that gave it first and
/// its identity as written (for the diagnostic of a removal that matches no add). The texts are
/// kept one after another in one array of bytes, so a removal costs its dictionary slot and the
/// bytes of its identity, with no allocation of its own: an event log of millions of lines
/// holds hundreds of thousands of removals.
struct RemovalLog {
    /// Where a removal came from: its file's number and its identity's bytes in `texts`.
    struct Source {
        var start: Int
        var length: UInt32
        var file: Int32
    }

    private var sources: [ReactionLedger.RemovalKey: Source] = [:]
    private var texts: [UInt8] = []

    /// True when no removal was recorded.
    var isEmpty: Bool { sources.isEmpty }

    /// The removal of `key`, if one was recorded.
    subscript(key: ReactionLedger.RemovalKey) -> Source? { sources[key] }

    /// Records the removal of `key`, written `ref`, read from file number `file`; a removal
    /// recorded before keeps its first file and text.
    mutating func record(_ key: ReactionLedger.RemovalKey, ref: String, file: Int32) {
        guard sources[key] == nil else { return }
        let start = texts.count
        texts.append(contentsOf: ref.utf8)
        sources[key] = Source(start: start, length: UInt32(texts.count - start), file: file)
    }

    /// The removals not in `matched`, with their files' numbers and identities as written, in
    /// the order of those identities.
    func unmatched(excluding matched: Set<ReactionLedger.RemovalKey>) -> [(key: ReactionLedger.RemovalKey, file: Int32, ref: String)] {
        var found: [(key: ReactionLedger.RemovalKey, file: Int32, ref: String)] = []
        for (key, source) in sources where !matched.contains(key) {
            let ref = String(decoding: texts[source.start..<source.start + Int(source.length)], as: UTF8.self)
            found.append((key, source.file, ref))
        }
        found.sort { $0.ref < $1.ref }
        return found
    }
}
