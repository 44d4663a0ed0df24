// ByteOutput: bytes on their way out of the program. It owns the buffer every page and data
// file is written into (`ByteBuffer`); the writers that format values straight into it without
// building strings (decimal and zero-padded numbers, ISO dates, RFC 3339 times) and escape text
// for the formats we write (HTML, JSON strings, CSV fields); `ShortText`, for short strings made
// the same way; `OutputFile`, which writes buffers into a new file; and the few reads of a
// string's bytes in place that the writing side needs (`UTF8Bytes`: a test of every byte, a
// string made around another with one copy; `DecimalText`: a Slack `ts`). Its public API is
// safe: the pointers it works with stay inside this module.

/// Output bytes (a page, a chunk of a data file), appended with one capacity check and a copy:
/// an array's `append(contentsOf:)` cost about a hundred instructions a call (uniqueness,
/// capacity, a generic copy), and pages and data files are written in millions of small pieces.
///
/// A class: whoever holds it appends to the same bytes. Each page or chunk has its own.
public final class ByteBuffer {
    // Unchecked: a class's stored properties that other modules' code may reach (here through
    // the inlined appends) are otherwise checked for exclusive access at run time, a call on
    // every append that cost 6 % of a build. Nothing here accesses them overlapping.
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline var used = 0
    @exclusivity(unchecked) @usableFromInline var capacity: Int

    /// An empty buffer with room for `capacity` bytes before it first grows.
    public init(capacity: Int = 4096) {
        self.capacity = max(16, capacity)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    /// A buffer holding `text`'s UTF-8 bytes.
    public convenience init(_ text: String) {
        self.init(capacity: text.utf8.count)
        append(text)
    }

    /// A buffer holding a copy of `bytes`.
    public convenience init(_ bytes: [UInt8]) {
        self.init(capacity: bytes.count)
        append(bytes)
    }

    deinit { base.deallocate() }

    /// How many bytes the buffer holds.
    @inlinable public var count: Int { used }

    @inlinable public var isEmpty: Bool { used == 0 }

    /// The byte at `index` (which must be below `count`).
    @inlinable public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < used, "index out of range")
        return base[index]
    }

    /// The bytes, copied into an array.
    public var bytes: [UInt8] { Array(contents) }

    /// The bytes as UTF-8 text (ill-formed sequences repaired, as `String(decoding:as:)` does).
    public var text: String { String(decoding: contents, as: UTF8.self) }

    /// The bytes in place, valid only until the buffer next changes (inside this module only).
    var contents: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: used) }

    @inlinable @inline(__always)
    public func append(_ byte: UInt8) {
        if used == capacity { grow(toHold: used + 1) }
        base[used] = byte
        used += 1
    }

    @inlinable
    public func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(copying: $0) }
    }

    /// Bytes `range` of `bytes` (without making a slice, which would retain the array).
    @inlinable @inline(__always)
    public func append(_ bytes: [UInt8], _ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range out of bounds")
        bytes.withUnsafeBufferPointer { append(copying: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Another buffer's bytes.
    public func append(_ other: ByteBuffer) {
        append(copying: other.contents)
    }

    /// A literal's UTF-8 bytes.
    @inlinable @inline(__always)
    public func append(literal text: StaticString) {
        // `withUTF8Buffer` serves a one-scalar literal too, which has no UTF-8 pointer.
        text.withUTF8Buffer { append(copying: $0) }
    }

    /// A string's UTF-8 bytes.
    @inlinable @inline(__always)
    public func append(_ text: String) {
        UTF8Bytes.withBytes(of: text) { append(copying: $0) }
    }

    /// Inserts `bytes` at `index`, moving what follows.
    public func insert(_ bytes: [UInt8], at index: Int) {
        precondition(index >= 0 && index <= used, "index out of range")
        guard !bytes.isEmpty else { return }
        if capacity - used < bytes.count { grow(toHold: used + bytes.count) }
        (base + index + bytes.count).update(from: base + index, count: used - index)
        bytes.withUnsafeBufferPointer { (base + index).update(from: $0.baseAddress!, count: bytes.count) }
        used += bytes.count
    }

    @inlinable @inline(__always)
    func append(copying bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if capacity - used < bytes.count { grow(toHold: used + bytes.count) }
        (base + used).update(from: source, count: bytes.count)
        used += bytes.count
    }

    /// Makes room for `count` more bytes and hands their start to `write`, which returns how
    /// many it wrote (at most `count`).
    @inlinable @inline(__always)
    func appendWriting(upTo count: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        if capacity - used < count { grow(toHold: used + count) }
        let written = write(base + used)
        precondition(written >= 0 && written <= count, "wrote outside the room it asked for")
        used += written
    }

    @inline(never) @usableFromInline
    func grow(toHold minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: used)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
