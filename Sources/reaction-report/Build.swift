import ArgumentParser
import Foundation
import ReactionReportKit

/// Options shared by `build` and `inspect`.
struct InputOptions: ParsableArguments {
    @Argument(help: "Export files, folders (searched recursively) to read. Default: Examples")
    var inputs: [String] = []

    @Option(name: .long, help: "Force the input format (a platform such as pubnub, or a format id from `formats`).")
    var inputFormat: String?

    @Option(name: .long, help: "PubNub action type that counts as a reaction, besides reaction and reactions (repeatable).")
    var reactionActionType: [String] = []

    @Flag(name: .long, help: "Count skin-tone variants as the base emoji.")
    var mergeSkinTones = false

    @Flag(name: .long, help: "Include direct-message conversations (left out by default).")
    var includeDirectMessages = false

    /// Applies these options to `options`.
    func apply(to options: inout BuildOptions) {
        options.mergeSkinTones = mergeSkinTones
        options.includeDirectMessages = includeDirectMessages
        options.reactionActionTypes.formUnion(reactionActionType)
    }

    var resolvedInputs: [String] { inputs.isEmpty ? ["Examples"] : inputs }
}

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Read exports and write the site, Markdown and data.")

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: "Output folder.")
    var output = "Output"

    @Option(name: .long, help: "Outputs to write, comma-separated: html,markdown,json.")
    var format = "html,markdown,json"

    @Option(name: .long, help: "User id whose own reactions are highlighted.")
    var viewer: String?

    @Option(name: .long, help: "Folder of templates overriding the built-in ones by file name.")
    var templates: String?

    @Option(name: .long, help: "Site title.")
    var title: String?

    @Option(name: .long, help: "Bubble order: first-reacted, alphabetical or count.")
    var reactionOrder: String?

    @Option(name: .long, help: "Messages per transcript page.")
    var pageSize: Int?

    @Flag(name: .long, help: "Fail with exit code 3, writing nothing, when there are diagnostics.")
    var strict = false

    @Flag(name: .long, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        for name in format.split(separator: ",") where BuildOptions.OutputFormat(rawValue: name.trimmingCharacters(in: .whitespaces)) == nil {
            throw ValidationError("unknown format '\(name)'; use html, markdown and/or json")
        }
        if let reactionOrder, ReactionOrder(rawValue: reactionOrder) == nil {
            throw ValidationError("unknown reaction order '\(reactionOrder)'; use first-reacted, alphabetical or count")
        }
        if let pageSize, pageSize < 1 { throw ValidationError("--page-size must be at least 1") }
    }

    func run() throws {
        var options = BuildOptions()
        options.formats = Set(format.split(separator: ",").compactMap { BuildOptions.OutputFormat(rawValue: $0.trimmingCharacters(in: .whitespaces)) })
        options.viewer = viewer
        input.apply(to: &options)
        if let title { options.title = title }
        if let reactionOrder { options.reactionOrder = ReactionOrder(rawValue: reactionOrder)! }
        if let pageSize { options.pageSize = pageSize }
        let build = ReportBuild(inputs: input.resolvedInputs, options: options, forcedFormat: input.inputFormat)
        let outcome = try build.build(output: output, templatesFolder: templates, strict: strict)
        if !quiet {
            Console.printDiagnostics(outcome.result.diagnostics)
            let messages = outcome.result.messages
            let reactions = messages.reduce(0) { $0 + $1.reactionCount }
            print("Wrote \(output)/: \(outcome.filesWritten) files from \(outcome.files.count) input file(s), \(messages.count) messages, \(reactions) reactions.")
        }
    }
}

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show what was detected, counts per platform and conversation, and diagnostics; writes nothing.")

    @OptionGroup var input: InputOptions

    func run() throws {
        var options = BuildOptions()
        input.apply(to: &options)
        let outcome = try ReportBuild(inputs: input.resolvedInputs, options: options, forcedFormat: input.inputFormat).inspect()
        print("Files:")
        for file in outcome.files { print("  \(file.name): \(file.format.id)") }
        print("Conversations:")
        var counts: [String: (messages: Int, reactions: Int)] = [:]
        for message in outcome.result.messages {
            let key = message.platform.displayName + " / " + message.conversationName + " (" + message.conversationID + ")"
            counts[key, default: (0, 0)].messages += 1
            counts[key, default: (0, 0)].reactions += message.reactionCount
        }
        for (key, value) in counts.sorted(by: { $0.key < $1.key }) {
            print("  \(key): \(value.messages) messages, \(value.reactions) reactions")
        }
        let log = outcome.result.diagnostics
        print("Diagnostics: \(log.total)")
        for kind in log.kinds {
            print("  \(log.counts[kind]!) \(kind.label) [\(kind.rawValue)]")
            for diagnostic in (log.examples[kind] ?? []).prefix(5) { print("    - \(diagnostic.text)") }
        }
    }
}

struct Formats: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the supported input formats and how each is recognised.")

    func run() throws {
        for format in ImportRun(importers: ImportRun.standardImporters()).formats {
            print("\(format.id)  [\(format.platform.displayName)]")
            print("    \(format.summary)")
            print("    recognised by: \(format.recognisedBy)")
        }
    }
}
