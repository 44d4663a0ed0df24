import Foundation

/// A string's UTF-8 bytes tested in place, one by one: the test is inlined where it is written,
/// so a check of every byte of a message costs what a loop over a buffer costs (walking
/// `text.utf8` cost about 15 instructions a byte).
public enum UTF8Bytes {
    /// Calls `body` with `text`'s UTF-8 in place (for this module's writers; the bytes are valid
    /// only during the call). A native string lends its storage without being copied or
    /// retained; `String.withUTF8`, which may have to make the string contiguous first, needs
    /// a mutable copy, a retain and a release on every call.
    @inlinable @inline(__always)
    static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = text
        return try text.withUTF8(body)
    }

    /// Whether `predicate` holds for every byte of `text`'s UTF-8, in order; it is not called
    /// again after it first returns false. True for an empty string.
    @inlinable @inline(__always)
    public static func allSatisfy(_ text: String, _ predicate: (UInt8) -> Bool) -> Bool {
        return UTF8Bytes.withBytes(of: text) { bytes in
            for byte in bytes where !predicate(byte) { return false }
            return true
        }
    }

    /// `text` between `prefix` and `suffix`, made with one allocation and copy (joining them
    /// with `+` made two or three, and its reserved capacity cost 400 instructions a call).
    public static func enclosed(_ text: String, prefix: StaticString, suffix: StaticString) -> String {
        return UTF8Bytes.withBytes(of: text) { bytes in
            String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + bytes.count + suffix.utf8CodeUnitCount) { out in
                var count = 0
                count += copy(prefix, to: out.baseAddress!)
                if let source = bytes.baseAddress { (out.baseAddress! + count).update(from: source, count: bytes.count) }
                count += bytes.count
                return count + copy(suffix, to: out.baseAddress! + count)
            }
        }
    }

    private static func copy(_ literal: StaticString, to out: UnsafeMutablePointer<UInt8>) -> Int {
        literal.withUTF8Buffer { bytes in
            if let source = bytes.baseAddress { out.update(from: source, count: bytes.count) }
            return bytes.count
        }
    }
}

extension UTF8Bytes {
    /// True when `text`'s UTF-8 holds `byte` (memchr on the string's bytes, rather than a
    /// generic search over its UTF-8 view).
    public static func contains(_ text: String, _ byte: UInt8) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.count > 0 && memchr(bytes.baseAddress!, Int32(byte), bytes.count) != nil
        }
    }

    /// True when `a` comes before `b` in the byte order of their UTF-8 forms, which is also the
    /// order of their Unicode scalars (compared with `memcmp`, not a byte at a time).
    public static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let shared = min(x.count, y.count)
                let order = shared == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, shared)
                return order != 0 ? order < 0 : x.count < y.count
            }
        }
    }
}
