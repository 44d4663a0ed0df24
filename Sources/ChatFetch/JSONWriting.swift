import ByteOutput
import JSONReader

/// JSON values written back as text: compact, members in the order read, numbers as their
/// source text (a timetoken keeps every digit), strings escaped by `ByteBuffer`. The pages a
/// fetch writes are the platform's answers rewritten this way, less what is not kept (PubNub's
/// `more`, whose URL holds the subscribe key).
enum JSONWriting {
    /// `value` as JSON text.
    static func bytes(_ value: JSONValue) -> [UInt8] {
        let buffer = ByteBuffer()
        append(value, to: buffer)
        return buffer.bytes
    }

    static func append(_ value: JSONValue, to buffer: ByteBuffer) {
        switch value {
        case .null: buffer.append(literal: "null")
        case .bool(let flag): buffer.append(flag ? "true" : "false")
        case .number(let text): buffer.append(text)
        case .string(let text): buffer.appendJSONString(text)
        case .object(let object):
            buffer.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                buffer.appendJSONString(member.key)
                buffer.append(UInt8(ascii: ":"))
                append(member.value, to: buffer)
            }
            buffer.append(UInt8(ascii: "}"))
        case .array, .deferredArray:
            buffer.append(UInt8(ascii: "["))
            for (index, element) in (value.elements ?? []).enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                append(element, to: buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        }
    }

    /// An object of `members`, in order.
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(keys: members.map(\.0), values: members.map(\.1)))
    }
}
