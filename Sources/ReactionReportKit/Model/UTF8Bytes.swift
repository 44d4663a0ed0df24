import Foundation

// Byte-level helpers on UTF-8 text shared across the kit: searching and ordering strings by
// their bytes (analysis, rendering, the input tree's names) and the word-at-a-time tests of the
// escaping loops (rendering).

/// True when `text`'s UTF-8 holds `byte` (memchr on the string's bytes, rather than a generic
/// search over its UTF-8 view).
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
