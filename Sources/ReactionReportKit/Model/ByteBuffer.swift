/// Output bytes (a page, a chunk of a data file), appended with one capacity check and a copy:
/// an array's `append(contentsOf:)` cost about a hundred instructions a call (uniqueness,
/// capacity, a generic copy), and pages and data files are written in millions of small pieces.
///
/// A class: whoever holds it appends to the same bytes. Each page or chunk has its own.
public final class ByteBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    // Private, so that the optimizer sees every access: a stored property other modules could
    // reach is checked for exclusive access at run time, which cost 6 % of a build.
    private var used = 0
    private var capacity: Int

    /// How many bytes the buffer holds.
    public var count: Int { used }

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
        bytes.withUnsafeBufferPointer { append($0) }
    }

    deinit { base.deallocate() }

    /// Calls `body` with the bytes, in place (valid only during the call).
    func withContents<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try body(UnsafeBufferPointer(start: base, count: used))
    }

    /// The bytes, copied into an array.
    public var bytes: [UInt8] { withContents { Array($0) } }

    /// The bytes as UTF-8 text.
    public var text: String { withContents { String(decoding: $0, as: UTF8.self) } }

    public var isEmpty: Bool { used == 0 }

    subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < used, "index out of range")
        return base[index]
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if used == capacity { grow(toHold: used + 1) }
        base[used] = byte
        used += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if capacity - used < bytes.count { grow(toHold: used + bytes.count) }
        (base + used).update(from: source, count: bytes.count)
        used += bytes.count
    }

    /// Another buffer's bytes.
    public func append(_ other: ByteBuffer) {
        other.withContents { append($0) }
    }

    /// A literal's UTF-8 bytes.
    @inline(__always)
    func append(literal text: StaticString) {
        // `withUTF8Buffer` serves a one-scalar literal too, which has no UTF-8 pointer.
        text.withUTF8Buffer { append($0) }
    }

    /// A string's UTF-8 bytes.
    func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// An integer in decimal digits, as `String(value)` writes it.
    @inline(__always)
    func append(decimal value: Int) {
        appendWriting(upTo: 20) { writePadded(Int64(value), 1, to: $0) }
    }

    /// Makes room for `count` more bytes and hands their start to `write`, which returns how
    /// many it wrote (at most `count`).
    @inline(__always)
    func appendWriting(upTo count: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        if capacity - used < count { grow(toHold: used + count) }
        let written = write(base + used)
        precondition(written >= 0 && written <= count, "wrote outside the room it asked for")
        used += written
    }

    /// Inserts `bytes` at `index`, moving what follows.
    func insert(_ bytes: [UInt8], at index: Int) {
        precondition(index >= 0 && index <= used, "index out of range")
        guard !bytes.isEmpty else { return }
        if capacity - used < bytes.count { grow(toHold: used + bytes.count) }
        (base + index + bytes.count).update(from: base + index, count: used - index)
        bytes.withUnsafeBufferPointer { (base + index).update(from: $0.baseAddress!, count: bytes.count) }
        used += bytes.count
    }

    @inline(never)
    private func grow(toHold minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: used)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
