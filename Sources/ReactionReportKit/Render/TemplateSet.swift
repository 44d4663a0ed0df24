import ByteOutput
import Foundation
import Templates

/// The built-in templates and assets (embedded from `Templates/`).
public enum BuiltinTemplates {}

/// The HTML and Markdown templates of a build: the built-ins, each overridable by a file of
/// the same path under a user folder (`html/index.mustache`, `assets/style.css`, …).
public struct TemplateSet: Sendable {
    let html: TemplateLibrary
    let markdown: TemplateLibrary
    /// Static files to copy into the site, by path under `assets/`.
    public let assets: [String: String]

    /// Loads the templates, applying overrides from `overrideFolder` when given.
    public static func load(overrideFolder: String? = nil) throws -> TemplateSet {
        var files = BuiltinTemplates.files.map { (path: $0.key, text: $0.value, source: "built-in Templates/" + $0.key) }
        if let folder = overrideFolder {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw LocatedError(file: folder, reason: "the templates folder does not exist")
            }
            for index in files.indices {
                let path = (folder as NSString).appendingPathComponent(files[index].path)
                guard FileManager.default.fileExists(atPath: path) else { continue }
                guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                    throw LocatedError(file: path, reason: "cannot be read as UTF-8 text")
                }
                files[index] = (files[index].path, text, path)
            }
        }
        var html: [String: Template] = [:]
        var markdown: [String: Template] = [:]
        var assets: [String: String] = [:]
        for file in files.sorted(by: { $0.path < $1.path }) {
            let parts = file.path.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "html":
                html[stem(of: parts[1])] = try compile(file.text, source: file.source)
            case "markdown":
                markdown[stem(of: parts[1])] = try compile(file.text, source: file.source)
            case "assets":
                assets[parts[1]] = file.text
            default:
                continue
            }
        }
        return TemplateSet(html: TemplateLibrary(html, escaping: .html), markdown: TemplateLibrary(markdown, escaping: .markdown), assets: assets)
    }

    /// Compiles a template; an error gives the position in the user's file.
    static func compile(_ text: String, source: String) throws -> Template {
        do {
            return try Template(text)
        } catch {
            throw LocatedError(file: source, line: error.line, column: error.column, reason: error.reason)
        }
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
        guard library.render(name, model, into: out) else {
            throw LocatedError(file: "\(folder)/\(name).mustache", reason: "no such template")
        }
        return out
    }
}
