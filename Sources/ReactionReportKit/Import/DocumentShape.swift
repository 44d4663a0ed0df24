import JSONReader

/// A short description of what a parsed file holds at its top level ("an object with members
/// guild, channel, messages"), for the error a file of another format than `--input-format`
/// names gets: the user sees what the format needs beside what the file has.
enum DocumentShape {
    /// Member names listed before "and N more".
    static let namesShown = 8

    /// "an object with members guild, channel, messages", "an array of 12 values, the first an
    /// object with members id, text, user", "JSON lines: 40 values, the first …".
    static func describe(_ document: InputDocument) -> String {
        guard document.isLines else { return describe(document.root, nested: false) }
        let count = document.root.elements.map { $0.reduce(0) { count, _ in count + 1 } } ?? 0
        let first = document.root.elements?.first.map { ", the first " + describe($0, nested: true) } ?? ""
        return "JSON lines: \(values(count))\(first)"
    }

    /// One value; a nested array is only counted.
    static func describe(_ value: JSONValue, nested: Bool) -> String {
        switch value {
        case .null, .bool, .number, .string: return JSONKind.describe(value)
        case .object(let object):
            guard !object.members.isEmpty else { return "an empty object" }
            return "an object with members " + names(object)
        case .array, .deferredArray:
            let elements = value.elements ?? []
            let count = elements.reduce(0) { count, _ in count + 1 }
            guard count > 0 else { return "an empty array" }
            guard !nested, let first = elements.first else { return "an array of \(values(count))" }
            return "an array of \(values(count)), the first " + describe(first, nested: true)
        }
    }

    /// The first member names, each once, cut to 40 characters, control characters shown as `?`
    /// (the names come from the file and end up on a terminal).
    static func names(_ object: JSONObject) -> String {
        var seen = Set<String>()
        let distinct = object.keys.filter { seen.insert($0).inserted }
        let shown = distinct.prefix(namesShown).map { name in
            String(String.UnicodeScalarView(name.unicodeScalars.prefix(40).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
        }
        let rest = distinct.count - shown.count
        return shown.joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : "")
    }

    static func values(_ count: Int) -> String {
        count == 1 ? "1 value" : "\(count) values"
    }
}

extension ImportRun {
    /// Why `document` is not of the forced format `forced` (a platform or a format id): what a
    /// file of that format holds (how each of its formats is recognised), what this file holds,
    /// and what it is read as without `--input-format`.
    func notOfForcedFormat(_ forced: String, _ document: InputDocument) -> String {
        let expected = formats.filter { $0.id == forced || (!$0.anyPlatform && $0.platform.rawValue == forced) }
        let kind = expected.count == 1 && expected[0].id == forced ? forced : expected.first?.platform.displayName ?? forced
        let holds =
            expected.count == 1
            ? expected[0].recognisedBy
            : "one of: " + expected.map { "\($0.recognisedBy) (\($0.id))" }.joined(separator: "; ")
        var reason = "is not a \(kind) export (--input-format \(forced)). A \(kind) file holds \(holds). This file holds \(DocumentShape.describe(document))"
        if let (_, format) = ImportRun(importers: importers).match(document) {
            reason += "; without --input-format it is read as \(format.id) (\(format.platformName))"
        } else {
            reason += ", which no supported format recognises"
        }
        return reason + "."
    }
}
