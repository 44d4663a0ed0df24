import InputFiles

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

/// Values kept beside a `SpilledStore`'s, by the same numbers, where most are one value
/// (`empty`): a chunk is made, all `empty`, only when a value other than that is written into
/// it, and reads elsewhere give `empty`. An add's identity and time, which a list of reactors
/// never gives, take no room for it. The chunks made are kept in a `RecordSpill` too.
struct SparseChunkedStore<Element: Equatable & BitwiseCopyable & Sendable>: Sendable {
    /// Where each chunk starts in `values` (-1: not made).
    private var starts: [Int] = []
    private let values: RecordSpill<Element>
    let chunkBits: Int
    let empty: Element

    /// - Parameter keptInMemory: bytes kept in memory before the file takes the rest (fewer
    ///   only in tests).
    init(chunkBits: Int, empty: Element, keptInMemory: Int = ReactionLedger.keptInMemory) {
        self.chunkBits = chunkBits
        self.empty = empty
        values = RecordSpill(maximumCount: Int(UInt32.max), keptInMemory: keptInMemory)
    }

    subscript(number: UInt32) -> Element {
        get {
            let chunk = Int(number) >> chunkBits
            guard chunk < starts.count, starts[chunk] >= 0 else { return empty }
            return values[starts[chunk] + Int(number) & ((1 << chunkBits) - 1)]
        }
        set {
            let chunk = Int(number) >> chunkBits
            if chunk >= starts.count || starts[chunk] < 0 {
                guard newValue != empty else { return }
                while starts.count <= chunk { starts.append(-1) }
                starts[chunk] = values.count
                for _ in 0..<(1 << chunkBits) { values.append(empty) }
            }
            values[starts[chunk] + Int(number) & ((1 << chunkBits) - 1)] = newValue
        }
    }

    /// Lets go of chunk `chunk`: its numbers must not be read again.
    func release(chunk: Int) {
        guard chunk < starts.count, starts[chunk] >= 0 else { return }
        values.release(starts[chunk]..<(starts[chunk] + (1 << chunkBits)))
    }

    /// Lets go of the pages read back since the last time (they are read again on demand).
    func dropResident() { values.dropResident() }
}

/// Records of plain numbers found by a 32-bit number, in a `RecordSpill`: past its first 16 MB
/// they live in a temporary file whose pages the process lets go of as the store grows
/// (`dropResident`), so a ledger's facts for tens of millions of reactions take disk, not
/// memory. Numbered in chunks like `ChunkedStore`, so that settling lets go of them the same way.
///
/// Copies share the records: a copy is for reading (settling's threads) while the original
/// only lets go of what they no longer read.
struct SpilledStore<Element: BitwiseCopyable & Sendable>: Sendable {
    private let spill: RecordSpill<Element>
    /// A number's chunk is the number shifted right by this (for `release`).
    let chunkBits: Int

    /// - Parameter keptInMemory: fewer bytes only in tests.
    init(chunkBits: Int = 16, keptInMemory: Int = ReactionLedger.keptInMemory) {
        precondition((1...24).contains(chunkBits), "chunks of 2 to 2^24 records")
        self.chunkBits = chunkBits
        spill = RecordSpill(maximumCount: Int(UInt32.max), keptInMemory: keptInMemory)
    }

    /// True when some records live in the file.
    var spills: Bool { spill.spills }

    var count: Int { spill.count }

    /// Appends `element` and returns its number.
    mutating func append(_ element: Element) -> UInt32 {
        precondition(spill.count < Int(UInt32.max), "the ledger holds fewer than 2^32 reaction records")
        return UInt32(spill.append(element))
    }

    subscript(number: UInt32) -> Element {
        get { spill[Int(number)] }
        nonmutating _modify { yield &spill[Int(number)] }
    }

    subscript(position: Int) -> Element {
        get { spill[position] }
        nonmutating _modify { yield &spill[position] }
    }

    var chunkCount: Int { (spill.count + (1 << chunkBits) - 1) >> chunkBits }
    func chunk(of number: UInt32) -> Int { Int(number) >> chunkBits }

    /// Lets go of chunk `chunk`: its numbers must not be read again.
    func release(chunk: Int) {
        spill.release((chunk << chunkBits)..<min(spill.count, (chunk + 1) << chunkBits))
    }

    /// Lets go of the pages read back since the last time (they are read again on demand).
    func dropResident() { spill.dropResident() }
}
