/// The identity of one add of a reaction (`ReactionFact.add`'s `ref`: a PubNub action, a Matrix
/// event, a CometChat reaction), as the ledger keeps and compares it: in 16 bytes, with no
/// allocation of its own. An identity `CompactID` holds inline is kept as it is; a longer one
/// (a PubNub add's is its message's timetoken, its own and its user's id, 44 bytes) is kept as a
/// 112-bit hash of it, keyed afresh in every run (`Hasher`): two identities among 10 million
/// are taken for one with a chance of about 1 in 10^19, and no input can be made to collide on
/// purpose, since the key is not known ahead. Identities are only compared: a diagnostic that
/// names one takes its text from the fact that gave it.
struct AddIdentity: Hashable, Sendable {
    /// Up to 15 bytes, then their count in the last byte (little-endian): plain numbers, so
    /// that identities can be kept in a file-backed store (`SpilledStore`).
    private let low: UInt64
    private let high: UInt64

    /// The identity `text` (empty where the platform gives none).
    init(_ text: String) {
        let exact = CompactID(text)
        guard exact.storedLength <= 15 else {
            (low, high) = Self.hashed(text)
            return
        }
        var words: (UInt64, UInt64) = (0, 0)
        var count = 0
        for byte in exact.storage.utf8 {
            if count < 8 { words.0 |= UInt64(byte) << UInt64(8 * count) } else { words.1 |= UInt64(byte) << UInt64(8 * (count - 8)) }
            count += 1
        }
        (low, high) = (words.0, words.1 | UInt64(count) << 56)
    }

    /// True for the empty identity.
    var isEmpty: Bool { low == 0 && high == 0 }

    /// The bytes stored: at most 15, held inside the identity's 16 bytes.
    var storedLength: Int { Int(high >> 56) }

    /// A marker byte no `CompactID` storage starts with, then 112 bits of two keyed hashes of
    /// `text`, and the length byte of 15.
    private static func hashed(_ text: String) -> (UInt64, UInt64) {
        var first = Hasher(), second = Hasher()
        first.combine(0 as UInt8)
        first.combine(text)
        second.combine(1 as UInt8)
        second.combine(text)
        let one = UInt64(UInt(bitPattern: first.finalize())), two = UInt64(UInt(bitPattern: second.finalize()))
        // Byte 0 the marker, bytes 1...7 from the first hash, 8...14 from the second, 15 the length.
        return (UInt64(hashMarker) | one << 8, (two & 0x00FF_FFFF_FFFF_FFFF) | 15 << 56)
    }

    /// Marks a hashed identity: `CompactID` storage starts with 1 or 2 only as markers of its
    /// own, and escapes a text that starts with a byte below 3.
    private static let hashMarker: UInt8 = 3
}
