/// The bytes of a large document that `JSONParser.parse(_:file:deferringArraysFrom:)` validated,
/// with the arrays it left unparsed; shared by every deferred array of the document.
final class JSONSource: Sendable {
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
/// are parsed one at a time when iterated (`JSONValue.elements`; a deferred array inside one
/// stays deferred).
public struct JSONDeferredArray: Sendable {
    let source: JSONSource
    /// Offset of the `[`.
    @usableFromInline let start: Int
    /// Offset just after the `]`.
    let end: Int
    /// The nesting depth the parser gave the array, so elements are parsed as in one pass.
    let depth: Int

    /// The element at `position` (just after the `[` or after the previous element's comma), moving
    /// `position` past it; nil at the end of the array.
    @usableFromInline
    func element(at position: inout Int) -> JSONValue? {
        guard position < end else { return nil }
        return source.bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONCursor(buffer: buffer)
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
