import InputFiles

/// The bytes of a large document that `JSONParser.parse(_:file:deferringArraysFrom:)` validated,
/// with the arrays it left unparsed; shared by every deferred array of the document.
final class JSONSource: Sendable {
    /// The whole document (the caller's array or mapped file, shared, not copied).
    let bytes: InputBytes
    /// Offset of each deferred array's `[` → offset just after its `]`.
    let deferredEnds: [Int: Int]

    init(bytes: InputBytes, deferredEnds: [Int: Int]) {
        self.bytes = bytes
        self.deferredEnds = deferredEnds
    }
}

/// An array of a large document left in the document's bytes: already validated, its elements
/// are parsed one at a time when iterated (`JSONValue.elements`; a deferred array inside one
/// stays deferred). The lines of a large JSON-lines document are one too (`lines`): values
/// separated by line breaks, with no brackets or commas.
public struct JSONDeferredArray: Sendable {
    let source: JSONSource
    /// Offset of the `[`.
    let start: Int
    /// Offset just after the `]`.
    let end: Int
    /// The nesting depth the parser gave the array, so elements are parsed as in one pass.
    let depth: Int
    /// True for the lines of a JSON-lines document: `start` is the first line's (after a
    /// byte-order mark), `end` the document's end.
    var lines = false

    /// A walk of the elements from the first.
    @usableFromInline
    func walk() -> Walk { Walk(array: self, position: lines ? start : start + 1, pages: source.bytes.passedPages(from: start)) }

    /// One walk through a deferred array's elements, in order. In a mapped file it lets go of
    /// the pages it has passed as it goes; each walk has its own place, so walks of the same
    /// array, one after another or at once on several threads, do not meet.
    @usableFromInline
    struct Walk {
        let array: JSONDeferredArray
        /// Just after the `[` or after the previous element's comma.
        var position: Int
        var pages: PassedPages?

        /// The next element, moving past it; nil at the end of the array, where the walk lets
        /// go of the rest of the array's pages (an array walked whole is let go whole, however
        /// short).
        @usableFromInline
        mutating func next() -> JSONValue? {
            guard position < array.end else {
                finish()
                return nil
            }
            return array.source.bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONCursor(buffer: buffer, pages: pages)
                reader.source = array.source
                reader.position = position
                reader.skipWhitespace()
                guard reader.position < array.end, array.lines || buffer[reader.position] != UInt8(ascii: "]") else {
                    position = array.end
                    finish()
                    return nil
                }
                guard let value = try? reader.parseValue(depth: array.depth) else {
                    // Validated bytes no longer parse: only a mapped file changed under the
                    // reader can do that. The walk ends; its reader reports the file as changed.
                    guard let file = array.source.bytes.mappedFile else {
                        preconditionFailure("a deferred array fails to parse although its document was validated")
                    }
                    file.noteChanged()
                    position = array.end
                    finish()
                    return nil
                }
                reader.skipWhitespace()
                if !array.lines, buffer[reader.position] == UInt8(ascii: ",") { reader.position += 1 }
                reader.passPages()
                position = reader.position
                pages = reader.pages
                return value
            }
        }

        /// Lets go of the pages up to the array's end, once.
        private mutating func finish() {
            pages?.letGo(upTo: array.end)
            pages = nil
        }
    }
}
