/// One figure of a week's `Engagement`: its key in `data/weeks.json`, its labels, how it is read
/// and what kind of value it is, how its change against the week before is shown, and where it
/// appears. `WeekFigure.all` is the one list of them: `WeeksRecord` (a week and its groups), the
/// week reports' figures table (`WeeklyPages.figureRows`), the digests (which show those rows)
/// and the overview's totals read it, and `sql/figures.json` writes it out for the verifiers and
/// the SQL (`WeekFigure.dataFile`). A figure added here, with its computation in `Engagement`,
/// appears in all of them (docs/architecture.md, "Adding a weekly figure").
struct WeekFigure: Sendable {
    /// What a value is, which says how it is written.
    enum Kind: String, Sendable, CaseIterable {
        /// A whole number: `1,204` on pages, `1204` in JSON.
        case count
        /// A part of a whole, from 0 to 1: `42.5%` on pages.
        case share
        /// A ratio such as reactions per message: `1.75` on pages.
        case ratio
        /// Whole seconds, or none (nil: `–` on pages, `null` in JSON): `5 min 40 s` on pages.
        case seconds
    }

    /// How a figure's change against the week before is shown (`ChangeText`).
    enum Change: String, Sendable {
        /// The difference and its percentage: `▲ 12 (+25.0%)`; `new` after none.
        case difference
        /// Percentage points of a share per message: `▲ 2.5 pts`.
        case points
        /// The difference of a ratio per message and its percentage: `▲ 0.25 (+10.0%)`.
        case ratio
        /// A shorter or longer time, shorter being better: `▼ 2 min 10 s`.
        case duration
    }

    /// When a week's report shows the figure as a row of its figures table.
    enum Row: Sendable {
        case always
        /// Only when some message of the report replies to another (`WeeklyReport.hasReplies`).
        case whenReportHasReplies
        case never
    }

    /// A figure's value in a set of messages.
    enum Value: Sendable, Equatable {
        case count(Int)
        /// A share or a ratio; `known` is false where it has no meaning (no messages), which
        /// its change says instead of a comparison.
        case fraction(Double, known: Bool)
        case seconds(Int64?)
    }

    /// Which table of a week's report holds the figure's row.
    enum Section: Sendable {
        /// The figures table: reactions, posters, replies.
        case engagement
        /// The responsiveness table: answers and questions (`Responses`).
        case responsiveness
        /// The participation table: who took part, and how much (`Participation`).
        case participation
        /// The mood table: positive and negative reactions (`Mood`).
        case mood
    }

    /// Where in `data/weeks.json` a figure is written.
    struct Places: OptionSet, Sendable {
        let rawValue: Int
        /// In each week's object, after `days`.
        static let week = Places(rawValue: 1)
        /// In each of a week's `groups`, after `name`.
        static let group = Places(rawValue: 2)
    }

    /// The member of a week (and of its groups) in `data/weeks.json`: `reactedMessages`.
    var key: String
    /// The name of its computation, one for each way of counting: the Python verifiers
    /// (`Tests/generators/exportgen/figures.py`) and the SQL's `engagement` columns
    /// (`sql/weeks.sql`) are keyed by it: `reacted_messages`.
    var computation: String
    var kind: Kind
    var change: Change
    /// Its row label in the week reports, the Markdown and the digests: `Reacted messages`.
    var label: String
    /// Its label among the overview's totals, nil when the overview does not show it.
    var overviewLabel: String?
    /// When the week report shows its row; the digests show the same rows of the engagement
    /// section, and of the others those marked `inDigest`.
    var row: Row
    var section: Section = .engagement
    var inDigest = false
    /// A rise is bad news (more unanswered questions, more negative reactions): its change is
    /// coloured so.
    var lowerIsBetter = false
    var places: Places
    /// Reads the figure from the figures of a set of messages.
    var read: @Sendable (Engagement) -> Value

    /// A value that is null in JSON when there is none.
    var nullable: Bool { kind == .seconds }

    /// The builders below make every figure, so that its kind, its change and what it reads agree.
    private init(
        key: String, computation: String, kind: Kind, change: Change, label: String, overviewLabel: String?, row: Row, places: Places,
        read: @escaping @Sendable (Engagement) -> Value
    ) {
        self.key = key
        self.computation = computation
        self.kind = kind
        self.change = change
        self.label = label
        self.overviewLabel = overviewLabel
        self.row = row
        self.places = places
        self.read = read
    }

    /// A count read from `Engagement`.
    static func count(
        _ key: String, _ computation: String, label: String, overview: String? = nil, row: Row = .always, places: Places = [.week, .group],
        _ read: @escaping @Sendable (Engagement) -> Int
    ) -> WeekFigure {
        WeekFigure(
            key: key, computation: computation, kind: .count, change: .difference, label: label, overviewLabel: overview, row: row, places: places,
            read: { .count(read($0)) })
    }

    /// A share or ratio per message, known when the set has messages; in no JSON yet.
    static func perMessage(
        _ key: String, _ computation: String, _ kind: Kind, label: String, overview: String? = nil,
        _ read: @escaping @Sendable (Engagement) -> Double
    ) -> WeekFigure {
        WeekFigure(
            key: key, computation: computation, kind: kind, change: kind == .share ? .points : .ratio, label: label, overviewLabel: overview,
            row: .always, places: [], read: { .fraction(read($0), known: $0.messages > 0) })
    }

    /// A share of a count other than the messages: `part` of `whole`, known when `whole` is not 0.
    static func share(
        _ key: String, _ computation: String, label: String, part: @escaping @Sendable (Engagement) -> Int,
        of whole: @escaping @Sendable (Engagement) -> Int
    ) -> WeekFigure {
        WeekFigure(
            key: key, computation: computation, kind: .share, change: .points, label: label, overviewLabel: nil, row: .always, places: [],
            read: { figures in
                let total = whole(figures)
                return .fraction(total == 0 ? 0 : Double(part(figures)) / Double(total), known: total > 0)
            })
    }

    /// The figure in the responsiveness table; in the digests too when `digest`.
    func responsiveness(digest: Bool = false) -> WeekFigure {
        var figure = self
        figure.section = .responsiveness
        figure.inDigest = digest
        return figure
    }

    /// The figure with a rise shown as bad news.
    func lowerBetter() -> WeekFigure {
        var figure = self
        figure.lowerIsBetter = true
        return figure
    }

    /// The figure in the mood table; in the digests too when `digest`.
    func mood(digest: Bool = false) -> WeekFigure {
        var figure = self
        figure.section = .mood
        figure.inDigest = digest
        return figure
    }

    /// A count of the participation table, a week's only; in the digests too when `digest`.
    static func participation(
        _ key: String, _ computation: String, label: String, digest: Bool = false, _ read: @escaping @Sendable (Participation.Figures) -> Int
    ) -> WeekFigure {
        var figure = count(key, computation, label: label, places: [.week]) { read($0.participation) }
        figure.section = .participation
        figure.inDigest = digest
        return figure
    }

    /// A time in whole seconds, nil when there is none.
    static func seconds(
        _ key: String, _ computation: String, label: String, row: Row = .always, _ read: @escaping @Sendable (Engagement) -> Int64?
    ) -> WeekFigure {
        WeekFigure(
            key: key, computation: computation, kind: .seconds, change: .duration, label: label, overviewLabel: nil, row: row,
            places: [.week, .group],
            read: { .seconds(read($0)) })
    }

    /// Every weekly figure, in the order of the week reports' rows; the figures of
    /// `data/weeks.json` are in this order too.
    static let all: [WeekFigure] = [
        .count("messages", "messages", label: "Messages", overview: "Messages") { $0.messages },
        .count("reactedMessages", "reacted_messages", label: "Reacted messages", overview: "Reacted messages") { $0.reactedMessages },
        .perMessage("reactionRate", "reaction_rate", .share, label: "Reaction rate", overview: "Reaction rate") { $0.reactionRate },
        .count("reactions", "reactions", label: "Reactions", overview: "Reactions") { $0.reactions },
        .count("reactors", "reactors", label: "Distinct reactors", overview: "Reactors") { $0.reactors },
        .count("posters", "posters", label: "Active posters", overview: "Posters") { $0.posters },
        .perMessage("reactionsPerMessage", "reactions_per_message", .ratio, label: "Reactions per message") { $0.reactionsPerMessage },
        .seconds("medianSecondsToFirstReaction", "median_reaction", label: "Median time to first reaction") { $0.medianSecondsToFirstReaction },
        .count("newReactors", "new_reactors", label: "New reactors") { $0.newReactors },
        .count("replies", "replies", label: "Replies", row: .whenReportHasReplies) { $0.replies },
        .seconds("medianSecondsToFirstReply", "median_reply", label: "Median time to first reply", row: .whenReportHasReplies) {
            $0.medianSecondsToFirstReply
        },
        .count("answerableMessages", "answerable_messages", label: "Messages awaiting an answer") { $0.answerableMessages }.responsiveness(),
        .count("answeredMessages", "answered_messages", label: "Answered in time") { $0.answeredMessages }.responsiveness(),
        .share("responseRate", "response_rate", label: "Response rate", part: \.answeredMessages, of: \.answerableMessages).responsiveness(digest: true),
        .seconds("medianSecondsToFirstResponse", "median_response", label: "Median time to first response") {
            $0.medianSecondsToFirstResponse
        }.responsiveness(),
        .seconds("p90SecondsToFirstResponse", "p90_response", label: "90th percentile time to first response") {
            $0.p90SecondsToFirstResponse
        }.responsiveness(),
        .count("questions", "questions", label: "Questions") { $0.questions }.responsiveness(),
        .count("answeredQuestions", "answered_questions", label: "Questions answered in time") { $0.answeredQuestions }.responsiveness(),
        .share("questionResponseRate", "question_response_rate", label: "Question response rate", part: \.answeredQuestions, of: \.questions)
            .responsiveness(),
        .seconds("medianSecondsToFirstQuestionResponse", "median_question_response", label: "Median time to answer a question") {
            $0.medianSecondsToFirstQuestionResponse
        }.responsiveness(),
        .seconds("p90SecondsToFirstQuestionResponse", "p90_question_response", label: "90th percentile time to answer a question") {
            $0.p90SecondsToFirstQuestionResponse
        }.responsiveness(),
        .count("unansweredQuestions", "unanswered_questions", label: "Unanswered questions") { $0.unansweredQuestions }.responsiveness(digest: true)
            .lowerBetter(),
        .participation("activePeople", "active_people", label: "People active", digest: true) { $0.active },
        .participation("postingPeople", "posting_people", label: "People who posted") { $0.posting },
        .participation("reactingOnlyPeople", "reacting_only_people", label: "People who only reacted", digest: true) { $0.reactingOnly },
        .participation("newPeople", "new_people", label: "New people", digest: true) { $0.new },
        .participation("returningPeople", "returning_people", label: "Returning people") { $0.returning },
        .participation("corePeople", "core_people", label: "Core (28 days)") { $0.levels[0] },
        .participation("regularPeople", "regular_people", label: "Regular (28 days)") { $0.levels[1] },
        .participation("occasionalPeople", "occasional_people", label: "Occasional (28 days)") { $0.levels[2] },
        .participation("observerPeople", "observer_people", label: "Observers (28 days)") { $0.levels[3] },
        .count("positiveReactions", "positive_reactions", label: "Positive reactions") { $0.positiveReactions }.mood(),
        .count("negativeReactions", "negative_reactions", label: "Negative reactions") { $0.negativeReactions }.mood().lowerBetter(),
        .share("positiveShare", "positive_share", label: "Positive share", part: \.positiveReactions, of: \.reactions).mood(digest: true),
        .share("negativeShare", "negative_share", label: "Negative share", part: \.negativeReactions, of: \.reactions).mood(digest: true).lowerBetter()
    ]

    /// The figures written in `places` of `data/weeks.json`, in order.
    static func written(in places: Places) -> [WeekFigure] {
        all.filter { $0.places.isSuperset(of: places) }
    }
}
