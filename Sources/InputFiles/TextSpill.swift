import Foundation

// Every public call is safe: the mapping and its pointers are used inside the module only.

/// Texts kept in a temporary file instead of in memory, and read back on demand: a
/// million-message export holds a hundred megabytes of message text that only the pages and
/// data files read, once each, long after the input was read.
///
/// One thread appends (`keep`) while the input is read; `seal()` then maps the file, and from
/// then on any thread reads (`text`). The file is unlinked as soon as it is made, so nothing is
/// left behind, whatever happens to the process. Pages read are dropped from the process's
/// memory every few megabytes (they stay in the page cache), so reading every text back does
/// not hold them all.
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
    private static let dropEvery = 1 << 25

    private let descriptor: Int32
    private var pending: [UInt8] = []
    private var written = 0
    private var failed = false
    private var sealed = false
    private var mapping: UnsafeMutableRawPointer?
    private var mappedLength = 0
    private let readSinceDrop = ManagedCounter()

    /// A spill file in `folder` (the system's temporary folder by default); nil when none can
    /// be made, and the caller keeps its texts in memory.
    public init?(folder: String? = nil) {
        let base = folder ?? ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/reaction-report-texts-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { return nil }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        descriptor = made
        pending.reserveCapacity(Self.bufferSize)
    }

    deinit {
        if let mapping { munmap(mapping, mappedLength) }
        close(descriptor)
    }

    /// Keeps `text` in the file; nil when it cannot (too long, a write failed, or the spill is
    /// already sealed), and the caller keeps it in memory.
    public func keep(_ text: String) -> Reference? {
        var text = text
        return text.withUTF8 { bytes -> Reference? in
            guard !failed, !sealed, bytes.count <= Self.maximumLength, written + pending.count + bytes.count < Self.maximumOffset else {
                return nil
            }
            let reference = Reference(offset: written + pending.count, length: bytes.count)
            pending.append(contentsOf: bytes)
            if pending.count >= Self.bufferSize { flush() }
            return failed ? nil : reference
        }
    }

    /// Ends keeping: writes what is pending and maps the file for reading. What a failed write
    /// (a full disk) left unwritten stays in memory and is read from there; nothing is lost.
    public func seal() {
        guard !sealed else { return }
        sealed = true
        flush()
        guard written > 0 else { return }
        let mapped = mmap(nil, written, PROT_READ, MAP_PRIVATE, descriptor, 0)
        if mapped != MAP_FAILED {
            mapping = mapped
            mappedLength = written
        } else {
            // No mapping: the file's bytes are read into memory once.
            var bytes = [UInt8](repeating: 0, count: written)
            var filled = 0
            while filled < written {
                let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, written - filled, off_t(filled)) }
                precondition(count > 0 || (count < 0 && errno == EINTR), "the spill file cannot be read back")
                filled += max(0, count)
            }
            pending = bytes + pending
            written = 0
        }
    }

    /// The text `reference` names (the spill must be sealed).
    public func text(_ reference: Reference) -> String {
        guard reference.length > 0 else { return "" }
        precondition(sealed, "a spilled text read before the spill was sealed")
        let (offset, end) = (reference.offset, reference.offset + reference.length)
        precondition(end <= written + pending.count, "a reference outside the spill")
        guard end <= written else {
            // Left in memory by a failed write (or by a spill never mapped).
            let inFile = offset < written ? Array(UnsafeRawBufferPointer(start: mapping! + offset, count: written - offset)) : []
            return String(decoding: inFile + pending[max(0, offset - written)..<(end - written)], as: UTF8.self)
        }
        let bytes = UnsafeRawBufferPointer(start: mapping! + offset, count: reference.length)
        let text = String(decoding: bytes, as: UTF8.self)
        if readSinceDrop.add(reference.length) >= Self.dropEvery {
            // The pages come back from the page cache when read again.
            madvise(mapping!, mappedLength, MADV_DONTNEED)
        }
        return text
    }

    /// Writes what is pending; what a failed write leaves stays pending, in memory, for good.
    private func flush() {
        guard !failed else { return }
        var start = 0
        while start < pending.count {
            let count = pending.withUnsafeBytes { write(descriptor, $0.baseAddress! + start, pending.count - start) }
            if count <= 0 {
                failed = true
                break
            }
            start += count
        }
        written += start
        if start == pending.count { pending.removeAll(keepingCapacity: true) } else { pending.removeFirst(start) }
    }
}

/// A counter any thread adds to, which says when it passed a mark (and starts again).
private final class ManagedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Adds `amount`; returns the total and, when it is at least `TextSpill`'s mark, resets it.
    func add(_ amount: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += amount
        let total = value
        if total >= 1 << 25 { value = 0 }
        return total
    }
}
