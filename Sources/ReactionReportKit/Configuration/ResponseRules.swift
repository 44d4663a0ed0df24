/// What counts as an answer and as a question (product.md §10): `responseWindow`,
/// `questionMarks` and `supportConversations` in the configuration. `Responses` applies them;
/// docs/cli.md prints them.
public struct ResponseRules: Sendable, Equatable {
    /// The question marks of the scripts that have their own (U+003F, U+00BF, U+037E, U+055E,
    /// U+061F, U+1367, U+1945, U+2047–U+2049, U+2CFA, U+2CFB, U+2E2E, U+A60F, U+A6F7, U+FE16,
    /// U+FE56, U+FF1F, U+11143, U+1E95F); the Latin, Cyrillic, Hebrew, Indic and Thai scripts,
    /// among others, write U+003F.
    public static let defaultQuestionMarks =
        "?\u{BF}\u{37E}\u{55E}\u{61F}\u{1367}\u{1945}\u{2047}\u{2048}\u{2049}\u{2CFA}\u{2CFB}\u{2E2E}\u{A60F}\u{A6F7}\u{FE16}\u{FE56}\u{FF1F}\u{11143}\u{1E95F}"

    /// How long after a message a response still answers it, in seconds: 48 hours by default.
    public var window: Int64 = 48 * 3600
    /// The characters that make a message a question (`isQuestion` says where each counts).
    public var questionMarks: String = defaultQuestionMarks {
        didSet { marks = Marks(questionMarks) }
    }
    /// Conversation ids or names (ignoring case, `*` for any run of characters) whose every
    /// message that replies to none is a question.
    public var supportConversations: [String] = []

    private var marks = Marks(defaultQuestionMarks)

    /// The question marks, looked up without hashing for ASCII (nearly every character of most
    /// texts): a text's every scalar is looked up.
    private struct Marks: Sendable {
        /// Bit `c` of `ascii.0` (c < 64) or `ascii.1` (c - 64): the ASCII character c is a mark.
        var ascii: (UInt64, UInt64) = (0, 0)
        var other: Set<Unicode.Scalar> = []

        init(_ text: String) {
            for scalar in text.unicodeScalars {
                if scalar.value < 64 {
                    ascii.0 |= 1 << UInt64(scalar.value)
                } else if scalar.value < 128 {
                    ascii.1 |= 1 << UInt64(scalar.value - 64)
                } else {
                    other.insert(scalar)
                }
            }
        }

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.value < 64 { return ascii.0 & (1 << UInt64(scalar.value)) != 0 }
            if scalar.value < 128 { return ascii.1 & (1 << UInt64(scalar.value - 64)) != 0 }
            return !other.isEmpty && other.contains(scalar)
        }
    }

    public init() {}

    public static func == (lhs: ResponseRules, rhs: ResponseRules) -> Bool {
        lhs.window == rhs.window && lhs.questionMarks == rhs.questionMarks && lhs.supportConversations == rhs.supportConversations
    }

    /// True when `text` asks: it holds one of `questionMarks`. A `?` counts only where no
    /// letter, digit, `=`, `&`, `/` or `%` follows it (a link's query is no question). U+037E,
    /// the Greek question mark, also counts written as `;` after a Greek letter, as Greek
    /// keyboards type it (U+037E normalizes to `;`).
    public func isQuestion(_ text: String) -> Bool {
        var previous: Unicode.Scalar?
        var pendingQuestionMark = false
        for scalar in text.unicodeScalars {
            if pendingQuestionMark {
                if !Self.continuesWord(scalar) { return true }
                pendingQuestionMark = false
            }
            if marks.contains(scalar) {
                if scalar == "?" {
                    pendingQuestionMark = true
                } else {
                    return true
                }
            } else if scalar == ";", marks.contains("\u{37E}"), let previous, Self.isGreek(previous) {
                return true
            }
            previous = scalar
        }
        return pendingQuestionMark
    }

    /// True when the conversation is one of `supportConversations`.
    public func isSupport(id: String, name: String) -> Bool {
        !supportConversations.isEmpty && ConversationGroup(name: "", members: supportConversations).contains(id: id, name: name)
    }

    /// A letter, a number, or `=`, `&`, `/`, `%`: what makes a `?` before it part of a word or a link.
    private static func continuesWord(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "=", "&", "/", "%": return true
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default:
            guard !scalar.isASCII else { return false }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber, .otherNumber:
                return true
            default: return false
            }
        }
    }

    /// The Greek and Coptic block and Greek Extended.
    private static func isGreek(_ scalar: Unicode.Scalar) -> Bool {
        (0x370...0x3FF).contains(scalar.value) || (0x1F00...0x1FFF).contains(scalar.value)
    }

    /// Whole seconds from `48h`, `2d`, `90m`, `30s` or a run of them (`1h30m`); nil for
    /// anything else, a zero length included.
    public static func seconds(_ text: String) -> Int64? {
        var total: Int64 = 0
        var number: Int64?
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                let (times, over1) = (number ?? 0).multipliedReportingOverflow(by: 10)
                let (sum, over2) = times.addingReportingOverflow(Int64(digit))
                guard !over1, !over2 else { return nil }
                number = sum
                continue
            }
            let unit: Int64
            switch character {
            case "d": unit = 86_400
            case "h": unit = 3_600
            case "m": unit = 60
            case "s": unit = 1
            default: return nil
            }
            guard let value = number else { return nil }
            let (part, over1) = value.multipliedReportingOverflow(by: unit)
            let (sum, over2) = total.addingReportingOverflow(part)
            guard !over1, !over2 else { return nil }
            total = sum
            number = nil
        }
        return number == nil && total > 0 ? total : nil
    }
}
