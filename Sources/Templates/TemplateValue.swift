import Foundation

/// A name in a view model or a template (`anchor`, `hasBubbles`). Names of up to 16 bytes (all
/// of ours) are compared as two machine words, so a lookup in a view model costs a few integer
/// comparisons instead of string comparisons. A longer name (or one holding a NUL byte, which the
/// packed words cannot tell from their padding) also carries its number in a table of such names,
/// so that a name holds no reference: view-model fields are copied and freed without reference
/// counting their names.
public struct TemplateName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    @usableFromInline let head: UInt64
    @usableFromInline let tail: UInt64
    /// 0 for a name the words hold whole; else its number in `LongTemplateNames`.
    @usableFromInline let long: UInt32

    /// The name `text`.
    public init(_ text: String) {
        var text = text
        self = text.withUTF8 { TemplateName(bytes: $0) }
    }

    /// A name written as a literal: inlined where the view model is built, so that a literal's
    /// words are made there (view models name their values with literals, so this runs for
    /// every value of every page).
    @inlinable @inline(__always)
    public init(stringLiteral value: StaticString) {
        if value.hasPointerRepresentation {
            self.init(bytes: UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount))
        } else {
            self.init(value.description)
        }
    }

    @inlinable @inline(__always)
    init(bytes: UnsafeBufferPointer<UInt8>) {
        // The first 16 bytes copied into two words, read little-endian.
        var words: (UInt64, UInt64) = (0, 0)
        let count = min(bytes.count, 16)
        if count > 0 {
            withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: bytes.baseAddress!, byteCount: count) }
        }
        head = UInt64(littleEndian: words.0)
        tail = UInt64(littleEndian: words.1)
        long = bytes.count > 16 || (count > 0 && memchr(bytes.baseAddress!, 0, count) != nil) ? LongTemplateNames.number(of: bytes) : 0
    }

    public var description: String {
        if long != 0 { return LongTemplateNames.name(long) }
        var bytes: [UInt8] = []
        for index in 0..<16 {
            let byte = UInt8(truncatingIfNeeded: (index < 8 ? head >> (8 * UInt64(index)) : tail >> (8 * UInt64(index - 8))))
            if byte == 0 { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Names longer than 16 bytes, numbered from 1 in the order first met, for the life of the
/// process (templates and view models use a few dozen).
@usableFromInline
enum LongTemplateNames {
    private nonisolated(unsafe) static var numbers: [String: UInt32] = [:]
    private nonisolated(unsafe) static var names: [String] = []
    private static let lock = NSLock()

    @usableFromInline
    static func number(of bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        number(of: String(decoding: bytes, as: UTF8.self))
    }

    static func number(of name: String) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        if let number = numbers[name] { return number }
        names.append(name)
        let number = UInt32(names.count)
        numbers[name] = number
        return number
    }

    static func name(_ number: UInt32) -> String {
        lock.lock()
        defer { lock.unlock() }
        return names[Int(number) - 1]
    }
}

/// A value as templates see it: text and numbers print, flags switch sections on and off, lists
/// repeat a section for each element, objects hold named values.
public enum TemplateValue: Equatable, Sendable {
    /// Printed escaped (`{{name}}`) or as it is (`{{{html}}}`).
    case text(String)
    /// Printed in decimal digits.
    case number(Int)
    /// A section over `true` renders once, over `false` not at all; prints `true` or `false`.
    case flag(Bool)
    /// A section renders once per element, with the element as its context.
    case list([TemplateValue])
    /// A section renders once with the object as its context.
    case object(TemplateObject)
    /// A name that is present without a value: it stops the lookup, prints nothing and is false.
    case null

    /// False, an empty list and null are false; everything else (an empty string too) is true.
    public var isTrue: Bool {
        switch self {
        case .flag(let value): return value
        case .list(let list): return !list.isEmpty
        case .null: return false
        case .text, .number, .object: return true
        }
    }
}

/// Named values in the order they were set; looked up by a scan over their names, which for the
/// dozen names of a view model is faster than hashing.
public struct TemplateObject: ExpressibleByDictionaryLiteral, Equatable, Sendable {
    @usableFromInline
    struct Field: Equatable, Sendable {
        @usableFromInline let name: TemplateName
        @usableFromInline var value: TemplateValue

        @inlinable
        init(name: TemplateName, value: TemplateValue) {
            self.name = name
            self.value = value
        }
    }

    @usableFromInline var fields: [Field]

    /// An empty object.
    @inlinable
    public init() { fields = [] }

    /// An empty object with room for `capacity` values (growing a view model as it is filled
    /// was a fifth of the allocations of a build).
    @inlinable
    public init(capacity: Int) {
        fields = []
        fields.reserveCapacity(capacity)
    }

    public init(dictionaryLiteral elements: (TemplateName, TemplateValue)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The value named `name`; setting nil removes it.
    @inlinable
    public subscript(name: TemplateName) -> TemplateValue? {
        get {
            for field in fields where field.name == name { return field.value }
            return nil
        }
        set {
            if let index = fields.firstIndex(where: { $0.name == name }) {
                if let newValue { fields[index].value = newValue } else { fields.remove(at: index) }
            } else if let newValue {
                fields.append(Field(name: name, value: newValue))
            }
        }
    }

    /// Sets a value whose name is known not to be set yet (no search).
    @inlinable
    public mutating func append(_ name: TemplateName, _ value: TemplateValue) {
        fields.append(Field(name: name, value: value))
    }
}
