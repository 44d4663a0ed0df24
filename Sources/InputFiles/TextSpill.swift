import Foundation
import Synchronization

// Every public call is safe: the mapping and its pointers are used inside the module only.

/// Texts kept in a temporary file instead of in memory, and read back on demand: a
/// million-message export holds a hundred megabytes of message text that only the pages and
/// data files read, once each, long after the input was read.
///
/// One thread appends (`keep`) while the input is read; `seal()` then maps the file, and from
/// then on any thread reads (`text`). The file is unlinked as soon as it is made, so nothing is
/// left behind, whatever happens to the process. The pages read are dropped from the process's
/// memory whenever 8 MB of them are mapped (they stay in the page cache), so reading every text
/// back, in any order, does not hold them all.
public final class TextSpill: @unchecked Sendable {
    /// Where one text lies in the file: 40 bits of offset, 24 of length.
    public struct Reference: Sendable, Hashable {
        fileprivate let bits: UInt64
        fileprivate init(offset: Int, length: Int) { bits = UInt64(offset) << 24 | UInt64(length) }
        fileprivate var offset: Int { Int(bits >> 24) }
        /// The text's length in UTF-8 bytes.
        public var length: Int { Int(bits & 0xFF_FFFF) }
    }

    /// The longest text kept (longer ones stay in memory): 16 MB, 24 bits of length.
    public static let maximumLength = 0xFF_FFFF
    private static let maximumOffset = 1 << 40
    private static let bufferSize = 1 << 20
    /// The kernel maps a file's pages 64 kB at a time around the one a read touches (Linux's
    /// `fault_around_bytes`), the unit counted here: a text read in a block not read since the
    /// last drop maps one more.
    private static let blockBits = 16
    /// Blocks mapped before they are dropped: 8 MB.
    private static let dropEvery = 128

    private let file: FileHandle
    private var pending: [UInt8] = []
    private var written = 0
    private var failed = false
    private var sealed = false
    private var mapping: UnsafeMutableRawPointer?
    private var mappedLength = 0
    /// A bit a block of the mapping, read since the last drop; and the blocks newly read, by
    /// every thread: the pages read are let go every `dropEvery` of them.
    private let touched = Mutex<(bits: [UInt64], blocksRead: Int)>(([], 0))
    /// The last block a read ended in (-1 after a drop): a read within it, as most reads of a
    /// pass in order are, maps nothing new and takes no lock.
    private let lastBlock = Atomic<Int>(-1)
    /// How many times the pages read were let go (for tests).
    let drops = Atomic<Int>(0)

    /// A spill file in `folder` (the system's temporary folder by default); nil when none can
    /// be made, and the caller keeps its texts in memory.
    public init?(folder: String? = nil) {
        guard let made = SpillFolder.makeFile(in: folder, named: "texts") else { return nil }
        file = FileHandle(fileDescriptor: made, closeOnDealloc: true)
        pending.reserveCapacity(Self.bufferSize)
    }

    deinit {
        if let mapping { munmap(mapping, mappedLength) }
    }

    /// Keeps `text` in the file; nil when it cannot (too long, a write failed, or the spill is
    /// already sealed), and the caller keeps it in memory.
    public func keep(_ text: String) -> Reference? {
        let length = text.utf8.count
        guard !failed, !sealed, length <= Self.maximumLength, written + pending.count + length < Self.maximumOffset else { return nil }
        let reference = Reference(offset: written + pending.count, length: length)
        pending.append(contentsOf: text.utf8)
        if pending.count >= Self.bufferSize { flush() }
        return failed ? nil : reference
    }

    /// Ends keeping: writes what is pending and maps the file for reading. What a failed write
    /// (a full disk) left unwritten stays in memory and is read from there; nothing is lost.
    public func seal() {
        guard !sealed else { return }
        sealed = true
        flush()
        guard written > 0 else { return }
        let mapped = mmap(nil, written, PROT_READ, MAP_PRIVATE, file.fileDescriptor, 0)
        if mapped != MAP_FAILED {
            mapping = mapped
            mappedLength = written
            let words = ((written - 1) >> Self.blockBits) / 64 + 1
            touched.withLock { $0.bits = [UInt64](repeating: 0, count: words) }
        } else {
            // No mapping: the file's bytes are read into memory once.
            guard (try? file.seek(toOffset: 0)) != nil, let data = try? file.read(upToCount: written), data.count == written else {
                preconditionFailure("the spill file cannot be read back")
            }
            pending = [UInt8](data) + pending
            written = 0
        }
    }

    /// The text `reference` names (the spill must be sealed).
    public func text(_ reference: Reference) -> String {
        guard reference.length > 0 else { return "" }
        precondition(sealed, "a spilled text read before the spill was sealed")
        let (offset, end) = (reference.offset, reference.offset + reference.length)
        precondition(end <= written + pending.count, "a reference outside the spill")
        // A flush writes all that is pending or nothing, so a text lies wholly in the file or
        // wholly in what a failed write (or a spill that could not be mapped) left in memory.
        guard end <= written else { return String(decoding: pending[(offset - written)..<(end - written)], as: UTF8.self) }
        let text = String(decoding: UnsafeRawBufferPointer(start: mapping! + offset, count: reference.length), as: UTF8.self)
        noteRead(from: offset, to: end)
        return text
    }

    /// Counts the blocks of `offset..<end` not read since the last drop, and lets every page
    /// go when `dropEvery` have been: counted by blocks mapped, not bytes read, since a pass
    /// that reads a short text here and there (a person's latest messages, a week's top ones)
    /// maps 64 kB for each, and by the file's blocks, not its offsets, since a pass in another
    /// order than the file's (report order over many conversations' files) maps as much as
    /// one in order. A read racing a drop may map its block uncounted: one block a thread, at most.
    private func noteRead(from offset: Int, to end: Int) {
        guard let mapping else { return }
        let (first, last) = (offset >> Self.blockBits, (end - 1) >> Self.blockBits)
        if first == last, lastBlock.load(ordering: .relaxed) == first { return }
        lastBlock.store(last, ordering: .relaxed)
        let drop = touched.withLock { state in
            var drop = false
            for block in first...last {
                let (word, bit) = (block >> 6, UInt64(1) << UInt64(block & 63))
                guard state.bits[word] & bit == 0 else { continue }
                state.bits[word] |= bit
                state.blocksRead += 1
                guard state.blocksRead % Self.dropEvery == 0 else { continue }
                for index in state.bits.indices { state.bits[index] = 0 }
                drop = true
            }
            return drop
        }
        guard drop else { return }
        lastBlock.store(-1, ordering: .relaxed)
        madvise(mapping, mappedLength, MADV_DONTNEED)
        drops.add(1, ordering: .relaxed)
    }

    /// Writes what is pending; what a failed write leaves stays pending, in memory, for good
    /// (the file's end is where the written bytes end: a failed write is not retried).
    private func flush() {
        guard !failed, !pending.isEmpty else { return }
        do {
            try file.write(contentsOf: pending)
            written += pending.count
            pending.removeAll(keepingCapacity: true)
        } catch {
            failed = true
            // What the failed write put in the file is not trusted: the file ends where the
            // written bytes end, and the rest is read from memory.
            try? file.truncate(atOffset: UInt64(written))
        }
    }
}
