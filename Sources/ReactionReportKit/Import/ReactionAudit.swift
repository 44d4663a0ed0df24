import InputFiles
import JSONReader

/// Where an input format's importer reads reactions: the records it reads as messages (or as
/// reaction events), and the members of a record that hold reactions it reads. A member the
/// parser finds that may hold reactions (`ReactionSites`) and that is not one of these is named
/// in a diagnostic: that is what keeps a new shape of export from losing reactions in silence.
public struct ReactionMembers: Sendable, Hashable {
    /// Paths of the records, e.g. `$[*]` for a Slack day file.
    public var records: [JSONPath]
    /// Paths of the members read, relative to a record and written from `$`, e.g. `$.reactions`.
    public var members: [JSONPath]
    /// Every record path followed by every member path.
    public let patterns: [JSONPath]

    /// Records and members as written paths, e.g. `records: ["$[*]"], members: ["$.reactions"]`.
    public init(records: [String], members: [String]) {
        let records = records.map { JSONPath($0) }
        let members = members.map { JSONPath($0) }
        self.records = records
        self.members = members
        patterns = records.flatMap { record in members.map { JSONPath(record.components + $0.components) } }
    }

    /// A format that reads no reactions from members.
    public static let none = ReactionMembers(records: [], members: [])

    /// True when the importer reads the reactions at `path`.
    public func reads(_ path: JSONPath) -> Bool {
        patterns.contains { $0.matches(path) }
    }

    /// The number of steps of `path` that lead to its record (the longest record path that
    /// names a beginning of it), or nil when it is in no record.
    func recordDepth(of path: JSONPath) -> Int? {
        records.filter { $0.matchesPrefix(of: path) }.map(\.components.count).max()
    }
}

/// Compares the reaction sites of a document with the members its importer reads.
enum ReactionAudit {
    /// Reactions at one path of a document that its importer does not read.
    struct Unread: Sendable, Equatable {
        /// Where they are (array positions given).
        var path: JSONPath
        /// The id of the message they belong to, when the path leads through a record that has one.
        var message: String?
        /// How many reactions the member holds, as far as its shape tells (`held`).
        var reactions: Int

        /// "message 1459154014.000018: 6 reaction(s) at $[12].attachments[0].reactions".
        var detail: String {
            let place = message.map { "message \($0): " } ?? ""
            return "\(place)\(reactions) reaction(s) at \(path), a member the importer does not read"
        }
    }

    /// What the document's unread sites come to: the first `describing` of them located and
    /// described, the rest counted.
    struct Findings: Sendable {
        var described: [Unread] = []
        var more = 0
        var moreReactions = 0
        var isEmpty: Bool { described.isEmpty && more == 0 }
        var reactions: Int { described.reduce(moreReactions) { $0.addingClamped($1.reactions) } }
        var count: Int { described.count + more }
    }

    /// The sites of a document (`bytes`, JSON lines when `isLines`) that `members` does not
    /// cover. Every unread site's reactions are measured; the first `describing` are located.
    static func unread(_ sites: ReactionSites, in bytes: InputBytes, isLines: Bool, members: ReactionMembers, describing limit: Int) -> Findings {
        var findings = Findings()
        var offsets: [Int] = []
        for group in sites.groups where !members.reads(group.path) {
            offsets += group.offsets
        }
        guard !offsets.isEmpty else { return findings }
        offsets.sort()
        let described = Array(offsets.prefix(limit))
        let locations = JSONParser.locate(described, in: bytes, isLines: isLines)
        for offset in described {
            let value = JSONParser.value(at: offset, in: bytes)
            let reactions = value.map(held) ?? 0
            guard let location = locations[offset] else {
                findings.more += 1
                findings.moreReactions = findings.moreReactions.addingClamped(reactions)
                continue
            }
            findings.described.append(Unread(path: location.path, message: message(at: location, in: bytes, members: members), reactions: reactions))
        }
        for offset in offsets.dropFirst(limit) {
            findings.more += 1
            findings.moreReactions = findings.moreReactions.addingClamped(JSONParser.value(at: offset, in: bytes).map(held) ?? 0)
        }
        return findings
    }

    /// The id of the message a site belongs to: that of its record when the path leads through
    /// one; otherwise that of the innermost object on the way that has an id.
    static func message(at location: JSONLocation, in bytes: InputBytes, members: ReactionMembers) -> String? {
        let depths: [Int]
        if let depth = members.recordDepth(of: location.path) {
            depths = [depth]
        } else {
            depths = Array((0..<location.path.components.count).reversed())
        }
        for depth in depths {
            let start = depth == 0 ? firstValueOffset(in: bytes) : location.starts[depth - 1]
            guard let record = JSONParser.value(at: start, in: bytes), record.object != nil else { continue }
            if let id = messageID(of: record) { return id }
        }
        return nil
    }

    /// The members that identify a message on the platforms read, in the order they are tried.
    static let idMembers = ["ts", "event_id", "timetoken", "id", "message_id", "messageId"]

    static func messageID(of record: JSONValue) -> String? {
        for key in idMembers {
            if let id = record[key]?.identifier, !id.isEmpty { return id }
        }
        return nil
    }

    static func firstValueOffset(in bytes: InputBytes) -> Int {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }

    /// How many reactions a member holds, as far as its shape tells: a number is a count; a
    /// string one reaction; a list the sum of its elements (an element with a `count` that many,
    /// one listing `users` as many as it lists, any other one); an object with a `count` that
    /// many, one naming a single reaction (`type`, `emoji`, `name`, `reaction`, `key` or
    /// `emoji_name` as text) one, any other object (a map of reactions by emoji or type) the
    /// sum of its values. Never more than `maximumCount` a member.
    static func size(of value: JSONValue) -> Int {
        min(maximumCount, measure(value, depth: 0))
    }

    /// How many reactions a member holds that is not read as reactions (a member no importer
    /// reads, one of the wrong type, one of a skipped record): none when it holds nothing (null,
    /// true, false, 0, an empty string, list or object), else what `size(of:)` measures, and at
    /// least one: something is there, in a place for reactions. The parser notes a member as a
    /// reaction site on the same terms (`MemberRule`), so every site named holds one or more.
    static func held(_ value: JSONValue) -> Int {
        holdsSomething(value) ? max(1, size(of: value)) : 0
    }

    /// True when `value` holds something as the parser's noting of members has it: a non-empty
    /// list, object or string, or a number other than zero (a digit 1–9 before any exponent).
    static func holdsSomething(_ value: JSONValue) -> Bool {
        switch value {
        case .null, .bool: return false
        case .number(let text):
            for byte in text.utf8 {
                if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
                if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
            }
            return false
        case .string(let text): return !text.isEmpty
        case .array, .deferredArray: return value.elements?.first != nil
        case .object(let object): return !object.members.isEmpty
        }
    }

    /// Counts above this are not believed (`ReactionCount.maximum`).
    static let maximumCount = ReactionCount.maximum

    private static let singleReactionKeys = ["type", "emoji", "name", "reaction", "key", "emoji_name"]

    private static func measure(_ value: JSONValue, depth: Int) -> Int {
        guard depth < 8 else { return 1 }
        switch value {
        case .null, .bool: return 0
        case .number: return ReactionCount.read(value).map { max(0, $0) } ?? 1
        case .string(let text): return text.isEmpty ? 0 : 1
        case .array, .deferredArray:
            var total = 0
            for element in value.elements ?? [] {
                total = total.addingClamped(element.object == nil ? measure(element, depth: depth + 1) : measureObject(element, depth: depth + 1, inList: true))
                if total >= maximumCount { return maximumCount }
            }
            return total
        case .object:
            return measureObject(value, depth: depth, inList: false)
        }
    }

    private static func measureObject(_ value: JSONValue, depth: Int, inList: Bool) -> Int {
        if let count = value["count"], let number = ReactionCount.read(count) { return max(0, number) }
        if let users = value["users"]?.elements ?? value["usernames"]?.elements { return max(1, users.reduce(0) { count, _ in count + 1 }) }
        if inList || singleReactionKeys.contains(where: { value[$0]?.string != nil }) { return 1 }
        var total = 0
        for member in value.object?.members ?? [] {
            total = total.addingClamped(measure(member.value, depth: depth + 1))
            if total >= maximumCount { return maximumCount }
        }
        return total
    }
}

/// Reaction counts as exports write them: whole numbers from 0 to `maximum`. A count that is
/// not a whole number, or lies outside that range, is not believed; importers name it in a
/// diagnostic and count the reactors they can list instead.
public enum ReactionCount {
    /// The largest count believed: well above any real reaction (the largest public channels
    /// gather a few million), and small enough that sums of counts over any input stay far from
    /// overflowing.
    public static let maximum = 1_000_000_000

    /// The count a JSON value holds: a number or a string of digits whose value is a whole
    /// number (`3`, `3.0`, `3e2`, `"3"`), in 0…`maximum`; nil for anything else.
    public static func read(_ value: JSONValue) -> Int? {
        switch value {
        case .number(let text), .string(let text):
            if let whole = Int64(text) { return (0...Int64(maximum)).contains(whole) ? Int(whole) : nil }
            guard case .number = value, let double = Double(text), double.isFinite, double == double.rounded(),
                double >= 0, double <= Double(maximum)
            else { return nil }
            return Int(double)
        default:
            return nil
        }
    }

    /// Why `value` is not a count, for a diagnostic: "2.5 is not a whole number".
    public static func problem(_ value: JSONValue) -> String {
        switch value {
        case .number(let text), .string(let text):
            if let whole = Int64(text) {
                return whole < 0 ? "\(text) is negative" : "\(text) is above \(maximum)"
            }
            if case .number = value, let double = Double(text), double.isFinite {
                if double != double.rounded() { return "\(String(text.prefix(40))) is not a whole number" }
                return double < 0 ? "\(String(text.prefix(40))) is negative" : "\(String(text.prefix(40))) is above \(maximum)"
            }
            return "\(quoted(text)) is not a number"
        case .null: return "null is not a number"
        case .bool(let flag): return "\(flag) is not a number"
        case .array, .deferredArray: return "an array is not a number"
        case .object: return "an object is not a number"
        }
    }
}
