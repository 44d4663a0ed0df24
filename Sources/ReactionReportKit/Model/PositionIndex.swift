/// Positions in a list kept elsewhere, found by their keys' hashes: an index of a million
/// messages in 16 MB, where a dictionary from key to position holds a copy of every key (a
/// message's key is 40 bytes, its bucket 48, and the table twice the keys: about 100 MB).
///
/// Each slot holds a key's 32-bit hash and its position; a lookup compares hashes and asks the
/// caller whether the key at a position with the same hash is the one sought (`matches`), so
/// the keys themselves stay in the caller's list. Open addressing with linear probing, at most
/// three quarters full; growing rehashes from the stored hashes, without the keys.
struct PositionIndex {
    /// 0 for an empty slot, else the key's hash in the high 32 bits and its position + 1 in the low.
    private var slots: [UInt64]
    private(set) var count = 0

    /// An index with room for `capacity` keys before it grows.
    init(capacity: Int = 0) {
        slots = Array(repeating: 0, count: Self.slotCount(for: capacity))
    }

    /// Positions up to this are kept (the low 32 bits hold the position + 1).
    static let maximumPosition = Int(UInt32.max) - 1

    private static func slotCount(for keys: Int) -> Int {
        var slots = 8
        while slots / 4 * 3 < keys { slots *= 2 }
        return slots
    }

    /// The 32 bits of a key's hash that the index keeps.
    private static func short(_ hash: Int) -> UInt64 { UInt64(UInt32(truncatingIfNeeded: hash ^ (hash >> 32))) }

    /// The position of the key whose hash is `hash` and for which `matches` holds, if any.
    func position(hash: Int, where matches: (Int) -> Bool) -> Int? {
        probe(Self.short(hash), matches).position
    }

    /// The position of the key whose hash is `hash` and for which `matches` holds; when there is
    /// none, `position` is stored for it and returned.
    mutating func position(hash: Int, insertingIfAbsent position: Int, where matches: (Int) -> Bool) -> Int {
        precondition((0...Self.maximumPosition).contains(position), "PositionIndex holds positions up to \(Self.maximumPosition)")
        if count + 1 > slots.count / 4 * 3 { rehash(into: slots.count * 2) }
        let short = Self.short(hash)
        let found = probe(short, matches)
        if let existing = found.position { return existing }
        slots[found.slot] = short << 32 | UInt64(position + 1)
        count += 1
        return position
    }

    /// The slot holding the key sought, with its position, or the empty slot where it would go.
    private func probe(_ short: UInt64, _ matches: (Int) -> Bool) -> (slot: Int, position: Int?) {
        let mask = slots.count - 1
        var slot = Int(short) & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot] & 0xFFFF_FFFF) - 1
            if slots[slot] >> 32 == short, matches(position) { return (slot, position) }
            slot = (slot + 1) & mask
        }
        return (slot, nil)
    }

    /// Makes room for `keys` keys in all, rehashing once now rather than at each doubling.
    mutating func reserveCapacity(_ keys: Int) {
        let wanted = Self.slotCount(for: keys)
        if wanted > slots.count { rehash(into: wanted) }
    }

    private mutating func rehash(into size: Int) {
        var larger = [UInt64](repeating: 0, count: size)
        let mask = size - 1
        for entry in slots where entry != 0 {
            var slot = Int(entry >> 32) & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = entry
        }
        slots = larger
    }
}
