/// An id as the ledger keeps it (a message's, the thread it belongs to, the message it replies to;
/// a reaction's identity starts as one, `AddIdentity`): 16 bytes and, for the ids the large
/// exports are made of, no allocation of its own.
///
/// A Swift string holds up to 15 bytes of UTF-8 inside itself; a longer one is an allocation
/// (a 17-byte Slack `ts` takes 64 bytes of heap besides the string's 16). Ids made only of
/// digits, `-`, `.`, `:` and `_`, 16 to 24 characters long (Slack `ts`, PubNub timetokens,
/// Discord snowflakes), are packed four bits a character into a 15-byte string instead: a
/// marker byte (1), then 14 bytes of seven bits each. Any other id is kept as it is; one that
/// starts with a byte of 3 or below (a marker here or in `AddIdentity`) is kept behind a
/// second marker (2), so no text is taken for another. Packing is canonical (an id that can be
/// packed always is), so two ids are equal exactly when their stored strings are, and packed
/// ids order as their texts do.
struct CompactID: Hashable, Sendable, Comparable {
    /// The stored string: the text, or a marker byte and what follows it (see above).
    let storage: String

    /// Keeps `text`.
    init(_ text: String) {
        if let packed = Self.pack(text) {
            storage = packed
        } else if let first = text.utf8.first, first <= Self.reservedMarkers {
            storage = "\u{2}" + text
        } else {
            storage = text
        }
    }

    /// The id's text.
    var text: String {
        guard let first = storage.utf8.first, first <= Self.reservedMarkers else { return storage }
        if first == Self.escapeMarker { return String(decoding: storage.utf8.dropFirst(), as: UTF8.self) }
        return Self.unpack(storage)
    }

    /// True for the empty id.
    var isEmpty: Bool { storage.isEmpty }

    static func < (a: CompactID, b: CompactID) -> Bool {
        // Packed ids compare as their texts do (see `pack`); any other pair by text.
        if a.isPacked, b.isPacked { return a.storage < b.storage }
        return a.text < b.text
    }

    private var isPacked: Bool { storage.utf8.first == Self.packedMarker }

    private static let packedMarker: UInt8 = 1
    private static let escapeMarker: UInt8 = 2
    /// Bytes a stored string starts with only as a marker: 0 (never a text's first byte once
    /// escaped), 1 and 2 here, 3 for `AddIdentity`'s hashed identities.
    private static let reservedMarkers: UInt8 = 3
    /// The code of each character a packed id is made of (0: none), in the order of their bytes,
    /// so that the packed bits order as the texts do: `-` 1, `.` 2, `0`…`9` 3…12, `:` 13, `_` 14.
    private static func code(of byte: UInt8) -> UInt64 {
        switch byte {
        case 0x2D, 0x2E, 0x30...0x3A: return UInt64(byte &- (byte < 0x30 ? 0x2C : 0x2D))
        case 0x5F: return 14
        default: return 0
        }
    }

    /// The character of a code (1…14).
    private static func character(of code: UInt64) -> UInt8 {
        code == 14 ? 0x5F : UInt8(code) &+ (code <= 2 ? 0x2C : 0x2D)
    }

    /// 14 bytes of 7 bits hold 24 codes of 4 bits.
    private static let packedLength = 24

    /// `text` packed, or nil when it is short enough to be held inline as it is, too long, or
    /// has a character outside the alphabet. The codes are laid out first to last from the
    /// highest bit of 96 down, then cut into 14 groups of seven bits from the top, so that a
    /// shorter text (its end a 0) orders first.
    private static func pack(_ text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.count > 15, utf8.count <= packedLength else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0
        var index = 0
        for byte in utf8 {
            let code = code(of: byte)
            guard code != 0 else { return nil }
            if index < 16 { high |= code << UInt64(60 - 4 * index) } else { low |= code << UInt64(124 - 4 * index) }
            index += 1
        }
        // Group g is bits 7g ..< 7g + 7 of the 128 (`high` then `low`, from the top).
        var bytes = [UInt8](repeating: packedMarker, count: 15)
        for group in 0..<9 { bytes[group + 1] = UInt8((high >> UInt64(57 - 7 * group)) & 0x7F) }
        bytes[10] = UInt8((high << 6 | low >> 58) & 0x7F)
        for group in 10..<14 { bytes[group + 1] = UInt8((low >> UInt64(121 - 7 * group)) & 0x7F) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func unpack(_ storage: String) -> String {
        // The 14 groups of seven bits after the marker, back into 98 bits, then moved to the
        // top of the 128.
        var high: UInt64 = 0, low: UInt64 = 0
        for byte in storage.utf8.dropFirst() {
            high = high << 7 | low >> 57
            low = low << 7 | UInt64(byte)
        }
        high = high << 30 | low >> 34
        low = low << 30
        var bytes: [UInt8] = []
        bytes.reserveCapacity(packedLength)
        for index in 0..<packedLength {
            let code = index < 16 ? (high >> UInt64(60 - 4 * index)) & 15 : (low >> UInt64(124 - 4 * index)) & 15
            if code == 0 { break }
            bytes.append(character(of: code))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension CompactID: CustomStringConvertible {
    var description: String { text }
}

extension CompactID {
    /// The UTF-8 bytes stored: at most 15 means the id is held inside its 16 bytes.
    var storedLength: Int { storage.utf8.count }
}
