import HTTPExchange
import JSONReader
import XCTest

@testable import ChatFetch

/// The CometChat requests as sent, the conversations' names, and what is read from answers.
final class CometChatRequestsTests: XCTestCase {
    func testConversationsAreNamedGroupOrUserPair() throws {
        XCTAssertEqual(try CometChatConversation("group:general"), .group("general"))
        XCTAssertEqual(try CometChatConversation("user:ada:bob"), .user("ada", with: "bob"))
        for bad in ["general", "group:", "user:ada", "user:ada:", "user::bob", "group:a:b", "channel:x"] {
            XCTAssertThrowsError(try CometChatConversation(bad), bad) { XCTAssertEqual(($0 as? FetchError)?.exitCode, 1) }
        }
    }

    func testTheRequestsAsSent() throws {
        let address = try APIAddress("http://127.0.0.1:8088/v3")
        let group = CometChatRequests.messages(.group("launch ✨"), after: nil, from: 1_704_067_200)
        XCTAssertEqual(
            address.url(group),
            "http://127.0.0.1:8088/v3/groups/launch%20%E2%9C%A8/messages?affix=append&categories=message%2Ccustom&fromTimestamp=1704067200&limit=100"
        )
        XCTAssertEqual(group.headers, [])
        let user = CometChatRequests.messages(.user("ada", with: "bob"), after: "41", from: nil)
        XCTAssertEqual(address.url(user), "http://127.0.0.1:8088/v3/users/bob/messages?affix=append&categories=message%2Ccustom&id=41&limit=100")
        XCTAssertEqual(user.headers, ["onBehalfOf: ada"])
        XCTAssertEqual(address.url(CometChatRequests.reactions(of: "41", after: nil)), "http://127.0.0.1:8088/v3/messages/41/reactions")
        XCTAssertEqual(
            address.url(CometChatRequests.reactions(of: "41", after: "7")), "http://127.0.0.1:8088/v3/messages/41/reactions?affix=append&id=7")
    }

    func testThePlatformsAddressHeadersAndSecrets() throws {
        let secrets = try FetchSecrets.load(
            CometChatPlatform.credentialNames, environment: ["COMETCHAT_APP_ID": "2a1b", "COMETCHAT_REGION": "EU", "COMETCHAT_API_KEY": "k3y"], file: nil)
        let platform = try CometChatPlatform(secrets: secrets)
        // The app's own host in its region (its domain is CometChat's, kept out of the tests).
        XCTAssertTrue(platform.defaultAPIURL.hasPrefix("https://2a1b.api-eu."), platform.defaultAPIURL)
        XCTAssertTrue(platform.defaultAPIURL.hasSuffix("/v3"), platform.defaultAPIURL)
        XCTAssertEqual(platform.headers, ["apikey: k3y", "accept: application/json"])
        XCTAssertEqual(platform.secrets, ["2a1b", "k3y"])
        XCTAssertEqual(platform.documentedRequestsPerSecond, 20_000.0 / 60)
        let bad = try FetchSecrets.load(
            CometChatPlatform.credentialNames, environment: ["COMETCHAT_APP_ID": "a.b", "COMETCHAT_REGION": "eu", "COMETCHAT_API_KEY": "k3y"], file: nil)
        XCTAssertThrowsError(try CometChatPlatform(secrets: bad)) {
            XCTAssertEqual("\($0)", "COMETCHAT_APP_ID and COMETCHAT_REGION must be letters, digits and hyphens (the region is us, eu or in)")
        }
    }

    func testAMessagesSummaryIsLeftOutAndTheAnswersDateIsItsSnapshotTime() throws {
        let message = try JSONParser.parse(
            Array(#"{"id":"2","data":{"text":"Hi","reactions":[{"reaction":"😅","count":1,"reactedByMe":true}],"metadata":{}},"sentAt":1700210266}"#.utf8),
            file: "t")
        XCTAssertEqual(CometChatPages.summary(of: message).count, 1)
        XCTAssertEqual(
            String(decoding: JSONWriting.bytes(CometChatPages.withoutSummary(message)), as: UTF8.self),
            #"{"id":"2","data":{"text":"Hi","metadata":{}},"sentAt":1700210266}"#)
        XCTAssertEqual(CometChatPages.fetchedAt(HTTPAnswer(status: 200, headers: ["date": "Sun, 14 Jan 2024 01:11:04 GMT"])), "2024-01-14T01:11:04Z")
    }

    func testPagesOutsideTheRangeAskedForAreAskedForAgain() {
        let page = Array(#"{"data":[{"id":"5","sentAt":1},{"id":"4","sentAt":2}]}"#.utf8)
        XCTAssertThrowsError(try CometChatPages.messages(page, after: nil)) {
            XCTAssertEqual(($0 as? PageProblem)?.reason, "messages outside the range asked for")
        }
        XCTAssertThrowsError(try CometChatPages.messages(Array(#"{"data":[{"id":"5","sentAt":1}]}"#.utf8), after: 5))
        XCTAssertEqual(try CometChatPages.messages(Array(#"{"data":[{"id":"6","sentAt":1}]}"#.utf8), after: 5).ids, [6])
        XCTAssertThrowsError(try CometChatPages.reactions(Array(#"{"data":[{"id":"1","messageId":"9"}]}"#.utf8), message: 8, after: nil)) {
            XCTAssertEqual(($0 as? PageProblem)?.reason, "reactions of another message")
        }
        XCTAssertThrowsError(try CometChatPages.messages(Array(#"{"error":{"code":"X","message":"y"},"data":[]}"#.utf8), after: nil))
    }
}
