import Foundation
import XCTest

@testable import ReactionReportKit

/// DiscordChatExporter exports made with media: custom emoji images are files next to the JSON,
/// named by relative paths with spaces, brackets, `%`, `#` and Windows backslashes.
final class DiscordMediaTests: XCTestCase {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("1x1".utf8)
    static let gif: [UInt8] = Array("GIF89a-tiny".utf8)

    func reaction(_ name: String, id: String, image: String, animated: Bool = false) -> String {
        let escaped = image.replacingOccurrences(of: "\\", with: "\\\\")
        return
            #"{"emoji":{"id":"\#(id)","name":"\#(name)","code":"\#(name)","isAnimated":\#(animated),"imageUrl":"\#(escaped)"},"count":1,"users":[{"id":"9","name":"ada"}]}"#
    }

    /// An export folder as DiscordChatExporter writes it, with a file outside it.
    func export() throws -> (folder: URL, json: URL) {
        let root = try TestSupport.temporaryFolder()
        let folder = root.appendingPathComponent("export")
        let base = "Example guild - Text - general [1012345678901234567].json"
        let media = folder.appendingPathComponent(base + "_Files")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try Data(Self.png).write(to: media.appendingPathComponent("pepeheart-1A2B3.png"))
        try Data(Self.gif).write(to: media.appendingPathComponent("party 100% #1 [x].gif"))
        try Data("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>".utf8).write(to: media.appendingPathComponent("evil.svg"))
        try Data(Self.png).write(to: root.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(
            atPath: media.appendingPathComponent("link.png").path, withDestinationPath: root.appendingPathComponent("secret.png").path)
        let reactions = [
            reaction("pepeheart", id: "1100000000000000001", image: base + "_Files\\pepeheart-1A2B3.png"),
            reaction("party", id: "1100000000000000002", image: base + "_Files/party 100% #1 [x].gif", animated: true),
            reaction(
                "encoded", id: "1100000000000000003", image: base.replacingOccurrences(of: " ", with: "%20") + "_Files/party%20100%25%20%231%20%5Bx%5D.gif"),
            reaction("evil", id: "1100000000000000004", image: base + "_Files/evil.svg"),
            reaction("escape", id: "1100000000000000005", image: "../secret.png"),
            reaction("linked", id: "1100000000000000006", image: base + "_Files/link.png"),
            reaction("absolute", id: "1100000000000000007", image: root.appendingPathComponent("secret.png").path),
            reaction("gone", id: "1100000000000000008", image: base + "_Files/gone-77.gif", animated: true),
            reaction("nameless", id: "not-a-snowflake", image: base + "_Files/gone-78.png")
        ]
        let json = #"""
            {"guild":{"id":"1","name":"Example guild"},"channel":{"id":"1012345678901234567","type":"GuildTextChat","name":"general"},
             "messages":[{"id":"2000000000000000001","timestamp":"2026-01-05T10:00:00+00:00","content":"hi","author":{"id":"9","name":"ada"},
             "reactions":[\#(reactions.joined(separator: ","))]}]}
            """#
        let file = folder.appendingPathComponent(base)
        try Data(json.utf8).write(to: file)
        return (folder, file)
    }

    func testImagesTheExportHoldsAreCopiedAndEverythingElseIsNamed() throws {
        let (folder, _) = try export()
        var options = BuildOptions()
        options.includeDirectMessages = true
        let output = folder.deletingLastPathComponent().appendingPathComponent("site")
        let outcome = try ReportBuild(inputs: [folder.path], options: options).build(output: output.path)
        let reactions = outcome.result.messages[0].reactions
        XCTAssertEqual(
            reactions.map { "\($0.emoji.display) \($0.emoji.image ?? "-")" },
            [
                ":pepeheart: media/pepeheart-49987c8145826274.png",
                ":party: media/party-2e7f1efe3d3f2006.gif",
                ":encoded: media/encoded-2e7f1efe3d3f2006.gif",
                ":evil: https://cdn.discordapp.com/emojis/1100000000000000004.png",
                ":escape: https://cdn.discordapp.com/emojis/1100000000000000005.png",
                ":linked: https://cdn.discordapp.com/emojis/1100000000000000006.png",
                ":absolute: https://cdn.discordapp.com/emojis/1100000000000000007.png",
                ":gone: https://cdn.discordapp.com/emojis/1100000000000000008.gif",
                ":nameless: -"
            ])
        let base = "Example guild - Text - general [1012345678901234567].json"
        let secret = folder.deletingLastPathComponent().appendingPathComponent("secret.png").path
        let shown = "shown from Discord's CDN"
        // A symbolic link is not an entry of a folder read as an input (links are never followed).
        XCTAssertEqual(
            outcome.result.diagnostics.examples[.missingMedia]?.map(\.detail),
            [
                #"message 2000000000000000001: the image of :evil: ("\#(base)_Files/evil.svg") is not used: it is not a PNG, GIF, JPEG or WebP image; \#(shown)"#,
                #"message 2000000000000000001: the image of :escape: ("../secret.png") is not used: it is outside the export's folder; \#(shown)"#,
                #"message 2000000000000000001: the image of :linked: ("\#(base)_Files/link.png") is not used: the export does not hold it; \#(shown)"#,
                #"message 2000000000000000001: the image of :absolute: ("\#(secret)") is not used: it is outside the export's folder; \#(shown)"#,
                #"message 2000000000000000001: the image of :gone: ("\#(base)_Files/gone-77.gif") is not used: the export does not hold it; \#(shown)"#,
                #"message 2000000000000000001: the image of :nameless: ("\#(base)_Files/gone-78.png") is not used: the export does not hold it; shown as :nameless:"#
            ])
        XCTAssertEqual(outcome.result.diagnostics.counts[.missingMedia], 6)
        // The copies are in the site, byte for byte, and the pages name them from the site's root.
        XCTAssertEqual(try [UInt8](Data(contentsOf: output.appendingPathComponent("media/pepeheart-49987c8145826274.png"))), Self.png)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("media").path).sorted(),
            ["encoded-2e7f1efe3d3f2006.gif", "party-2e7f1efe3d3f2006.gif", "pepeheart-49987c8145826274.png"])
        let page = try String(contentsOf: output.appendingPathComponent("conversations/discord-general/index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains(#"<img class="custom-emoji" src="../../media/pepeheart-49987c8145826274.png" alt=":pepeheart:""#), page)
        XCTAssertTrue(page.contains(#"src="https://cdn.discordapp.com/emojis/1100000000000000008.gif""#))
        XCTAssertFalse(page.contains("secret"))
    }

    /// The same export read from a zip archive finds its images in the archive.
    func testImagesAreFoundInsideAnArchive() throws {
        let (folder, _) = try export()
        let zip = folder.deletingLastPathComponent().appendingPathComponent("export.zip")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sys, zipfile, os\nz = zipfile.ZipFile(sys.argv[1], 'w')\nfor d, _, fs in os.walk(sys.argv[2]):\n  for f in fs:\n    p = os.path.join(d, f)\n    if not os.path.islink(p): z.write(p, os.path.relpath(p, sys.argv[2]))\nz.close()",
            zip.path, folder.path
        ]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let result = try ReportBuild(inputs: [zip.path], options: BuildOptions()).inspect().result
        XCTAssertEqual(
            result.messages[0].reactions.prefix(3).map { $0.emoji.image ?? "-" },
            ["media/pepeheart-49987c8145826274.png", "media/party-2e7f1efe3d3f2006.gif", "media/encoded-2e7f1efe3d3f2006.gif"])
        XCTAssertEqual(
            result.media.keys.sorted(), ["media/encoded-2e7f1efe3d3f2006.gif", "media/party-2e7f1efe3d3f2006.gif", "media/pepeheart-49987c8145826274.png"])
    }

    /// Named on the command line, the file's folder is the export's: a link that leads out of
    /// it is refused, one that stays inside is followed.
    func testAFileNamedAloneReadsItsOwnFolderOnly() throws {
        let (folder, json) = try export()
        let media = folder.appendingPathComponent(json.lastPathComponent + "_Files")
        try FileManager.default.createSymbolicLink(
            atPath: media.appendingPathComponent("inside.png").path,
            withDestinationPath: media.appendingPathComponent("pepeheart-1A2B3.png").path)
        let origin = InputOrigin.file(json.path)
        XCTAssertEqual(try origin.contents(of: json.lastPathComponent + "_Files\\inside.png"), Self.png)
        XCTAssertThrowsError(try origin.contents(of: json.lastPathComponent + "_Files/link.png")) {
            XCTAssertEqual($0 as? InputOrigin.Refusal, .outside)
        }
        let result = try ReportBuild(inputs: [json.path], options: BuildOptions()).inspect().result
        XCTAssertEqual(result.messages[0].reactions.map { $0.emoji.image ?? "-" }[5], "https://cdn.discordapp.com/emojis/1100000000000000006.png")
        XCTAssertEqual(
            result.diagnostics.examples[.missingMedia]?[2].detail,
            #"message 2000000000000000001: the image of :linked: ("\#(json.lastPathComponent)_Files/link.png") is not used: it is outside the export's folder; shown from Discord's CDN"#
        )
    }

    func testRelativePathsThatLeadOutAreRefused() {
        for path in ["../x.png", "a/../../x.png", "/etc/passwd", "C:\\x.png", "c:/x.png", "a\\..\\..\\x.png", "x\u{0}.png"] {
            XCTAssertThrowsError(try InputOrigin.components(path), path) { XCTAssertEqual($0 as? InputOrigin.Refusal, .outside, path) }
        }
        XCTAssertEqual(try InputOrigin.components("a\\b/./c [1].png"), ["a", "b", "c [1].png"])
        XCTAssertThrowsError(try InputOrigin.components("./")) { XCTAssertEqual($0 as? InputOrigin.Refusal, .missing) }
    }
}
