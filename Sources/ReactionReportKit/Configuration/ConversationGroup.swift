/// A named group of conversations (`[groups]` in reaction-report.toml): the weekly report gives
/// each group its own figures beside the per-conversation table.
public struct ConversationGroup: Sendable, Equatable {
    /// The group's name as the configuration gives it.
    public var name: String
    /// Conversation ids or names (ignoring case), each of which may hold `*` for any run of
    /// characters.
    public var members: [String]

    public init(name: String, members: [String]) {
        self.name = name
        self.members = members
    }

    /// True when one of the members names the conversation by its id or its name.
    public func contains(id: String, name: String) -> Bool {
        let candidates = [Array(id.lowercased().unicodeScalars), Array(name.lowercased().unicodeScalars)]
        return members.contains { member in
            let pattern = Array(member.lowercased().unicodeScalars)
            return candidates.contains { Self.matches($0, pattern) }
        }
    }

    /// Wildcard matching where `*` stands for any run of characters (none included): the
    /// greedy algorithm with one backtrack point, linear in practice.
    static func matches(_ text: [Unicode.Scalar], _ pattern: [Unicode.Scalar]) -> Bool {
        var t = 0, p = 0
        var star: Int?, resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] != "*", pattern[p] == text[t] {
                t += 1
                p += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
