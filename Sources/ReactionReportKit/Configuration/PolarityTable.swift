/// Which reactions are positive and which negative (`[polarity]` in the configuration;
/// product.md §10): the table behind the weekly mood figures, printed on the overview and in
/// docs/cli.md. Every emoji in neither list is neutral, custom emoji included unless listed by
/// `:name:`. A skin tone counts as its emoji without one.
public struct PolarityTable: Sendable, Equatable {
    /// Approval, thanks, joy, celebration, love, agreement.
    public static let defaultPositive = [
        "👍", "❤️", "😂", "🎉", "🔥", "🙏", "✅", "💯", "😍", "🥰", "👏", "🚀", "😊", "😀", "😃", "😄", "😁", "😆", "🤩", "🥳", "💪", "🙌",
        "⭐", "🌟", "✨", "💖", "💕", "💙", "💚", "💛", "💜", "🧡", "🤍", "😻", "🤗", "👌", "✔️", "☺️", "🙂", "😎", "🏆", "➕", "🆒", "💡",
        "🤣", "😘", "💗", "🫶", "🥇", "🎊", "👑", "🍾"
    ]
    /// Disapproval, sadness, anger, disgust, fear, rejection.
    public static let defaultNegative = [
        "👎", "😢", "😠", "😡", "😞", "😔", "💔", "❌", "🤬", "😭", "😤", "😒", "🙁", "☹️", "😩", "😫", "😖", "😣", "🤮", "🤢", "💩", "😱",
        "😨", "😰", "😟", "😕", "🚫", "⛔", "🙄", "😑", "🤦", "➖", "😥", "😓", "🥺", "😿", "👿", "😾"
    ]

    public var positive = defaultPositive
    public var negative = defaultNegative

    public init() {}
}
