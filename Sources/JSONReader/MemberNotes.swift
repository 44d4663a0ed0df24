/// What the parser keeps while it notes members (`MemberRule`): the containers it is inside (to
/// name a noted member's path), the paths met so far as a tree of steps, and the members noted.
struct MemberNotes {
    /// An open object or array. An object's current member name is kept as its byte range (a
    /// name becomes text only when a member noted below it needs its path).
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

    let rule: MemberRule
    /// The open containers around the innermost one, outermost first; the innermost is
    /// `current`, kept apart so that reading a member touches no array.
    private var outer: [Frame] = []
    private var current: Frame?
    /// Path nodes: node 0 is the document itself; every other is a step below its parent.
    private var steps: [Step] = [Step(parent: -1, component: .anyKey)]
    private var stepIndex: [Step: Int32] = [:]
    /// Members noted: the path node of the member and the offset of its value.
    private var noted: [(node: Int32, offset: Int)] = []
    /// While a noted member's value is read, the number of open containers at the member:
    /// nothing inside it is noted.
    private var notedDepth = Int.max

    init(_ rule: MemberRule) {
        self.rule = rule
    }

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
    /// `valueStart`. Names shorter than any the rule picks only update the path.
    @inline(__always)
    mutating func member(nameStart: Int, nameEnd: Int, valueStart: Int, in buffer: UnsafeBufferPointer<UInt8>) {
        let depth = self.depth
        if depth > notedDepth { return }
        notedDepth = .max
        current!.nameStart = nameStart
        current!.nameEnd = nameEnd
        current!.node = -1
        // An escaped name is never longer than its bytes: a shorter one cannot be picked either.
        if nameEnd - nameStart >= rule.shortest {
            check(nameStart: nameStart, nameEnd: nameEnd, valueStart: valueStart, depth: depth, in: buffer)
        }
    }

    /// Notes the member when the rule picks its name and its value holds something.
    private mutating func check(nameStart: Int, nameEnd: Int, valueStart: Int, depth: Int, in buffer: UnsafeBufferPointer<UInt8>) {
        let raw = UnsafeBufferPointer(rebasing: buffer[nameStart..<nameEnd])
        let objectsOnly =
            raw.contains(UInt8(ascii: "\\"))
            ? Array(Self.decodedName(nameStart: nameStart, in: buffer).utf8).withUnsafeBufferPointer { rule.objectsOnly(forName: $0) }
            : rule.objectsOnly(forName: raw)
        guard let objectsOnly, Self.holdsSomething(at: valueStart, in: buffer, objectOnly: objectsOnly) else { return }
        noted.append((node(upTo: depth - 1, in: buffer), valueStart))
        notedDepth = depth
    }

    /// The noted members, grouped, in the order their paths were first met.
    func finish() -> NotedMembers {
        guard !noted.isEmpty else { return NotedMembers() }
        var order: [Int32] = []
        var offsets: [Int32: [Int]] = [:]
        for member in noted {
            if offsets[member.node] == nil { order.append(member.node) }
            offsets[member.node, default: []].append(member.offset)
        }
        return NotedMembers(groups: order.map { (path(of: $0), offsets[$0]!) })
    }

    /// The path node of frame `level`'s current member or element (frames counted from the
    /// outermost; the last is `current`).
    private mutating func node(upTo level: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int32 {
        let frame = level == outer.count ? current! : outer[level]
        if frame.node >= 0 { return frame.node }
        let parent: Int32 = level == 0 ? 0 : node(upTo: level - 1, in: buffer)
        let component: JSONPath.Component =
            frame.isArray
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
        var reader = JSONCursor(buffer: buffer)
        reader.position = nameStart - 1
        return (try? reader.parseString()) ?? ""
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
