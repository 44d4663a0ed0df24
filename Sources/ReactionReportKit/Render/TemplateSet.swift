import Foundation
import Mustache

/// The built-in templates and assets (embedded from `Templates/`).
public enum BuiltinTemplates {}

/// A template that cannot be used: it names the file, line and column.
public struct TemplateError: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var reason: String

    public var description: String {
        [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":") + ": " + reason
    }
}

/// The HTML and Markdown templates of a build: the built-ins, each overridable by a file of
/// the same path under a user folder (`html/index.mustache`, `assets/style.css`, …).
public struct TemplateSet: @unchecked Sendable {
    let html: MustacheLibrary
    let markdown: MustacheLibrary
    /// Static files to copy into the site, by path under `assets/`.
    public let assets: [String: String]

    /// Loads the templates, applying overrides from `overrideFolder` when given.
    public static func load(overrideFolder: String? = nil) throws -> TemplateSet {
        _ = MarkdownContentType.registration
        _ = HTMLTextContentType.registration
        var files = BuiltinTemplates.files.map { (path: $0.key, text: $0.value, source: "built-in Templates/" + $0.key) }
        if let folder = overrideFolder {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw TemplateError(file: folder, reason: "the templates folder does not exist")
            }
            for index in files.indices {
                let path = (folder as NSString).appendingPathComponent(files[index].path)
                guard FileManager.default.fileExists(atPath: path) else { continue }
                guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                    throw TemplateError(file: path, reason: "cannot be read as UTF-8 text")
                }
                files[index] = (files[index].path, text, path)
            }
        }
        var html: [String: MustacheTemplate] = [:]
        var markdown: [String: MustacheTemplate] = [:]
        var assets: [String: String] = [:]
        for file in files.sorted(by: { $0.path < $1.path }) {
            let parts = file.path.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "html":
                html[stem(of: parts[1])] = try compile(file.text, source: file.source, pragma: "{{% CONTENT_TYPE: HTMLTEXT}}")
            case "markdown":
                markdown[stem(of: parts[1])] = try compile(file.text, source: file.source, pragma: "{{% CONTENT_TYPE: MARKDOWN}}")
            case "assets":
                assets[parts[1]] = file.text
            default:
                continue
            }
        }
        return TemplateSet(html: MustacheLibrary(templates: html), markdown: MustacheLibrary(templates: markdown), assets: assets)
    }

    /// Compiles a template with a content-type pragma on a line of its own before it (a
    /// standalone tag, so it adds no output); error positions are given in the user's file.
    static func compile(_ text: String, source: String, pragma: String) throws -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: pragma + "\n" + text)
        } catch let error as MustacheTemplate.ParserError {
            throw TemplateError(file: source, line: max(1, error.context.lineNumber - 1), column: max(1, error.context.columnNumber), reason: "\(error.error)")
        } catch {
            throw TemplateError(file: source, reason: "\(error)")
        }
    }

    /// Renders the HTML template `name` (its file stem) with a view model.
    public func renderHTML(_ name: String, _ model: [String: Any]) throws -> String {
        guard let text = html.render(ViewModel.wrap(model), withTemplate: name) else {
            throw TemplateError(file: "html/\(name).mustache", reason: "no such template")
        }
        return text
    }

    /// Renders the Markdown template `name` with a view model; values are Markdown-escaped.
    public func renderMarkdown(_ name: String, _ model: [String: Any]) throws -> String {
        guard let text = markdown.render(ViewModel.wrap(model), withTemplate: name) else {
            throw TemplateError(file: "markdown/\(name).mustache", reason: "no such template")
        }
        return text
    }
}

/// A view model as the template engine sees it: a class that answers name lookups directly.
/// Dictionaries work too, but the engine checks their conditional conformance with a dynamic
/// cast on every lookup; the class saves about 4 % of a site build's instructions (callgrind).
final class ViewModel: MustacheParent {
    let values: [String: Any]

    init(_ values: [String: Any]) { self.values = values }

    func child(named name: String) -> Any? { values[name] }

    /// Wraps nested dictionaries and lists of dictionaries; other values stay as they are.
    static func wrap(_ model: [String: Any]) -> ViewModel {
        ViewModel(model.mapValues(wrapValue))
    }

    static func wrapValue(_ value: Any) -> Any {
        switch value {
        case let dictionary as [String: Any]: return wrap(dictionary)
        case let list as [[String: Any]]: return list.map(wrap)
        case let text as String: return TemplateText(renderText: text, source: text)
        case let number as Int: return TemplateText(renderText: String(number), source: number)
        default: return value
        }
    }
}

/// A string or number as the template engine sees it. The engine renders a plain value after
/// asking, by dynamic cast, whether it is a template, a custom renderable, a lambda or an
/// optional, and then through `String(describing:)`; a custom renderable is answered by the
/// second cast. It renders, tests and transforms (`uppercased(name)`) exactly as the value, and
/// has no children, so names inside its section are looked up in the enclosing view models.
struct TemplateText: MustacheCustomRenderable, MustacheParent, MustacheTransformable {
    let renderText: String
    let source: any MustacheTransformable
    var isNull: Bool { false }

    func child(named name: String) -> Any? { nil }

    func transform(_ name: String) -> Any? { source.transform(name) }
}

/// HTML escaping of `&`, `<`, `>`, `"` and `'`, as the engine's own, working on UTF-8 bytes so
/// that text with nothing to escape (most of it) is copied once.
struct HTMLTextContentType: MustacheContentType {
    static let registration: Void = MustacheContentTypes.register(HTMLTextContentType(), named: "HTMLTEXT")

    func escapeText(_ text: String) -> String { Self.escape(text) }

    static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes -> String in
            guard bytes.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
                return String(decoding: bytes, as: UTF8.self)
            }
            var out = [UInt8]()
            out.reserveCapacity(bytes.count + 16)
            for byte in bytes {
                switch byte {
                case 0x26: out.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])          // &amp;
                case 0x3C: out.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])                // &lt;
                case 0x3E: out.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])                // &gt;
                case 0x22: out.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])    // &quot;
                case 0x27: out.append(contentsOf: [0x26, 0x23, 0x33, 0x39, 0x3B])          // &#39;
                default: out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}

/// Escapes values for Markdown so that a renderer, even one with raw HTML enabled, shows them
/// as text: Markdown punctuation is backslash-escaped, `<` and `&` become entities, and line
/// breaks become spaces so that a value cannot break a table row.
struct MarkdownContentType: MustacheContentType {
    static let registration: Void = MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN")

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    static func escape(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = ""
        out.reserveCapacity(text.utf8.count)
        // Where the value starts a line, only what would start a block needs a backslash: a
        // heading (`#` to `######` then space or end), a list item (`-`, `+` then space or end,
        // or digits then `.`/`)` then space or end), or a setext underline (`=` only).
        var blockMarker: Int?
        let first = scalars.firstIndex { $0 != " " }
        if let start = first {
            func endsMarker(_ index: Int) -> Bool { index >= scalars.count || scalars[index] == " " || scalars[index] == "\t" }
            switch scalars[start] {
            case "#":
                var end = start
                while end < scalars.count, scalars[end] == "#" { end += 1 }
                if end - start <= 6, endsMarker(end) { blockMarker = start }
            case "-", "+":
                if endsMarker(start + 1) { blockMarker = start }
            case "=":
                if scalars[start...].allSatisfy({ $0 == "=" || $0 == " " }) { blockMarker = start }
            case "0"..."9":
                var end = start
                while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
                if end < scalars.count, scalars[end] == "." || scalars[end] == ")", end - start <= 9, endsMarker(end + 1) { blockMarker = end }
            default:
                break
            }
        }
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n", "\r", "\t", "\u{2028}", "\u{2029}": out += " "
            case "\\", "`", "*", "_", "[", "]", "|", "~":
                out += "\\"
                out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                if index == blockMarker { out += "\\" }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
