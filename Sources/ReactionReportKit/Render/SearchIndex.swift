import ByteOutput
import ParallelWork

/// The builtin search index: written by the build into the site's `search/` folder for sites
/// Pagefind cannot index (`SearchEngine`), and read by `assets/search-index.js` on `search.html`.
///
/// Messages are documents, numbered in time order (`documentOrder`). The files:
/// - `search/index.json`: `{"version", "documents", "docsPerChunk", "words", "filters"}`,
///   `words` being the first word of each shard (shard N is `search/words/N.bin`), for finding
///   which shard holds a word or the words with a prefix.
/// - `search/words/N.bin`: every distinct token of the messages' texts (`SearchText`) with the
///   documents that hold it, in ascending word order, cut into shards of about 64 kB
///   (`SearchPostings` says the encoding and the cutting).
/// - `search/filters.json`: for each kind (`conversation`, `author`, `emoji`, `week`) its values
///   in code point order, each `[value, messages, file, offset, length]`: the value's posting
///   list is `length` bytes at `offset` of `search/filters/<file>.bin`.
/// - `search/docs/N.json`: documents `N × docsPerChunk` on, each `[link, title, excerpt]`: its
///   anchor from the site's root, the title of its Pagefind record, and its text on one line
///   cut to `excerptLength` characters (`TextExcerpt`, as the rankings' excerpts are).
struct SearchIndex {
    /// The folder of the site that holds the index.
    static let folder = "search"
    /// The version of the format, in `index.json`.
    static let version = 1
    /// Documents per `docs/N.json`.
    static let docsPerChunk = 1_000
    /// Characters (at most) of a document's excerpt.
    static let excerptLength = 240
    /// The filter kinds, in the order of `filters.json`.
    static let filterKinds = ["conversation", "author", "emoji", "week"]
    /// The search page's script and styles under `assets/`, written only with the index.
    static let assets: Set<String> = ["search-index.js", "search.css", "search-index.css"]

    /// The messages, as the Pagefind records have them (the same text, title and filters).
    let records: SearchRecords
    /// The size shards and filter files are cut at.
    var fileBytes = SearchPostings.fileBytes

    /// The message indexes of `times` (the messages' times, in site order) in document order:
    /// by time, messages without one last, ties in site order. Document numbers grow with time,
    /// so a walk from the highest down gives the newest first.
    static func documentOrder(_ times: [Timestamp?]) -> [Int] {
        times.indices.sorted { a, b in
            switch (times[a], times[b]) {
            case let (x?, y?): return x != y ? x < y : a < b
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a < b
            }
        }
    }

    /// Writes every file of the index through `writer`: the documents as they are made (on every
    /// core, a chunk at a time), then the word shards, the filter files and the two JSON files.
    func write(to writer: SiteWriter) throws {
        let messages = records.layout.messages
        let order = Self.documentOrder(messages.indices.map { messages[$0].sentAt })
        var words = SearchPostingLists()
        var filters = Self.filterKinds.map { _ in SearchPostingLists() }
        let chunks = (order.count + Self.docsPerChunk - 1) / Self.docsPerChunk
        try Concurrently.inOrder(
            chunks, window: 4,
            make: { chunk in documents(chunk, order: order) },
            consume: { chunk in
                try writer.write("\(Self.folder)/docs/\(chunk.number).json", chunk.json)
                for (offset, document) in chunk.documents.enumerated() {
                    let number = UInt32(chunk.number * Self.docsPerChunk + offset)
                    for word in document.words { words.add(word, number) }
                    for (kind, values) in document.filters.enumerated() {
                        for value in values { filters[kind].add(value, number) }
                    }
                }
            })
        let shards = try writeWords(words, to: writer)
        let filtersJSON = try writeFilters(filters, to: writer)
        try writer.write("\(Self.folder)/filters.json", ByteBuffer(filtersJSON))
        let index = JSONText.object([
            ("version", String(Self.version)), ("documents", String(order.count)), ("docsPerChunk", String(Self.docsPerChunk)),
            ("words", JSONText.array(shards.map { JSONText.quote($0) })), ("filters", JSONText.quote("filters.json"))
        ])
        try writer.write("\(Self.folder)/index.json", ByteBuffer(index))
    }

    /// One chunk of documents: its `docs/N.json` and each document's distinct words and filter
    /// values.
    struct Chunk {
        var number: Int
        var json: ByteBuffer
        var documents: [(words: [String], filters: [[String]])]
    }

    /// Makes the chunk `number` of the documents in `order`.
    func documents(_ number: Int, order: [Int]) -> Chunk {
        let range = number * Self.docsPerChunk..<min(order.count, (number + 1) * Self.docsPerChunk)
        let json = ByteBuffer(capacity: range.count * 400)
        var documents: [(words: [String], filters: [[String]])] = []
        documents.reserveCapacity(range.count)
        json.append(UInt8(ascii: "["))
        for document in range {
            let record = records.record(order[document])
            if document > range.lowerBound { json.append(literal: ",\n") }
            json.append(UInt8(ascii: "["))
            json.appendJSONString(record.url)
            json.append(UInt8(ascii: ","))
            json.appendJSONString(record.title)
            json.append(UInt8(ascii: ","))
            json.appendJSONString(
                TextExcerpt.make(record.content, deleted: records.layout.messages[order[document]].deleted, limit: Self.excerptLength))
            json.append(UInt8(ascii: "]"))
            var words = Set<String>()
            SearchText.forEachToken(record.content) { words.insert($0) }
            documents.append((Array(words), [[record.conversation], [record.author], record.emoji, record.week.isEmpty ? [] : [record.week]]))
        }
        json.append(literal: "]\n")
        return Chunk(number: number, json: json, documents: documents)
    }

    /// Writes the word shards; returns each one's first word.
    func writeWords(_ words: SearchPostingLists, to writer: SiteWriter) throws -> [String] {
        let sorted = words.sortedKeys()
        let sizes = sorted.map { SearchPostings.entryLength(word: $0.key, documents: words.lists[$0.list]) }
        var firsts: [String] = []
        for (number, range) in SearchPostings.files(sizes: sizes, limit: fileBytes).enumerated() {
            let shard = ByteBuffer(capacity: range.reduce(0) { $0 + sizes[$1] })
            for position in range { SearchPostings.append(word: sorted[position].key, documents: words.lists[sorted[position].list], to: shard) }
            try writer.write("\(Self.folder)/words/\(number).bin", shard)
            firsts.append(sorted[range.lowerBound].key)
        }
        return firsts
    }

    /// Writes the filter files; returns `filters.json`.
    func writeFilters(_ filters: [SearchPostingLists], to writer: SiteWriter) throws -> String {
        let values = filters.map { $0.sortedKeys() }
        let all = values.enumerated().flatMap { kind, keys in keys.map { (kind: kind, key: $0.key, list: filters[kind].lists[$0.list]) } }
        let sizes = all.map { SearchPostings.entryLength(word: nil, documents: $0.list) }
        var entries = Self.filterKinds.map { _ in [String]() }
        for (number, range) in SearchPostings.files(sizes: sizes, limit: fileBytes).enumerated() {
            let file = ByteBuffer(capacity: range.reduce(0) { $0 + sizes[$1] })
            for position in range {
                let value = all[position]
                let offset = file.count
                SearchPostings.append(postings: value.list, to: file)
                entries[value.kind].append(
                    JSONText.array([JSONText.quote(value.key), String(value.list.count), String(number), String(offset), String(sizes[position])]))
            }
            try writer.write("\(Self.folder)/filters/\(number).bin", file)
        }
        return JSONText.object(Self.filterKinds.enumerated().map { ($1, JSONText.array(entries[$0])) })
    }
}

/// Posting lists by key (a word, or a filter value), filled in ascending document order.
struct SearchPostingLists {
    /// Each key's position in `lists`.
    private(set) var keys: [String: Int] = [:]
    /// The documents of each key, ascending, each once.
    private(set) var lists: [[UInt32]] = []

    /// Adds `document` (no lower than any added before) to `key`'s list.
    mutating func add(_ key: String, _ document: UInt32) {
        if let list = keys[key] {
            if lists[list].last != document { lists[list].append(document) }
        } else {
            keys[key] = lists.count
            lists.append([document])
        }
    }

    /// The keys in ascending UTF-8 byte order (code point order), with their lists' positions.
    func sortedKeys() -> [(key: String, list: Int)] {
        keys.map { (key: $0.key, list: $0.value) }.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }
}
