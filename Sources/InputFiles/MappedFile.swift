import CPosix
import Foundation

// Every public call is safe: the mapping's address is used inside the package's performance
// modules only (`package` members), and never outlives the file object that owns it.

/// A regular file mapped read-only into memory (`PROT_READ`, `MAP_PRIVATE`): a single-file
/// export of several gigabytes is read where it lies instead of being copied into the process.
///
/// The mapping is never written, so every page of it is a copy of the file's page in the page
/// cache: a page let go (`PassedPages`) costs nothing to keep and is read back from the cache
/// when it is read again. Readers that go through the file front to back let go of the pages
/// behind them every `dropInterval` bytes, so a pass over the whole file holds only the last
/// stretch of it. The file is unmapped when the object goes away; whoever reads it holds it.
///
/// Another program may truncate the file while it is mapped: a read of a page past its new end,
/// which would stop the process (SIGBUS), reads zeros instead (`rr_guard_mapping`), and
/// `changedWhileRead` says so, for the reader to report the file as changed under it rather
/// than as malformed; so it does when the file is now shorter than mapped (the rest of its last
/// page reads as zeros without a fault), or when a reader found bytes it had validated no
/// longer valid (`noteChanged`: a file rewritten in place shows its new bytes in the pages read
/// after the change).
///
/// Sendable though it holds an address: the address and size never change, the memory behind
/// them is only read (a drop makes a page read again from the file, not different), and the one
/// mutable count, `droppedTotal`, is read and written under `dropped`.
public final class MappedFile: @unchecked Sendable {
    /// The file's size in bytes when it was mapped: the bytes the mapping holds.
    public let count: Int
    /// How far a front-to-back reader goes between two drops of the pages behind it.
    public let dropInterval: Int
    private let base: UnsafeRawPointer
    private let pageSize: Int
    private let dropped = NSLock()
    private var droppedTotal = 0
    /// The guard against reads past the end of the file truncated (-1: none).
    private let guardNumber: Int32
    /// The file, open for as long as it is mapped, to tell its size now.
    private let descriptor: Int32
    /// True once a reader found validated bytes changed (under `dropped`).
    private var noted = false

    /// Maps the `size` bytes of the open regular file `descriptor` (which may be closed once
    /// this returns); nil when it cannot be mapped (an empty file, a mapping refused).
    init?(descriptor: Int32, size: Int, dropInterval: Int) {
        guard size > 0, dropInterval > 0 else { return nil }
        let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        base = UnsafeRawPointer(mapped)
        count = size
        self.dropInterval = dropInterval
        pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 1)
        guardNumber = rr_guard_mapping(mapped, UInt(size))
        self.descriptor = dup(descriptor)
    }

    /// Maps the regular file at `path` whole; nil when it cannot be opened or mapped (an empty
    /// file, a folder, a mapping refused).
    public convenience init?(path: String, dropInterval: Int = 32 << 20) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.init(descriptor: descriptor, size: Int(status.st_size), dropInterval: dropInterval)
    }

    deinit {
        rr_unguard_mapping(guardNumber)
        munmap(UnsafeMutableRawPointer(mutating: base), count)
        if descriptor >= 0 { close(descriptor) }
    }

    /// Why a mapped file's reading failed when it changed under it.
    public static let truncatedWhileRead = "changed while it was read (another program truncated or rewrote it); read it again once nothing writes to it"

    /// True when the file changed while it was read: a read reached past the end of the file
    /// truncated under it, the file is now shorter than mapped, or a reader noted validated
    /// bytes changed. What was read is then not the file's bytes.
    public var changedWhileRead: Bool {
        if rr_mapping_truncated(guardNumber) != 0 { return true }
        var status = stat()
        if descriptor >= 0, fstat(descriptor, &status) == 0, Int(status.st_size) < count { return true }
        dropped.lock()
        defer { dropped.unlock() }
        return noted
    }

    /// A reader found bytes it had validated no longer valid: the file changed under it.
    package func noteChanged() {
        dropped.lock()
        noted = true
        dropped.unlock()
    }

    /// The bytes let go so far, by every reader together: the sum of the page-aligned ranges
    /// the system accepted to drop (a page dropped twice counts twice).
    public var droppedBytes: Int {
        dropped.lock()
        defer { dropped.unlock() }
        return droppedTotal
    }

    /// The byte at `offset` (0 ≤ offset < count).
    public subscript(offset: Int) -> UInt8 {
        precondition(offset >= 0 && offset < count, "a byte outside the mapped file")
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// Calls `body` with the mapped bytes, which stay mapped until it returns.
    package func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(self) {
            try body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// The offset of the page `offset` lies in.
    func pageStart(_ offset: Int) -> Int { offset - offset % pageSize }

    /// Lets go of the pages in `range` (page-aligned offsets, within the file). The mapping is
    /// private and never written, so what a page held is read back from the page cache when a
    /// reader reaches it again, on any thread, even while this runs: no reader's result
    /// depends on a drop.
    func drop(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        precondition(range.lowerBound % pageSize == 0 && range.upperBound <= count, "a drop outside the mapped file's pages")
        let start = UnsafeMutableRawPointer(mutating: base + range.lowerBound)
        guard madvise(start, range.count, MADV_DONTNEED) == 0 else { return }
        dropped.lock()
        droppedTotal += range.count
        dropped.unlock()
    }
}

/// A front-to-back reader's place in a mapped file: each time it has gone `dropInterval` bytes
/// further, the whole pages behind it are let go. Each reader (a validating pass, a walk of a
/// deferred array) has its own, so readers on several threads never share one.
package struct PassedPages: Sendable {
    /// The mapped file read.
    package let file: MappedFile
    /// The offset from which the reader's next move lets pages go (`passed(_:)`).
    package private(set) var dueAt: Int
    /// The start of the pages this reader has not let go yet (a page start).
    private var keptFrom: Int

    /// A reader of `file` starting at `offset`.
    package init(_ file: MappedFile, from offset: Int) {
        self.file = file
        keptFrom = file.pageStart(min(max(offset, 0), file.count))
        dueAt = offset + file.dropInterval
    }

    /// The reader stands at `offset`: when it is due, the whole pages between the last drop
    /// and `offset` are let go.
    package mutating func passed(_ offset: Int) {
        if offset >= dueAt { letGo(upTo: offset) }
    }

    /// The reader is done up to `offset` (the end of the array it walked, of the document it
    /// read): the whole pages between the last drop and `offset` are let go now, due or not,
    /// so that the many readers of a file's shorter stretches let go of them too.
    package mutating func letGo(upTo offset: Int) {
        let end = file.pageStart(min(max(offset, 0), file.count))
        if end > keptFrom {
            file.drop(keptFrom..<end)
            keptFrom = end
        }
        dueAt = offset + file.dropInterval
    }
}
