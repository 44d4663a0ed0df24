/// Values kept in chunks of 65,536 (by default), found by a 32-bit number (chunk and place), so
/// that the store grows without copying what it holds or holding room it may never use (an
/// array of a million messages grown by doubling holds up to twice their size, and both
/// copies while it grows), and a chunk no longer needed can be let go of while the others are
/// kept (`release`).
struct ChunkedStore<Element> {
    private var chunks: [[Element]] = []
    private(set) var count = 0
    /// A number is its chunk's number shifted left by this, plus its place in the chunk.
    let chunkBits: Int

    init(chunkBits: Int = 16) {
        precondition((1...24).contains(chunkBits), "chunks of 2 to 2^24 records")
        self.chunkBits = chunkBits
    }

    /// Appends `element` and returns its number.
    mutating func append(_ element: Element) -> UInt32 {
        precondition(count < Int(UInt32.max), "the ledger holds fewer than 2^32 reaction records")
        if count & ((1 << chunkBits) - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(1 << chunkBits)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
        return UInt32(count - 1)
    }

    subscript(number: UInt32) -> Element {
        get { chunks[Int(number) >> chunkBits][Int(number) & ((1 << chunkBits) - 1)] }
        _modify { yield &chunks[Int(number) >> chunkBits][Int(number) & ((1 << chunkBits) - 1)] }
    }

    subscript(position: Int) -> Element {
        get { self[UInt32(position)] }
        _modify { yield &self[UInt32(position)] }
    }

    /// Every element in one array of their number, each chunk let go of as soon as it is
    /// moved; the store is left empty.
    mutating func takeAll() -> [Element] {
        var all: [Element] = []
        all.reserveCapacity(count)
        for chunk in chunks.indices {
            all.append(contentsOf: chunks[chunk])
            chunks[chunk] = []
        }
        chunks = []
        count = 0
        return all
    }

    /// The number of chunks, and the chunk a number is in.
    var chunkCount: Int { chunks.count }
    func chunk(of number: UInt32) -> Int { Int(number) >> chunkBits }

    /// Lets go of chunk `chunk`: its numbers must not be read again.
    mutating func release(chunk: Int) {
        chunks[chunk] = []
    }
}

/// Values kept beside a `ChunkedStore`'s, by the same numbers, where most are one value
/// (`empty`): a chunk is made, all `empty`, only when a value other than that is written into
/// it, and reads elsewhere give `empty`. An add's identity and time, which a list of reactors
/// never gives, take no room for it.
struct SparseChunkedStore<Element: Equatable> {
    private var chunks: [[Element]] = []
    let chunkBits: Int
    let empty: Element

    init(chunkBits: Int, empty: Element) {
        self.chunkBits = chunkBits
        self.empty = empty
    }

    subscript(number: UInt32) -> Element {
        get {
            let chunk = Int(number) >> chunkBits
            guard chunk < chunks.count, !chunks[chunk].isEmpty else { return empty }
            return chunks[chunk][Int(number) & ((1 << chunkBits) - 1)]
        }
        set {
            let chunk = Int(number) >> chunkBits
            if chunk >= chunks.count || chunks[chunk].isEmpty {
                guard newValue != empty else { return }
                while chunks.count <= chunk { chunks.append([]) }
                chunks[chunk] = Array(repeating: empty, count: 1 << chunkBits)
            }
            chunks[chunk][Int(number) & ((1 << chunkBits) - 1)] = newValue
        }
    }

    /// Lets go of chunk `chunk`: its numbers must not be read again.
    mutating func release(chunk: Int) {
        if chunk < chunks.count { chunks[chunk] = [] }
    }
}
