import JSONReader

/// The JSON types a format gives the values its importer reads reactions from.
enum JSONKind: String, Sendable {
    case array = "an array"
    case object = "an object"
    case string = "a string"
    case number = "a number"

    /// The type of `value` as diagnostics name it: "an array", "a string", "null"…
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return number.rawValue
        case .string: return string.rawValue
        case .array, .deferredArray: return array.rawValue
        case .object: return object.rawValue
        }
    }
}

/// Something wrong with a value an importer reads reactions from, for a diagnostic that names
/// the message and the value's JSON path (the sink names the file), with the reactions lost.
/// Importers that read the same kind of value alike make the same problem of it, here.
struct ReactionProblem: Sendable, Equatable {
    var kind: Diagnostic.Kind
    var detail: String
    /// The reactions of the input it names as not counted.
    var reactions: Int

    /// What a misshapen value loses.
    enum Loss: Sendable {
        /// The reactions the value holds (`ReactionAudit.held`): a member or an entry of reactions.
        case held
        /// This many: the reaction the value is part of.
        case reactions(Int)
        /// Nothing: the value stands for reactors the reaction's count already holds.
        case heldByCount
    }

    /// A value whose JSON type is not the one its format gives it (`expected`): a `reactions`
    /// object where an array belongs, a reaction that is a string, `users` that are not an array.
    /// "message 17: $[3].reactions is an object, not an array; 2 reaction(s) not counted".
    /// Null is never misshapen: exports write it for "not given".
    static func misshapen(
        _ value: JSONValue, at path: JSONPath, message: String, expected: JSONKind, kind: Diagnostic.Kind, loses loss: Loss
    ) -> ReactionProblem {
        let reactions: Int
        switch loss {
        case .held: reactions = ReactionAudit.held(value)
        case .reactions(let count): reactions = count
        case .heldByCount: reactions = 0
        }
        let outcome: String
        if reactions > 0 {
            outcome = "\(reactions) reaction(s) not counted"
        } else if case .heldByCount = loss {
            outcome = "the reaction's count is used"
        } else {
            outcome = "it holds no reactions"
        }
        return ReactionProblem(
            kind: kind, detail: "message \(message): \(path) is \(JSONKind.describe(value)), not \(expected.rawValue); \(outcome)", reactions: reactions)
    }

    /// A reaction's count that is there but is not one (`ReactionCount`): not used; the reactors
    /// the reaction lists (`listed`) are counted instead. `reactions`: those it loses.
    /// - Parameter reaction: the reaction as the diagnostic names it (`:heart:`, `"👍"`).
    static func invalidCount(_ count: JSONValue, of reaction: String, at path: JSONPath, message: String, listed: Int, reactions: Int) -> ReactionProblem {
        let instead = listed > 0 ? "; its listed reactors are counted" : ""
        return ReactionProblem(
            kind: .invalidCount,
            detail: "message \(message): the count of \(reaction) at \(path) (\(ReactionCount.problem(count))) is not used\(instead)",
            reactions: reactions)
    }

    /// The problems of a reaction that gives a platform count (`count`) and lists its reactors
    /// (an array, `users`), as Slack and Discord do: a count that is there but is not one; a
    /// `users` that is there but is not an array; neither a count nor a reactor. The reaction is
    /// lost when no count is used and no reactor listed, and named once, with what it stands for:
    /// one, or what a misshapen `users` holds.
    /// - Parameters:
    ///   - count: the `count` member, unless missing or null; `total`: what it reads as.
    ///   - listed: the elements of `users` when it is an array.
    ///   - reaction: the reaction as the diagnostic names it (`:heart:`, `"👍"`).
    ///   - path: the reaction's JSON path, made only for a problem.
    static func ofCountAndReactors(
        count: JSONValue?, total: Int?, listed: Int, misshapenUsers users: JSONValue?, reaction: String, at path: () -> JSONPath,
        message: String
    ) -> [ReactionProblem] {
        guard total == nil || users != nil else { return [] }
        let lost = total == nil && listed == 0 ? max(1, users.map(ReactionAudit.held) ?? 0) : 0
        var problems: [ReactionProblem] = []
        if let count, total == nil {
            problems.append(
                invalidCount(count, of: reaction, at: path().appending(.key("count")), message: message, listed: listed, reactions: users == nil ? lost : 0))
        }
        if let users {
            problems.append(
                misshapen(
                    users, at: path().appending(.key("users")), message: message, expected: .array, kind: .invalidReaction,
                    loses: total == nil ? .reactions(lost) : .heldByCount))
        } else if count == nil, listed == 0 {
            problems.append(
                ReactionProblem(
                    kind: .invalidReaction, detail: "message \(message): reaction \(reaction) at \(path()) has neither count nor users", reactions: 1))
        }
        return problems
    }

    /// A listed reactor that is not of the type its format gives it (`expected`): lost, unless
    /// the reaction's count (`counted`) holds it.
    static func misshapenReactor(_ value: JSONValue, at path: JSONPath, message: String, expected: JSONKind, counted: Bool) -> ReactionProblem {
        misshapen(value, at: path, message: message, expected: expected, kind: .invalidReaction, loses: counted ? .heldByCount : .reactions(1))
    }

    /// The elements of `value`, a member that holds a list of reactions: none when it is missing
    /// or null; a value of another type is a problem (skipped-record, losing what it holds),
    /// handed to `report`, and gives none.
    static func reactionList(
        _ value: JSONValue?, at path: @autoclosure () -> JSONPath, message: String, report: (ReactionProblem) -> Void
    ) -> JSONElements {
        guard let value, !value.isNull else { return [] }
        if let elements = value.elements { return elements }
        report(misshapen(value, at: path(), message: message, expected: .array, kind: .skippedRecord, loses: .held))
        return []
    }
}

extension ImportRecorder {
    /// Records a diagnostic of `problem`.
    mutating func diagnose(_ problem: ReactionProblem) {
        diagnose(problem.kind, problem.detail, reactions: problem.reactions)
    }
}

extension ImportSink {
    /// Records a diagnostic of `problem`.
    func diagnose(_ problem: ReactionProblem) {
        diagnose(problem.kind, problem.detail, reactions: problem.reactions)
    }
}
