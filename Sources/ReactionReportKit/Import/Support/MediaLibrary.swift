/// The images an export holds next to its JSON (DiscordChatExporter's downloaded custom emoji,
/// Mattermost's exported emoji), copied into the site under deterministic, URL-safe names:
/// `media/<name>-<hash of the content>.<type>`. Only raster images told by their first bytes
/// (PNG, GIF, JPEG, WebP) are copied: an SVG opened from the site could run script.
struct MediaLibrary {
    /// What a named file came to.
    enum Resolution: Equatable {
        /// The site path of the copy (`media/…`, from the site's root).
        case copied(String)
        /// Why the file is not used.
        case refused(String)
    }

    /// The site folder media are copied into.
    static let folder = "media/"

    private var resolved: [String: Resolution] = [:]

    /// The site path of the image at `relativePath` from the document's folder, copying it into
    /// the ledger's media the first time; the reason it cannot be used otherwise.
    /// - Parameter label: what the copy's name starts with (an emoji's name), else the file's.
    mutating func resolve(_ relativePath: String, label: String? = nil, sink: ImportSink) -> Resolution {
        if let known = resolved[relativePath] { return known }
        let resolution: Resolution
        do {
            // A path that leads out is refused whatever the document's origin.
            _ = try InputOrigin.components(relativePath)
            guard let origin = sink.origin else { throw Unknown() }
            let bytes = try origin.contents(of: relativePath)
            if let type = Self.imageType(bytes) {
                let name = Self.folder + Self.name(for: label ?? relativePath, bytes: bytes, type: type)
                sink.media(name, bytes)
                resolution = .copied(name)
            } else {
                resolution = .refused("it is not a PNG, GIF, JPEG or WebP image")
            }
        } catch let refusal as InputOrigin.Refusal {
            resolution = .refused(refusal.description)
        } catch {
            resolution = .refused("the export's folder is not known")
        }
        resolved[relativePath] = resolution
        return resolution
    }

    /// A document whose origin is not known (bytes handed over without a file).
    private struct Unknown: Error {}

    /// The image type by the file's first bytes, as a file extension; nil for anything else.
    static func imageType(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return "gif" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "webp" }
        return nil
    }

    /// `<slug of the file name>-<16 hex digits of the content's FNV-1a hash>.<type>`: the same
    /// file gets the same name on every run, two different files never one name.
    static func name(for path: String, bytes: [UInt8], type: String) -> String {
        let file = path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? path
        let stem = file.lastIndex(of: ".").map { $0 == file.startIndex ? file : String(file[..<$0]) } ?? file
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(Slug.make(stem).prefix(40)) + "-" + String(repeating: "0", count: 16 - digits.count) + digits + "." + type
    }
}
