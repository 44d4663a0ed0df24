/// A parsed JSON value. Numbers keep their source text so that identifiers above 2^53
/// (PubNub timetokens, Discord snowflakes) are never rounded through `Double`.
///
/// An array is either parsed (`array`) or, in a large document, left in the document's bytes
/// (`deferredArray`) and parsed element by element; `elements` reads both without building the
/// whole array, `array` builds it. The two kinds compare equal when their elements do.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its source text.
    case number(String)
    /// A string, its escapes decoded.
    case string(String)
    /// An array, parsed.
    case array([JSONValue])
    /// An array of a large document, left in its bytes (`JSONParser.parse(_:file:deferringArraysFrom:)`).
    case deferredArray(JSONDeferredArray)
    /// An object.
    case object(JSONObject)

    /// The member named `key` when this is an object.
    @inlinable
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The string, when this is a string.
    @inlinable
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The text of a string or a number: identifiers arrive as either.
    @inlinable
    public var identifier: String? {
        switch self {
        case .string(let value): return value
        case .number(let text): return text
        default: return nil
        }
    }

    /// The integer value of a number, or of a string holding only an integer.
    public var int64: Int64? {
        switch self {
        case .number(let text): return Int64(text) ?? Double(text).flatMap { $0.isFinite && abs($0) < 9.2e18 ? Int64($0) : nil }
        case .string(let text): return Int64(text)
        default: return nil
        }
    }

    /// The elements, when this is an array; a deferred array is parsed whole (prefer `elements`).
    public var array: [JSONValue]? {
        switch self {
        case .array(let elements): return elements
        case .deferredArray(let deferred): return Array(JSONElements(deferred))
        default: return nil
        }
    }

    /// The elements, when this is an array, read one at a time: a deferred array's elements are
    /// parsed as the iteration reaches them, so only the current one is alive.
    @inlinable
    public var elements: JSONElements? {
        switch self {
        case .array(let elements): return JSONElements(elements)
        case .deferredArray(let deferred): return JSONElements(deferred)
        default: return nil
        }
    }

    /// The members, when this is an object.
    @inlinable
    public var object: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The boolean, when this is `true` or `false`.
    @inlinable
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// True for JSON `null`.
    @inlinable
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Equal values; a deferred array equals a parsed one with the same elements.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)), let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x == y
        default:
            guard let x = a.elements, let y = b.elements else { return false }
            return x.elementsEqual(y)
        }
    }
}

/// A JSON object that keeps its members in source order, in one array of name-value pairs
/// (one allocation per object, sized exactly by the parser: a large export holds millions).
public struct JSONObject: Sendable, Equatable {
    /// A member: its name and its value.
    public typealias Member = (key: String, value: JSONValue)

    /// Members in source order (a repeated name keeps its last value on lookup).
    public private(set) var members: [Member]

    /// Creates an object from parallel arrays of names and values.
    public init(keys: [String] = [], values: [JSONValue] = []) {
        members = zip(keys, values).map { (key: $0, value: $1) }
    }

    init(members: [Member]) {
        self.members = members
    }

    /// Member names in source order.
    public var keys: [String] { members.map(\.key) }
    /// Member values, parallel to `keys`.
    public var values: [JSONValue] { members.map(\.value) }

    /// The value of the last member named `key`. Names of another length are passed over
    /// without comparing them (comparing two different strings is a call into the runtime).
    @inlinable
    public subscript(key: String) -> JSONValue? {
        let length = key.utf8.count
        var index = members.count - 1
        while index >= 0 {
            if members[index].key.utf8.count == length, members[index].key == key { return members[index].value }
            index -= 1
        }
        return nil
    }

    /// Equal objects: the same members in the same order.
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.members.count == b.members.count && zip(a.members, b.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
