extension MessageSummary {
    /// The sum of the reactions' counts, held at the ends of `Int` (`Int.addingClamped`): the
    /// per-message total every figure after the ledger is made from. (`reactionCount`, beside
    /// the summary's fields, traps where this holds.)
    ///
    /// The ledger keeps each count within 0…1,000,000,000, so a real sum stays far below
    /// `Int.max`: it would take nine billion reactions at the largest count. Summaries made
    /// another way (a test builds them directly) can hold any `Int`, and no count may stop a
    /// build, so every sum of counts after the ledger is clamped: one that would pass `Int.max`
    /// is `Int.max`, one that would pass `Int.min` (negative counts) is `Int.min`. Clamping
    /// rather than wider arithmetic keeps every figure an `Int`, which the data files write as a
    /// 64-bit JSON number, and costs what the trapping add did: an add and a branch on its
    /// overflow flag.
    public var reactionTotal: Int {
        var total = 0
        for reaction in reactions { total = total.addingClamped(reaction.count) }
        return total
    }
}

extension Int {
    /// Adds `other` in place, held at the ends of `Int` (`addingClamped`): one lookup where the
    /// `Int` is a dictionary entry.
    @inline(__always)
    mutating func addClamped(_ other: Int) {
        self = addingClamped(other)
    }
}
