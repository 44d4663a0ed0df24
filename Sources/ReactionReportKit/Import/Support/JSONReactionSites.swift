/// The members of a document that may hold reactions, found by the parser while it reads the
/// document (whether it builds a tree, validates a large document, or is walked as a cursor):
/// every member whose name says "reaction" in any case (`reactions`, `reaction_groups`,
/// `latest_reactions`, `reactionCounts`, `reaction`…), every `actions` object (PubNub's map of
/// action types) and every `m.annotation` object (Matrix aggregations), when its value is not
/// empty. Sites are grouped by their path with array positions as `[*]`; inside a site nothing
/// more is looked for.
///
/// This is what makes "nothing dropped in silence" structural: the import compares the groups
/// with the members its importer reads (`ReactionMembers`) and names every other one.
public struct ReactionSites: Sendable, Equatable {
    /// Each group's path, and the offsets in the document at which its sites' values start.
    public private(set) var groups: [(path: JSONPath, offsets: [Int])]

    public init(groups: [(path: JSONPath, offsets: [Int])] = []) {
        self.groups = groups
    }

    /// True when no reaction-bearing member was found.
    public var isEmpty: Bool { groups.isEmpty }

    /// The number of sites in every group.
    public var count: Int { groups.reduce(0) { $0 + $1.offsets.count } }

    public static func == (a: ReactionSites, b: ReactionSites) -> Bool {
        a.groups.count == b.groups.count && zip(a.groups, b.groups).allSatisfy { $0.path == $1.path && $0.offsets == $1.offsets }
    }

    /// True for a member name that says it holds reactions (`name` as its UTF-8 bytes).
    static func isReactionName<Bytes: Collection<UInt8>>(_ name: Bytes) -> Bool where Bytes.Index == Int {
        let count = name.count
        guard count >= 7 else { return false }
        let start = name.startIndex
        if count == 7, equalsASCII(name, start, "actions") { return true }
        if count == 12, equalsASCII(name, start, "m.annotation") { return true }
        var index = start
        while index + 8 <= start + count {
            if name[index] | 0x20 == UInt8(ascii: "r"), lowercaseEquals(name, index + 1, "eaction") { return true }
            index += 1
        }
        return false
    }

    /// True when the bytes from `start` are `word`, exactly.
    private static func equalsASCII<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ start: Int, _ word: StaticString) -> Bool where Bytes.Index == Int {
        let letters = word.utf8Start
        for offset in 0..<word.utf8CodeUnitCount where bytes[start + offset] != letters[offset] { return false }
        return true
    }

    /// True when the bytes from `start`, lowercased, are `word` (lowercase ASCII letters).
    private static func lowercaseEquals<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ start: Int, _ word: StaticString) -> Bool where Bytes.Index == Int {
        let letters = word.utf8Start
        for offset in 0..<word.utf8CodeUnitCount where bytes[start + offset] | 0x20 != letters[offset] { return false }
        return true
    }
}

/// What the parser keeps while it collects reaction sites: the containers it is inside (to name
/// a site's path when one is found), the paths met so far as a tree of steps, and the sites.
struct ReactionSiteCollector {
    /// An open object or array. An object's current member name is kept as its byte range (a
    /// name becomes text only when a site below it needs its path).
    struct Frame {
        var isArray: Bool
        var nameStart = 0
        var nameEnd = 0
        /// The path node of this container's current member or element, -1 until needed.
        var node: Int32 = -1
    }

    struct Step: Hashable {
        var parent: Int32
        var component: JSONPath.Component
    }

    /// The open containers around the innermost one, outermost first; the innermost is
    /// `current`, kept apart so that noting a member touches no array.
    private var outer: [Frame] = []
    private var current: Frame?
    /// Path nodes: node 0 is the document itself; every other is a step below its parent.
    private var steps: [Step] = [Step(parent: -1, component: .anyKey)]
    private var stepIndex: [Step: Int32] = [:]
    /// Sites found: the path node of the member and the offset of its value.
    private var sites: [(node: Int32, offset: Int)] = []
    /// While a site's value is read, the number of open containers at the site: nothing inside
    /// a site is a site of its own.
    private var siteDepth = Int.max

    /// The number of open containers.
    private var depth: Int { outer.count + (current == nil ? 0 : 1) }

    /// A JSON-lines document: its values are elements of one array.
    mutating func beginLines() { enter(Frame(isArray: true)) }

    @inline(__always) mutating func enterObject() { enter(Frame(isArray: false)) }
    @inline(__always) mutating func enterArray() { enter(Frame(isArray: true)) }

    @inline(__always) private mutating func enter(_ frame: Frame) {
        if let current { outer.append(current) }
        current = frame
    }

    @inline(__always) mutating func leave() {
        current = outer.popLast()
    }

    /// A member named by the bytes `nameStart..<nameEnd` of `buffer`, whose value starts at
    /// `valueStart`. Only names of seven bytes or more can be sites (`isReactionName`), so the
    /// rest only update the path.
    @inline(__always)
    mutating func member(nameStart: Int, nameEnd: Int, valueStart: Int, in buffer: UnsafeBufferPointer<UInt8>) {
        let depth = self.depth
        if depth > siteDepth { return }
        siteDepth = .max
        current!.nameStart = nameStart
        current!.nameEnd = nameEnd
        current!.node = -1
        // An escaped name is never longer than its bytes: a shorter one cannot name a site either.
        if nameEnd - nameStart >= 7 {
            checkSite(nameStart: nameStart, nameEnd: nameEnd, valueStart: valueStart, depth: depth, in: buffer)
        }
    }

    /// Records the member as a site when its name and value make it one.
    private mutating func checkSite(nameStart: Int, nameEnd: Int, valueStart: Int, depth: Int, in buffer: UnsafeBufferPointer<UInt8>) {
        let raw = UnsafeBufferPointer(rebasing: buffer[nameStart..<nameEnd])
        let escaped = raw.contains(UInt8(ascii: "\\"))
        let isSite: Bool
        if escaped {
            isSite = ReactionSites.isReactionName(Array(Self.decodedName(nameStart: nameStart, in: buffer).utf8))
        } else {
            isSite = ReactionSites.isReactionName(raw)
        }
        guard isSite, Self.holdsSomething(at: valueStart, in: buffer, objectOnly: Self.needsObject(raw, escaped: escaped, nameStart: nameStart, in: buffer)) else { return }
        sites.append((node(upTo: depth - 1, in: buffer), valueStart))
        siteDepth = depth
    }

    /// The grouped sites, in the order their paths were first met.
    func finish() -> ReactionSites {
        guard !sites.isEmpty else { return ReactionSites() }
        var order: [Int32] = []
        var offsets: [Int32: [Int]] = [:]
        for site in sites {
            if offsets[site.node] == nil { order.append(site.node) }
            offsets[site.node, default: []].append(site.offset)
        }
        return ReactionSites(groups: order.map { (path(of: $0), offsets[$0]!) })
    }

    /// The path node of frame `level`'s current member or element (frames counted from the
    /// outermost; the last is `current`).
    private mutating func node(upTo level: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int32 {
        let frame = level == outer.count ? current! : outer[level]
        if frame.node >= 0 { return frame.node }
        let parent: Int32 = level == 0 ? 0 : node(upTo: level - 1, in: buffer)
        let component: JSONPath.Component = frame.isArray
            ? .anyIndex
            : .key(Self.decodedName(nameStart: frame.nameStart, in: buffer))
        let step = Step(parent: parent, component: component)
        let found: Int32
        if let known = stepIndex[step] {
            found = known
        } else {
            found = Int32(steps.count)
            steps.append(step)
            stepIndex[step] = found
        }
        if level == outer.count { current!.node = found } else { outer[level].node = found }
        return found
    }

    private func path(of node: Int32) -> JSONPath {
        var components: [JSONPath.Component] = []
        var current = node
        while current > 0 {
            components.append(steps[Int(current)].component)
            current = steps[Int(current)].parent
        }
        return JSONPath(components.reversed())
    }

    /// The member name whose opening quote is just before `nameStart`, decoded.
    private static func decodedName(nameStart: Int, in buffer: UnsafeBufferPointer<UInt8>) -> String {
        var reader = JSONParser.Reader(buffer: buffer)
        reader.position = nameStart - 1
        return (try? reader.parseString()) ?? ""
    }

    /// `actions` and `m.annotation` are sites only when they hold an object (a PubNub action map,
    /// a Matrix aggregation); Slack's attachments, for one, have `actions` lists of buttons.
    private static func needsObject(_ raw: UnsafeBufferPointer<UInt8>, escaped: Bool, nameStart: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let name = escaped ? decodedName(nameStart: nameStart, in: buffer) : String(decoding: raw, as: UTF8.self)
        return name == "actions" || name == "m.annotation"
    }

    /// True when the value at `offset` holds something: a non-empty array, object or string, or
    /// a number other than zero (only an object when `objectOnly`).
    private static func holdsSomething(at offset: Int, in buffer: UnsafeBufferPointer<UInt8>, objectOnly: Bool) -> Bool {
        guard offset < buffer.count else { return false }
        func nextAfterWhitespace(_ start: Int) -> UInt8? {
            var index = start
            while index < buffer.count {
                switch buffer[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return buffer[index]
                }
            }
            return nil
        }
        let first = buffer[offset]
        if objectOnly { return first == UInt8(ascii: "{") && nextAfterWhitespace(offset + 1) != UInt8(ascii: "}") }
        switch first {
        case UInt8(ascii: "["): return nextAfterWhitespace(offset + 1) != UInt8(ascii: "]")
        case UInt8(ascii: "{"): return nextAfterWhitespace(offset + 1) != UInt8(ascii: "}")
        case UInt8(ascii: "\""): return offset + 1 < buffer.count && buffer[offset + 1] != UInt8(ascii: "\"")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            // Not zero: a digit 1–9 before any exponent.
            var index = offset
            while index < buffer.count {
                let byte = buffer[index]
                if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
                guard byte == UInt8(ascii: "-") || byte == UInt8(ascii: "0") || byte == UInt8(ascii: ".") else { return false }
                index += 1
            }
            return false
        default:
            return false
        }
    }
}

extension JSONParser {
    /// Where a value of a document sits: its path, and the offset at which the value at each
    /// step of the path starts (`starts[i]` is that of the value the first `i + 1` steps lead to).
    struct Location: Equatable {
        var path: JSONPath
        var starts: [Int]
    }

    /// The locations of the values that start at `offsets` in a valid document (or JSON-lines
    /// document, whose lines are the elements of `$`). Offsets at which no value starts are left
    /// out. The document is walked once, whatever the number of offsets.
    static func locate(_ offsets: [Int], in bytes: [UInt8], isLines: Bool) -> [Int: Location] {
        let wanted = Set(offsets)
        guard !wanted.isEmpty else { return [:] }
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer)
            var found: [Int: Location] = [:]
            var path: [JSONPath.Component] = []
            var starts: [Int] = []
            func visit(_ reader: inout Reader, depth: Int) throws {
                let start = reader.position
                if wanted.contains(start) { found[start] = Location(path: JSONPath(path), starts: starts) }
                guard found.count < wanted.count else { return try reader.skip() }
                if reader.atObject {
                    _ = try reader.walkObject(depth: depth + 1) { reader, key in
                        path.append(.key(key))
                        starts.append(reader.position)
                        defer { path.removeLast(); starts.removeLast() }
                        try visit(&reader, depth: depth + 1)
                    }
                } else if reader.atArray {
                    var index = 0
                    _ = try reader.walkArray(depth: depth + 1) { reader in
                        path.append(.index(index))
                        starts.append(reader.position)
                        defer { path.removeLast(); starts.removeLast(); index += 1 }
                        try visit(&reader, depth: depth + 1)
                    }
                } else {
                    try reader.skip()
                }
            }
            reader.skipByteOrderMark()
            var line = 0
            while true {
                reader.skipWhitespace()
                guard reader.position < buffer.count, found.count < wanted.count else { break }
                if isLines {
                    path = [.index(line)]
                    starts = [reader.position]
                }
                guard (try? visit(&reader, depth: 0)) != nil, isLines else { break }
                line += 1
            }
            return found
        }
    }

    /// The value that starts at `offset` of a valid document, parsed; nil when none starts there.
    static func value(at offset: Int, in bytes: [UInt8]) -> JSONValue? {
        guard offset >= 0, offset < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer)
            reader.position = offset
            return try? reader.parseValue(depth: 0)
        }
    }
}
