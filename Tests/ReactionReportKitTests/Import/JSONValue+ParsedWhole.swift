@testable import JSONReader

extension JSONValue {
    /// The value with every deferred array parsed, so that `==` compares parsed arrays only.
    static func parsedWhole(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): return .array(elements.map(parsedWhole))
        case .deferredArray(let deferred): return .array(Array(JSONElements(deferred)).map(parsedWhole))
        case .object(let object): return .object(JSONObject(keys: object.keys, values: object.values.map(parsedWhole)))
        default: return value
        }
    }
}
