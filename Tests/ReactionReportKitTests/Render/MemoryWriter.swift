import ByteOutput

@testable import ReactionReportKit

/// Collects a rendered site in memory.
final class MemoryWriter: SiteWriter {
    var files: [String: String] = [:]

    func write(_ path: String, _ contents: ByteBuffer) throws {
        files[path] = contents.text
    }

    /// Renders `result` with the built-in templates.
    static func render(_ result: LedgerResult, options: BuildOptions = BuildOptions()) throws -> [String: String] {
        let writer = MemoryWriter()
        let resolver = EmojiResolver(aliases: options.aliases, mergeSkinTones: options.mergeSkinTones)
        let calendar = WeekCalendar(options.timezone)!
        let palette = options.palette.compactMap { resolver.resolve(ReactionValue($0)) }
        // As the filter step does: who the rankings leave out.
        var result = result
        result.leftOutOfRankings = RankingExclusions.people(in: result, options: options)
        let analysis = Analysis(result, options: options, calendar: calendar, palette: palette)
        try SiteRenderer(options: options, templates: try TemplateSet.load(), inputSummary: "test input", calendar: calendar, palette: palette)
            .render(analysis, to: writer)
        return writer.files
    }
}
