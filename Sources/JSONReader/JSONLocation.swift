import InputFiles

/// Where a value of a document sits: its path, and the offset at which the value at each step
/// of the path starts (`starts[i]` is that of the value the first `i + 1` steps lead to).
public struct JSONLocation: Sendable, Equatable {
    /// The value's path, array positions given.
    public var path: JSONPath
    /// The offset of the value at each step of `path`.
    public var starts: [Int]

    /// A location of `path`, with the offsets of the values along it.
    public init(path: JSONPath, starts: [Int]) {
        self.path = path
        self.starts = starts
    }
}

extension JSONParser {
    /// The locations of the values that start at `offsets` in a valid document (or JSON-lines
    /// document, whose lines are the elements of `$`). Offsets at which no value starts are left
    /// out. The document is walked once, whatever the number of offsets.
    public static func locate(_ offsets: [Int], in bytes: [UInt8], isLines: Bool) -> [Int: JSONLocation] {
        locate(offsets, in: InputBytes(bytes), isLines: isLines)
    }

    /// `locate(_:in:isLines:)` in an input's bytes; a mapped file's pages are let go as the
    /// walk passes them.
    public static func locate(_ offsets: [Int], in bytes: InputBytes, isLines: Bool) -> [Int: JSONLocation] {
        let wanted = Set(offsets)
        guard !wanted.isEmpty else { return [:] }
        return bytes.withCursor { reader in
            let buffer = reader.buffer
            var found: [Int: JSONLocation] = [:]
            var path: [JSONPath.Component] = []
            var starts: [Int] = []
            func visit(_ reader: inout JSONCursor, depth: Int) throws {
                let start = reader.position
                if wanted.contains(start) { found[start] = JSONLocation(path: JSONPath(path), starts: starts) }
                guard found.count < wanted.count else { return try reader.skip() }
                if reader.atObject {
                    _ = try reader.walkObject(depth: depth + 1) { reader, key in
                        path.append(.key(key))
                        starts.append(reader.position)
                        defer {
                            path.removeLast()
                            starts.removeLast()
                        }
                        try visit(&reader, depth: depth + 1)
                    }
                } else if reader.atArray {
                    var index = 0
                    _ = try reader.walkArray(depth: depth + 1) { reader in
                        path.append(.index(index))
                        starts.append(reader.position)
                        defer {
                            path.removeLast()
                            starts.removeLast()
                            index += 1
                        }
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
    public static func value(at offset: Int, in bytes: [UInt8]) -> JSONValue? {
        value(at: offset, in: InputBytes(bytes))
    }

    /// `value(at:in:)` in an input's bytes.
    public static func value(at offset: Int, in bytes: InputBytes) -> JSONValue? {
        guard offset >= 0, offset < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONCursor(buffer: buffer)
            reader.position = offset
            return try? reader.parseValue(depth: 0)
        }
    }
}
