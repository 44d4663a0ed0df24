import Foundation

/// A built site's folder as `serve` serves it: what a request's path comes to inside it.
///
/// Only what lies inside the folder is ever served. A path is taken apart segment by segment
/// and each segment decoded on its own, so that no `..`, `%2e%2e`, `%2f`, backslash, NUL or
/// empty segment (`//`) can make it name another folder (400). Hidden names (a segment that
/// starts with `.`, such as our `.reaction-report/` folder) are not served (404), and a path
/// whose symbolic links lead outside the folder, or to a hidden name, is not either (404): the
/// path is resolved and its result must lie inside the folder's own resolved path.
public struct SiteFolder: Sendable {
    /// The folder as given (`Output`), for messages.
    public let name: String
    /// The folder's path with every symbolic link resolved: what served paths must lie inside.
    let root: String

    /// What a request's path comes to.
    public enum Lookup: Equatable, Sendable {
        /// A regular file of the site, by its resolved path, with its size in bytes.
        case file(path: String, size: Int)
        /// A folder named without its trailing `/`: where to send the browser instead.
        case redirect(location: String)
        /// Nothing the site serves: missing, hidden, or outside the folder.
        case notFound
        /// A path no browser sends for a file of the site: `..`, an encoded `/`, a backslash…
        case badRequest
    }

    /// The site in folder `path`.
    /// - Throws: `SiteServerError` when the folder is missing or holds no built site (no
    ///   `index.html`), saying to run `build` first.
    public init(_ path: String) throws {
        name = path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw SiteServerError.missingSite(path, "the folder does not exist")
        }
        guard isFolder.boolValue else { throw SiteServerError.missingSite(path, "it is not a folder") }
        root = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        guard case .file = lookup(path: "/", query: "") else {
            throw SiteServerError.missingSite(path, "it holds no index.html")
        }
    }

    /// What the request path `path` (percent-encoded, as the request line has it) comes to;
    /// `query` (without `?`) is kept on a redirect.
    public func lookup(path: String, query: String) -> Lookup {
        guard let segments = Self.segments(of: path) else { return .badRequest }
        guard !segments.contains(where: { $0.hasPrefix(".") }) else { return .notFound }
        let named = segments.filter { !$0.isEmpty }
        let full = named.isEmpty ? root : root + "/" + named.joined(separator: "/")
        guard let found = resolve(full) else { return .notFound }
        switch found.kind {
        case .typeRegular:
            return path.hasSuffix("/") ? .notFound : .file(path: found.path, size: found.size)
        case .typeDirectory:
            guard let index = resolve(found.path + "/index.html"), index.kind == .typeRegular else { return .notFound }
            guard path.hasSuffix("/") else { return .redirect(location: path + "/" + (query.isEmpty ? "" : "?" + query)) }
            return .file(path: index.path, size: index.size)
        default:
            // A device, socket or pipe (opening a pipe would wait for a writer).
            return .notFound
        }
    }

    /// `path` with its links resolved, when it exists inside the site under no hidden name.
    private func resolve(_ path: String) -> (path: String, kind: FileAttributeType, size: Int)? {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let inside: Substring
        if resolved == root {
            inside = ""
        } else if resolved.hasPrefix(root == "/" ? "/" : root + "/") {
            inside = resolved.dropFirst(root == "/" ? 1 : root.count + 1)
        } else {
            return nil
        }
        guard !inside.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return nil }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
            let kind = attributes[.type] as? FileAttributeType
        else { return nil }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        return (resolved, kind, size)
    }

    /// The decoded segments of a request path (the last one empty when it ends with `/`), or
    /// nil when the path is not one a file of the site can have: not starting with `/`, an
    /// empty segment before the last, `.` or `..`, a malformed `%` escape, text that is not
    /// UTF-8, or a `/`, backslash or control character once decoded.
    static func segments(of path: String) -> [String]? {
        guard path.hasPrefix("/") else { return nil }
        let raw = path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        var segments: [String] = []
        for (index, part) in raw.enumerated() {
            guard let segment = decode(part) else { return nil }
            if segment.isEmpty && index != raw.count - 1 { return nil }
            if segment == "." || segment == ".." { return nil }
            let forbidden = segment.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
            if forbidden { return nil }
            segments.append(segment)
        }
        return segments
    }

    /// A segment with its `%XX` escapes decoded, or nil when an escape is malformed or the
    /// result is not UTF-8.
    static func decode(_ part: Substring.UTF8View) -> String? {
        var bytes: [UInt8] = []
        var rest = part[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = rest.popFirst().flatMap(hexValue), let low = rest.popFirst().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The value of a hexadecimal digit, or nil for any other byte.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
