import ByteOutput
import Foundation
import InputFiles
import Templates

/// The built-in templates and assets (embedded from `Templates/`).
public enum BuiltinTemplates {}

/// The HTML and Markdown templates of a build: the built-ins, each overridable by a file of
/// the same path under a user folder (`html/index.mustache`, `assets/style.css`, …). The folder
/// may also add templates of its own, for partial tags to include: every `*.mustache` under its
/// `html/` or `markdown/` (`html/partials/footer.mustache` is `{{> partials/footer}}`).
public struct TemplateSet: Sendable {
    let html: TemplateLibrary
    let markdown: TemplateLibrary
    /// Where each template was read from, by kind and name (`html/index`), for errors.
    let sources: [String: String]
    /// Static files to copy into the site, by path under `assets/`.
    public let assets: [String: String]

    /// A template or asset: its path under `Templates/` and where it was read from.
    struct File {
        var path: String
        var text: String
        var source: String
    }

    /// Loads the templates, applying overrides and additions from `overrideFolder` when given.
    /// A template that does not parse, a partial tag naming a template found nowhere, or one
    /// starting a cycle of partial tags outside sections (which could never end) is an error
    /// naming the file, line and column.
    public static func load(overrideFolder: String? = nil) throws -> TemplateSet {
        var files = BuiltinTemplates.files.map { File(path: $0.key, text: $0.value, source: "built-in Templates/" + $0.key) }
        if let folder = overrideFolder { files = try applying(folder, to: files) }
        var templates: [String: [String: Template]] = ["html": [:], "markdown": [:]]
        var sources: [String: String] = [:]
        var assets: [String: String] = [:]
        for file in files.sorted(by: { $0.path < $1.path }) {
            let parts = file.path.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "html", "markdown":
                let name = templateName(of: parts[1])
                templates[parts[0]]![name] = try compile(file.text, source: file.source)
                sources[parts[0] + "/" + name] = file.source
            case "assets":
                assets[parts[1]] = file.text
            default:
                continue
            }
        }
        func library(_ kind: String, _ escaping: TemplateEscaping) throws -> TemplateLibrary {
            try link(templates[kind]!, kind: kind, escaping: escaping, sources: sources, folder: overrideFolder)
        }
        return TemplateSet(html: try library("html", .html), markdown: try library("markdown", .markdown), sources: sources, assets: assets)
    }

    /// The files with the folder's overrides in place, and its own templates added.
    static func applying(_ folder: String, to builtins: [File]) throws -> [File] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LocatedError(file: folder, reason: "the templates folder does not exist")
        }
        var files = builtins
        for index in files.indices {
            let path = (folder as NSString).appendingPathComponent(files[index].path)
            guard FileManager.default.fileExists(atPath: path) else { continue }
            files[index] = File(path: files[index].path, text: try read(path), source: path)
        }
        let known = Set(builtins.map(\.path))
        for kind in ["html", "markdown"] {
            let kindFolder = (folder as NSString).appendingPathComponent(kind)
            for relative in ownTemplates(in: kindFolder) where !known.contains(kind + "/" + relative) {
                let path = (kindFolder as NSString).appendingPathComponent(relative)
                files.append(File(path: kind + "/" + relative, text: try read(path), source: path))
            }
        }
        return files
    }

    /// The `*.mustache` files under `folder` and its subfolders, by relative path, sorted;
    /// hidden files and folders (an editor's `.index.mustache.swp`) are left out.
    static func ownTemplates(in folder: String) -> [String] {
        guard let paths = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] else { return [] }
        return paths.filter { path in
            var isDirectory: ObjCBool = false
            return path.hasSuffix(".mustache") && !path.split(separator: "/").contains { $0.hasPrefix(".") }
                && FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(path), isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    /// The file's text. Read with `DiskFiles` (POSIX calls): Foundation's
    /// `FileManager.contents(atPath:)` lost 4 kB for every empty file it read (swift-foundation
    /// with Swift 6.3.1; LeakSanitizer, in the fuzz target).
    static func read(_ path: String) throws -> String {
        guard let bytes = try? DiskFiles.contents(of: path), let text = String(validating: bytes, as: UTF8.self) else {
            throw LocatedError(file: path, reason: "cannot be read as UTF-8 text")
        }
        return text
    }

    /// The name partial tags call a template by: its path under `html/` or `markdown/` without
    /// `.mustache` (`index`, `partials/footer`).
    static func templateName(of path: String) -> String {
        path.hasSuffix(".mustache") ? String(path.dropLast(".mustache".count)) : stem(of: path)
    }

    /// Compiles a template; an error gives the position in the user's file.
    static func compile(_ text: String, source: String) throws -> Template {
        do {
            return try Template(text)
        } catch {
            throw LocatedError(file: source, line: error.line, column: error.column, reason: error.reason)
        }
    }

    /// Links one kind's templates into a library; a partial tag naming no template is an error
    /// at the tag, saying which file would have been its template, and so is one starting a
    /// cycle of partial tags outside sections.
    static func link(
        _ templates: [String: Template], kind: String, escaping: TemplateEscaping,
        sources: [String: String], folder: String?
    ) throws -> TemplateLibrary {
        do {
            return try TemplateLibrary(templates, escaping: escaping)
        } catch {
            let file = sources[kind + "/" + error.template] ?? kind + "/" + error.template
            switch error.problem {
            case .missingPartial(let partial):
                let places = folder.map { "in \($0) or among the built-in templates" } ?? "among the built-in templates"
                throw LocatedError(
                    file: file, line: error.line, column: error.column,
                    reason: "{{> \(partial)}} names no template: there is no \(kind)/\(partial).mustache \(places)")
            case .cycle(let names):
                throw LocatedError(
                    file: file, line: error.line, column: error.column,
                    reason: "partial cycle \(names.joined(separator: " → ")): each includes the next outside any section, so rendering would never end "
                        + "(a template may include itself only inside a section, whose data ends the recursion)")
            }
        }
    }

    /// Why a page nested too deep: a cycle the data did not end, or (with no template twice)
    /// a chain of partials, shortened to its ends.
    static func tooDeep(_ names: [String]) -> String {
        let depth = TemplateLibrary.maximumDepth
        guard names.first != names.last else {
            return "partial cycle \(names.joined(separator: " → ")) went \(depth) sections and partials deep: "
                + "the data does not end it (a section inside the cycle finds the same list, or true, at every depth)"
        }
        let chain = names.count <= 8 ? names : names.prefix(3) + ["…"] + names.suffix(3)
        return "partials \(chain.joined(separator: " → ")) nest sections and partials more than \(depth) deep: include fewer templates in one another"
    }

    /// Renders the HTML template `name` (its file stem) with a view model, into bytes.
    func renderHTML(_ name: String, _ model: TemplateObject) throws -> ByteBuffer {
        try render(html, "html", name, .object(model))
    }

    /// Renders the Markdown template `name` with a view model, into bytes; values are
    /// Markdown-escaped.
    func renderMarkdown(_ name: String, _ model: TemplateObject) throws -> ByteBuffer {
        try render(markdown, "markdown", name, .object(model))
    }

    private func render(_ library: TemplateLibrary, _ folder: String, _ name: String, _ model: TemplateValue) throws -> ByteBuffer {
        let out = ByteBuffer(capacity: 16_384)
        let found: Bool
        do {
            found = try library.render(name, model, into: out)
        } catch {
            throw LocatedError(
                file: sources[folder + "/" + error.template] ?? folder + "/" + error.template + ".mustache", line: error.line, column: error.column,
                reason: Self.tooDeep(error.cycle))
        }
        guard found else { throw LocatedError(file: "\(folder)/\(name).mustache", reason: "no such template") }
        return out
    }
}
