import Foundation
import InputFiles

/// `reaction-report.toml`: the settings of a build, read onto `BuildOptions`.
///
/// Every key is optional; what the file leaves out keeps its default (or whatever `options`
/// held before). Unknown keys, values of the wrong type and values out of range are errors that
/// name the key and point at it by line and column.
public enum ConfigurationFile {
    /// The file read from the working folder when no `--config` is given.
    public static let defaultName = "reaction-report.toml"

    /// Every key the file may hold, in the order the documentation lists them.
    public static let keys = [
        "title", "baseURL", "public", "search", "searchEngine", "timezone", "locale", "viewer", "palette", "reactionOrder", "countCap", "reactorsLimit",
        "mergeSkinTones", "aliases", "reactionActionTypes", "includeConversations", "excludeConversations",
        "includeDirectMessages", "excludePeople", "excludeBots", "groups", "responseWindow", "questionMarks", "supportConversations", "engagementLevels",
        "polarity",
        "anonymize", "pageSize",
        "topN", "since", "until", "templates",
        "highlightColor", "bubbleStack", "fetch"
    ]

    /// Reads the file at `path` (named in errors as given) and applies it to `options`.
    public static func load(_ path: String, into options: inout BuildOptions) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw LocatedError(file: path, reason: "no such configuration file")
        }
        guard !isFolder.boolValue else { throw LocatedError(file: path, reason: "is a folder, not a configuration file") }
        // Not FileManager.contents(atPath:), which lost 4 kB for every empty file it read.
        guard let bytes = try? DiskFiles.contents(of: path) else {
            throw LocatedError(file: path, reason: "the configuration file cannot be read")
        }
        try apply(TOMLParser.parse(bytes, file: path), to: &options)
    }

    /// Parses `text` as the file `file` and applies it to `options`.
    public static func apply(_ text: String, file: String, to options: inout BuildOptions) throws {
        try apply(TOMLParser.parse(text, file: file), to: &options)
    }

    /// Applies a parsed document to `options`. A relative `templates` path is taken relative to
    /// the folder of `document.file`.
    public static func apply(_ document: TOMLDocument, to options: inout BuildOptions) throws {
        let reader = SettingReader(document: document)
        var since: (bound: PeriodBound, position: TOMLPosition)?
        var until: PeriodBound?
        for entry in document.root.entries {
            let value = entry.value
            let key = entry.key
            switch key {
            case "title":
                options.title = try reader.nonEmptyString(value, key)
            case "baseURL":
                options.baseURL = try reader.baseURL(value, key)
            case "timezone":
                options.timezone = try reader.timezone(value, key)
            case "locale":
                options.locale = try reader.locale(value, key)
            case "viewer":
                options.viewer = try reader.nonEmptyString(value, key)
            case "palette":
                options.palette = try reader.strings(value, key, unique: true)
            case "reactionOrder":
                let text = try reader.string(value, key)
                guard let order = ReactionOrder(rawValue: text) else {
                    throw document.error(
                        at: value.position, "'reactionOrder' must be \(choices(ReactionOrder.allCases.map(\.rawValue))), not \(TOMLKey.quoted(text))")
                }
                options.reactionOrder = order
            case "countCap":
                options.countCap = try reader.positiveInteger(value, key)
            case "reactorsLimit":
                options.reactorsLimit = try reader.positiveInteger(value, key)
            case "mergeSkinTones":
                options.mergeSkinTones = try reader.boolean(value, key)
            case "aliases":
                options.aliases = try reader.aliases(value)
            case "reactionActionTypes":
                options.reactionActionTypes.formUnion(try reader.strings(value, key, unique: false))
            case "includeConversations":
                options.includeConversations = try reader.strings(value, key, unique: false)
            case "excludeConversations":
                options.excludeConversations = try reader.strings(value, key, unique: false)
            case "includeDirectMessages":
                options.includeDirectMessages = try reader.boolean(value, key)
            case "excludePeople":
                options.excludePeople = try reader.strings(value, key, unique: false)
            case "excludeBots":
                options.excludeBots = try reader.boolean(value, key)
            case "groups":
                options.groups = try reader.groups(value)
            case "responseWindow", "questionMarks", "supportConversations", "engagementLevels", "polarity":
                try reader.communityHealth(value, key, into: &options)
            case "anonymize":
                options.anonymize = try reader.boolean(value, key)
            case "public":
                options.isPublic = try reader.boolean(value, key)
            case "search":
                options.search = try reader.boolean(value, key)
            case "searchEngine":
                let text = try reader.string(value, key)
                guard let engine = SearchEngine(rawValue: text) else {
                    throw document.error(
                        at: value.position, "'searchEngine' must be \(choices(SearchEngine.allCases.map(\.rawValue))), not \(TOMLKey.quoted(text))")
                }
                options.searchEngine = engine
            case "pageSize":
                options.pageSize = try reader.positiveInteger(value, key)
            case "topN":
                options.topN = try reader.positiveInteger(value, key)
            case "since", "until":
                let bound = try reader.periodBound(value, key)
                if key == "since" {
                    options.since = bound
                    since = (bound, value.position)
                } else {
                    options.until = bound
                    until = bound
                }
            case "templates":
                options.templates = resolve(try reader.nonEmptyString(value, key), besides: document.file)
            case "highlightColor":
                options.highlightColor = try reader.plainColor(value, key)
            case "bubbleStack":
                let text = try reader.string(value, key)
                guard let stack = BuildOptions.BubbleStack(rawValue: text) else {
                    throw document.error(
                        at: value.position, "'bubbleStack' must be \(choices(BuildOptions.BubbleStack.allCases.map(\.rawValue))), not \(TOMLKey.quoted(text))")
                }
                options.bubbleStack = stack
            case "fetch":
                options.fetch = try reader.fetchSettings(value)
            default:
                throw document.error(at: entry.keyPosition, "unknown key '\(TOMLKey.display(key))'" + suggestion(for: key))
            }
        }
        if let since, let until, since.bound.firstDay >= until.dayAfter {
            throw document.error(at: since.position, "'since' (\(since.bound)) is after 'until' (\(until)): the report would be empty")
        }
    }

    // MARK: Checks shared with the command line

    /// `text` as a base URL (http or https, a host, no query or fragment) without trailing
    /// slashes, or nil when it is not one.
    public static func normalizedBaseURL(_ text: String) -> String? {
        guard !text.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" || $0 == "\\" }),
            let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty,
            components.query == nil, components.fragment == nil
        else { return nil }
        var url = text
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// True when Foundation knows `name` as a time zone.
    public static func isTimeZone(_ name: String) -> Bool {
        !name.isEmpty && TimeZone(identifier: name) != nil
    }

    /// True for a colour that can be put into a `style` attribute as it is: only letters,
    /// digits, spaces and `# ( ) , . %`, so it can never close the attribute or the declaration.
    public static func isPlainColor(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "#", "(", ")", ",", ".", "%", " ": return true
                default: return false
                }
            }
    }

    // MARK: Helpers

    /// A path from the file taken relative to the folder holding the configuration file.
    static func resolve(_ path: String, besides file: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }

    /// "a, b or c".
    static func choices(_ names: [String]) -> String { NameSuggestions.alternatives(names) }

    /// " (did you mean 'topN'?)" for a key that differs from a known one only in case or by a
    /// couple of typing slips; empty otherwise.
    static func suggestion(for key: String) -> String {
        if let match = keys.first(where: { $0.lowercased() == key.lowercased() }) { return " (did you mean '\(match)'?)" }
        let best = keys.map { ($0, NameSuggestions.distance($0.lowercased(), key.lowercased())) }.min { $0.1 < $1.1 }
        if let best, best.1 <= (key.count <= 5 ? 1 : 2) { return " (did you mean '\(best.0)'?)" }
        return ""
    }
}

/// Reads typed settings out of TOML values, with errors that name the key.
struct SettingReader {
    let document: TOMLDocument

    func wrongType(_ value: TOMLValue, _ key: String, _ expected: String) -> LocatedError {
        document.error(at: value.position, "'\(key)' must be \(expected), not \(value.typeName)")
    }

    func string(_ value: TOMLValue, _ key: String) throws -> String {
        guard case .string(let text) = value.kind else { throw wrongType(value, key, "a string") }
        return text
    }

    func nonEmptyString(_ value: TOMLValue, _ key: String) throws -> String {
        let text = try string(value, key)
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw document.error(at: value.position, "'\(key)' must not be empty")
        }
        return text
    }

    /// A day or an ISO week, within the range a report can cover (`PeriodBound.supportedDays`).
    func periodBound(_ value: TOMLValue, _ key: String) throws -> PeriodBound {
        let text = try string(value, key)
        guard let bound = PeriodBound.parse(text) else {
            throw document.error(at: value.position, "'\(key)' must be a day (YYYY-MM-DD) or an ISO week (YYYY-Www), not \(TOMLKey.quoted(text))")
        }
        guard bound.isSupported else {
            throw document.error(at: value.position, "'\(key)' must be \(PeriodBound.supportedRange), not \(TOMLKey.quoted(text))")
        }
        return bound
    }

    /// A colour that can be put into a `style` attribute as it is (`ConfigurationFile.isPlainColor`).
    /// A locale of the CLDR table (`de-DE`); an unknown one names the closest and the known ones.
    /// An absolute http(s) address without query or fragment, without its trailing slash.
    func baseURL(_ value: TOMLValue, _ key: String) throws -> String {
        let text = try string(value, key)
        guard let url = ConfigurationFile.normalizedBaseURL(text) else {
            throw document.error(
                at: value.position, "'\(key)' must be an absolute http:// or https:// URL without query or fragment, not \(TOMLKey.quoted(text))")
        }
        return url
    }

    /// An IANA time zone; a near miss is answered with the name it may have meant.
    func timezone(_ value: TOMLValue, _ key: String) throws -> String {
        let text = try string(value, key)
        guard ConfigurationFile.isTimeZone(text) else {
            if let question = TimeZoneNames.question(for: text, quote: TOMLKey.quoted) {
                throw document.error(at: value.position, "'\(key)' must be an IANA time zone, not \(TOMLKey.quoted(text)); \(question)")
            }
            throw document.error(
                at: value.position, "'\(key)' must be an IANA time zone such as \"Europe/Berlin\" or \"UTC\", not \(TOMLKey.quoted(text))")
        }
        return text
    }

    func locale(_ value: TOMLValue, _ key: String) throws -> LocaleFormat {
        let text = try string(value, key)
        guard let format = LocaleFormat(tag: text) else { throw document.error(at: value.position, "'\(key)': \(UnknownLocale(tag: text))") }
        return format
    }

    func plainColor(_ value: TOMLValue, _ key: String) throws -> String {
        let text = try nonEmptyString(value, key)
        guard ConfigurationFile.isPlainColor(text) else {
            throw document.error(
                at: value.position, "'\(key)' must be a plain CSS colour (letters, digits, spaces and # ( ) , . % only), not \(TOMLKey.quoted(text))")
        }
        return text
    }

    func boolean(_ value: TOMLValue, _ key: String) throws -> Bool {
        guard case .boolean(let flag) = value.kind else { throw wrongType(value, key, "true or false") }
        return flag
    }

    func positiveInteger(_ value: TOMLValue, _ key: String) throws -> Int {
        guard case .integer(let number) = value.kind else { throw wrongType(value, key, "an integer") }
        guard number >= 1 else { throw document.error(at: value.position, "'\(key)' must be at least 1, not \(number)") }
        guard let result = Int(exactly: number) else { throw document.error(at: value.position, "'\(key)' is too large") }
        return result
    }

    /// An array of non-empty strings.
    func strings(_ value: TOMLValue, _ key: String, unique: Bool) throws -> [String] {
        guard case .array(let elements) = value.kind else { throw wrongType(value, key, "an array of strings") }
        var out: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element.kind else {
                throw document.error(at: element.position, "'\(key)' must be an array of strings, but entry \(index + 1) is \(element.typeName)")
            }
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw document.error(at: element.position, "'\(key)' entry \(index + 1) is empty")
            }
            if unique, out.contains(text) {
                throw document.error(at: element.position, "'\(key)' lists \(TOMLKey.quoted(text)) twice")
            }
            out.append(text)
        }
        return out
    }

    /// The `[groups]` table: group name → array of conversation ids, names or `*` patterns.
    func groups(_ value: TOMLValue) throws -> [ConversationGroup] {
        guard case .table(let table) = value.kind else { throw wrongType(value, "groups", "a table of group names and conversation lists") }
        var out: [ConversationGroup] = []
        for entry in table.entries {
            let name = entry.key
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw document.error(at: entry.keyPosition, "a group name must not be empty")
            }
            let members = try strings(entry.value, "groups." + TOMLKey.display(name), unique: true)
            guard !members.isEmpty else { throw document.error(at: entry.value.position, "'groups.\(TOMLKey.display(name))' lists no conversation") }
            out.append(ConversationGroup(name: name, members: members))
        }
        return out
    }

    /// Reads each entry of the table `name` (whose keys must be among `keys`) with `read`:
    /// its key, its value and its name for errors (`polarity.positive`).
    func entries(of value: TOMLValue, _ name: String, keys: [String], _ read: (String, TOMLValue, String) throws -> Void) throws {
        let listed = keys.joined(separator: " and ")
        guard case .table(let table) = value.kind else { throw wrongType(value, name, "a table with \(listed)") }
        for entry in table.entries {
            let key = name + "." + TOMLKey.display(entry.key)
            guard keys.contains(entry.key) else { throw document.error(at: entry.keyPosition, "unknown key '\(key)': \(name) has \(listed)") }
            try read(entry.key, entry.value, key)
        }
    }

    /// The `[aliases]` table: reaction name → emoji or image URL. Names may be written with
    /// surrounding colons (`":partyparrot:"`), which are dropped.
    func aliases(_ value: TOMLValue) throws -> [String: String] {
        guard case .table(let table) = value.kind else { throw wrongType(value, "aliases", "a table of names and emoji") }
        var out: [String: String] = [:]
        for entry in table.entries {
            let key = "aliases." + TOMLKey.display(entry.key)
            var name = entry.key
            if name.count > 2, name.hasPrefix(":"), name.hasSuffix(":") { name = String(name.dropFirst().dropLast()) }
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw document.error(at: entry.keyPosition, "an alias name must not be empty")
            }
            guard out[name] == nil else {
                throw document.error(at: entry.keyPosition, "the alias '\(name)' is defined twice")
            }
            out[name] = try nonEmptyString(entry.value, key)
        }
        return out
    }
}
