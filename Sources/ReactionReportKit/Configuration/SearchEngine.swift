/// What builds the search index (`searchEngine`, `--search-engine`), with `search` on.
public enum SearchEngine: String, Sendable, CaseIterable {
    /// Pagefind up to `pagefindLimit` messages, the builtin index above.
    case auto
    /// Pagefind (`Pagefind`), into `pagefind/`.
    case pagefind
    /// The builtin index (`SearchIndex`), into `search/`.
    case builtin

    /// The most messages `auto` has Pagefind index. Pagefind's service holds about 12 kB a
    /// record and its time grows faster than the count (40,000 records 60 s and 583 MB, 80,000
    /// 103 s and 956 MB; 100,000 messages 773 s, 1.9 GB and 100,122 files through the build).
    public static let pagefindLimit = 50_000

    /// The engine a site of `messages` messages is indexed with: `auto` resolved by the count.
    public func resolved(messages: Int) -> SearchEngine {
        guard self == .auto else { return self }
        return messages <= Self.pagefindLimit ? .pagefind : .builtin
    }
}

extension BuildOptions {
    /// The engine that indexes a site of `messages` messages, or nil when the site has no search
    /// (`search` off, or no HTML).
    public func searchEngine(messages: Int) -> SearchEngine? {
        guard search, formats.contains(.html) else { return nil }
        return searchEngine.resolved(messages: messages)
    }
}
