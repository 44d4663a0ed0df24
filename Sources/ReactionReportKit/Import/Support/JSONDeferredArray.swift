/// The bytes of a large document that `JSONParser.parse(_:file:deferringArraysFrom:)` validated,
/// with the arrays it left unparsed; shared by every deferred array of the document.
public final class JSONSource: Sendable {
    /// The whole document (the caller's array, shared, not copied).
    let bytes: [UInt8]
    /// Offset of each deferred array's `[` → offset just after its `]`.
    let deferredEnds: [Int: Int]

    init(bytes: [UInt8], deferredEnds: [Int: Int]) {
        self.bytes = bytes
        self.deferredEnds = deferredEnds
    }
}

/// An array of a large document left in the document's bytes: already validated, its elements
/// are parsed one at a time when iterated (a deferred array inside one stays deferred).
public struct JSONDeferredArray: Sendable {
    let source: JSONSource
    /// Offset of the `[`.
    let start: Int
    /// Offset just after the `]`.
    let end: Int
    /// The nesting depth the parser gave the array, so elements are parsed as in one pass.
    let depth: Int

    /// The element at `position` (just after the `[` or after the previous element's comma), moving
    /// `position` past it; nil at the end of the array.
    func element(at position: inout Int) -> JSONValue? {
        guard position < end else { return nil }
        return source.bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONParser.Reader(buffer: buffer)
            reader.source = source
            reader.position = position
            reader.skipWhitespace()
            guard buffer[reader.position] != UInt8(ascii: "]") else {
                position = end
                return nil
            }
            guard let value = try? reader.parseValue(depth: depth) else {
                preconditionFailure("a deferred array fails to parse although its document was validated")
            }
            reader.skipWhitespace()
            if buffer[reader.position] == UInt8(ascii: ",") { reader.position += 1 }
            position = reader.position
            return value
        }
    }
}

extension JSONParser {
    /// Parses one JSON document but leaves every array of at least `minimumBytes` (brackets
    /// included) unparsed: it becomes a `JSONValue.deferredArray` whose elements are parsed one at
    /// a time as they are iterated, so a large export is never held as one tree. The whole
    /// document is validated first, so errors are thrown here, by line and column, as `parse`
    /// throws them; the deferred arrays keep `bytes` alive (shared, not copied).
    public static func parse(_ bytes: [UInt8], file: String, deferringArraysFrom minimumBytes: Int) throws -> JSONValue {
        var sites: ReactionSites?
        return try parse(bytes, file: file, deferringArraysFrom: minimumBytes, sites: &sites)
    }

    /// `parse(_:file:deferringArraysFrom:)`, collecting the members that may hold reactions into
    /// `sites` (when it is not nil) during the validating pass, which reads the whole document.
    static func parse(_ bytes: [UInt8], file: String, deferringArraysFrom minimumBytes: Int, sites: inout ReactionSites?) throws -> JSONValue {
        let deferredEnds = try bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer)
            reader.building = false
            reader.deferringFrom = minimumBytes
            if sites != nil { reader.sites = ReactionSiteCollector() }
            _ = try reader.parseDocument(file: file)
            if reader.sites != nil { sites = reader.sites!.finish() }
            return reader.deferredEnds
        }
        let source = JSONSource(bytes: bytes, deferredEnds: deferredEnds)
        return try bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer)
            reader.source = source
            return try reader.parseDocument(file: file)
        }
    }
}
