import InputFiles
import SourceText

/// Reads one JSON document front to back without building it: a caller walks into the arrays
/// and objects it wants, reads the values it keeps (as `JSONValue`s) and passes over the rest,
/// which is still checked. A cursor is the parser's own reader, so the checks and errors are the
/// parser's (the same code reads objects and arrays): a document is accepted or refused, at the
/// same line and column, exactly as when it is parsed whole.
///
/// Each call that reads reads exactly one whole value, where the cursor stands. A cursor is only
/// lent, by `JSONParser.walk` and to the closures of `elements` and `members`; it cannot be
/// copied, so it cannot outlive the walk.
public struct JSONCursor: ~Copyable {
    let buffer: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Members and elements of the objects and arrays being read, innermost last: each
    /// container is copied out at its end into an array of exactly its size.
    var memberStack: [JSONObject.Member] = []
    var elementStack: [JSONValue] = []
    /// False on a validating pass: values are checked exactly as when building, but not built
    /// (`parseValue` returns `.null`), and arrays of at least `deferringFrom` bytes are
    /// recorded in `deferredEnds`.
    var building = true
    var deferringFrom = Int.max
    /// Offset of a recorded array's `[` → offset just after its `]`.
    var deferredEnds: [Int: Int] = [:]
    /// The document whose recorded arrays a building pass leaves unparsed.
    var source: JSONSource?
    /// Walked as a cursor: the nesting of the value the cursor stands at.
    var cursorDepth = 0
    /// Set to note the members a rule picks (`NotedMembers`) as they are read.
    var notes: MemberNotes?
    /// Set when the bytes are a mapped file: the pages the cursor has passed are let go as it
    /// goes (checked between elements and members, `passPages()`).
    var pages: PassedPages?
    /// The offset from which `passPages()` lets pages go (never, without `pages`).
    var dropAt = Int.max

    init(buffer: UnsafeBufferPointer<UInt8>, noting rule: MemberRule? = nil, pages: PassedPages? = nil) {
        self.buffer = buffer
        if let rule { notes = MemberNotes(rule) }
        self.pages = pages
        dropAt = pages?.dueAt ?? .max
    }

    /// Lets go of the pages behind the cursor when it has gone far enough since it last did:
    /// one comparison, made between the elements of an array and the members of an object.
    @inline(__always)
    mutating func passPages() {
        if position >= dropAt { letPassedPagesGo() }
    }

    @inline(never)
    private mutating func letPassedPagesGo() {
        pages?.passed(position)
        dropAt = pages?.dueAt ?? .max
    }

    /// What the value the cursor stands at starts with (nil at the end of the text).
    private var next: UInt8? {
        position < buffer.count ? buffer[position] : nil
    }

    /// True when the value here is an array.
    public var atArray: Bool { next == UInt8(ascii: "[") }
    /// True when the value here is an object.
    public var atObject: Bool { next == UInt8(ascii: "{") }

    /// Reads the array here, calling `element` with the cursor at each element, which
    /// `element` must read whole.
    public mutating func elements(_ element: (inout JSONCursor) throws -> Void) throws {
        let outer = cursorDepth
        defer { cursorDepth = outer }
        _ = try walkArray(depth: outer + 1) { cursor in
            cursor.cursorDepth = outer + 1
            try element(&cursor)
        }
    }

    /// Reads the object here, calling `member` with each member's name and the cursor at its
    /// value, which `member` must read whole.
    public mutating func members(_ member: (inout JSONCursor, String) throws -> Void) throws {
        let outer = cursorDepth
        defer { cursorDepth = outer }
        _ = try walkObject(depth: outer + 1) { cursor, key in
            cursor.cursorDepth = outer + 1
            try member(&cursor, key)
        }
    }

    /// Reads the value here: an object's members as `members` does; anything else is passed
    /// over, as an object without members.
    public mutating func membersIfObject(_ member: (inout JSONCursor, String) throws -> Void) throws {
        guard atObject else { return try skip() }
        try members(member)
    }

    /// The value here, parsed whole.
    public mutating func value() throws -> JSONValue {
        try parseValue(depth: cursorDepth)
    }

    /// Checks the value here and passes over it, building nothing.
    public mutating func skip() throws {
        building = false
        defer { building = true }
        _ = try parseValue(depth: cursorDepth)
    }
}

extension JSONParser {
    /// Walks the JSON document in `bytes` with a cursor at its value (after a byte-order mark),
    /// which `body` must read whole; nothing but whitespace may follow it.
    /// - Throws: `LocatedError` at the first fault, or what `body` throws.
    public static func walk<T>(_ bytes: [UInt8], file: String, _ body: (inout JSONCursor) throws -> T) throws -> T {
        try walk(InputBytes(bytes), file: file, noting: nil, body).result
    }

    /// `walk(_:file:_:)`, noting the members `rule` picks wherever they are, in members `body`
    /// reads or passes over (`noted` is nil when `rule` is).
    public static func walk<T>(
        _ bytes: [UInt8], file: String, noting rule: MemberRule?,
        _ body: (inout JSONCursor) throws -> T
    ) throws -> (result: T, noted: NotedMembers?) {
        try walk(InputBytes(bytes), file: file, noting: rule, body)
    }

    /// `walk(_:file:noting:_:)` over an input's bytes; a mapped file's pages are let go as the
    /// cursor passes them.
    public static func walk<T>(
        _ bytes: InputBytes, file: String, noting rule: MemberRule?,
        _ body: (inout JSONCursor) throws -> T
    ) throws -> (result: T, noted: NotedMembers?) {
        try bytes.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer: buffer, noting: rule, pages: bytes.passedPages(from: 0))
            // The cursor handed back must be the one lent (a body could swap in the cursor of
            // another walk, whose bytes may be gone once that walk returns).
            defer { precondition(cursor.buffer.baseAddress == buffer.baseAddress, "a JSON cursor was exchanged for another walk's") }
            do {
                cursor.skipByteOrderMark()
                cursor.skipWhitespace()
                let result = try body(&cursor)
                cursor.skipWhitespace()
                if cursor.position < buffer.count {
                    throw Failure(offset: cursor.position, reason: JSONParser.textAfterValue)
                }
                cursor.pages?.letGo(upTo: cursor.position)
                return (result, cursor.notes?.finish())
            } catch let failure as Failure {
                throw error(for: failure, in: buffer, file: file, mapped: bytes.mappedFile)
            }
        }
    }
}
