/// Safe, unique path components derived from names and ids.
public enum Slug {
    /// Lower-case ASCII letters, digits and single hyphens, at most 60 characters; never empty,
    /// never `.`/`..`, never a path separator.
    public static func make(_ text: String) -> String {
        var out = ""
        var pendingHyphen = false
        for scalar in text.unicodeScalars {
            let lower = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
            if lower.isASCII, lower.properties.isAlphabetic || ("0"..."9").contains(lower) {
                if pendingHyphen, !out.isEmpty { out.append("-") }
                pendingHyphen = false
                out.unicodeScalars.append(lower)
                if out.utf8.count >= 60 { break }
            } else {
                pendingHyphen = true
            }
        }
        return out.isEmpty ? "x" : out
    }

    /// An HTML id / URL fragment for a message id: characters outside `[A-Za-z0-9.-]` are written
    /// as `_XX` hex bytes, so distinct ids give distinct anchors.
    public static func anchor(forMessage id: String) -> String {
        // Most ids need no escaping: one concatenation instead of a byte at a time.
        if id.utf8.allSatisfy(isAnchorByte) { return "m-" + id }
        var out = "m-"
        for byte in id.utf8 {
            switch byte {
            case _ where isAnchorByte(byte):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "_" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    static func isAnchorByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// Assigns a unique slug per key, in the order given: `<platform>-<name>`, with `-2`, `-3`…
    /// added on collision (compared case-insensitively, so file systems that fold case agree).
    public static func assign(_ items: [(key: String, platform: String, name: String)]) -> [String: String] {
        var used: Set<String> = []
        var result: [String: String] = [:]
        for item in items {
            let base = make(item.platform + " " + item.name)
            var slug = base
            var counter = 2
            while used.contains(slug) {
                slug = base + "-" + String(counter)
                counter += 1
            }
            used.insert(slug)
            result[item.key] = slug
        }
        return result
    }
}
