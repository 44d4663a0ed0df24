/// The text of the command's one-line progress display.
public enum ProgressLine {
    /// `Reading: ███░░ 120/320 files, 80.1 of 267.4 MB, 300,000 messages`, or without a bar when
    /// nothing was expected. Exports hold files that are not read and archives unpack to more
    /// than they hold, so the bar stops at full and the counts may end apart.
    public static func reading(files: Int, bytes: Int, messages: Int, expectedFiles: Int, expectedBytes: Int) -> String {
        let counts = NumberText.integer(messages) + (messages == 1 ? " message" : " messages")
        guard expectedBytes > 0 else {
            return "Reading: \(files) file\(files == 1 ? "" : "s"), \(size(bytes, unitFor: bytes)) \(unit(for: bytes)), " + counts
        }
        return "Reading: " + bar(bytes, of: expectedBytes) + " \(files)/\(max(files, expectedFiles)) files, "
            + "\(size(min(bytes, expectedBytes), unitFor: expectedBytes)) of \(size(expectedBytes, unitFor: expectedBytes)) \(unit(for: expectedBytes)), "
            + counts
    }

    /// `Writing: ███░░ 120/2,049 files`.
    public static func writing(files: Int, of total: Int) -> String {
        "Writing: \(bar(files, of: total)) \(NumberText.integer(files))/\(NumberText.integer(total)) files"
    }

    /// `Settling 1,234,567 messages… 12 s`: a step with no count of its own, and how long it has
    /// run (from a second on).
    public static func starting(_ step: ReportBuild.Step, messages: Int, elapsedSeconds: Int) -> String {
        let verb: String
        switch step {
        case .read: verb = "Reading"
        case .settle: verb = "Settling"
        case .filter: verb = "Filtering"
        case .analyse: verb = "Analysing"
        case .render, .publish: verb = "Rendering"
        }
        let elapsed = elapsedSeconds >= 1 ? " \(NumberText.integer(elapsedSeconds)) s" : ""
        return "\(verb) \(NumberText.counted(messages, "message"))…\(elapsed)"
    }

    /// `Wrote Output/: 1,234 files (2.3 MB) from 9 input files, 76 messages, 102 reactions.`:
    /// the line a build ends with, in the numbers of the progress display.
    public static func wrote(_ folder: String, files: Int, bytes: Int, inputs: Int, messages: Int, reactions: Int) -> String {
        func counted(_ count: Int, _ noun: String) -> String { NumberText.counted(count, noun) }
        return "Wrote \(folder): \(counted(files, "file")) (\(SiteSize.text(bytes))) from \(counted(inputs, "input file")), \(counted(messages, "message")), "
            + counted(reactions, "reaction") + "."
    }

    /// ` Search index: builtin (chosen for more than 50,000 messages).`: what indexed the site,
    /// said after the `wrote` line; `automatic` when `auto` chose it by the count,
    /// `pagefindMissing` when `auto` chose Pagefind and wrote the builtin index without it.
    public static func search(_ engine: SearchEngine, automatic: Bool, pagefindMissing: Bool = false) -> String {
        let name = engine == .pagefind ? "Pagefind" : "builtin"
        if pagefindMissing { return " Search index: builtin (Pagefind is not installed)." }
        guard automatic else { return " Search index: \(name)." }
        let limit = NumberText.integer(SearchEngine.pagefindLimit)
        return " Search index: \(name) (chosen for \(engine == .pagefind ? "at most" : "more than") \(limit) messages)."
    }

    /// Thirty cells, filled in proportion (full when there is nothing to do).
    static func bar(_ done: Int, of total: Int) -> String {
        let width = 30
        let filled = total <= 0 ? width : max(0, min(width, done * width / total))
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    /// Kilobytes below a megabyte, megabytes from there (decimal units).
    static func unit(for total: Int) -> String { total < 1_000_000 ? "kB" : "MB" }

    /// `12.3`: bytes in the unit of `total`, one decimal, rounded.
    static func size(_ bytes: Int, unitFor total: Int) -> String {
        let scale = total < 1_000_000 ? 1_000 : 1_000_000
        let tenths = (bytes + scale / 20) / (scale / 10)
        return "\(NumberText.integer(tenths / 10)).\(tenths % 10)"
    }
}
