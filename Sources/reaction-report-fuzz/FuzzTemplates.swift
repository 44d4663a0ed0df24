import Foundation
import ReactionReportKit

/// A templates folder, as `--templates` reads it: lines `@@ html/index` (or `markdown/week`,
/// `html/partials/footer`: a kind and one to three plain names) each begin a template, which
/// overrides the built-in of that path or adds a partial; the folder is loaded over the built-in
/// templates and, when it loads, the small site is rendered with it.
enum FuzzTemplates {
    /// The folder, emptied for each input.
    static let folder = FuzzTarget.folder + "/templates"

    /// Options that give the templates more to show: a viewer, a base URL, groups; the pages
    /// only (the data files use no template).
    static let options: BuildOptions = {
        var options = BuildOptions()
        options.formats = [.html, .markdown]
        options.viewer = "bob"
        options.baseURL = "https://example.org/report"
        options.groups = [ConversationGroup(name: "all", members: ["*"])]
        options.pageSize = 2
        return options
    }()

    static func run(_ bytes: [UInt8]) {
        let files = templates(in: bytes)
        // Without a template of its own, the folder would render the built-ins again.
        guard !files.isEmpty else { return }
        try? FileManager.default.removeItem(atPath: folder)
        for (path, text) in files {
            let file = folder + "/" + path + ".mustache"
            try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: file, contents: Data(text)) else { fatalError("cannot write \(file)") }
        }
        let templates: TemplateSet
        do {
            templates = try TemplateSet.load(overrideFolder: folder)
        } catch is LocatedError {
            return
        } catch {
            fatalError("templates gave an error that is not located: \(error)")
        }
        // The small site's analysis is made again for each input: kept in a static, its messages
        // would be reported as leaked (LeakSanitizer does not see references that Swift keeps
        // with an enum's case in their spare bits).
        let outcome: ReportBuild.Outcome
        do {
            outcome = try ReportBuild(inputs: [FuzzSite.path], options: options).inspect()
        } catch {
            fatalError("the small site failed: \(error)")
        }
        FuzzSite.render(outcome, options: options, templates: templates, ownTemplates: true)
    }

    /// The templates of the input by path (`html/index`); a later one of the same path wins,
    /// and one whose path is not a kind and plain names is left out.
    static func templates(in bytes: [UInt8]) -> [(path: String, text: [UInt8])] {
        var found: [String: [UInt8]] = [:]
        let marker = Array("@@ ".utf8)
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            guard line.starts(with: marker) else { continue }
            var body: [UInt8] = []
            while let next = lines.first, !next.starts(with: marker) {
                body += next + [0x0A]
                lines.removeFirst()
            }
            let path = String(decoding: line.dropFirst(marker.count), as: UTF8.self)
            if isPlain(path) { found[path] = body }
        }
        return found.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `html` or `markdown`, then one to three names of lowercase letters, digits and `-`.
    static func isPlain(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return (2...4).contains(parts.count) && (parts[0] == "html" || parts[0] == "markdown")
            && parts.dropFirst().allSatisfy { part in
                !part.isEmpty && part.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
            }
    }
}
