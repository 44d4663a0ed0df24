/// The community health settings (product.md §10), read as `ConfigurationFile` reads the rest.
extension SettingReader {
    /// The community health settings: `responseWindow` (a length of time), `questionMarks`,
    /// `supportConversations`, `[engagementLevels]` and `[polarity]`.
    func communityHealth(_ value: TOMLValue, _ key: String, into options: inout BuildOptions) throws {
        switch key {
        case "responseWindow":
            let text = try string(value, key)
            guard let seconds = ResponseRules.seconds(text) else {
                throw document.error(
                    at: value.position,
                    "'responseWindow' must be a length of time such as \"48h\", \"2d\", \"90m\" or \"1h30m\", not \(TOMLKey.quoted(text))")
            }
            options.responses.window = seconds
        case "questionMarks":
            options.responses.questionMarks = try string(value, key)
        case "supportConversations":
            options.responses.supportConversations = try strings(value, key, unique: false)
        case "engagementLevels":
            options.engagementLevels = try engagementLevels(value)
        default:
            options.polarity = try polarity(value)
        }
    }

    /// The `[polarity]` table: `positive` and `negative` lists of emoji, each replacing the
    /// default list; an emoji may not be in both.
    func polarity(_ value: TOMLValue) throws -> PolarityTable {
        var polarity = PolarityTable()
        try entries(of: value, "polarity", keys: ["positive", "negative"]) { key, entry, name in
            if key == "positive" {
                polarity.positive = try strings(entry, name, unique: true)
            } else {
                polarity.negative = try strings(entry, name, unique: true)
            }
        }
        if let both = polarity.positive.first(where: polarity.negative.contains) {
            throw document.error(at: value.position, "'polarity': \(TOMLKey.quoted(both)) is both positive and negative")
        }
        return polarity
    }

    /// The `[engagementLevels]` table: `core` and `regular`, posting days in 28, `core` above `regular`.
    func engagementLevels(_ value: TOMLValue) throws -> EngagementLevels {
        var levels = EngagementLevels()
        try entries(of: value, "engagementLevels", keys: ["core", "regular"]) { key, entry, name in
            if key == "core" { levels.core = try positiveInteger(entry, name) } else { levels.regular = try positiveInteger(entry, name) }
        }
        guard levels.core > levels.regular, levels.core <= 28 else {
            throw document.error(
                at: value.position, "'engagementLevels': core (\(levels.core)) must be above regular (\(levels.regular)) and at most 28 days")
        }
        return levels
    }
}
