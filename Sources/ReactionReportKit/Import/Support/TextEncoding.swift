import InputFiles

/// The encodings input files arrive in. JSON is UTF-8, but files saved on Windows are often
/// UTF-16 with a byte-order mark (PowerShell's `>` writes that); those are converted, and the
/// error for a file in an encoding that cannot be told names what the file looks like.
enum TextEncoding {
    /// The file's text as UTF-8: unchanged when it is UTF-8 (with or without a byte-order
    /// mark), converted from UTF-16 or UTF-32 with a byte-order mark.
    /// - Throws: `LocatedError` for text that is not valid in the encoding its mark names, and
    ///   for UTF-16 or UTF-32 without a mark.
    static func utf8(_ bytes: [UInt8], file: String) throws -> [UInt8] {
        try converted(bytes, file: file) ?? bytes
    }

    /// `utf8(_:file:)` for an input's bytes: a mapped file of UTF-8 is handed back as it is.
    static func utf8(_ bytes: InputBytes, file: String) throws -> InputBytes {
        try converted(bytes, file: file).map { InputBytes($0) } ?? bytes
    }

    /// The text converted to UTF-8 when it is UTF-16 or UTF-32 with a byte-order mark; nil
    /// when it is UTF-8 already.
    private static func converted<Bytes: RandomAccessCollection>(_ bytes: Bytes, file: String) throws -> [UInt8]?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return try convert(bytes.dropFirst(4), file: file, name: "UTF-32 (little-endian)", unit: 4, bigEndian: false)
        }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            return try convert(bytes.dropFirst(4), file: file, name: "UTF-32 (big-endian)", unit: 4, bigEndian: true)
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return try convert(bytes.dropFirst(2), file: file, name: "UTF-16 (little-endian)", unit: 2, bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try convert(bytes.dropFirst(2), file: file, name: "UTF-16 (big-endian)", unit: 2, bigEndian: true) }
        if let guess = unmarkedWideEncoding(bytes) {
            throw LocatedError(file: file, reason: "looks like \(guess) text without a byte-order mark; save it as UTF-8 (or with a byte-order mark)")
        }
        return nil
    }

    /// UTF-16 or UTF-32 without a byte-order mark, told by the zero bytes around the first
    /// ASCII characters of a JSON text (RFC 4627's old rule); nil for anything else.
    static func unmarkedWideEncoding<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8, Bytes.Index == Int {
        guard bytes.count >= 4 else { return nil }
        let start = bytes.startIndex
        switch (bytes[start] == 0, bytes[start + 1] == 0, bytes[start + 2] == 0, bytes[start + 3] == 0) {
        case (true, true, true, false): return "UTF-32 (big-endian)"
        case (false, true, true, true): return "UTF-32 (little-endian)"
        case (true, false, true, false): return "UTF-16 (big-endian)"
        case (false, true, false, true): return "UTF-16 (little-endian)"
        default: return nil
        }
    }

    private static func convert<Body: RandomAccessCollection>(_ body: Body, file: String, name: String, unit: Int, bigEndian: Bool) throws -> [UInt8]
    where Body.Element == UInt8, Body.Index == Int {
        guard body.count % unit == 0 else {
            throw LocatedError(file: file, reason: "is \(name) text by its byte-order mark, but its length is not a whole number of \(unit)-byte units")
        }
        var out: [UInt8] = [0xEF, 0xBB, 0xBF]
        out.reserveCapacity(body.count + 3)
        var index = body.startIndex
        func read() -> UInt32 {
            var value: UInt32 = 0
            for offset in 0..<unit {
                let byte = UInt32(body[index + (bigEndian ? offset : unit - 1 - offset)])
                value = value << 8 | byte
            }
            index += unit
            return value
        }
        while index < body.endIndex {
            let position = (index - body.startIndex) / unit
            var value = read()
            if unit == 2, (0xD800...0xDBFF).contains(value) {
                guard index < body.endIndex else {
                    throw LocatedError(file: file, reason: "is \(name) text, but it ends in half a surrogate pair (code unit \(position))")
                }
                let low = read()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw LocatedError(file: file, reason: "is \(name) text, but code unit \(position) starts a surrogate pair that is not completed")
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw LocatedError(file: file, reason: "is \(name) text, but code unit \(position) is not a Unicode character")
            }
            out.append(contentsOf: UTF8.encode(scalar)!)
        }
        return out
    }
}
