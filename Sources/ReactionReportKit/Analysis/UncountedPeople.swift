/// The people whose posts and reactions the health figures do not count, by platform: bots, and
/// the people the rankings leave out (`RankingExclusions`). One test for every figure that
/// leaves them out (responses, participation).
struct UncountedPeople: Sendable {
    var bots: [Platform: Set<String>] = [:]
    var leftOut: [Platform: Set<String>] = [:]

    /// True when `id` (none: false) is a bot's or a left-out person's on `platform`.
    func contains(_ platform: Platform, _ id: String?) -> Bool {
        guard let id else { return false }
        return bots[platform]?.contains(id) == true || leftOut[platform]?.contains(id) == true
    }
}
