/// FNV-1a, 64 bits: a hash that is the same on every run and machine (Swift's `Hasher` is
/// seeded per process), for identifiers that must be stable across builds.
enum StableHash {
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// 16 lower-case hex digits.
    static func hex(_ text: String) -> String {
        let digits = String(fnv1a(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
