import Foundation

/// Where a platform's API is: the default origin, or one given with `--api-url` (PubNub's custom
/// origins, a regional host, the tests' emulator on 127.0.0.1). Messages show its `host` only.
public struct APIAddress: Sendable, Equatable {
    /// The address as given, without trailing slashes (`https://ps.pndsn.com`).
    public let base: String
    /// The host, the one part messages show.
    public let host: String

    /// The address `text` holds; a usage error when it is not an absolute http:// or https://
    /// URL with a host and without query or fragment, written in printable ASCII.
    public init(_ text: String) throws(FetchError) {
        guard text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty, components.query == nil, components.fragment == nil,
            components.user == nil, components.password == nil
        else {
            throw FetchError.usage("--api-url must be an absolute http:// or https:// URL without query, fragment or user, such as https://ps.pndsn.com")
        }
        var base = text
        while base.hasSuffix("/") { base.removeLast() }
        self.base = base
        self.host = host
    }

    /// The URL of `request`: the base, the path and the query.
    public func url(_ request: APIRequest) -> String {
        base + request.path + (request.query.isEmpty ? "" : "?" + request.queryText)
    }

    /// `text` percent-encoded for a query: ASCII letters, digits, `-`, `_`, `.` and `/` kept,
    /// every other byte of its UTF-8 as `%XX` (the encoding PubNub's SDKs sign: the Python
    /// SDK's `pam_encode`, pubnub/python `pubnub/utils.py`).
    public static func encode(_ text: String) -> String { percentEncoded(text, keepingSlash: true) }

    /// `text` percent-encoded as one path segment: as `encode`, with `/` encoded too.
    public static func encodeSegment(_ text: String) -> String { percentEncoded(text, keepingSlash: false) }

    private static func percentEncoded(_ text: String, keepingSlash: Bool) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepingSlash:
                out.append("/")
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
