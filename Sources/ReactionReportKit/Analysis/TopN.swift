/// The first `limit` elements of a sequence in a strict total order, kept while the sequence is
/// walked: the same as sorting everything and taking a prefix, without sorting everything.
enum TopN {
    /// - Parameter precedes: a strict total order (no two elements tie), best first.
    static func select<S: Sequence>(_ elements: S, limit: Int, by precedes: (S.Element, S.Element) -> Bool) -> [S.Element] {
        guard limit > 0 else { return [] }
        var best: [S.Element] = []
        // Room for the limit, or for all there are when fewer: a report over centuries has
        // thousands of empty weeks, each keeping its rankings.
        let room = min(limit, elements.underestimatedCount)
        if room > 0 { best.reserveCapacity(room + 1) }
        for element in elements {
            if best.count == limit, !precedes(element, best[best.count - 1]) { continue }
            var position = best.count
            while position > 0, precedes(element, best[position - 1]) { position -= 1 }
            best.insert(element, at: position)
            if best.count > limit { best.removeLast() }
        }
        return best
    }
}
