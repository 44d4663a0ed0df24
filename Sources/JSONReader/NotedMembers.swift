/// Which members a parse notes while it reads a document: those whose name a pattern picks,
/// when their value holds something (a non-empty array, object or string, or a number other
/// than zero; only a non-empty object for a pattern of `objectsOnly`). A name an `exactly`
/// pattern names is decided by the first such pattern, any other name by the first `containing`
/// pattern that picks it. Nothing inside a noted member is noted.
///
/// The rule is data, matched on the name's bytes as the parser reads it, so noting costs a
/// parse a few instructions a member whatever the rule.
public struct MemberRule: Sendable {
    /// How a pattern picks member names.
    public enum Name: Sendable, Hashable {
        /// Names holding this text, with ASCII letters in any case (`reaction` picks
        /// `reactions`, `Reaction_Groups` and `latestReactions`).
        case containing(String)
        /// Exactly this name.
        case exactly(String)
    }

    /// One pattern: the names it picks, and whether only an object value is noted.
    public struct Pattern: Sendable, Hashable {
        /// The names picked.
        public var name: Name
        /// True when a member is noted only when its value is an object.
        public var objectsOnly: Bool

        /// A pattern picking `name`, noted for any value that holds something unless `objectsOnly`.
        public init(_ name: Name, objectsOnly: Bool = false) {
            self.name = name
            self.objectsOnly = objectsOnly
        }
    }

    /// A pattern as matched: its text's bytes, and the bits a byte may differ in (0x20 for an
    /// ASCII letter of `containing`, which matches in any case); the first byte's apart, for
    /// the scan of a `containing` pattern.
    struct Compiled: Sendable {
        var bytes: [UInt8]
        var caseBits: [UInt8]
        var first: UInt8
        var firstCaseBits: UInt8
        var objectsOnly: Bool

        init(_ bytes: [UInt8], caseBits: [UInt8], objectsOnly: Bool) {
            self.bytes = bytes
            self.caseBits = caseBits
            first = bytes.first ?? 0
            firstCaseBits = caseBits.first ?? 0
            self.objectsOnly = objectsOnly
        }
    }

    /// The patterns, in the order given.
    public let patterns: [Pattern]
    let exact: [Compiled]
    let containing: [Compiled]
    /// Bit `n` set when an `exactly` pattern is `n` bytes long (below 64), so that a name of
    /// another length is not compared; `exactAtLeast64` when one is longer.
    let exactLengths: UInt64
    let exactAtLeast64: Bool
    /// The length of the shortest name any pattern picks: shorter names are not looked at.
    let shortest: Int

    /// A rule of `patterns`.
    public init(_ patterns: [Pattern]) {
        self.patterns = patterns
        var exact: [Compiled] = [], containing: [Compiled] = []
        for pattern in patterns {
            switch pattern.name {
            case .exactly(let text):
                let bytes = Array(text.utf8)
                exact.append(Compiled(bytes, caseBits: Array(repeating: 0, count: bytes.count), objectsOnly: pattern.objectsOnly))
            case .containing(let text):
                let bytes = Array(text.lowercased().utf8)
                let caseBits = bytes.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? UInt8(0x20) : 0 }
                containing.append(Compiled(bytes, caseBits: caseBits, objectsOnly: pattern.objectsOnly))
            }
        }
        self.exact = exact
        self.containing = containing
        exactLengths = exact.reduce(0) { $1.bytes.count < 64 ? $0 | 1 << UInt64($1.bytes.count) : $0 }
        exactAtLeast64 = exact.contains { $0.bytes.count >= 64 }
        shortest = (exact + containing).map(\.bytes.count).min() ?? Int.max
    }

    /// True when the rule picks members named `name` (whatever their value).
    public func picks(_ name: String) -> Bool {
        Array(name.utf8).withUnsafeBufferPointer { objectsOnly(forName: $0) } != nil
    }

    /// For a name the rule picks (as UTF-8 bytes), whether only an object value is noted; nil
    /// for a name it does not pick. Called for every member name at least as long as the
    /// shortest pattern, so lengths are compared first and a `containing` pattern is looked for
    /// by its first byte.
    func objectsOnly(forName name: UnsafeBufferPointer<UInt8>) -> Bool? {
        let count = name.count
        if count < 64 ? exactLengths & 1 << UInt64(count) != 0 : exactAtLeast64 {
            for index in exact.indices where exact[index].bytes.count == count && Self.equals(name, 0, exact[index]) {
                return exact[index].objectsOnly
            }
        }
        for index in containing.indices {
            let length = containing[index].bytes.count
            let first = containing[index].first, caseBits = containing[index].firstCaseBits
            var start = 0
            while start + length <= count {
                if name[start] | caseBits == first, Self.equals(name, start, containing[index]) { return containing[index].objectsOnly }
                start += 1
            }
        }
        return nil
    }

    /// True when the bytes from `start` are the pattern's, letters of `containing` in any case.
    @inline(__always)
    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ pattern: Compiled) -> Bool {
        pattern.bytes.withUnsafeBufferPointer { letters in
            pattern.caseBits.withUnsafeBufferPointer { caseBits in
                for offset in 0..<letters.count where bytes[start + offset] | caseBits[offset] != letters[offset] { return false }
                return true
            }
        }
    }
}

/// The members a parse noted (`MemberRule`), grouped by their path with array positions as
/// `[*]`, in the order the paths were first met.
public struct NotedMembers: Sendable, Equatable {
    /// Each group's path, and the offsets in the document at which its members' values start.
    public private(set) var groups: [(path: JSONPath, offsets: [Int])]

    /// Noted members in `groups` (none by default).
    public init(groups: [(path: JSONPath, offsets: [Int])] = []) {
        self.groups = groups
    }

    /// True when no member was noted.
    public var isEmpty: Bool { groups.isEmpty }

    /// The number of members noted in every group.
    public var count: Int { groups.reduce(0) { $0 + $1.offsets.count } }

    /// Equal when the groups have the same paths and offsets, in the same order.
    public static func == (a: NotedMembers, b: NotedMembers) -> Bool {
        a.groups.count == b.groups.count && zip(a.groups, b.groups).allSatisfy { $0.path == $1.path && $0.offsets == $1.offsets }
    }
}
