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
// The bytes are an array or a large file mapped read-only (InputFiles' `InputBytes`); every
// reader that goes through a mapped file front to back (the validating pass, a walk of a
// deferred array, a cursor's walk) lets go of the pages it has passed as it goes
// (`JSONParser+InputBytes.swift`).
//
// Every public call is safe. The bytes are read through unsafe buffer pointers inside the
// module only; a cursor cannot be copied, and a walk checks that the cursor it lent is the one
// handed back, so no pointer outlives the call that lent it.

import InputFiles
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
        try parse(InputBytes(bytes), file: file, deferringArraysFrom: minimumBytes, noting: nil).value
    }

    /// Parses a JSON-lines document: one value per non-blank line.
    /// - Throws: `LocatedError` at the first fault.
    public static func parseLines(_ bytes: [UInt8], file: String) throws -> [JSONValue] {
        try parseLines(InputBytes(bytes), file: file, noting: nil).values
    }

    /// True when the first line holds a whole JSON value and more content follows on later
    /// lines. Only the first line is parsed (a JSON-lines record never spans lines), so a large
    /// single-document file is not parsed twice.
    public static func looksLikeJSONLines(_ bytes: [UInt8]) -> Bool {
        looksLikeJSONLines(InputBytes(bytes))
    }

    /// Parses one JSON document as `parse(_:file:deferringArraysFrom:)` does, noting the members
    /// `rule` picks wherever they are (`noted` is nil when `rule` is). Deferring arrays, the
    /// members are noted in the validating pass, which reads the whole document.
    public static func parse(
        _ bytes: [UInt8], file: String, deferringArraysFrom minimumBytes: Int? = nil,
        noting rule: MemberRule?
    ) throws -> (value: JSONValue, noted: NotedMembers?) {
        try parse(InputBytes(bytes), file: file, deferringArraysFrom: minimumBytes, noting: rule)
    }

    /// Parses a JSON-lines document, noting the members `rule` picks (the lines are the
    /// elements of the array `$`; `noted` is nil when `rule` is).
    public static func parseLines(_ bytes: [UInt8], file: String, noting rule: MemberRule?) throws -> (values: [JSONValue], noted: NotedMembers?) {
        try parseLines(InputBytes(bytes), file: file, noting: rule)
    }

    /// A parse failure at a byte offset, until `error(for:in:file:)` places it by line and column.
    struct Failure: Error {
        var offset: Int
        var reason: String
    }

    /// The error for `failure`, placed by line and column. The bytes before it are counted
    /// from the start of the document; in a mapped file (`mapped`) a stretch at a time, letting
    /// go of the pages counted, so placing an error near the end of a large file does not hold
    /// all of it.
    static func error(for failure: Failure, in buffer: UnsafeBufferPointer<UInt8>, file: String, mapped: MappedFile? = nil) -> LocatedError {
        guard let mapped else {
            let position = UTF8Text.position(of: failure.offset, in: buffer)
            return LocatedError(file: file, line: position.line, column: position.column, reason: failure.reason)
        }
        var pages = PassedPages(mapped, from: 0)
        var (line, column) = (1, 1)
        var start = 0
        let end = min(failure.offset, buffer.count)
        // Lines add up stretch by stretch; a column goes on from the stretch before unless the
        // stretch holds a line break (a column counts the bytes that start a character, which
        // a stretch's bounds do not change).
        repeat {
            let stretchEnd = min(end, start + mapped.dropInterval)
            let part = UTF8Text.position(of: stretchEnd - start, in: UnsafeBufferPointer(rebasing: buffer[start..<stretchEnd]))
            if part.line > 1 {
                line += part.line - 1
                column = part.column
            } else {
                column += part.column - 1
            }
            start = stretchEnd
            pages.passed(start)
        } while start < end
        return LocatedError(file: file, line: line, column: column, reason: failure.reason)
    }
}
