/// How many days with a post, in the trailing 28 days, put a person at each engagement level
/// (`engagementLevels` in the configuration; product.md §10). A person active in those days
/// (a post or a listed reaction) is *core* with at least `core` posting days, *regular* with at
/// least `regular`, *occasional* with fewer but some, and an *observer* with reactions only.
public struct EngagementLevels: Sendable, Equatable {
    /// The levels, most engaged first, as `data/people.csv` and the pages name them.
    public enum Level: String, Sendable, CaseIterable {
        case core, regular, occasional, observer
    }

    /// The trailing window: the week and the three before it, 28 days.
    public static let windowWeeks = 4

    public var core = 8
    public var regular = 3

    public init() {}

    /// The level of someone with `postingDays` days with a post in the window who was active
    /// in it (`reacted`: gave a listed reaction there); nil for someone not active in it.
    public func level(postingDays: Int, reacted: Bool) -> Level? {
        if postingDays >= core { return .core }
        if postingDays >= regular { return .regular }
        if postingDays > 0 { return .occasional }
        return reacted ? .observer : nil
    }

    /// The rules as the pages print them.
    public var text: String {
        "Levels over the trailing 28 days (the week and the three before it): core, a post on at least \(core) days; "
            + "regular, on at least \(regular); occasional, on fewer; observer, reactions but no post."
    }
}
