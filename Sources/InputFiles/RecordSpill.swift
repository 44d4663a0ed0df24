import Foundation

// Every public call is safe: indices are checked, and the mapping's pointers stay inside.

/// Fixed-size records (a ledger's facts: plain numbers, no references) in one run of memory
/// that grows without moving, where the records past the first `keptInMemory` bytes live in a
/// temporary file mapped into it. The pages of that file are let go of the process's memory
/// every `dropEvery` bytes appended and whenever `dropResident()` is called; they stay in the
/// page cache, and a record read again is mapped back on demand. So a store of gigabytes,
/// written once and read mostly near its end, holds a few dozen megabytes resident.
///
/// The file's blocks are allocated (`posix_fallocate`) before its pages are written, so a
/// full disk is found when the store grows, never when a page is written back; from then on
/// (or when no file can be made) the store grows in memory, as an array would. The file is
/// unlinked as soon as it is made.
///
/// One thread writes; reads may come from any thread once the writes are done.
public final class RecordSpill<Element: BitwiseCopyable>: @unchecked Sendable {
    @usableFromInline let records: UnsafeMutablePointer<Element>
    /// Records stored, and records the mapped memory has room for.
    @usableFromInline var stored = 0
    @usableFromInline var room = 0
    private let reservedBytes: Int
    private let keptInMemory: Int
    private let dropEvery: Int
    private let folder: String?
    /// Bytes mapped (from the start), and where the file-backed part starts (nil: none yet).
    private var mappedBytes = 0
    private var fileStart: Int?
    private var descriptor: Int32 = -1
    /// True once the store grows in memory only (no file could be made or grown).
    private var inMemoryOnly = false
    private var appendedSinceDrop = 0
    /// Lets go of the pages read back as time goes, once appending is done (`keepDropping`).
    @usableFromInline var timer: DispatchSourceTimer?
    private static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }
    private static var step: Int { 16 << 20 }

    /// A store of at most `maximumCount` records; its records past `keptInMemory` bytes go to a
    /// temporary file in `folder` (the system's temporary folder by default).
    public init(maximumCount: Int, keptInMemory: Int, dropEvery: Int = 32 << 20, folder: String? = nil) {
        precondition(maximumCount > 0)
        // Address space only: no memory and no swap are taken until a part is mapped. Where the
        // process's address space is limited (`ulimit -v`), less is taken, down to one step.
        var bytes = (maximumCount * MemoryLayout<Element>.stride + Self.step - 1) / Self.step * Self.step
        var reserved = mmap(nil, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        while reserved == MAP_FAILED, bytes > Self.step {
            bytes = max(Self.step, bytes / 2 / Self.step * Self.step)
            reserved = mmap(nil, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        }
        precondition(reserved != MAP_FAILED && reserved != nil, "no address space for records")
        reservedBytes = bytes
        records = reserved!.bindMemory(to: Element.self, capacity: bytes / MemoryLayout<Element>.stride)
        self.keptInMemory = keptInMemory
        self.dropEvery = dropEvery
        self.folder = folder
    }

    deinit {
        timer?.cancel()
        munmap(records, reservedBytes)
        if descriptor >= 0 { close(descriptor) }
    }

    /// The number of records stored.
    @inlinable public var count: Int { stored }

    /// Appends `record` and returns its number.
    @inlinable @discardableResult
    public func append(_ record: Element) -> Int {
        precondition(timer == nil, "records appended after keepDropping")
        if stored == room { grow() }
        (records + stored).initialize(to: record)
        stored += 1
        return stored - 1
    }

    @inlinable public subscript(number: Int) -> Element {
        get {
            precondition(number >= 0 && number < stored, "a record number past the store's end")
            return records[number]
        }
        _modify {
            precondition(number >= 0 && number < stored, "a record number past the store's end")
            yield &records[number]
        }
    }

    /// True when some records live in the file.
    public var spills: Bool { fileStart != nil }

    /// Lets go of the file's pages held in the process's memory (they are read back on demand).
    public func dropResident() {
        dropFilePages()
        appendedSinceDrop = 0
    }

    private func dropFilePages() {
        guard let start = fileStart, mappedBytes > start else { return }
        madvise(address(start), mappedBytes - start, MADV_DONTNEED)
    }

    /// Ends appending: from now on, on a timer, lets go of the file's pages every
    /// `milliseconds`, so that passes reading every record, from any thread, hold a window of
    /// them, not all (a record read is mapped back on demand, whenever it is read).
    public func keepDropping(everyMilliseconds milliseconds: Int = 100) {
        guard timer == nil, fileStart != nil else { return }
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        source.schedule(deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds))
        // Weakly: a drop holds the store for its length, so the mapping is never let go of
        // (`deinit`) while a drop runs. Nothing the drop reads changes once appending is done.
        source.setEventHandler { [weak self] in self?.dropFilePages() }
        source.resume()
        timer = source
    }

    /// Lets go of the file's pages wholly inside records `range` (no longer needed soon: they
    /// read the same if they are read again).
    public func release(_ range: Range<Int>) {
        guard let start = fileStart else { return }
        let page = Self.pageSize
        let lower = max(start, (range.lowerBound * MemoryLayout<Element>.stride + page - 1) / page * page)
        let upper = min(mappedBytes, range.upperBound * MemoryLayout<Element>.stride / page * page)
        guard upper > lower else { return }
        madvise(address(lower), upper - lower, MADV_DONTNEED)
    }

    /// The address of byte `offset` of the records.
    private func address(_ offset: Int) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(records) + offset }

    /// Maps one more step of room: in memory up to `keptInMemory`, then in the file.
    @usableFromInline func grow() {
        let bytes = Self.step
        precondition(mappedBytes + bytes <= reservedBytes, "the store holds at most its maximum count (or the address space the system gives it)")
        let place = address(mappedBytes)
        if mappedBytes >= keptInMemory, !inMemoryOnly, mapFile(at: place, bytes: bytes) {
            appendedSinceDrop += bytes
            if appendedSinceDrop >= dropEvery { dropResident() }
        } else {
            inMemoryOnly = inMemoryOnly || mappedBytes >= keptInMemory
            let mapped = mmap(place, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            precondition(mapped == place, "no memory for more records")
        }
        mappedBytes += bytes
        room = mappedBytes / MemoryLayout<Element>.stride
    }

    /// Maps `bytes` of the file at `place`: false when the file cannot be made or grown.
    private func mapFile(at place: UnsafeMutableRawPointer, bytes: Int) -> Bool {
        if descriptor < 0 {
            guard let made = SpillFolder.makeFile(in: folder, named: "records") else { return false }
            descriptor = made
            fileStart = mappedBytes
        }
        let offset = mappedBytes - fileStart!
        guard posix_fallocate(descriptor, off_t(offset), off_t(bytes)) == 0 else { return false }
        let mapped = mmap(place, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, descriptor, off_t(offset))
        return mapped == place
    }
}

/// Where the spills make their temporary files.
public enum SpillFolder {
    /// A new file in `folder` (the system's temporary folder when nil), open for reading and
    /// writing, readable by this user only, and already unlinked; nil when none can be made.
    public static func makeFile(in folder: String?, named prefix: String) -> Int32? {
        let base = folder ?? ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        // A new name (O_EXCL: never a file someone else made).
        let path = base + "/reaction-report-\(prefix)-" + UUID().uuidString
        let made = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard made >= 0 else { return nil }
        unlink(path)
        return made
    }
}
