/// Where bare `http://` and `https://` URLs stand in text, by the rules of GFM's extended
/// autolinks (the GitHub Flavored Markdown spec, section 6.9, as cmark-gfm applies them):
/// chat apps link such URLs in what people type, and a cut excerpt must not break one.
///
/// A URL starts at its scheme, not right after a letter (`xhttp://` is no URL), and needs a
/// domain: host characters, `-`, `_` and `.`, beginning with a host character (neither ASCII
/// punctuation nor space), with no `_` in its last two segments. It runs to the next ASCII
/// space or `<`, and then gives back what usually ends the sentence around it rather than the
/// URL: trailing `?`, `!`, `.`, `,`, `:`, `*`, `_`, `~`, `'`, `"`; a trailing `)` that has no
/// `(` to match it inside the URL; and a trailing entity such as `&amp;` (or a lone `;`).
enum BareURLs {
    /// True when the text may hold a bare URL: it has a `://`. A cheap test that keeps text
    /// without one (most chat lines) on the fast paths.
    static func mayContain(_ text: String) -> Bool {
        var before: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "/"), before == (UInt8(ascii: ":"), UInt8(ascii: "/")) { return true }
            before = (before.1, byte)
        }
        return false
    }

    /// The UTF-8 byte ranges of the bare URLs in `bytes`, in order. Every bound lies before an
    /// ASCII byte or at the end, so it splits no character.
    static func byteRanges<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes) -> [Range<Int>] where Bytes.Index == Int {
        var ranges: [Range<Int>] = []
        var index = bytes.startIndex
        while index + 7 < bytes.endIndex {
            guard let start = schemeStart(bytes, at: index) else {
                index += 1
                continue
            }
            let afterScheme = index + (bytes[index + 4] == UInt8(ascii: ":") ? 7 : 8)
            guard let domainEnd = domainEnd(bytes, from: afterScheme) else {
                index = afterScheme
                continue
            }
            var end = domainEnd
            while end < bytes.endIndex, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: "<") { end += 1 }
            end = trimmedEnd(bytes, start: start, end: end)
            if end > afterScheme {
                ranges.append(start..<end)
                index = end
            } else {
                index = afterScheme
            }
        }
        return ranges
    }

    /// The byte ranges of the bare URLs in a string.
    static func byteRanges(in text: String) -> [Range<Int>] {
        guard mayContain(text) else { return [] }
        return byteRanges(in: Array(text.utf8))
    }

    /// `index` when an `http://` or `https://` (any case) starts there and no ASCII letter
    /// stands right before it.
    static func schemeStart<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> Int? where Bytes.Index == Int {
        guard bytes[index] | 0x20 == UInt8(ascii: "h") else { return nil }
        if index > bytes.startIndex, isLetter(bytes[index - 1]) { return nil }
        guard bytes[index + 1] | 0x20 == UInt8(ascii: "t"), bytes[index + 2] | 0x20 == UInt8(ascii: "t"),
            bytes[index + 3] | 0x20 == UInt8(ascii: "p")
        else { return nil }
        var colon = index + 4
        if bytes[colon] | 0x20 == UInt8(ascii: "s") { colon += 1 }
        guard colon + 2 < bytes.endIndex, bytes[colon] == UInt8(ascii: ":"), bytes[colon + 1] == UInt8(ascii: "/"),
            bytes[colon + 2] == UInt8(ascii: "/")
        else { return nil }
        return index
    }

    /// The end of the domain that starts at `start`, or nil when there is none: it must start
    /// with a host character, and an underscore in its last two segments makes it no domain
    /// (unless it has more than ten segments, which cmark-gfm accepts to stay linear).
    static func domainEnd<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from start: Int) -> Int? where Bytes.Index == Int {
        guard start < bytes.endIndex, isHostCharacter(bytes[start]) else { return nil }
        var index = start
        var dots = 0
        var underscoresBefore = 0, underscores = 0
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "_") {
                underscores += 1
            } else if byte == UInt8(ascii: ".") {
                underscoresBefore = underscores
                underscores = 0
                dots += 1
            } else if !isHostCharacter(byte), byte != UInt8(ascii: "-") {
                break
            }
            index += 1
        }
        if underscoresBefore + underscores > 0, dots <= 10 { return nil }
        return index
    }

    /// The end once trailing punctuation, unmatched `)` and a trailing entity are given back.
    static func trimmedEnd<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, start: Int, end: Int) -> Int where Bytes.Index == Int {
        var end = end
        var opening = 0, closing = 0
        for byte in bytes[start..<end] {
            if byte == UInt8(ascii: "(") { opening += 1 } else if byte == UInt8(ascii: ")") { closing += 1 }
        }
        while end > start {
            switch bytes[end - 1] {
            case UInt8(ascii: ")"):
                guard closing > opening else { return end }
                closing -= 1
                end -= 1
            case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ":"),
                UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "'"), UInt8(ascii: "\""):
                end -= 1
            case UInt8(ascii: ";"):
                var name = end - 2
                while name > start, isLetter(bytes[name]) { name -= 1 }
                end = name < end - 2 && bytes[name] == UInt8(ascii: "&") ? name : end - 1
            default:
                return end
            }
        }
        return end
    }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// A letter, a digit, or any non-ASCII byte (a host may be an internationalised name).
    static func isHostCharacter(_ byte: UInt8) -> Bool {
        byte >= 0x80 || isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
