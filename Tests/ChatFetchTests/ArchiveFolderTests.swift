import ChatFetch
import Foundation
import XCTest

/// The archive folder: channel folders named safely, files written whole, one fetch at a time.
final class ArchiveFolderTests: XCTestCase {
    func testChannelNamesBecomeSafeDistinctFolderNames() {
        let names = ["general", "General", "../../etc/passwd", "/", ".", "..", "", "design/ux", "design-ux", "ünïcödé ✨", ".hidden", "a\u{0}b"]
        let slugs = names.map(ArchiveFolder.slug(of:))
        XCTAssertEqual(Set(slugs).count, names.count, "one folder each: \(slugs)")
        for slug in slugs {
            XCTAssertFalse(slug.contains("/") || slug.hasPrefix(".") || slug.isEmpty, slug)
            XCTAssertTrue(slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }, slug)
        }
        XCTAssertEqual(ArchiveFolder.slug(of: "general"), "general-0feae16d")
        XCTAssertEqual(ArchiveFolder.slug(of: "../../etc/passwd"), "etc-passwd-" + String(ArchiveFolder.slug(of: "../../etc/passwd").suffix(8)))
    }

    func testFilesAreWrittenWholeAndLeftoversRemoved() throws {
        let folder = try FetchTestSupport.temporaryFolder()
        let archive = try ArchiveFolder(folder.appendingPathComponent("archive").path)
        let channel = try archive.channel("general", platform: "pubnub")
        try channel.write(Array("{\"a\":1}\n".utf8), as: "history-1-2.json")
        // What a killed fetch leaves: a partial file, removed when the channel is next opened.
        try Data("{\"a\":".utf8).write(to: URL(fileURLWithPath: channel.folder + "/history-3-4.json.partial"))
        XCTAssertEqual(try archive.channel("general", platform: "pubnub").files(), ["history-1-2.json"])
        XCTAssertEqual(try channel.read("history-1-2.json"), Array("{\"a\":1}\n".utf8))
    }

    func testASecondFetchIntoTheSameArchiveIsRefused() throws {
        let folder = try FetchTestSupport.temporaryFolder().appendingPathComponent("archive").path
        let first = try ArchiveFolder(folder)
        XCTAssertThrowsError(try ArchiveFolder(folder)) { error in
            XCTAssertEqual((error as? FetchError)?.description, "another fetch is writing into the archive '\(folder)'; wait for it to end")
        }
        withExtendedLifetime(first) {}
    }

    /// A state file in another channel's place is refused, not followed.
    func testTheStateOfAnotherChannelIsRefused() throws {
        struct State: ChannelFetchState, Equatable {
            var channel: String
            var cursor = 0
            var channelName: String { channel }
        }
        let folder = try FetchTestSupport.temporaryFolder()
        let archive = try ArchiveFolder(folder.appendingPathComponent("archive").path)
        let general = try archive.channel("general", platform: "pubnub")
        XCTAssertEqual(try general.loadState(or: State(channel: "general")), State(channel: "general"))
        try general.saveState(State(channel: "general", cursor: 7))
        XCTAssertEqual(try general.loadState(or: State(channel: "general")), State(channel: "general", cursor: 7))
        let random = try archive.channel("random", platform: "pubnub")
        try FileManager.default.copyItem(atPath: general.stateFile, toPath: random.stateFile)
        XCTAssertThrowsError(try random.loadState(or: State(channel: "random"))) { error in
            XCTAssertEqual(
                (error as? FetchError)?.description,
                "the fetch state '\(random.stateFile)' is of another channel; remove it to fetch 'random' from the start")
        }
    }
}
