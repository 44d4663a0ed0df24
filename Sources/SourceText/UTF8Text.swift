/// UTF-8 checks and error positions as the parser makes them, offered to the program's other
/// readers of text (TOML, templates) so that every error is placed alike.
public enum UTF8Text {
    /// The offset of the first byte that is not part of valid UTF-8 (RFC 3629: no overlong
    /// forms, no surrogates, nothing above U+10FFFF), or nil.
    @inlinable
    public static func firstInvalidByte<Bytes: RandomAccessCollection>(in bytes: Bytes) -> Int? where Bytes.Element == UInt8, Bytes.Index == Int {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            var length = 4, low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0: low = 0x90
            case 0xF1...0xF3: break
            case 0xF4: high = 0x8F
            default: return index - bytes.startIndex
            }
            guard index + length <= bytes.endIndex, (low...high).contains(bytes[index + 1]),
                bytes[(index + 2)..<(index + length)].allSatisfy({ (0x80...0xBF).contains($0) })
            else { return index - bytes.startIndex }
            index += length
        }
        return nil
    }

    /// The 1-based column of byte `offset` on the line starting at byte `lineStart`, counting
    /// Unicode scalars (continuation bytes do not count).
    @inlinable
    public static func column<Bytes: RandomAccessCollection>(of offset: Int, lineStart: Int, in bytes: Bytes) -> Int
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var column = 1
        for index in lineStart..<min(offset, bytes.endIndex) where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    /// The 1-based line and column (`column(of:lineStart:in:)`) of byte `offset`.
    @inlinable
    public static func position<Bytes: RandomAccessCollection>(of offset: Int, in bytes: Bytes) -> (line: Int, column: Int)
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var line = 1
        var lineStart = bytes.startIndex
        for index in bytes.startIndex..<min(offset, bytes.endIndex) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, column(of: offset, lineStart: lineStart, in: bytes))
    }
}
