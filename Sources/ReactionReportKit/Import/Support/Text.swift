import JSONReader

/// The text, unless it is nil or empty: exports write "" and null alike for "not given".
func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}

/// The offset of the first byte that is not valid UTF-8, or nil; for TOML, whose errors are
/// placed as the JSON reader places its own (`UTF8Text`).
func firstInvalidUTF8<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> Int? where Bytes.Element == UInt8, Bytes.Index == Int {
    UTF8Text.firstInvalidByte(in: bytes)
}

/// The 1-based column of byte `offset` on the line starting at byte `lineStart`
/// (`UTF8Text.column`); for error positions in TOML.
func textColumn<Bytes: RandomAccessCollection>(of offset: Int, lineStart: Int, in bytes: Bytes) -> Int where Bytes.Element == UInt8, Bytes.Index == Int {
    UTF8Text.column(of: offset, lineStart: lineStart, in: bytes)
}

/// The 1-based line and column of byte `offset` (`UTF8Text.position`); for error positions in
/// TOML and templates.
func textPosition<Bytes: RandomAccessCollection>(of offset: Int, in bytes: Bytes) -> (line: Int, column: Int) where Bytes.Element == UInt8, Bytes.Index == Int {
    UTF8Text.position(of: offset, in: bytes)
}
