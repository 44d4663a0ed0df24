/// Names close to one a person typed, for the "did you mean …?" of a command, a configuration
/// key, a time zone or a person's id that the program does not know.
public enum NameSuggestions {
    /// The edit distance of two texts, counted in characters: an insertion, a deletion, a
    /// substitution and a swap of two neighbours each cost 1 (`inpsect` is 1 from `inspect`).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        // Three rows of the table: two before the current one, for the swaps.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// The greatest distance at which a text of `length` characters is still taken for a slip
    /// of the typing rather than another word: 1 up to 4 characters, 2 up to 8, 3 beyond.
    public static func tolerance(forLength length: Int) -> Int {
        length <= 4 ? 1 : length <= 8 ? 2 : 3
    }

    /// The names nearest to `text`, case ignored, when they are within the tolerance of its
    /// length: every name at the smallest distance found, in the order given, at most `limit`.
    public static func closest(to text: String, among names: [String], limit: Int = 3) -> [String] {
        let typed = text.lowercased()
        let distances = names.map { distance(typed, $0.lowercased()) }
        guard let best = distances.min(), best <= tolerance(forLength: typed.count) else { return [] }
        return Array(zip(names, distances).filter { $0.1 == best }.map(\.0).prefix(limit))
    }

    /// The names as one alternative: "a", "a or b", "a, b or c".
    public static func alternatives(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
