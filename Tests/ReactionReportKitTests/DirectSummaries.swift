import Foundation

@testable import ReactionReportKit

/// Summaries made directly, past the importers and the ledger, for figures no export can give
/// once the ledger has checked its counts (it keeps each within 0…1,000,000,000).
enum DirectSummaries {
    /// `Int.max / 2`, 4,611,686,018,427,387,903: three of them pass `Int.max`.
    static let half = Int.max / 2

    /// One emoji with `count` and no listed reactors.
    static func reaction(_ emoji: String, _ count: Int, sequence: Int = 0) -> ReactionSummary {
        ReactionSummary(
            emoji: Emoji(key: emoji.replacingOccurrences(of: "\u{FE0F}", with: ""), display: emoji, name: nil, custom: false, image: nil),
            count: count, reactors: [], reactorsComplete: false, firstAt: nil, sequence: sequence)
    }

    /// A message by Ada (`U1`) in Slack's `general` (`C1`), sent at `time` (RFC 3339).
    static func message(_ id: String, _ time: String, _ reactions: [(String, Int)]) -> MessageSummary {
        MessageSummary(
            message: ImportedMessage(
                platform: .slack, conversationID: "C1", id: id, authorID: "U1", authorName: "Ada",
                sentAt: Timestamp.iso8601(time)!, text: "message \(id)", markup: .plain),
            conversationName: "general", reactions: reactions.enumerated().map { reaction($1.0, $1.1, sequence: $0) })
    }

    /// The site of `messages`, rendered in memory with the default options.
    static func site(_ messages: [MessageSummary]) throws -> [String: String] {
        try MemoryWriter.render(
            LedgerResult(
                messages: messages, conversations: [ConversationInfo(platform: .slack, id: "C1", name: "general")],
                diagnostics: DiagnosticLog()))
    }
}
