import XCTest

@testable import ReactionReportKit

/// Threads: a root shows how many replies it has and links to its thread page, which holds the
/// root and its replies in order; a reply names its parent with an excerpt and links to it.
final class ThreadTests: XCTestCase {
    static let fixtures = ["telegram/single-chat.json", "discord/old-format.json", "cometchat/messages.json", "matrix/room.json", "stream/export.json"]

    /// Every thread page with the anchors of its messages in order, and the reply count its
    /// root shows in the transcript.
    func testEveryPlatformsThreadsHaveAPageWithTheirRepliesInOrder() throws {
        let files = try MemoryWriter.render(try TestSupport.settleFixtures(Self.fixtures))
        var threads: [String] = []
        for (path, page) in files.sorted(by: { $0.key < $1.key }) where path.contains("/thread-") {
            let anchors = page.matches(of: /<article class="message[^"]*" id="([^"]+)">/).map { String($0.1) }
            let folder = String(path[..<path.lastIndex(of: "/")!])
            let file = String(path[path.index(after: path.lastIndex(of: "/")!)...])
            // The transcript's root links here with the count of replies the page holds.
            let transcript = files.filter { $0.key.hasPrefix(folder + "/") && !$0.key.contains("/thread-") }.values.joined()
            let count = anchors.count - 1
            XCTAssertTrue(
                transcript.contains(#"<p class="thread-link"><a href="\#(file)">\#(count) \#(count == 1 ? "reply" : "replies")</a></p>"#), path)
            threads.append(folder.dropFirst("conversations/".count) + ": " + anchors.joined(separator: " "))
        }
        XCTAssertEqual(
            threads,
            [
                "cometchat-launch: m-101 m-102", "discord-announcements: m-465527001234567001 m-465527001234567002",
                "matrix-lumen-dev: m-_24m1_3Aexample.org m-_24m3_3Amatrix.org", "stream-general: m-m-1 m-m-3", "telegram-lumen-dev: m-102 m-103"
            ])
        // A reply names its parent with an excerpt, links to it and to its thread.
        XCTAssertTrue(
            try XCTUnwrap(files["conversations/telegram-lumen-dev/index.html"]).contains(
                #"<span class="thread-note">reply to <a href="index.html#m-102"><bdi>Ada Okafor</bdi>: “<bdi>Release notes are up: *draft* for now</bdi>”</a> · <a href="thread-"#
            ))
    }

    /// Replies to replies belong to the first message of their chain; a loop of replies or a
    /// reply to a message not in the report ends nothing.
    func testAChainOfRepliesALoopAndAMissingParent() throws {
        func message(_ id: Int, replyTo: Int?) -> String {
            #"{"id": \#(id), "type": "message", "date": "2025-01-0\#(id)T10:00:00", "date_unixtime": "\#(1_735_725_600 + id * 86_400)", "from": "Ada", "from_id": "user1", "text": "text \#(id)""#
                + (replyTo.map { #", "reply_to_message_id": \#($0)"# } ?? "") + "}"
        }
        let replies = [1: nil, 2: 1, 3: 2, 4: 99, 5: 6, 6: 5, 7: 1]
        let chat =
            #"{"name": "Chat", "type": "private_group", "id": 9, "messages": ["#
            + replies.keys.sorted().map { message($0, replyTo: replies[$0]!) }.joined(separator: ", ") + "]}"
        let result = try TestSupport.settle([("chat.json", chat)])
        let layout = SiteLayout(messages: result.messages, conversations: result.conversations, pageSize: 500)
        let threads = ThreadIndex(layout)
        let ids = { (indexes: [Int]) in indexes.map { result.messages[$0].id } }
        XCTAssertEqual(ids(threads.roots), ["1", "5", "6"])
        XCTAssertEqual(threads.roots.map { ids(threads.replies[$0]!) }, [["2", "3", "7"], ["6"], ["5"]])
        XCTAssertEqual(Set(threads.roots.map { threads.fileName[$0]! }).count, 3)
        let page = try XCTUnwrap(try MemoryWriter.render(result)["conversations/telegram-chat/index.html"])
        XCTAssertTrue(page.contains(#"<span class="thread-note">reply to a message not in the report</span>"#))
        XCTAssertTrue(page.contains(#"<a href="index.html#m-2"><bdi>Ada</bdi>: “<bdi>text 2</bdi>”</a>"#))
    }

    /// DiscordChatExporter writes a thread to a file of its own, whose channel id is the id of
    /// the message it grew from in its parent channel: with both files, that message shows the
    /// thread's replies, and each reply links back across the two folders.
    func testADiscordThreadFileJoinsItsStartingMessageInItsChannel() throws {
        let files = try MemoryWriter.render(try TestSupport.settleFixtures(["discord/thread-parent.json", "discord/thread.json"]))
        let thread = "conversations/discord-general/thread-" + StableHash.hex("1300000000000000300") + ".html"
        let page = try XCTUnwrap(files[thread], files.keys.sorted().joined(separator: " "))
        XCTAssertEqual(
            page.matches(of: /<article class="message[^"]*" id="([^"]+)">/).map { String($0.1) },
            ["m-1300000000000000300", "m-1300000000000000301", "m-1300000000000000302"])
        let general = try XCTUnwrap(files["conversations/discord-general/index.html"])
        XCTAssertTrue(general.contains(#"<p class="thread-link"><a href="\#(thread.dropFirst("conversations/discord-general/".count))">2 replies</a></p>"#))
        let threadFile = try XCTUnwrap(files["conversations/discord-general-release-plans/index.html"])
        XCTAssertTrue(
            threadFile.contains(
                #"<span class="thread-note">reply to <a href="../discord-general/index.html#m-1300000000000000300"><bdi>Kim</bdi>: “<bdi>Release plans: a thread for them</bdi>”</a> · <a href="../\#(thread.dropFirst("conversations/".count))#m-1300000000000000301">"#
            ), threadFile)
        XCTAssertFalse(threadFile.contains("not in the report"))
    }
}
