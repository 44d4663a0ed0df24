/// Reads one JSON document front to back without building it: an importer walks into the arrays
/// and objects it wants, reads the values it keeps (as `JSONValue`s) and passes over
/// the rest, which is still checked. A cursor is the parser's own reader, so the checks and
/// errors are the parser's (the same code reads objects and arrays): a document is accepted or
/// refused, at the same line and column, exactly as when it is parsed whole.
///
/// Each call that reads reads exactly one whole value, where the cursor stands.
typealias JSONCursor = JSONParser.Reader

extension JSONParser.Reader {
    /// What the value the cursor stands at starts with (nil at the end of the text).
    private var next: UInt8? {
        position < buffer.count ? buffer[position] : nil
    }

    /// True when the value here is an array.
    var atArray: Bool { next == UInt8(ascii: "[") }
    /// True when the value here is an object.
    var atObject: Bool { next == UInt8(ascii: "{") }

    /// Reads the array here, calling `element` with the cursor at each element.
    mutating func elements(_ element: (inout JSONCursor) throws -> Void) throws {
        let outer = cursorDepth
        defer { cursorDepth = outer }
        _ = try walkArray(depth: outer + 1) { cursor in
            cursor.cursorDepth = outer + 1
            try element(&cursor)
        }
    }

    /// Reads the object here, calling `member` with each member's name and the cursor at its
    /// value.
    mutating func members(_ member: (inout JSONCursor, String) throws -> Void) throws {
        let outer = cursorDepth
        defer { cursorDepth = outer }
        _ = try walkObject(depth: outer + 1) { cursor, key in
            cursor.cursorDepth = outer + 1
            try member(&cursor, key)
        }
    }

    /// Reads the value here: an object's members as `members` does; anything else is passed
    /// over, as an object without members.
    mutating func membersIfObject(_ member: (inout JSONCursor, String) throws -> Void) throws {
        guard atObject else { return try skip() }
        try members(member)
    }

    /// The value here, parsed whole.
    mutating func value() throws -> JSONValue {
        try parseValue(depth: cursorDepth)
    }

    /// Checks the value here and passes over it, building nothing.
    mutating func skip() throws {
        building = false
        defer { building = true }
        _ = try parseValue(depth: cursorDepth)
    }
}

extension JSONParser {
    /// Walks the JSON document in `bytes` with a cursor at its value (after a byte-order mark),
    /// which `body` must read whole; nothing but whitespace may follow it.
    /// - Throws: `ImportError` with the line and column of the first fault.
    static func walk<T>(_ bytes: [UInt8], file: String, _ body: (inout JSONCursor) throws -> T) throws -> T {
        var sites: ReactionSites?
        return try walk(bytes, file: file, sites: &sites, body)
    }

    /// `walk`, collecting the members that may hold reactions, wherever they are (in members
    /// `body` reads or passes over), into `sites` when it is not nil.
    static func walk<T>(_ bytes: [UInt8], file: String, sites: inout ReactionSites?, _ body: (inout JSONCursor) throws -> T) throws -> T {
        try bytes.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer: buffer)
            if sites != nil { cursor.sites = ReactionSiteCollector() }
            defer { if cursor.sites != nil { sites = cursor.sites!.finish() } }
            do {
                cursor.skipByteOrderMark()
                cursor.skipWhitespace()
                let result = try body(&cursor)
                cursor.skipWhitespace()
                if cursor.position < buffer.count {
                    throw Failure(offset: cursor.position, reason: JSONParser.textAfterValue)
                }
                return result
            } catch let failure as Failure {
                throw JSONParser.error(for: failure, in: buffer, file: file)
            }
        }
    }
}
