// JSONReader: the program's JSON reader, on UTF-8 bytes.
//
// The module owns everything between a file's bytes and the values an importer reads: the strict
// parser (RFC 8259, errors by line and column, `LocatedError`), the values it builds (`JSONValue`,
// `JSONObject`, `JSONElements`), large documents left in their bytes and parsed element by
// element (`JSONDeferredArray`), a cursor that walks a document without building it
// (`JSONCursor`), paths into a document (`JSONPath`, `JSONLocation`), and the members a caller
// asks to have noted while a document is read (`MemberRule`, `NotedMembers`). It knows nothing
// of chat platforms or reactions: which members are noted is the caller's rule.
//
// Every public call is safe. The bytes are read through unsafe buffer pointers inside the
// module only; a cursor cannot be copied, and a walk checks that the cursor it lent is the one
// handed back, so no pointer outlives the call that lent it.

import SourceText

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A strict JSON parser (RFC 8259) over UTF-8 bytes that reports errors by line and column.
///
/// Numbers are kept as text; strings must be valid UTF-8; nesting is limited so that hostile
/// input cannot exhaust the stack. A UTF-8 byte-order mark before the value is skipped.
public enum JSONParser {
    /// The reason given for text after a document's value: several values one after another,
    /// which a caller may read as JSON lines instead (`parseLines`).
    public static let textAfterValue = "unexpected text after the JSON value"

    /// Deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    /// Parses one JSON document.
    /// - Parameters:
    ///   - bytes: the document.
    ///   - file: the name used in errors.
    ///   - deferringArraysFrom: when given, every array of at least this many bytes (brackets
    ///     included) is left unparsed: it becomes a `JSONValue.deferredArray`, whose elements are
    ///     parsed one at a time as they are iterated, so a large export is never held as one
    ///     tree. The whole document is validated first, so errors are thrown here all the same;
    ///     the deferred arrays keep `bytes` alive (shared, not copied).
    /// - Throws: `LocatedError` at the first fault.
    public static func parse(_ bytes: [UInt8], file: String, deferringArraysFrom minimumBytes: Int? = nil) throws -> JSONValue {
        try parse(bytes, file: file, deferringArraysFrom: minimumBytes, noting: nil).value
    }

    /// Parses a JSON-lines document: one value per non-blank line.
    /// - Throws: `LocatedError` at the first fault.
    public static func parseLines(_ bytes: [UInt8], file: String) throws -> [JSONValue] {
        try parseLines(bytes, file: file, noting: nil).values
    }

    /// True when the first line holds a whole JSON value and more content follows on later
    /// lines. Only the first line is parsed (a JSON-lines record never spans lines), so a large
    /// single-document file is not parsed twice.
    public static func looksLikeJSONLines(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { whole in
            // memchr: most files have no line break at all, and this looks through all of them.
            guard let base = whole.baseAddress, let found = memchr(base, 0x0A, whole.count) else { return false }
            let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            guard whole[(newline + 1)...].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return false }
            let buffer = UnsafeBufferPointer(rebasing: whole[..<newline])
            var reader = JSONCursor(buffer: buffer)
            reader.skipByteOrderMark()
            reader.skipWhitespace()
            guard reader.position < buffer.count, (try? reader.parseValue(depth: 0)) != nil else { return false }
            reader.skipWhitespace()
            return reader.position == buffer.count
        }
    }

    /// Parses one JSON document as `parse(_:file:deferringArraysFrom:)` does, noting the members
    /// `rule` picks wherever they are (`noted` is nil when `rule` is). Deferring arrays, the
    /// members are noted in the validating pass, which reads the whole document.
    public static func parse(
        _ bytes: [UInt8], file: String, deferringArraysFrom minimumBytes: Int? = nil,
        noting rule: MemberRule?
    ) throws -> (value: JSONValue, noted: NotedMembers?) {
        guard let minimumBytes else {
            return try bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONCursor(buffer: buffer, noting: rule)
                let value = try reader.parseDocument(file: file)
                return (value, reader.notes?.finish())
            }
        }
        let (deferredEnds, noted) = try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONCursor(buffer: buffer, noting: rule)
            reader.building = false
            reader.deferringFrom = minimumBytes
            _ = try reader.parseDocument(file: file)
            return (reader.deferredEnds, reader.notes?.finish())
        }
        let source = JSONSource(bytes: bytes, deferredEnds: deferredEnds)
        let value = try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONCursor(buffer: buffer)
            reader.source = source
            return try reader.parseDocument(file: file)
        }
        return (value, noted)
    }

    /// Parses a JSON-lines document, noting the members `rule` picks (the lines are the
    /// elements of the array `$`; `noted` is nil when `rule` is).
    public static func parseLines(_ bytes: [UInt8], file: String, noting rule: MemberRule?) throws -> (values: [JSONValue], noted: NotedMembers?) {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONCursor(buffer: buffer, noting: rule)
            reader.notes?.beginLines()
            var values: [JSONValue] = []
            do {
                reader.skipByteOrderMark()
                while true {
                    reader.skipWhitespace()
                    if reader.position >= buffer.count { break }
                    values.append(try reader.parseValue(depth: 0))
                    reader.skipBlanks()
                    if reader.position < buffer.count, buffer[reader.position] != 0x0A, buffer[reader.position] != 0x0D {
                        throw Failure(offset: reader.position, reason: "expected a line break after the JSON value")
                    }
                }
                return (values, reader.notes?.finish())
            } catch let failure as Failure {
                throw error(for: failure, in: buffer, file: file)
            }
        }
    }

    /// A parse failure at a byte offset, until `error(for:in:file:)` places it by line and column.
    struct Failure: Error {
        var offset: Int
        var reason: String
    }

    static func error(for failure: Failure, in buffer: UnsafeBufferPointer<UInt8>, file: String) -> LocatedError {
        let position = UTF8Text.position(of: failure.offset, in: buffer)
        return LocatedError(file: file, line: position.line, column: position.column, reason: failure.reason)
    }
}
