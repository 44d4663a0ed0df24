import InputFiles

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The parser over an input's bytes, an array or a mapped file (`InputBytes`): every pass that
/// goes through a mapped file front to back (looking for a line break, validating, building,
/// reading lines, placing an error) lets go of the pages it has passed as it goes, so a file of
/// gigabytes is never resident whole. Pages let go are read back from the page cache when read
/// again; no result depends on them.
extension JSONParser {
    /// Parses one JSON document as `parse(_:file:deferringArraysFrom:noting:)` does for an
    /// array; deferred arrays keep `bytes` (the array or the mapping) alive.
    /// - Throws: `LocatedError` at the first fault.
    public static func parse(
        _ bytes: InputBytes, file: String, deferringArraysFrom minimumBytes: Int? = nil,
        noting rule: MemberRule?
    ) throws -> (value: JSONValue, noted: NotedMembers?) {
        guard let minimumBytes else {
            return try bytes.withCursor(noting: rule) { reader in
                let value = try reader.parseDocument(file: file)
                return (value, reader.notes?.finish())
            }
        }
        let (deferredEnds, noted) = try bytes.withCursor(noting: rule) { reader in
            reader.building = false
            reader.deferringFrom = minimumBytes
            _ = try reader.parseDocument(file: file)
            return (reader.deferredEnds, reader.notes?.finish())
        }
        let source = JSONSource(bytes: bytes, deferredEnds: deferredEnds)
        let value = try bytes.withCursor { reader in
            reader.source = source
            return try reader.parseDocument(file: file)
        }
        return (value, noted)
    }

    /// Parses a JSON-lines document as `parseLines(_:file:noting:)` does for an array.
    /// - Throws: `LocatedError` at the first fault.
    public static func parseLines(_ bytes: InputBytes, file: String, noting rule: MemberRule?) throws -> (values: [JSONValue], noted: NotedMembers?) {
        let read = try readLines(bytes, file: file, noting: rule, building: true)
        return (read.values, read.noted)
    }

    /// Checks a JSON-lines document whole, noting the members `rule` picks, as
    /// `parseLines(_:file:noting:)` does, but builds none of its values: the lines are one
    /// deferred array (`JSONValue.deferredArray`), each line parsed when a walk of `elements`
    /// reaches it, so a log of millions of lines is never held as values. The array keeps
    /// `bytes` alive (shared, not copied).
    /// - Throws: `LocatedError` at the first fault.
    public static func parseLinesDeferred(_ bytes: InputBytes, file: String, noting rule: MemberRule?) throws -> (value: JSONValue, noted: NotedMembers?) {
        let read = try readLines(bytes, file: file, noting: rule, building: false)
        let source = JSONSource(bytes: bytes, deferredEnds: [:])
        let lines = JSONDeferredArray(source: source, start: read.start, end: bytes.count, depth: 0, lines: true)
        return (.deferredArray(lines), read.noted)
    }

    /// Reads every line of a JSON-lines document, building its values only when `building`;
    /// `start` is the offset of the first line (after a byte-order mark).
    private static func readLines(
        _ bytes: InputBytes, file: String, noting rule: MemberRule?, building: Bool
    ) throws -> (values: [JSONValue], noted: NotedMembers?, start: Int) {
        try bytes.withCursor(noting: rule) { reader in
            reader.notes?.beginLines()
            reader.building = building
            var values: [JSONValue] = []
            do {
                reader.skipByteOrderMark()
                let start = reader.position
                while true {
                    reader.skipWhitespace()
                    if reader.position >= reader.buffer.count { break }
                    let value = try reader.parseValue(depth: 0)
                    if building { values.append(value) }
                    reader.passPages()
                    reader.skipBlanks()
                    if reader.position < reader.buffer.count, reader.buffer[reader.position] != 0x0A, reader.buffer[reader.position] != 0x0D {
                        throw Failure(offset: reader.position, reason: "expected a line break after the JSON value")
                    }
                }
                return (values, reader.notes?.finish(), start)
            } catch let failure as Failure {
                throw error(for: failure, in: reader.buffer, file: file, mapped: bytes.mappedFile)
            }
        }
    }

    /// True when the first line holds a whole JSON value and more content follows on later
    /// lines, as `looksLikeJSONLines(_:)` tells for an array.
    public static func looksLikeJSONLines(_ bytes: InputBytes) -> Bool {
        bytes.withUnsafeBufferPointer { whole in
            guard let base = whole.baseAddress else { return false }
            // memchr: most files have no line break at all, and this looks through all of
            // them; a mapped file a stretch at a time, letting go of each stretch looked through.
            var pages = bytes.passedPages(from: 0)
            let stretch = bytes.mappedFile?.dropInterval ?? whole.count
            var start = 0
            var newline: Int?
            while start < whole.count, newline == nil {
                let length = min(stretch, whole.count - start)
                if let found = memchr(base + start, 0x0A, length) { newline = UnsafeRawPointer(found) - UnsafeRawPointer(base) }
                start += length
                pages?.passed(start)
            }
            pages?.letGo(upTo: start)
            guard let newline else { return false }
            guard whole[(newline + 1)...].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return false }
            let buffer = UnsafeBufferPointer(rebasing: whole[..<newline])
            var reader = JSONCursor(buffer: buffer, pages: bytes.passedPages(from: 0))
            reader.skipByteOrderMark()
            reader.skipWhitespace()
            guard reader.position < buffer.count, (try? reader.parseValue(depth: 0)) != nil else { return false }
            reader.skipWhitespace()
            reader.pages?.letGo(upTo: reader.position)
            return reader.position == buffer.count
        }
    }
}

extension InputBytes {
    /// Calls `body` with a cursor at `offset` of the bytes, noting the members `rule` picks; in
    /// a mapped file the cursor lets go of the pages it passes, and of all it passed when
    /// `body` is done.
    func withCursor<Result>(from offset: Int = 0, noting rule: MemberRule? = nil, _ body: (inout JSONCursor) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer: buffer, noting: rule, pages: passedPages(from: offset))
            cursor.position = offset
            defer { cursor.pages?.letGo(upTo: cursor.position) }
            return try body(&cursor)
        }
    }
}
