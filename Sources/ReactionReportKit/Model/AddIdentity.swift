/// The identity of one add of a reaction (`ReactionFact.add`'s `ref`: a PubNub action, a Matrix
/// event, a CometChat reaction), as the ledger keeps and compares it: in 16 bytes, with no
/// allocation of its own. An identity `CompactID` holds inline is kept as it is; a longer one
/// (a PubNub add's is its message's timetoken, its own and its user's id, 44 bytes) is kept as a
/// 98-bit hash of it, keyed afresh in every run (`Hasher`): two identities among 10 million
/// are taken for one with a chance of about 1 in 10^15, and no input can be made to collide on
/// purpose, since the key is not known ahead. Identities are only compared: a diagnostic that
/// names one takes its text from the fact that gave it.
struct AddIdentity: Hashable, Sendable {
    private let storage: String

    /// The identity `text` (empty where the platform gives none).
    init(_ text: String) {
        let exact = CompactID(text)
        storage = exact.storedLength <= 15 ? exact.storage : Self.hashed(text)
    }

    /// True for the empty identity.
    var isEmpty: Bool { storage.isEmpty }

    /// The UTF-8 bytes stored: at most 15 means the identity is held inside its 16 bytes.
    var storedLength: Int { storage.utf8.count }

    /// A marker byte no `CompactID` storage starts with, then 98 bits of two keyed hashes of
    /// `text`, seven bits a byte (a string of 15 ASCII bytes, held inline).
    private static func hashed(_ text: String) -> String {
        var first = Hasher(), second = Hasher()
        first.combine(0 as UInt8)
        first.combine(text)
        second.combine(1 as UInt8)
        second.combine(text)
        let high = UInt64(UInt(bitPattern: first.finalize())), low = UInt64(UInt(bitPattern: second.finalize()))
        var bytes: [UInt8] = [hashMarker]
        bytes.reserveCapacity(15)
        for group in 0..<9 { bytes.append(UInt8((high >> UInt64(57 - 7 * group)) & 0x7F)) }
        bytes.append(UInt8((high << 6 | low >> 58) & 0x7F))
        for group in 10..<14 { bytes.append(UInt8((low >> UInt64(121 - 7 * group)) & 0x7F)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Marks a hashed identity: `CompactID` storage starts with 1 or 2 only as markers of its
    /// own, and escapes a text that starts with a byte below 3.
    private static let hashMarker: UInt8 = 3
}
