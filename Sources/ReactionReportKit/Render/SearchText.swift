import ByteOutput
import Foundation

/// The words of the builtin search index (`SearchIndex`): how a text is folded and cut into
/// tokens. `Templates/assets/search-index.js` folds a query by the same rule, step for step, and
/// `Tests/search/tokens.json` holds cases both languages are tested against.
///
/// The rule:
/// 1. Fold: the text's compatibility decomposition (NFKD, `decomposedStringWithCompatibilityMapping`;
///    JavaScript `normalize("NFKD")`); drop every scalar whose general category is a mark (Mn,
///    Mc, Me); lowercase (`lowercased()`; JavaScript `toLowerCase()`); then every final sigma
///    `ς` (U+03C2) becomes `σ` (U+03C3), since JavaScript writes a final sigma at a word's end
///    where Swift does not.
/// 2. Cut: a token is a maximal run of scalars whose general category is a letter or a number
///    (L*, N*), except that a letter or number in the Han, Hiragana or Katakana ranges
///    (`ideographic`) is a token of its own. A token longer than `maximumLength` scalars keeps
///    its first `maximumLength`.
enum SearchText {
    /// The longest token, in Unicode scalars.
    static let maximumLength = 64

    /// The Han, Hiragana and Katakana code points (inclusive ranges) whose letters and numbers
    /// are each a token: CJK radicals, ideographic marks and numerals, kana, CJK unified and
    /// compatibility ideographs and their extensions. The same list is in search-index.js.
    static let ideographic: [ClosedRange<UInt32>] = [
        0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3031...0x3035, 0x3038...0x303C, 0x3041...0x30FF, 0x31F0...0x31FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x1AFF0...0x1B16F, 0x20000...0x323AF
    ]

    /// `text` folded (step 1 of the rule).
    static func fold(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars where !isMark(scalar) { kept.append(scalar) }
        var folded = String.UnicodeScalarView()
        for scalar in String(kept).lowercased().unicodeScalars { folded.append(scalar == "\u{03C2}" ? "\u{03C3}" : scalar) }
        return String(folded)
    }

    /// The tokens of `text`, in order, repeats kept.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        forEachToken(text) { tokens.append($0) }
        return tokens
    }

    /// Calls `body` with each token of `text`, in order. Text of ASCII only (most chat text) is
    /// cut from its bytes: NFKD leaves it as it is, it has no marks, and its letters and
    /// numbers are `A-Z`, `a-z` and `0-9`, so the result is the same.
    static func forEachToken(_ text: String, _ body: (String) -> Void) {
        if UTF8Bytes.allSatisfy(text, { $0 < 0x80 }) {
            asciiTokens(text, body)
            return
        }
        var run = String.UnicodeScalarView()
        var length = 0
        func end() {
            if length > 0 { body(String(run)) }
            run = String.UnicodeScalarView()
            length = 0
        }
        for scalar in fold(text).unicodeScalars {
            guard isWordScalar(scalar) else {
                end()
                continue
            }
            if isIdeographic(scalar) {
                end()
                body(String(scalar))
                continue
            }
            if length < maximumLength { run.append(scalar) }
            length += 1
        }
        end()
    }

    /// The tokens of ASCII `text`: runs of letters and digits, lowercased.
    private static func asciiTokens(_ text: String, _ body: (String) -> Void) {
        var run: [UInt8] = []
        var length = 0
        func end() {
            if length > 0 { body(String(decoding: run, as: UTF8.self)) }
            run.removeAll(keepingCapacity: true)
            length = 0
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if length < maximumLength { run.append(byte) }
                length += 1
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if length < maximumLength { run.append(byte + 0x20) }
                length += 1
            default:
                end()
            }
        }
        end()
    }

    /// A mark: general category Mn, Mc or Me.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// A letter or a number: general category L* or N*.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }

    /// In one of the `ideographic` ranges.
    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value >= 0x2E80 && ideographic.contains { $0.contains(value) }
    }
}
