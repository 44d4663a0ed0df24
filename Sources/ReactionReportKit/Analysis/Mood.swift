import ByteOutput

/// The polarity of reactions (product.md §10), by the configured `PolarityTable`: a reaction
/// is positive or negative by its emoji, the table's entries resolved as reactions are (so
/// `thumbsup` and `👍` are one entry); everything else is neutral.
struct Mood: Sendable {
    enum Polarity: Sendable {
        case positive, negative, neutral
    }

    private let positive: Set<String>
    private let negative: Set<String>

    /// No emoji positive or negative.
    init() {
        positive = []
        negative = []
    }

    init(_ table: PolarityTable, resolver: EmojiResolver) {
        func keys(_ values: [String]) -> Set<String> {
            Set(values.compactMap { resolver.resolve(ReactionValue($0)).map { $0.custom ? $0.key : $0.key.withoutSkinTones } })
        }
        positive = keys(table.positive)
        negative = keys(table.negative)
    }

    /// The keys of the positive and of the negative emoji (without skin tones), in byte order:
    /// `report.jsonl` carries them for the SQL.
    var positiveKeys: [String] { positive.sorted { UTF8Bytes.precedes($0, $1) } }
    var negativeKeys: [String] { negative.sorted { UTF8Bytes.precedes($0, $1) } }

    /// The polarity of an emoji key; a skin tone counts as its emoji without one.
    func polarity(of emoji: Emoji) -> Polarity {
        if positive.isEmpty && negative.isEmpty { return .neutral }
        let key = emoji.custom ? emoji.key : emoji.key.withoutSkinTones
        if positive.contains(key) { return .positive }
        if negative.contains(key) { return .negative }
        return .neutral
    }

    /// The sums of a message's positive and of its negative reaction counts (held at `Int.max`).
    func counts(_ message: MessageSummary) -> (positive: Int, negative: Int) {
        var counts = (positive: 0, negative: 0)
        for reaction in message.reactions {
            switch polarity(of: reaction.emoji) {
            case .positive: counts.positive.addClamped(reaction.count)
            case .negative: counts.negative.addClamped(reaction.count)
            case .neutral: break
            }
        }
        return counts
    }

    /// A message with both positive and negative reactions: its index and the two sums.
    typealias Disagreement = (index: Int, positive: Int, negative: Int)

    /// How many of a week's most disagreed-on messages its report lists.
    static let disagreementsListed = 5

    /// The messages whose reactions disagree most, first: the larger the smaller side (three
    /// 👍 and three 👎 disagree more than ten 👍 and one 👎), then more reactions of the two
    /// kinds, then the earlier message.
    static func mostDisagreed(_ messages: [Disagreement], limit: Int) -> [Int] {
        TopN.select(messages, limit: limit) { a, b in
            let (lesserA, lesserB) = (min(a.positive, a.negative), min(b.positive, b.negative))
            if lesserA != lesserB { return lesserA > lesserB }
            let (sumA, sumB) = (a.positive.addingClamped(a.negative), b.positive.addingClamped(b.negative))
            if sumA != sumB { return sumA > sumB }
            return a.index < b.index
        }.map(\.index)
    }
}
