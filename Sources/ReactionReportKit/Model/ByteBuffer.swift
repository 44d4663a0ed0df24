/// Output bytes (a page, a chunk of a data file), appended with one capacity check and a copy:
/// an array's `append(contentsOf:)` cost about a hundred instructions a call (uniqueness,
/// capacity, a generic copy), and pages and data files are written in millions of small pieces.
///
/// A class: whoever holds it appends to the same bytes. Each page or chunk has its own.
final class ByteBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = max(16, capacity)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Calls `body` with the bytes, in place (valid only during the call).
    func withContents<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes, copied into an array.
    var bytes: [UInt8] { withContents { Array($0) } }

    /// The bytes as UTF-8 text.
    var text: String { withContents { String(decoding: $0, as: UTF8.self) } }

    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "index out of range")
        return base[index]
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if capacity - count < bytes.count { grow(toHold: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
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
        if capacity - self.count < count { grow(toHold: self.count + count) }
        let written = write(base + self.count)
        precondition(written >= 0 && written <= count, "wrote outside the room it asked for")
        self.count += written
    }

    /// Inserts `bytes` at `index`, moving what follows.
    func insert(_ bytes: [UInt8], at index: Int) {
        precondition(index >= 0 && index <= count, "index out of range")
        guard !bytes.isEmpty else { return }
        if capacity - count < bytes.count { grow(toHold: count + bytes.count) }
        (base + index + bytes.count).update(from: base + index, count: count - index)
        bytes.withUnsafeBufferPointer { (base + index).update(from: $0.baseAddress!, count: bytes.count) }
        count += bytes.count
    }

    @inline(never)
    private func grow(toHold minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
