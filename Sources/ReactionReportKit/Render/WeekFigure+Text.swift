/// How the pages, the digests and `data/weeks.json` write a `WeekFigure`.
extension WeekFigure {
    /// The value as pages write it, in `locale`: `1,204`, `42.5%`, `1.75`, `5 min 40 s`, `–`.
    func text(_ figures: Engagement, _ locale: LocaleFormat) -> String {
        switch read(figures) {
        case .count(let count): return locale.integer(count)
        case .fraction(let value, _): return kind == .share ? locale.percent(value) : locale.decimal(value)
        case .seconds(let seconds): return seconds.map { DurationText.make($0, locale) } ?? "–"
        }
    }

    /// The value as JSON text: `1204`, `null`; a share or ratio in its shortest exact decimal form.
    func json(_ figures: Engagement) -> String {
        switch read(figures) {
        case .count(let count): return String(count)
        case .fraction(let value, _): return value.isFinite ? "\(value)" : "null"
        case .seconds(let seconds): return seconds.map { String($0) } ?? "null"
        }
    }

    /// The change from `before` (nil: no week before) to `now`, as `change` says it is shown,
    /// its colour turned for a figure where less is better.
    func change(_ now: Engagement, _ before: Engagement?, _ changes: ChangeText) -> FigureChange {
        var change = plainChange(now, before, changes)
        if lowerIsBetter {
            change.tone = change.tone == "good" ? "bad" : change.tone == "bad" ? "good" : change.tone
        }
        return change
    }

    private func plainChange(_ now: Engagement, _ before: Engagement?, _ changes: ChangeText) -> FigureChange {
        let earlier = before.map(read)
        switch (change, read(now)) {
        case (.difference, .count(let count)):
            return changes.count(count, earlier.map { $0.count ?? 0 })
        case (.points, .fraction(let value, let known)):
            return changes.rate(value, earlier?.fraction?.value, known: known, knownBefore: earlier?.fraction?.known ?? false)
        case (.ratio, .fraction(let value, let known)):
            return changes.ratio(value, earlier?.fraction?.value, known: known, knownBefore: earlier?.fraction?.known ?? false)
        case (.duration, .seconds(let seconds)):
            return changes.duration(seconds, earlier.map { $0.seconds ?? nil })
        default:
            // The builders of `WeekFigure` pair each change with its kind of value.
            preconditionFailure("\(key): a \(change) change of a \(kind) value")
        }
    }
}

extension WeekFigure.Value {
    /// The count, for a count.
    var count: Int? {
        if case .count(let count) = self { return count }
        return nil
    }

    /// The share or ratio and whether it is known, for a fraction.
    var fraction: (value: Double, known: Bool)? {
        if case .fraction(let value, let known) = self { return (value, known) }
        return nil
    }

    /// The seconds (nil inside: none), for a time.
    var seconds: Int64?? {
        if case .seconds(let seconds) = self { return .some(seconds) }
        return nil
    }
}

extension WeekFigure {
    /// `sql/figures.json`: the list as data, for the Python verifiers and the SQL's generator
    /// (`Scripts/generate-weeks-sql.py`), one figure a line: its key, its computation's name,
    /// its kind, whether it may be null, and whether a week's object and a group's hold it.
    /// `WeekFiguresTests` keeps the file equal to it.
    static var dataFile: String {
        let figures = all.map { figure in
            JSONText.object([
                "key": JSONText.quote(figure.key), "computation": JSONText.quote(figure.computation), "kind": JSONText.quote(figure.kind.rawValue),
                "nullable": figure.nullable ? "true" : "false", "week": figure.places.contains(.week) ? "true" : "false",
                "group": figure.places.contains(.group) ? "true" : "false"
            ])
        }
        return "{\"source\":\"WeekFigure.all in Sources/ReactionReportKit/Analysis/WeekFigures.swift; "
            + "UPDATE_GOLDEN=1 swift test --filter WeekFiguresTests writes this file\",\n\"figures\":[\n"
            + figures.joined(separator: ",\n") + "\n]}\n"
    }
}
