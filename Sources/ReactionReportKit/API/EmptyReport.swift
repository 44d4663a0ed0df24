/// A run that would make an empty report without a word (issue 27): no export file in the
/// inputs, no file of a known format, no message at all, all errors of the read step (exit 2,
/// nothing written); and a report whose options leave none of the messages, a warning (a quiet
/// period is still a report).
public struct EmptyInput: Error, CustomStringConvertible, Sendable {
    /// What was found, and what to do.
    public var description: String

    /// The most skipped files named in the error.
    static let filesNamed = 5

    /// The error for a read that detected no file of a known format in `inputs`, given what
    /// the ledger diagnosed about the files it skipped; nil when some file was detected.
    static func check(detected: [ImportRun.DetectedFile], inputs: [String], skipped: DiagnosticLog) -> EmptyInput? {
        guard detected.isEmpty else { return nil }
        let named = Array(Set(inputs)).sorted().joined(separator: ", ")
        let files = (skipped.examples[.skippedFile] ?? []).prefix(filesNamed).map { ($0.file ?? "") + " " + $0.detail }
        guard !files.isEmpty else {
            return EmptyInput(
                description: "found no export file in \(named): folders are searched for .json, .jsonl, .ndjson and .zip files "
                    + "(run `reaction-report formats` to see what is read)")
        }
        let more = (skipped.counts[.skippedFile] ?? 0) - files.count
        return EmptyInput(
            description: "found no file of a known format in \(named): " + files.joined(separator: "; ")
                + (more > 0 ? "; and \(more) more" : ""))
    }

    /// The error for inputs of known formats that hold no message at all.
    /// - Parameter reactions: the reactions the inputs hold nonetheless (for messages they lack).
    static func check(messages: Int, reactions: Int, detected: [ImportRun.DetectedFile]) -> EmptyInput? {
        guard messages == 0, !detected.isEmpty else { return nil }
        let files = detected.prefix(filesNamed).map { "\($0.name) (\($0.format.id))" }.joined(separator: ", ")
        let more = detected.count > filesNamed ? " and \(detected.count - filesNamed) more" : ""
        let dangling = reactions > 0 ? "; the \(reactions) reaction\(reactions == 1 ? "" : "s") they hold name messages they do not hold" : ""
        return EmptyInput(description: "the inputs hold no message: \(files)\(more) \(detected.count == 1 ? "holds" : "hold") none\(dangling)")
    }

    /// The warning for options that leave none of the input's `messages` messages (sent from
    /// `first` to `last`): how many there were, from when to when, and which options are in
    /// force; nil when some are left.
    static func warning(messages: Int, first: Timestamp?, last: Timestamp?, left: Int, options: BuildOptions, calendar: WeekCalendar) -> String? {
        guard messages > 0, left == 0 else { return nil }
        let span =
            first.map { first in
                " (from \(calendar.day(of: first).isoText) to \(calendar.day(of: last ?? first).isoText), \(calendar.name))"
            } ?? ""
        var named = optionsInForce(options)
        if named.isEmpty { named = ["direct conversations left out (--include-direct-messages)"] }
        return "the report's options leave none of the \(messages) message\(messages == 1 ? "" : "s") of the inputs\(span): "
            + named.joined(separator: ", ") + "; the report has no messages"
    }

    /// The options that leave messages out, as the command line and the configuration name them.
    static func optionsInForce(_ options: BuildOptions) -> [String] {
        var named: [String] = []
        if let since = options.since { named.append("--since \(since)") }
        if let until = options.until { named.append("--until \(until)") }
        if !options.includeConversations.isEmpty { named.append("includeConversations \(options.includeConversations.joined(separator: ", "))") }
        if !options.excludeConversations.isEmpty { named.append("excludeConversations \(options.excludeConversations.joined(separator: ", "))") }
        if options.includeDirectMessages == false { named.append("--no-include-direct-messages") }
        if let shard = options.shard { named.append("--shard \(shard)") }
        return named
    }
}
