import Foundation

/// The text, unless it is nil or empty: exports write "" and null alike for "not given".
func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}

/// The offset of the first byte that is not part of valid UTF-8 (RFC 3629: no overlong forms,
/// no surrogates, nothing above U+10FFFF), or nil; for error columns in JSON and TOML.
func firstInvalidUTF8<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> Int? where Bytes.Element == UInt8, Bytes.Index == Int {
    var index = bytes.startIndex
    while index < bytes.endIndex {
        let lead = bytes[index]
        if lead < 0x80 {
            index += 1
            continue
        }
        var length = 4, low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: low = 0x90
        case 0xF1...0xF3: break
        case 0xF4: high = 0x8F
        default: return index - bytes.startIndex
        }
        guard index + length <= bytes.endIndex, (low...high).contains(bytes[index + 1]),
              bytes[(index + 2)..<(index + length)].allSatisfy({ (0x80...0xBF).contains($0) }) else { return index - bytes.startIndex }
        index += length
    }
    return nil
}

/// The 1-based column of byte `offset` on the line starting at byte `lineStart`, counting
/// Unicode scalars (continuation bytes do not count); for error positions in JSON, TOML and
/// templates.
func textColumn<Bytes: RandomAccessCollection>(of offset: Int, lineStart: Int, in bytes: Bytes) -> Int where Bytes.Element == UInt8, Bytes.Index == Int {
    var column = 1
    for index in lineStart..<min(offset, bytes.endIndex) where bytes[index] & 0xC0 != 0x80 { column += 1 }
    return column
}

/// The 1-based line and column (`textColumn`) of byte `offset`.
func textPosition<Bytes: RandomAccessCollection>(of offset: Int, in bytes: Bytes) -> (line: Int, column: Int) where Bytes.Element == UInt8, Bytes.Index == Int {
    var line = 1
    var lineStart = bytes.startIndex
    for index in bytes.startIndex..<min(offset, bytes.endIndex) where bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
    }
    return (line, textColumn(of: offset, lineStart: lineStart, in: bytes))
}

/// True when `text`'s UTF-8 holds `byte` (memchr on the string's bytes; the generic search over
/// its UTF-8 view took about 20 instructions a byte).
func utf8Contains(_ text: String, _ byte: UInt8) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
        bytes.count > 0 && memchr(bytes.baseAddress!, Int32(byte), bytes.count) != nil
    }
}

/// Byte order of the UTF-8 forms, which is also the order of their Unicode scalars; compared
/// with `memcmp` (the generic comparison of two `utf8` views goes a byte at a time).
func utf8Precedes(_ a: String, _ b: String) -> Bool {
    var a = a, b = b
    return a.withUTF8 { x in
        b.withUTF8 { y in
            let shared = min(x.count, y.count)
            let order = shared == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, shared)
            return order != 0 ? order < 0 : x.count < y.count
        }
    }
}

/// Tests on eight bytes at once, for the escaping loops that write every page and data file:
/// runs of plain bytes are passed over a word at a time. Each test may report a byte that is
/// not there (a borrow from a lower byte), never miss one that is: a reported word is then
/// looked at byte by byte.
enum ByteWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `index` (which must leave eight in `bytes`).
    @inline(__always)
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt64 {
        UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
    }

    /// Nonzero when a byte of `word` may equal `byte`.
    @inline(__always)
    static func mayHold(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Nonzero when a byte of `word` may be below `limit` (at most 0x80).
    @inline(__always)
    static func mayHoldBelow(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }
}
